import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { isDatabaseUnavailable } from '../db/faults.ts'

/**
 * Answers for a database that is down or too slow (docs/decisions/064): 503 with Retry-After,
 * JSON under /api, a friendly page for pages. Never a 500, never a stack trace.
 */
export const retryAfterSeconds = 5
export const unavailableMessage = 'The shop is temporarily unavailable. Please try again in a few moments.'
export const unavailableTitle = 'Temporarily unavailable'

// Requests during which a page's data could not be read because the database was unavailable.
const failedRequests = new WeakSet<FastifyRequest>()

/** Whether the caller wants a page rather than JSON: everything outside /api and /readyz. */
function wantsPage(request: FastifyRequest): boolean {
  return !/^\/(?:api(?:\/|$|\?)|readyz|healthz)/.test(request.url)
}

function isDataRequest(request: FastifyRequest): boolean {
  return /\.data(?:$|\?)/.test(request.url)
}

/** A self-contained page: the storefront's own layout needs the very data that could not be read. */
function unavailablePage(url: string): string {
  const again = escapeHtml(url.startsWith('/') && !url.startsWith('//') ? url : '/')
  return `<!doctype html>
<html lang="en-IN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><meta name="theme-color" content="#6e2b17">
<title>${unavailableTitle} | Kalaa Setu Foundation Store</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;color:#2b1d14;background:#fdf6ee}
header{background:#6e2b17;padding:14px 16px;font:700 1.15rem Georgia,"Noto Serif",serif}
header a{color:#fff;text-decoration:none}
main{max-width:34rem;margin:0 auto;padding:48px 16px;text-align:center}
h1{font:700 1.6rem Georgia,"Noto Serif",serif;color:#6e2b17;margin:0 0 12px}
p{line-height:1.5;margin:0 0 24px}
a.button{display:inline-block;background:#a8431a;color:#fff;text-decoration:none;padding:12px 24px;border-radius:6px;font-weight:600}
a.button:focus-visible{outline:3px solid #f4a300;outline-offset:2px}
</style></head>
<body><header><a href="/">Kalaa Setu Foundation Store</a></header>
<main><h1>${unavailableTitle}</h1>
<p>${unavailableMessage} Nothing in your cart or account has been lost.</p>
<a class="button" href="${again}">Try again</a></main></body></html>`
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

/** The 503 itself: JSON for API callers, text for route data, the friendly page for a page. */
export function sendDatabaseUnavailable(request: FastifyRequest, reply: FastifyReply) {
  reply.status(503).header('retry-after', String(retryAfterSeconds)).header('cache-control', 'no-store')
  if (!wantsPage(request)) return reply.send({ success: false, message: unavailableMessage })
  // Client-side navigation: a non-router 503 becomes the route's error boundary with this text.
  if (isDataRequest(request)) {
    reply.removeHeader('x-remix-response')
    return reply.type('text/plain; charset=utf-8').send(unavailableMessage)
  }
  return reply.type('text/html; charset=utf-8').send(unavailablePage(request.url))
}

/**
 * Wraps the services a page's loaders call, so a database failure marks the request even when a
 * loader catches it and renders a fallback (an empty list would be a lie, and would be cached).
 */
export function watchServices<T extends object>(services: T, request: FastifyRequest): T {
  const note = (err: unknown) => {
    if (isDatabaseUnavailable(err)) failedRequests.add(request)
    throw err
  }
  const wrapService = (service: object) =>
    new Proxy(service, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver)
        if (typeof value !== 'function') return value
        return (...args: unknown[]) => {
          try {
            const result = value.apply(target, args)
            return result instanceof Promise ? result.catch(note) : result
          } catch (err) {
            return note(err)
          }
        }
      },
    })
  const wrapped = new Map<PropertyKey, unknown>()
  return new Proxy(services, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver)
      // Domain services are plain objects of functions; the logger, config and cache pass through.
      if (!value || typeof value !== 'object' || ['db', 'log', 'config', 'cache'].includes(String(prop)))
        return value
      if (!wrapped.has(prop)) wrapped.set(prop, wrapService(value))
      return wrapped.get(prop)
    },
  })
}

/**
 * Replaces a page rendered while the database was unavailable by the 503. Registered before the
 * compression plugin, so it sees the page before it is compressed.
 */
export function registerUnavailablePages(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!failedRequests.has(request)) return payload
    failedRequests.delete(request)
    const body = payload as { destroy?: () => void } | null
    if (body && typeof body === 'object' && typeof body.destroy === 'function') body.destroy()
    request.log.warn({ url: request.url }, 'page answered 503: database unavailable')
    reply.status(503).header('retry-after', String(retryAfterSeconds)).header('cache-control', 'no-store')
    reply.removeHeader('content-length')
    // A fallback render's redirect or cookie (a 'signed out' guess) must not outlive it.
    reply.removeHeader('location')
    reply.removeHeader('set-cookie')
    if (isDataRequest(request)) {
      reply.removeHeader('x-remix-response')
      reply.header('content-type', 'text/plain; charset=utf-8')
      return unavailableMessage
    }
    reply.header('content-type', 'text/html; charset=utf-8')
    return unavailablePage(request.url)
  })
}
