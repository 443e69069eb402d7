import type { FastifyInstance } from 'fastify'
import { isApiPath } from './method-answers.ts'

// Read from the raw header, as the page cache does.
const signedInCookie = /(?:^|;\s*)accessToken=/

/**
 * Personal answers are never kept by a browser or a shared cache: every authenticated API answer,
 * every API answer that set no caching of its own (tokens, carts), and every page or route data
 * rendered for a signed-in visitor. Public cached answers keep their own Cache-Control.
 */
export function registerNoStore(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (isApiPath(request.url)) {
      const set = String(reply.getHeader('cache-control') ?? '')
      if (!set || (request.user && !set.includes('no-store'))) reply.header('cache-control', 'no-store')
      return payload
    }
    if (!signedInCookie.test(request.headers.cookie ?? '')) return payload
    const type = String(reply.getHeader('content-type') ?? '')
    // Pages and the route data of client navigation; static files keep their long caching.
    const page =
      type.startsWith('text/html') || type.startsWith('text/x-script') || request.url.includes('.data')
    // A page that says no-store itself (a staff preview: 'private, no-store') keeps its words.
    if (page && !String(reply.getHeader('cache-control') ?? '').includes('no-store'))
      reply.header('cache-control', 'no-store')
    return payload
  })
}
