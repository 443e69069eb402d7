import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app.ts'
import { ConfigError, type Env, parseEnv, testConfig } from '../../server/config.ts'
import { makeAdmin, makeProduct, orderOf, payOrder, registerCustomer } from '../support/factories.ts'
import { createTestApp, openTestDatabase, type TestApp } from '../support/test-app.ts'

// Request ids, /metrics and the probes (docs/decisions/068).
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const token = 'metrics-token-0123456789abcdef'

const opened: TestApp[] = []
afterEach(async () => {
  for (const app of opened.splice(0)) await app.cleanup()
})
afterAll(async () => {
  for (const app of opened.splice(0)) await app.cleanup()
})

/** An app whose log lines are kept, as the shop writes them. */
async function loggedApp(overrides: Partial<Env> = {}) {
  const lines: string[] = []
  const { database, drop } = await openTestDatabase()
  const app = await buildApp({
    config: testConfig({ LOG_LEVEL: 'info', ...overrides }),
    database,
    web: false,
    logStream: { write: (line) => void lines.push(line) },
  })
  await app.ready()
  const test = Object.assign(app, {
    database,
    async cleanup() {
      await app.close()
      await database.close()
      await drop()
    },
  }) as TestApp
  opened.push(test)
  return { app: test, logs: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>) }
}

async function shop(overrides: Partial<Env> = {}) {
  const app = await createTestApp(overrides)
  opened.push(app)
  return app
}

describe('request ids', () => {
  it('every answer has an X-Request-Id, and every log line of that request carries it', async () => {
    const { app, logs } = await loggedApp()
    const a = await app.inject({ url: '/healthz' })
    const b = await app.inject({ url: '/api/v1/no-such-thing' })
    const id = a.headers['x-request-id'] as string
    expect(id).toMatch(uuid)
    expect(b.headers['x-request-id']).toMatch(uuid)
    expect(b.headers['x-request-id']).not.toBe(id)
    const mine = logs().filter((l) => l.reqId === id)
    expect(mine.map((l) => l.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']))
    // No request log line goes without an id.
    for (const line of logs().filter((l) => l.req || l.res)) expect(line.reqId).toMatch(uuid)
  })

  it('an incoming X-Request-Id is ignored unless TRUST_PROXY trusts the sender', async () => {
    const given = 'edge-4f1c2a9b77d0'
    const open = await shop()
    const res = await open.inject({ url: '/healthz', headers: { 'x-request-id': given } })
    expect(res.headers['x-request-id']).toMatch(uuid)

    const behindProxy = await shop({ TRUST_PROXY: ['127.0.0.1'] })
    const kept = await behindProxy.inject({ url: '/healthz', headers: { 'x-request-id': given } })
    expect(kept.headers['x-request-id']).toBe(given)
    // From an address the setting does not name, it is not believed.
    const stranger = await behindProxy.inject({
      url: '/healthz',
      headers: { 'x-request-id': given },
      remoteAddress: '203.0.113.9',
    })
    expect(stranger.headers['x-request-id']).toMatch(uuid)
    // A malformed one (spaces, quotes, too long) is replaced even from the proxy.
    for (const bad of ['has spaces in it', '"quoted-value"', 'x'.repeat(200), 'short']) {
      const r = await behindProxy.inject({ url: '/healthz', headers: { 'x-request-id': bad } })
      expect(r.headers['x-request-id']).toMatch(uuid)
    }
  })
})

describe('/metrics', () => {
  it('refuses a METRICS_TOKEN too short to be a secret, naming it', () => {
    expect(() => parseEnv({ METRICS_TOKEN: 'short' })).toThrow(ConfigError)
    expect(() => parseEnv({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/)
    expect(parseEnv({ METRICS_TOKEN: token }).METRICS_TOKEN).toBe(token)
    expect(parseEnv({}).METRICS_TOKEN).toBeUndefined()
  })

  it('is not there without METRICS_TOKEN', async () => {
    const app = await shop()
    const res = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } })
    expect(res.statusCode).toBe(404)
  })

  it('needs the token: 401 without it or with a wrong one', async () => {
    const app = await shop({ METRICS_TOKEN: token })
    expect((await app.inject({ url: '/metrics' })).statusCode).toBe(401)
    const wrong = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}x` } })
    expect(wrong.statusCode).toBe(401)
    expect(wrong.json()).toMatchObject({ success: false })
  })

  it('counts requests by route pattern, orders, payments and cache lookups, with nothing personal in a label', async () => {
    const app = await shop({ METRICS_TOKEN: token })
    const asha = await registerCustomer(app)
    const admin = await makeAdmin(app)
    const piece = await makeProduct(app)
    await app.inject({ url: `/api/v1/Product/product?id=${piece.id}` })
    await app.inject({ url: `/api/v1/Product/product?id=${piece.id}` })
    await app.inject({ url: `/api/v1/admin/products/${piece.id}`, headers: admin.auth })
    const order = await orderOf(app, asha, piece)
    await payOrder(app, asha, order._id)
    const forged = await app.inject({
      method: 'POST',
      url: '/api/v1/payments/webhook',
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': 'forged' },
      payload: JSON.stringify({ event: 'payment.captured' }),
    })
    expect(forged.statusCode).toBeGreaterThanOrEqual(400)

    const res = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/plain')
    const text = res.body
    for (const name of [
      'shop_http_request_duration_seconds_bucket',
      'shop_cache_lookups_total',
      'shop_orders_placed_total',
      'shop_payments_verified_total',
      'shop_payment_webhooks_total',
      'shop_emails_total',
      'shop_process_resident_memory_bytes',
    ])
      expect(text).toContain(name)
    expect(text).toMatch(/^shop_orders_placed_total 1$/m)
    expect(text).toMatch(/^shop_payments_verified_total 1$/m)
    expect(text).toMatch(/^shop_payment_webhooks_total\{result="refused"\} 1$/m)
    if (process.env.DATABASE_URL) {
      expect(text).toContain('shop_db_pool_connections{state="idle"}')
      // Every query of the requests above was timed (dozens: sign-in, order, payment, console).
      const timed = Number(text.match(/^shop_db_query_duration_seconds_count\{outcome="ok"\} (\d+)$/m)?.[1])
      expect(timed).toBeGreaterThan(10)
    }
    expect(text).toMatch(/^shop_cache_lookups_total\{cache="catalogue",result="hit"\} [1-9]/m)
    expect(text).toContain('route="/api/v1/Product/product"')
    expect(text).toContain('route="/api/v1/admin/products/:id"')
    // Route patterns only: no id, query, address, e-mail or token reaches a label.
    for (const secret of [piece.id, order._id, asha.id, asha.email, asha.token, admin.token, token, '?id='])
      expect(text).not.toContain(secret)
  })
})

describe('probes', () => {
  it('/healthz says the process is up and /readyz that the database answers', async () => {
    const app = await shop()
    const health = await app.inject({ url: '/healthz' })
    expect(health.statusCode).toBe(200)
    expect(health.json()).toEqual({ status: 'ok' })
    const ready = await app.inject({ url: '/readyz' })
    expect(ready.statusCode).toBe(200)
    expect(ready.json()).toMatchObject({ status: 'ready' })
  })
})
