import type { FastifyRequest } from 'fastify'
import { photoTooLargeMessage } from '../../contracts/images.ts'
import { AppError } from './errors.ts'
import { UnsupportedMediaTypeError } from './uploads.ts'

/** A file's name as the sender gave it, fit to repeat in a message (printable, at most 60 characters). */
const shownName = (name: string | undefined) => {
  const clean = (name ?? '')
    .replace(/[^\p{L}\p{N} ._()-]/gu, '')
    .trim()
    .slice(0, 60)
  return clean || undefined
}

/** Reads the uploaded files of a multipart request (each at most 8 MB, checked by @fastify/multipart). */
export async function uploadedFiles(request: FastifyRequest): Promise<Buffer[]> {
  if (!request.isMultipart())
    throw new UnsupportedMediaTypeError('Send the pictures as a file upload (multipart form).')
  const files: Buffer[] = []
  try {
    for await (const part of request.files()) files.push(await part.toBuffer())
  } catch (e) {
    // Streamed in, so only its name is known when it passes the limit (the console checks sizes first);
    // the part or the next turn of the loop reports it, whichever notices first, both naming the part.
    const error = e as { code?: string; part?: { filename?: string } }
    if (error.code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(413, photoTooLargeMessage({ name: shownName(error.part?.filename) }))
    throw e
  }
  return files
}

/**
 * A multipart form with a JSON `request` field and picture files (a return request with its photos): the
 * field read as JSON (a clear 400 when it is not), the files as uploadedFiles reads them. Not multipart: the
 * JSON body as it came, and no files.
 */
export async function uploadedForm(request: FastifyRequest): Promise<{ body: unknown; files: Buffer[] }> {
  if (!request.isMultipart()) return { body: request.body ?? {}, files: [] }
  const files: Buffer[] = []
  let field: string | undefined
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') files.push(await part.toBuffer())
      else if (part.fieldname === 'request' && typeof part.value === 'string') field = part.value
    }
  } catch (e) {
    const error = e as { code?: string; part?: { filename?: string } }
    if (error.code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(413, photoTooLargeMessage({ name: shownName(error.part?.filename) }))
    throw e
  }
  if (field === undefined) return { body: {}, files }
  try {
    return { body: JSON.parse(field) as unknown, files }
  } catch {
    throw new AppError(400, 'The form’s request field is not JSON.')
  }
}
