import { existsSync } from 'node:fs'
import { mkdir, readdir, rename, rm } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { allPictureWidths, type PictureKind, pictureKinds, pictureSizes } from '../../../contracts/images.ts'
import { ValidationError } from '../../http/errors.ts'

const accepted = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff'])

export type StoredImage = { url: string; width: number; height: number }

/** The picture kind of an upload folder ('products/<id>' is a product picture). */
function kindOf(folder: string): PictureKind {
  const kind = folder.split('/')[0] as PictureKind
  if (!pictureSizes[kind]) throw new Error(`No picture sizes for the folder ${folder}`)
  return kind
}

/** One WebP copy at most `width` px on its longer side, written whole or not at all. */
async function writeSize(source: Buffer | string, file: string, width: number) {
  const partial = `${file}.partial`
  const info = await sharp(source, { limitInputPixels: 40_000_000 })
    .rotate()
    .resize({ width, height: width, fit: 'inside', withoutEnlargement: false })
    .webp({ quality: 80 })
    .toFile(partial)
  await rename(partial, file)
  return info
}

/**
 * Checks an upload by its content (not its name or declared type), then re-encodes it into one WebP file
 * `${base}-${width}.webp` per width of its kind (contracts/images.ts); re-encoding drops anything hidden
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
    for (const width of pictureSizes[kindOf(opts.folder)]) {
      const info = await writeSize(data, path.join(dir, `${opts.name}-${width}.webp`), width)
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
  const rel = baseUrl.replace(/-\d+\.webp$/, '')
  if (!rel.startsWith('/uploads/') || rel.includes('..')) return
  const base = path.join(uploadsDir, rel.slice('/uploads/'.length))
  await Promise.all(allPictureWidths.map((w) => rm(`${base}-${w}.webp`, { force: true })))
}

/**
 * Makes the sizes a picture's kind lists but its files lack (pictures stored before a size was added),
 * each from the largest file it has; originals are not kept, so a larger size is an enlargement of it.
 * Idempotent: when nothing is missing it only lists the folders.
 */
export async function fillMissingPictureSizes(
  uploadsDir: string,
): Promise<{ pictures: number; made: string[]; failed: string[] }> {
  const made: string[] = []
  const failed: string[] = []
  let pictures = 0
  for (const kind of pictureKinds) {
    const dir = path.join(uploadsDir, kind)
    if (!existsSync(dir)) continue
    const have = new Map<string, Set<number>>()
    for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
      const m = entry.isFile() ? entry.name.match(/^(.+)-(\d+)\.webp$/) : null
      if (!m) continue
      const base = path.join(entry.parentPath, m[1])
      const widths = have.get(base) ?? new Set<number>()
      widths.add(Number(m[2]))
      have.set(base, widths)
    }
    for (const [base, widths] of have) {
      pictures++
      const missing = pictureSizes[kind].filter((w) => !widths.has(w))
      if (missing.length === 0) continue
      const source = `${base}-${Math.max(...widths)}.webp`
      for (const w of missing) {
        const file = `${base}-${w}.webp`
        try {
          await writeSize(source, file, w)
          made.push(path.relative(uploadsDir, file))
        } catch {
          // A damaged file must not stop the shop from starting; it is reported and retried next time.
          await rm(`${file}.partial`, { force: true })
          failed.push(path.relative(uploadsDir, file))
        }
      }
    }
  }
  return { pictures, made, failed }
}
