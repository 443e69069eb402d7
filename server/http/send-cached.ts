import type { FastifyReply, FastifyRequest } from 'fastify'
import type { CachedBody } from '../lib/cache.ts'

/** Sends a cached JSON answer, picking the precompressed bytes the client accepts. */
export function sendCached(request: FastifyRequest, reply: FastifyReply, body: CachedBody, maxAge = 30) {
  reply.header('content-type', 'application/json; charset=utf-8')
  reply.header('cache-control', `public, max-age=${maxAge}, stale-while-revalidate=60`)
  reply.header('etag', body.etag)
  reply.header('vary', 'accept-encoding')
  if (request.headers['if-none-match'] === body.etag) return reply.status(304).send()
  const accept = String(request.headers['accept-encoding'] ?? '')
  if (/\bbr\b/.test(accept)) return reply.header('content-encoding', 'br').send(body.br)
  if (/\bgzip\b/.test(accept)) return reply.header('content-encoding', 'gzip').send(body.gzip)
  return reply.send(body.json)
}
