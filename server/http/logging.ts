import type { FastifyServerOptions } from 'fastify'

export type LogStream = { write(line: string): void }

/**
 * Log settings shared by the server and its tests: no credentials, tokens or personal data in logs.
 * Headers that carry credentials and known secret fields are redacted wherever they are logged.
 */
const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  '*.password',
  '*.oldPassword',
  '*.newPassword',
  '*.passwordHash',
  '*.password_hash',
  '*.token',
  '*.accessToken',
  '*.refreshToken',
  '*.email',
  '*.phone',
  'params',
  '*.params',
]

// Fields of pg, PGlite and drizzle errors that say what failed without carrying values.
const safeFields = ['code', 'statusCode', 'severity', 'routine', 'constraint', 'table', 'column', 'schema']

/** Drops what drivers attach to a failed query (SQL text, parameters, row detail); keeps the kind and the frames. */
function safeMessage(message: string): string {
  // drizzle: "Failed query: <sql>\nparams: <values>", also when another error's message repeats it.
  const query = message.indexOf('Failed query:')
  if (query === 0) return 'Failed query (SQL and parameters withheld)'
  if (query > 0) return `${message.slice(0, query)}Failed query (SQL and parameters withheld)`.slice(0, 500)
  // PostgreSQL quotes the offending input at the end ('invalid input syntax for type uuid: "…"').
  return message.replace(/: ".*"$/s, ': "…"').slice(0, 500)
}

type ErrorLike = {
  name?: unknown
  message?: unknown
  stack?: unknown
  cause?: unknown
  constructor?: { name?: string }
}

type SerializedError = { type: string; message: string; stack: string; [key: string]: unknown }

export function serializeError(err: unknown, depth = 0): SerializedError {
  if (!err || typeof err !== 'object')
    return { type: typeof err, message: safeMessage(String(err)), stack: '' }
  const e = err as ErrorLike & Record<string, unknown>
  const type =
    e.constructor?.name && e.constructor.name !== 'Object' ? e.constructor.name : String(e.name ?? 'Error')
  const message = safeMessage(String(e.message ?? ''))
  const frames = typeof e.stack === 'string' ? e.stack.split('\n').filter((l) => /^\s+at /.test(l)) : []
  const out: SerializedError = { type, message, stack: [`${type}: ${message}`, ...frames].join('\n') }
  for (const key of safeFields) if (e[key] != null && typeof e[key] !== 'object') out[key] = e[key]
  if (e.cause && depth < 3) out.cause = serializeError(e.cause, depth + 1)
  return out
}

export function loggerOptions(level: string, stream?: LogStream): FastifyServerOptions['logger'] {
  if (level === 'silent' && !stream) return false
  return {
    level: level === 'silent' ? 'info' : level,
    redact: { paths: redactPaths, censor: '[redacted]' },
    serializers: { err: serializeError, error: serializeError },
    ...(stream ? { stream } : {}),
  }
}
