import type { FastifyError, FastifyInstance } from 'fastify'
import {
  photoMaxBytes,
  photoTooLargeMessage,
  uploadMaxBytes,
  uploadTooLargeMessage,
} from '../../contracts/images.ts'
import { AVATAR_MAX_BYTES } from '../modules/accounts/avatar.ts'
import { AppError, ValidationError } from './errors.ts'

/** Each console picture (checked by @fastify/multipart while the file streams in). */
export const CONSOLE_FILE_MAX_BYTES = photoMaxBytes
/** A whole console upload request, pictures and everything around them. */
const CONSOLE_UPLOAD_MAX_BYTES = uploadMaxBytes
// Room for the multipart boundaries and part headers around the file itself.
const envelopeBytes = 64 * 1024

/** A route's limit and its message, given the size the request declared. */
type UploadRule = { maxBytes: number; tooLarge: (declaredBytes: number) => string }

const consoleRule: UploadRule = {
  maxBytes: CONSOLE_UPLOAD_MAX_BYTES,
  tooLarge: (bytes) => uploadTooLargeMessage(bytes),
}

/** The upload routes and what each accepts in total (docs/decisions/063). */
export const uploadRules: Record<string, UploadRule> = {
  'PATCH /api/v1/user/avatar': {
    maxBytes: AVATAR_MAX_BYTES,
    tooLarge: () => 'The avatar must be 2 MB or smaller.',
  },
  'POST /api/v1/admin/products/:id/images': consoleRule,
  'POST /api/v1/admin/uploads/:folder': consoleRule,
  // A customer's review photos: up to three of the console's photo size.
  'POST /api/v1/reviews/:id/photos': consoleRule,
  // Artisans' and clusters' photos (decision 098).
  'POST /api/v1/admin/artisans/photos': consoleRule,
  'POST /api/v1/admin/clusters/photos': consoleRule,
}

export class UnsupportedMediaTypeError extends AppError {
  constructor(message = 'Send the picture as a file upload (multipart/form-data).') {
    super(415, message)
  }
}
class LengthRequiredError extends AppError {
  constructor() {
    super(411, 'Send the upload with its size (a Content-Length header).')
  }
}

/**
 * The size limit counts every byte of the request, not only the file part busboy hands over: junk after
 * a small picture (a second part, text after the closing boundary) is refused before it is read. The
 * size comes from Content-Length, which Node's parser enforces, so an upload must declare it.
 */
export function registerUploadLimits(app: FastifyInstance) {
  // After the route's own onRequest guards (a missing token is 401 whatever the body).
  app.addHook('preValidation', async (request) => {
    const rule = uploadRules[`${request.method} ${request.routeOptions.url}`]
    if (!rule) return
    const type = String(request.headers['content-type'] ?? '')
    if (!/^multipart\/form-data\s*(;|$)/i.test(type)) throw new UnsupportedMediaTypeError()
    const declared = request.headers['content-length']
    if (declared === undefined || request.headers['transfer-encoding']) throw new LengthRequiredError()
    if (Number(declared) > rule.maxBytes + envelopeBytes)
      throw new ValidationError(rule.tooLarge(Number(declared)))
  })
}

/** What a broken upload gets instead of a 500: busboy's own errors carry no status. */
export function uploadErrorAnswer(error: FastifyError): { status: number; message: string } | null {
  switch (error.code) {
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return { status: 415, message: 'Send the picture as a file upload (multipart/form-data).' }
    case 'FST_MP_PREMATURE_CLOSE':
      return { status: 400, message: 'The upload was cut off before it ended. Please try again.' }
    case 'FST_REQ_FILE_TOO_LARGE':
      return { status: 413, message: photoTooLargeMessage() }
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return { status: 400, message: 'Too many files or fields in one upload.' }
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return { status: 400, message: 'The upload form is not valid.' }
  }
  if (!error.statusCode && String(error.stack ?? '').includes('@fastify/busboy'))
    return {
      status: 400,
      message: 'The upload is not a valid multipart form (it may have been cut off). Please try again.',
    }
  return null
}
