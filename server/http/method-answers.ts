import { type IncomingMessage, type Server, STATUS_CODES } from 'node:http'
import type { Duplex } from 'node:stream'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

/**
 * Every request gets a deliberate answer (docs/decisions/061): under /api an unknown path is a JSON
 * 404 and a known path with another method a JSON 405 with `Allow`; OPTIONS answers 204 with `Allow`
 * (no CORS headers: the shop calls itself from its own origin); a page asked with a method it has no
 * action for answers 405 with `Allow` through the shop's error page.
 */
const pageMethods = 'GET, HEAD, OPTIONS'

/** The methods the shop answers; any other is refused before routing. */
const shopMethods = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])

/** The router's longest path parameter (Fastify's `maxParamLength`): ids and slugs are far shorter. */
export const maxParamLength = 200
export const addressTooLongMessage = 'That address is too long.'

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

  const notAllowed = (request: FastifyRequest, reply: FastifyReply, allow: string) =>
    reply
      .status(405)
      .header('allow', allow)
      .send({ success: false, message: `${request.method} is not allowed here. Use ${allow}.` })

  // OPTIONS on anything: what the address accepts, before a page renders or a route guards.
  app.addHook('onRequest', async (request, reply) => {
    // TRACE, CONNECT, PROPFIND…: the page bridge cannot make a fetch Request of some (a 500), and no route takes any.
    if (!shopMethods.has(request.method)) {
      const path = pathOf(request)
      if (!isApiPath(path)) return notAllowed(request, reply, pageMethods)
      const allow = allowedFor(path)
      return allow.length ? notAllowed(request, reply, allow.join(', ')) : notFound(request, reply)
    }
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
    const path = pathOf(request)
    const allow = allowedFor(path)
    if (!allow.length) return notFound(request, reply)
    // The router passes over a route whose parameter is too long, so its address lands here: not a 405.
    if (path.split('/').some((part) => part.length > maxParamLength))
      return reply.status(414).send({ success: false, message: addressTooLongMessage })
    return notAllowed(request, reply, allow.join(', '))
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

const everyShopMethod = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS'

/** A whole answer written on the socket, for requests Fastify never sees. */
function rawAnswer(status: number, message: string, headers: Record<string, string> = {}): string {
  const body = JSON.stringify({ success: false, message })
  const lines = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`,
    'content-type: application/json; charset=utf-8',
    `content-length: ${Buffer.byteLength(body)}`,
    'cache-control: no-store',
    'connection: close',
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ]
  return `${lines.join('\r\n')}\r\n\r\n${body}`
}

/**
 * Requests Node answers before Fastify: a CONNECT (its own server event, else the socket is dropped) and
 * what the HTTP parser cannot read (an unknown method, headers too large, too slow) get the shop's shape.
 */
export function clientErrorAnswer(err: NodeJS.ErrnoException, socket: Duplex) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return
  let answer: string
  if (err.code === 'HPE_INVALID_METHOD')
    answer = rawAnswer(405, `That method is not allowed here. Use ${everyShopMethod}.`, {
      allow: everyShopMethod,
    })
  else if (err.code === 'HPE_HEADER_OVERFLOW') answer = rawAnswer(431, 'The request’s headers are too large.')
  else if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT')
    answer = rawAnswer(408, 'The request took too long to arrive. Please try again.')
  else answer = rawAnswer(400, 'The request could not be read.')
  endWith(socket, answer)
}

export function refuseConnect(server: Server) {
  server.on('connect', (_request: IncomingMessage, socket: Duplex) => {
    const allow = { allow: everyShopMethod }
    endWith(socket, rawAnswer(405, `CONNECT is not allowed here. Use ${everyShopMethod}.`, allow))
  })
}

function endWith(socket: Duplex, answer: string) {
  if (!socket.writable) return void socket.destroy()
  socket.end(answer, () => socket.destroy())
}
