import type { FastifyError, FastifyInstance } from 'fastify'
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod'
import { isDatabaseUnavailable } from '../db/faults.ts'
import { FileStoreUnavailableError } from '../lib/file-store.ts'
import { AppError } from './errors.ts'
import { retryAfterSeconds, sendDatabaseUnavailable } from './unavailable.ts'
import { uploadErrorAnswer } from './uploads.ts'

type FieldIssue = { instancePath?: string; message?: string; params?: { issue?: { path?: PropertyKey[] } } }

function fieldName(issue: FieldIssue): string {
  const p = issue.params?.issue?.path
  if (p?.length) return p.map(String).join('.')
  return (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.') || 'request'
}

export const bodyTooLargeMessage = 'The request is too large.'

/** Every failure leaves as `{ success: false, message }`; a 500 never carries internals. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.statusCode)
        .send({ success: false, message: error.message, ...(error.fields ? { errors: error.fields } : {}) })
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {}
      for (const issue of error.validation as FieldIssue[]) {
        const name = fieldName(issue)
        fields[name] ??= issue.message ?? 'is invalid'
      }
      const [first] = Object.entries(fields)
      const where = error.validationContext === 'querystring' ? 'query' : error.validationContext
      // No body at all, or not an object: say so rather than naming a field.
      if (where === 'body' && first?.[0] === 'request' && Object.keys(fields).length === 1)
        return reply.status(400).send({ success: false, message: 'Send the request body as a JSON object.' })
      return reply.status(400).send({
        success: false,
        message: first
          ? `Invalid ${where ?? 'request'}: ${first[0]} ${lowerFirst(first[1])}`
          : 'Invalid request.',
        errors: fields,
      })
    }
    const upload = uploadErrorAnswer(error)
    if (upload) return reply.status(upload.status).send({ success: false, message: upload.message })
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema')
      return reply
        .status(500)
        .send({ success: false, message: 'Something went wrong on our side. Please try again.' })
    }
    // The object storage (S3_BUCKET) is down or refusing; checked before the database, whose test would
    // also take its connection errors for a database outage.
    if (error instanceof FileStoreUnavailableError) {
      request.log.warn({ err: error }, 'file store unavailable')
      return reply
        .status(503)
        .header('retry-after', String(retryAfterSeconds))
        .header('cache-control', 'no-store')
        .send({
          success: false,
          message: 'Pictures cannot be stored or read right now. Please try again shortly.',
        })
    }
    // Down or too slow: a moment later it may work, so 503 and Retry-After, not 500 (decision 064).
    if (isDatabaseUnavailable(error)) {
      // Through the error serializer: drizzle's message holds the query's parameters (a new user's hash).
      request.log.warn({ err: error }, 'database unavailable')
      return sendDatabaseUnavailable(request, reply)
    }
    const status = error.statusCode ?? 500
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ success: false, message: clientMessage(error, status) })
    }
    request.log.error({ err: error }, 'unhandled error')
    return reply
      .status(500)
      .send({ success: false, message: 'Something went wrong on our side. Please try again.' })
  })

  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .send({ success: false, message: `No such endpoint: ${request.method} ${request.url.split('?')[0]}` })
  })
}

function lowerFirst(s: string) {
  return s.charAt(0).toLowerCase() + s.slice(1)
}

function clientMessage(error: FastifyError, status: number): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON.'
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return bodyTooLargeMessage
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type.'
  }
  if (status === 429) return 'Too many requests. Please wait a minute and try again.'
  return error.message || 'Bad request.'
}
