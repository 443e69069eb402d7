import { randomBytes } from 'node:crypto'
import { gunzipSync } from 'node:zlib'
import fastifyCompress from '@fastify/compress'
import Fastify from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { isDatabaseUnavailable } from '../db/faults.ts'
import { createMemoryCache } from '../lib/cache.ts'
import { registerErrorHandling } from './error-handler.ts'
import { registerPageCache } from './page-cache.ts'
import {
  registerUnavailablePages,
  retryAfterSeconds,
  unavailableMessage,
  unavailableTitle,
  watchServices,
} from './unavailable.ts'

type CspResponse = import('node:http').ServerResponse & { cspNonce?: string }

/** How drizzle reports a refused connection: its own error, the driver's as the cause. */
function connectionRefused() {
  const cause = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })
  return new Error('Failed query: select 1', { cause })
}

/** A stand-in shop wired like server/app.ts: services a page and an API call read, and a switch for the database. */
async function shop(opts: { pageCache?: boolean } = {}) {
  const app = Fastify()
  let down = false
  const services = {
    catalogue: {
      async products() {
        if (down) throw connectionRefused()
        return ['Madhubani painting']
      },
    },
  }
  registerErrorHandling(app)
  registerUnavailablePages(app)
  app.addHook('onRequest', async (_req, reply) => {
    const nonce = randomBytes(16).toString('base64')
    ;(reply.raw as CspResponse).cspNonce = nonce
    reply.header('content-security-policy', `script-src 'self' 'nonce-${nonce}'`)
  })
  await app.register(fastifyCompress, { global: true, threshold: 0, encodings: ['gzip'] })
  if (opts.pageCache) registerPageCache(app, { cache: createMemoryCache(), ttlMs: 0 })
  app.get('/api/v1/products', async () => ({ success: true, data: await services.catalogue.products() }))
  // A page whose loader shows a fallback when its data fails, like safeLoad does.
  app.get('/*', async (request, reply) => {
    const watched = watchServices(services, request)
    const products = await watched.catalogue.products().catch(() => [] as string[])
    const nonce = (reply.raw as CspResponse).cspNonce
    if (request.url.startsWith('/throws')) await watched.catalogue.products()
    // Like an account page whose loader took the failure for a missing customer.
    if (request.url.startsWith('/Dashboard') && products.length === 0)
      return reply.header('set-cookie', 'accessToken=; Max-Age=0').redirect('/login')
    return reply
      .type('text/html; charset=utf-8')
      .send(`<ul>${products.map((p) => `<li>${p}</li>`).join('')}</ul><script nonce="${nonce}"></script>`)
  })
  return {
    app,
    setDown: (value: boolean) => {
      down = value
    },
    get: (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers }),
  }
}

let current: Awaited<ReturnType<typeof shop>> | undefined
afterEach(async () => {
  await current?.app.close()
  current = undefined
})

describe('a database that is down', () => {
  it('answers an API call 503 with Retry-After and the error shape', async () => {
    current = await shop()
    expect((await current.get('/api/v1/products')).statusCode).toBe(200)
    current.setDown(true)
    const res = await current.get('/api/v1/products')
    expect(res.statusCode).toBe(503)
    expect(res.headers['retry-after']).toBe(String(retryAfterSeconds))
    expect(res.json()).toEqual({ success: false, message: unavailableMessage })
  })

  it('turns a page whose loader fell back to an empty list into the friendly 503 page', async () => {
    current = await shop()
    current.setDown(true)
    const res = await current.get('/StateProduct?x=1')
    expect(res.statusCode).toBe(503)
    expect(res.headers['retry-after']).toBe(String(retryAfterSeconds))
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(res.headers['cache-control']).toBe('no-store')
    expect(res.body).toContain(`<h1>${unavailableTitle}</h1>`)
    expect(res.body).toContain(unavailableMessage)
    expect(res.body).toContain('<a class="button" href="/StateProduct?x=1">Try again</a>')
    expect(res.body).not.toContain('<ul>')
  })

  it('sends the friendly page compressed when the browser asks, not a garbled one', async () => {
    current = await shop()
    current.setDown(true)
    const res = await current.get('/AboutUs', { 'accept-encoding': 'gzip' })
    expect(res.statusCode).toBe(503)
    expect(res.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(res.rawPayload).toString()).toContain(`<h1>${unavailableTitle}</h1>`)
  })

  it('renders the friendly page when a loader lets the failure through', async () => {
    current = await shop()
    current.setDown(true)
    const res = await current.get('/throws')
    expect(res.statusCode).toBe(503)
    expect(res.body).toContain(`<h1>${unavailableTitle}</h1>`)
  })

  it('turns a fallback redirect to sign-in into the 503 page, without signing the customer out', async () => {
    current = await shop()
    current.setDown(true)
    const res = await current.get('/Dashboard')
    expect(res.statusCode).toBe(503)
    expect(res.headers.location).toBeUndefined()
    expect(res.headers['set-cookie']).toBeUndefined()
    expect(res.body).toContain(`<h1>${unavailableTitle}</h1>`)
  })

  it("answers the router's data request 503 in plain text, for the route's error boundary", async () => {
    current = await shop()
    current.setDown(true)
    const res = await current.get('/Cart.data')
    expect(res.statusCode).toBe(503)
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8')
    expect(res.body).toBe(unavailableMessage)
  })

  it('keeps the same page at 200 when the database answers', async () => {
    current = await shop()
    const res = await current.get('/AboutUs')
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('<li>Madhubani painting</li>')
  })

  it('keeps serving the last cached copy of a public page, and fresh ones once it is back', async () => {
    current = await shop({ pageCache: true })
    expect((await current.get('/AboutUs')).headers['x-page-cache']).toBe('miss')
    current.setDown(true)
    const stale = await current.get('/AboutUs')
    expect(stale.statusCode).toBe(200)
    expect(stale.headers['x-page-cache']).toBe('stale')
    expect(stale.body).toContain('<li>Madhubani painting</li>')
    // A public page never cached has no copy to fall back on.
    const uncached = await current.get('/Support')
    expect(uncached.statusCode).toBe(503)
    expect(uncached.headers['retry-after']).toBe(String(retryAfterSeconds))
    expect(uncached.body).toContain(`<h1>${unavailableTitle}</h1>`)
    current.setDown(false)
    const fresh = await current.get('/Support')
    expect(fresh.statusCode).toBe(200)
    expect(fresh.headers['x-page-cache']).toBe('miss')
  })
})

describe('isDatabaseUnavailable', () => {
  const sqlError = (code: string) => Object.assign(new Error('server said no'), { code })

  it('recognises refused connections, timeouts and shutdowns, also inside a wrapping error', () => {
    expect(isDatabaseUnavailable(connectionRefused())).toBe(true)
    expect(isDatabaseUnavailable(sqlError('57P01'))).toBe(true)
    expect(isDatabaseUnavailable(sqlError('57014'))).toBe(true)
    expect(isDatabaseUnavailable(sqlError('08006'))).toBe(true)
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true)
    expect(isDatabaseUnavailable(new Error('Query read timeout'))).toBe(true)
    expect(isDatabaseUnavailable(new AggregateError([connectionRefused()], 'all attempts failed'))).toBe(true)
  })

  it('leaves bugs and bad data alone', () => {
    expect(isDatabaseUnavailable(sqlError('23505'))).toBe(false)
    expect(isDatabaseUnavailable(new Error('Failed query', { cause: sqlError('42P01') }))).toBe(false)
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false)
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false)
  })
})
