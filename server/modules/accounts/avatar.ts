import { randomBytes } from 'node:crypto'
import sharp from 'sharp'
import { ValidationError } from '../../http/errors.ts'
import type { FileStore } from '../../lib/file-store.ts'

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024
const AVATAR_MAX_SIDE = 8000
const AVATAR_MAX_PIXELS = 40_000_000
const AVATAR_SIZE = 256

const accepted = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif'])
const notAnImage = 'The avatar must be a JPEG, PNG, WebP, GIF or AVIF picture.'

/**
 * Checks the bytes (never the name or the declared type), then re-encodes to a square WebP:
 * the new file carries no metadata and nothing hidden in the original.
 */
export async function processAvatar(input: Buffer): Promise<Buffer> {
  if (input.length === 0) throw new ValidationError('Please choose a picture to upload.')
  if (input.length > AVATAR_MAX_BYTES) throw new ValidationError('The avatar must be 2 MB or smaller.')
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata()
  } catch {
    throw new ValidationError(notAnImage)
  }
  if (!meta.format || !accepted.has(meta.format)) throw new ValidationError(notAnImage)
  const { width = 0, height = 0 } = meta
  if (!width || !height) throw new ValidationError(notAnImage)
  if (width > AVATAR_MAX_SIDE || height > AVATAR_MAX_SIDE || width * height > AVATAR_MAX_PIXELS) {
    throw new ValidationError(`The avatar must be at most ${AVATAR_MAX_SIDE} × ${AVATAR_MAX_SIDE} pixels.`)
  }
  try {
    return await sharp(input, { limitInputPixels: AVATAR_MAX_PIXELS, failOn: 'error' })
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'attention' })
      .webp({ quality: 80 })
      .toBuffer()
  } catch {
    throw new ValidationError(notAnImage)
  }
}

/** Avatar files under `avatars/` in the file store, served at `/uploads/avatars/...`. */
export function createAvatarStore(files: FileStore) {
  return {
    async save(userId: string, webp: Buffer): Promise<string> {
      const name = `${userId}-${randomBytes(6).toString('hex')}.webp`
      await files.put(`avatars/${name}`, webp, 'image/webp')
      return `/uploads/avatars/${name}`
    },
    /** Removes an earlier avatar of ours; anything else (a URL elsewhere) is left alone. */
    async remove(url: string | null | undefined) {
      const m = url?.match(/^\/uploads\/avatars\/([0-9a-f]{24}-[0-9a-f]{12}\.webp)$/)
      if (m) await files.delete(`avatars/${m[1]}`)
    },
  }
}
