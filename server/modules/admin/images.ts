import { mkdir, rm } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { imageWidths } from '../../../contracts/images.ts'
import { ValidationError } from '../../http/errors.ts'

const accepted = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff'])

export type StoredImage = { url: string; width: number; height: number }

/**
 * Checks an upload by its content (not its name or declared type), then re-encodes it into the shop's
 * responsive WebP files `${base}-200.webp`, `-400.webp`, `-800.webp`; re-encoding drops anything hidden
 * in the original file. Returns the base URL (without size suffix) and the 800 px size.
 */
export async function storeImage(
  data: Buffer,
  opts: { uploadsDir: string; folder: string; name: string },
): Promise<StoredImage> {
  let format: string | undefined
  try {
    const meta = await sharp(data, { limitInputPixels: 40_000_000 }).metadata()
    format = meta.format
    if (!meta.width || !meta.height) format = undefined
  } catch {
    format = undefined
  }
  if (!format || !accepted.has(format)) {
    throw new ValidationError('That file is not a picture we can use. Upload a JPEG, PNG or WebP photo.', {
      image: 'That file is not a picture we can use. Upload a JPEG, PNG or WebP photo.',
    })
  }
  const dir = path.join(opts.uploadsDir, opts.folder)
  await mkdir(dir, { recursive: true })
  let size = { width: 800, height: 800 }
  try {
    for (const width of imageWidths) {
      const info = await sharp(data, { limitInputPixels: 40_000_000 })
        .rotate()
        .resize({ width, height: width, fit: 'inside', withoutEnlargement: false })
        .webp({ quality: 80 })
        .toFile(path.join(dir, `${opts.name}-${width}.webp`))
      if (width === 800) size = { width: info.width, height: info.height }
    }
  } catch {
    await removeImage(opts.uploadsDir, `/uploads/${opts.folder}/${opts.name}`)
    throw new ValidationError('That picture could not be read. Try saving it again as JPEG or PNG.', {
      image: 'That picture could not be read. Try saving it again as JPEG or PNG.',
    })
  }
  return { url: `/uploads/${opts.folder}/${opts.name}`, ...size }
}

/** Removes the responsive files of a base URL under /uploads/ (no-op for anything else). */
export async function removeImage(uploadsDir: string, baseUrl: string) {
  const rel = baseUrl.replace(/-800\.webp$/, '')
  if (!rel.startsWith('/uploads/') || rel.includes('..')) return
  const base = path.join(uploadsDir, rel.slice('/uploads/'.length))
  await Promise.all(imageWidths.map((w) => rm(`${base}-${w}.webp`, { force: true })))
}
