import sharp from 'sharp'
import { allPictureWidths, type PictureKind, pictureKinds, pictureSizes } from '../../contracts/images.ts'
import { ValidationError } from '../http/errors.ts'
import { type FileStore, readBytes } from './file-store.ts'

const accepted = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff'])

export type StoredImage = { url: string; width: number; height: number }

/** The picture kind of an upload folder ('products/<id>' is a product picture). */
function kindOf(folder: string): PictureKind {
  const kind = folder.split('/')[0] as PictureKind
  if (!pictureSizes[kind]) throw new Error(`No picture sizes for the folder ${folder}`)
  return kind
}

/** One WebP copy at most `width` px on its longer side. */
function encodeSize(source: Buffer, width: number) {
  return sharp(source, { limitInputPixels: 40_000_000 })
    .rotate()
    .resize({ width, height: width, fit: 'inside', withoutEnlargement: false })
    .webp({ quality: 80 })
    .toBuffer({ resolveWithObject: true })
}

/**
 * Checks an upload by its content (not its name or declared type), then re-encodes it into one WebP file
 * `${base}-${width}.webp` per width of its kind (contracts/images.ts); re-encoding drops anything hidden
 * in the original file. Returns the base URL (without size suffix) and the 800 px size.
 */
export async function storeImage(
  data: Buffer,
  opts: { files: FileStore; folder: string; name: string },
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
  const url = `/uploads/${opts.folder}/${opts.name}`
  let size = { width: 800, height: 800 }
  for (const width of pictureSizes[kindOf(opts.folder)]) {
    let encoded: Awaited<ReturnType<typeof encodeSize>>
    try {
      encoded = await encodeSize(data, width)
    } catch {
      await removeImage(opts.files, url).catch(() => {})
      throw new ValidationError('That picture could not be read. Try saving it again as JPEG or PNG.', {
        image: 'That picture could not be read. Try saving it again as JPEG or PNG.',
      })
    }
    // A store that cannot be reached is not the picture's fault: its error goes on as it is.
    try {
      await opts.files.put(`${opts.folder}/${opts.name}-${width}.webp`, encoded.data, 'image/webp')
    } catch (err) {
      await removeImage(opts.files, url).catch(() => {})
      throw err
    }
    if (width === 800) size = { width: encoded.info.width, height: encoded.info.height }
  }
  return { url, ...size }
}

/** Removes the responsive files of a base URL under /uploads/ (no-op for anything else). */
export async function removeImage(files: FileStore, baseUrl: string) {
  const rel = baseUrl.replace(/-\d+\.webp$/, '')
  if (!rel.startsWith('/uploads/') || rel.includes('..')) return
  const base = rel.slice('/uploads/'.length)
  await Promise.all(allPictureWidths.map((w) => files.delete(`${base}-${w}.webp`)))
}

/**
 * Makes the sizes a picture's kind lists but its files lack (pictures stored before a size was added),
 * each from the largest file it has; originals are not kept, so a larger size is an enlargement of it.
 * Idempotent: when nothing is missing it only lists the stored keys.
 */
export async function fillMissingPictureSizes(
  files: FileStore,
): Promise<{ pictures: number; made: string[]; failed: string[] }> {
  const made: string[] = []
  const failed: string[] = []
  let pictures = 0
  for (const kind of pictureKinds) {
    const have = new Map<string, Set<number>>()
    for (const key of await files.list(`${kind}/`)) {
      const m = key.match(/^(.+)-(\d+)\.webp$/)
      if (!m) continue
      const widths = have.get(m[1]) ?? new Set<number>()
      widths.add(Number(m[2]))
      have.set(m[1], widths)
    }
    for (const [base, widths] of have) {
      pictures++
      const missing = pictureSizes[kind].filter((w) => !widths.has(w))
      if (missing.length === 0) continue
      const source = await readBytes(files, `${base}-${Math.max(...widths)}.webp`).catch(() => null)
      for (const w of missing) {
        const key = `${base}-${w}.webp`
        try {
          if (!source) throw new Error('source picture unreadable')
          await files.put(key, (await encodeSize(source, w)).data, 'image/webp')
          made.push(key)
        } catch {
          // A damaged file must not stop the shop from starting; it is reported and retried next time.
          failed.push(key)
        }
      }
    }
  }
  return { pictures, made, failed }
}
