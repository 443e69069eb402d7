import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

/**
 * Every request gets a deliberate answer (docs/decisions/061): under /api an unknown path is a JSON
 * 404 and a known path with another method a JSON 405 with `Allow`; OPTIONS answers 204 with `Allow`
 * (no CORS headers: the shop calls itself from its own origin); a page asked with a method it has no
 * action for answers 405 with `Allow` through the shop's error page.
 */
const pageMethods = 'GET, HEAD, OPTIONS'

type ApiRoute = { pattern: RegExp; methods: Set<string> }

/** `/api/v1/products/:id` → a regular expression for the concrete paths it serves. */
function patternOf(url: string): RegExp {
  const parts = url.split(/(:[A-Za-z0-9_]+(?:\([^)]*\))?|\*)/)
  const source = parts
    .map((part) => {
      if (part === '*') return '.*'
      if (part.startsWith(':')) return '[^/]+'
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    })
    .join('')
  return new RegExp(`^${source}/?$`)
}

export const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?')

export function registerMethodAnswers(app: FastifyInstance) {
  const routes = new Map<string, ApiRoute>()

  app.addHook('onRoute', (route) => {
    if (!isApiPath(route.url) || route.url === '/api/*' || route.url === '/api') return
    const entry = routes.get(route.url) ?? { pattern: patternOf(route.url), methods: new Set<string>() }
    for (const m of [route.method].flat()) entry.methods.add(m)
    if (entry.methods.has('GET')) entry.methods.add('HEAD')
    routes.set(route.url, entry)
  })

  function allowedFor(path: string): string[] {
    const methods = new Set<string>()
    for (const r of routes.values()) if (r.pattern.test(path)) for (const m of r.methods) methods.add(m)
    if (methods.size) methods.add('OPTIONS')
    const order = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']
    return [...methods].sort((a, b) => order.indexOf(a) - order.indexOf(b))
  }

  const pathOf = (request: FastifyRequest) => request.url.split('?')[0] ?? '/'

  // OPTIONS on anything: what the address accepts, before a page renders or a route guards.
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'OPTIONS') return
    const path = pathOf(request)
    if (isApiPath(path)) {
      const allow = allowedFor(path)
      if (!allow.length) return notFound(request, reply)
      return reply.status(204).header('allow', allow.join(', ')).send()
    }
    return reply.status(204).header('allow', pageMethods).send()
  })

  // Under /api, whatever the method: never the storefront's HTML.
  const apiFallback = async (request: FastifyRequest, reply: FastifyReply) => {
    const allow = allowedFor(pathOf(request))
    if (!allow.length) return notFound(request, reply)
    return reply
      .status(405)
      .header('allow', allow.join(', '))
      .send({ success: false, message: `${request.method} is not allowed here. Use ${allow.join(', ')}.` })
  }
  app.all('/api', { schema: { hide: true } }, apiFallback)
  app.all('/api/*', { schema: { hide: true } }, apiFallback)

  // React Router answers 405 for a page without an action; say which methods it takes.
  app.addHook('onSend', async (request, reply) => {
    if (reply.statusCode === 405 && !reply.hasHeader('allow') && !isApiPath(request.url))
      reply.header('allow', pageMethods)
  })
}

function notFound(request: FastifyRequest, reply: FastifyReply) {
  return reply
    .status(404)
    .send({ success: false, message: `No such endpoint: ${request.method} ${request.url.split('?')[0]}` })
}
