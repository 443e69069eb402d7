import type { FastifyInstance } from 'fastify'
import { ValidationError } from './errors.ts'

/**
 * Text the database cannot store or that is not text at all: NUL (PostgreSQL refuses it in text) and
 * a UTF-16 surrogate without its pair. Refused in one place, before any handler (docs/decisions/062).
 */
// A high surrogate not followed by a low one, or a low one not preceded by a high one (code units, no `u` flag).
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

function badText(s: string): boolean {
  return s.includes('\u0000') || loneSurrogate.test(s)
}

/** The first place in a parsed value holding bad text (keys included), or null; no recursion, so depth cannot overflow. */
function findBadText(value: unknown, root = ''): string | null {
  const stack: [unknown, string][] = [[value, root]]
  while (stack.length) {
    const [v, where] = stack.pop()!
    if (typeof v === 'string') {
      if (badText(v)) return where || 'request'
    } else if (
      v &&
      typeof v === 'object' &&
      !Buffer.isBuffer(v) &&
      typeof (v as { pipe?: unknown }).pipe !== 'function'
    ) {
      for (const [k, child] of Object.entries(v)) {
        const at = where ? `${where}.${k}` : k
        if (badText(k)) return at
        stack.push([child, at])
      }
    }
  }
  return null
}

const message = (part: string, field: string) =>
  `Invalid ${part}: ${field} contains a character that is not allowed (a NUL or a broken character). Please remove it and try again.`

export function registerTextGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    // The address itself: a page's catch-all sees it only as text.
    let path = request.url.split('?')[0] ?? ''
    try {
      path = decodeURIComponent(path)
    } catch {
      throw new ValidationError('Invalid address: it is not correctly encoded.')
    }
    if (badText(path)) throw new ValidationError(message('address', 'the path'))
    const inParams = findBadText(request.params)
    if (inParams) throw new ValidationError(message('address', inParams))
    const inQuery = findBadText(request.query)
    if (inQuery) throw new ValidationError(message('query', inQuery))
    const inBody = findBadText(request.body)
    if (inBody) throw new ValidationError(message('body', inBody))
  })
}
