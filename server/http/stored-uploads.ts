import type { FastifyInstance } from 'fastify'
import { type FileStore, isFileKey, uploadsCacheControl } from '../lib/file-store.ts'

/** True when an If-None-Match header names this entity tag (or is `*`). */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false
  const bare = (tag: string) => tag.trim().replace(/^W\//, '')
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag))
}

/**
 * `/uploads/*` from an S3 bucket (docs/decisions/074): through the shop with the long cache headers the
 * local folder has, or, with `publicUrl` (S3_PUBLIC_URL), as a redirect to the bucket's public address.
 * A key the store would refuse (`..`, `//`, anything encoded) is answered like a missing file: 404.
 */
export function registerStoredUploads(app: FastifyInstance, opts: { files: FileStore; publicUrl?: string }) {
  const { files, publicUrl } = opts
  app.get('/uploads/*', { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*']
    if (!isFileKey(key)) return reply.callNotFound()
    if (publicUrl) {
      // Not permanent: the address may move to another CDN; a day of caching spares most round trips.
      return reply.header('cache-control', 'public, max-age=86400').redirect(`${publicUrl}/${key}`, 302)
    }
    const file = await files.get(key)
    if (!file) return reply.callNotFound()
    reply
      .header('cache-control', uploadsCacheControl)
      .header('etag', file.etag)
      .header('last-modified', file.lastModified.toUTCString())
    if (matchesEtag(request.headers['if-none-match'], file.etag)) {
      file.body.destroy()
      return reply.code(304).send()
    }
    return reply.type(file.contentType).header('content-length', file.size).send(file.body)
  })
}
