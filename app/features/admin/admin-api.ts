import type { UploadedPicture } from '../../../contracts/admin-content.ts'
import { photoMaxBytes, photoTooLargeMessage } from '../../../contracts/images.ts'
import { ApiError, api } from '../../lib/api.ts'
import { useQuery } from '../../lib/query.ts'

/**
 * The console's calls to /api/v1/admin. What each answers is typed by its contract (contracts/admin-*.ts,
 * contracts/mail.ts …): callers name the type they read, imported with `import type` so no zod ships.
 */

export type Envelope<T> = { success: true; message: string; data: T }
export type UploadFolder =
  | 'categories'
  | 'states'
  | 'sliders'
  | 'banners'
  | 'temples'
  | 'artisans'
  | 'clusters'

/** GET under /api/v1/admin with the signed-in admin's token. */
export function adminGet<T>(path: string): Promise<T> {
  return api<Envelope<T>>(`/admin${path}`, { auth: true }).then((r) => r.data)
}

/** A write under /api/v1/admin; answers the server's message and data. */
export function adminSend<T = unknown>(
  path: string,
  method: 'POST' | 'PUT' | 'DELETE',
  body?: unknown,
): Promise<{ message: string; data: T }> {
  return api<Envelope<T>>(`/admin${path}`, { method, body, auth: true }).then((r) => ({
    message: r.message,
    data: r.data,
  }))
}

/** A console read; `null` waits (nothing to load yet). */
export function useAdmin<T>(path: string | null) {
  return useQuery({
    queryKey: ['admin', path],
    queryFn: () => adminGet<T>(path as string),
    enabled: path !== null,
  })
}

/** A photo refused before it was sent; its message says its size, the limit and what to do. */
export class PhotoTooLargeError extends Error {}

/** The first photo too large to send, as a message with its size and the limit (checked before uploading). */
export function photoTooLarge(files: File[]): string | null {
  const big = files.find((f) => f.size > photoMaxBytes)
  return big ? photoTooLargeMessage({ bytes: big.size, name: files.length > 1 ? big.name : undefined }) : null
}

export async function uploadPicture(folder: UploadFolder, file: File): Promise<string> {
  const tooLarge = photoTooLarge([file])
  if (tooLarge) throw new PhotoTooLargeError(tooLarge)
  const form = new FormData()
  form.append('image', file)
  // Artisans' and clusters' photos belong to the catalogue part of the console (decision 098).
  const path =
    folder === 'artisans' || folder === 'clusters' ? `/admin/${folder}/photos` : `/admin/uploads/${folder}`
  const r = await api<Envelope<UploadedPicture>>(path, {
    method: 'POST',
    body: form,
    auth: true,
  })
  return r.data.url
}

/** The per-field messages of a 400 answer, if any. */
export function serverFieldErrors(err: unknown): Record<string, string> {
  if (err instanceof ApiError && err.status === 400) {
    return (err.body as { errors?: Record<string, string> } | null)?.errors ?? {}
  }
  return {}
}

/** A plain sentence for a failed call (the server's own message when it sent one). */
export function problemText(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 401) return 'Your session has ended. Please sign in again.'
    const fields = serverFieldErrors(err)
    const first = Object.values(fields)[0]
    if (first) return `Please check the form: ${first}`
    return err.message
  }
  if (err instanceof PhotoTooLargeError) return err.message
  return 'Something went wrong. Check your connection and try again.'
}
