import type { FastifyReply, FastifyRequest } from 'fastify'
import type { CachedBody } from '../lib/cache.ts'

/**
 * Sends a cached JSON answer, picking the precompressed bytes the client accepts.
 *
 * `no-cache` with the ETag: a browser keeps the answer but asks each time whether it still holds, and the
 * shop answers 304 with no body while nothing changed. A lifetime (even 30 s) or stale-while-revalidate
 * would let the browser show the answer it kept once more after staff saved a change, so the first load
 * after a save showed the old banner and only the second the new one (decision 122).
 */
export function sendCached(request: FastifyRequest, reply: FastifyReply, body: CachedBody) {
  reply.header('content-type', 'application/json; charset=utf-8')
  reply.header('cache-control', 'public, no-cache')
  reply.header('etag', body.etag)
  reply.header('vary', 'accept-encoding')
  if (request.headers['if-none-match'] === body.etag) return reply.status(304).send()
  const accept = String(request.headers['accept-encoding'] ?? '')
  if (/\bbr\b/.test(accept)) return reply.header('content-encoding', 'br').send(body.br)
  if (/\bgzip\b/.test(accept)) return reply.header('content-encoding', 'gzip').send(body.gzip)
  return reply.send(body.json)
}
