import type {
  FastifyReply,
  FastifyRequest,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
} from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'

/**
 * What every route file shares: the success envelopes, the one error shape, the security
 * declarations and the standard failure answers, so the API document says the same thing everywhere
 * (docs/decisions/065).
 */

/**
 * The route limit of what places or books something that holds stock or places (orders, seva bookings): a
 * hundredth of the global limit per minute, at least 30, per client address.
 */
export const placingRateLimit = (config: { RATE_LIMIT_MAX: number }) => ({
  max: Math.max(30, Math.floor(config.RATE_LIMIT_MAX / 100)),
  timeWindow: '1 minute',
})

/** `{ success: true, message, data }`. */
export const ok = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.literal(true), message: z.string(), data })

/** `{ success: true, message }`: an action with nothing to return. */
export const done = z.object({ success: z.literal(true), message: z.string() })

/**
 * The one error shape (server/http/error-handler.ts). Loose, so that a field added by the error
 * handler later is passed on rather than refused by the response serializer.
 */
const errorSchema = z
  .looseObject({
    success: z.literal(false),
    message: z.string().meta({ description: 'A sentence the shop can show as it is' }),
    errors: z
      .record(z.string(), z.string())
      .optional()
      .meta({ description: 'Per field: what is wrong with it (validation answers only)' }),
  })
  .meta({ description: 'Failure: `{ success: false, message, errors? }`' })

/** Operations that need `Authorization: Bearer <accessToken>`. */
export const bearer = [{ bearer: [] }]
/** Operations anyone may call: said explicitly, so the document never leaves it to a default. */
export const publicAccess: never[] = []

/** 401 and 403 come from the guards; 404, 409 and 422 from the services; 415 from uploads. */
export type Failure = 401 | 403 | 404 | 409 | 415 | 422 | 502

/**
 * The 4xx and 503 answers of an operation, each with the one error shape. Every operation can answer
 * 400 (invalid input), 429 (the general rate limit) and 503 (database unavailable); add the rest.
 */
export function failures(...codes: Failure[]) {
  const answers: Partial<Record<400 | 429 | 503 | Failure, typeof errorSchema>> = {
    400: errorSchema,
    429: errorSchema,
    503: errorSchema,
  }
  for (const code of codes) answers[code] = errorSchema
  return answers
}

/** A customer's operation: 401 without a valid token. */
export const customerFailures = (...codes: Failure[]) => failures(401, ...codes)
/** A staff operation: 401 without a valid token, 403 for a customer's. */
export const adminFailures = (...codes: Failure[]) => failures(401, 403, ...codes)

/** Sends a PDF the browser downloads under `fileName`, never kept by a shared cache. */
export const sendPdf = (reply: FastifyReply, fileName: string, pdf: Buffer) =>
  reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(pdf)

/** A numbered document's PDF ('KS/26-27/00001' downloads as KS-26-27-00001.pdf). */
export const sendDocument = (reply: FastifyReply, file: { number: string; pdf: Buffer }) =>
  sendPdf(reply, `${file.number.replace(/\//g, '-')}.pdf`, file.pdf)

/** A 200 that is a PDF file (an invoice), not the JSON envelope. */
export const pdfFile = (description: string) => ({
  description,
  content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } },
})

/** A 200 that is a CSV file (an export), not the JSON envelope: UTF-8 with a byte-order mark (decision 093). */
export const csvFile = (description: string) => ({
  description,
  content: { 'text/csv': { schema: z.string().meta({ description: 'RFC 4180 CSV, UTF-8 with BOM' }) } },
})

/**
 * The body a route with body schema `S` is handed: what the zod type provider makes of it. A helper
 * generic over its schema names its service's input with this, since the provider's answer for a schema
 * still unknown cannot be matched to `z.output<S>`.
 */
export type BodyOf<S> = FastifyRequest<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression,
  { body: S },
  ZodTypeProvider
>['body']
