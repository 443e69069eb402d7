import { timingSafeEqual } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'

/**
 * The shop's Prometheus metrics (docs/decisions/068). Labels are route patterns, statuses and fixed
 * words only: never a raw address, an id, a token or anything about a person.
 */
export type ShopMetrics = ReturnType<typeof createMetrics>

declare module 'fastify' {
  interface FastifyInstance {
    metrics: ShopMetrics
  }
}

export type PoolStats = () => { total: number; idle: number; waiting: number }

export function createMetrics(
  opts: {
    poolStats?: PoolStats
    defaults?: boolean
    /** With REDIS_URL: where the rate and sign-in limits are counted right now. */
    limitsStore?: () => 'redis' | 'memory'
  } = {},
) {
  const registry = new Registry()
  if (opts.defaults) collectDefaultMetrics({ register: registry, prefix: 'shop_' })
  const requestSeconds = new Histogram({
    name: 'shop_http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  })
  const cacheLookups = new Counter({
    name: 'shop_cache_lookups_total',
    help: 'Catalogue and page cache lookups, by cache and result (hit or miss).',
    labelNames: ['cache', 'result'] as const,
    registers: [registry],
  })
  const ordersPlaced = new Counter({
    name: 'shop_orders_placed_total',
    help: 'Orders placed.',
    registers: [registry],
  })
  const paymentsVerified = new Counter({
    name: 'shop_payments_verified_total',
    help: 'Payments verified after the checkout handed them back.',
    registers: [registry],
  })
  const webhooks = new Counter({
    name: 'shop_payment_webhooks_total',
    help: 'Payment provider events, by result (applied, duplicate or refused).',
    labelNames: ['result'] as const,
    registers: [registry],
  })
  const mails = new Counter({
    name: 'shop_emails_total',
    help: 'E-mails handed to the SMTP server, by result (sent or failed).',
    labelNames: ['result'] as const,
    registers: [registry],
  })
  const messages = new Counter({
    name: 'shop_messages_total',
    help: 'WhatsApp and SMS messages handed to their provider, by result (sent or failed).',
    labelNames: ['result'] as const,
    registers: [registry],
  })
  const queries = new Histogram({
    name: 'shop_db_query_duration_seconds',
    help: 'PostgreSQL query time, by outcome (ok or failed); pool wait not included.',
    labelNames: ['outcome'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
    registers: [registry],
  })
  const limitFallbacks = new Counter({
    name: 'shop_limit_store_fallbacks_total',
    help: "Times the rate and sign-in limits fell back from Redis to this instance's memory.",
    registers: [registry],
  })
  const limitsStore = opts.limitsStore
  if (limitsStore) {
    new Gauge({
      name: 'shop_limit_store_redis',
      help: 'Whether the rate and sign-in limits are kept in Redis now (1) or in memory (0).',
      registers: [registry],
      collect() {
        this.set(limitsStore() === 'redis' ? 1 : 0)
      },
    })
  }
  const pool = opts.poolStats
  if (pool) {
    new Gauge({
      name: 'shop_db_pool_connections',
      help: 'PostgreSQL pool connections, by state (total, idle, waiting for one).',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const s = pool()
        this.set({ state: 'total' }, s.total)
        this.set({ state: 'idle' }, s.idle)
        this.set({ state: 'waiting' }, s.waiting)
      },
    })
  }
  // Zero from the start, so a dashboard shows the series before the first event.
  for (const cache of ['catalogue', 'page'])
    for (const result of ['hit', 'miss']) cacheLookups.inc({ cache, result }, 0)
  for (const result of ['applied', 'duplicate', 'refused']) webhooks.inc({ result }, 0)
  for (const result of ['sent', 'failed']) mails.inc({ result }, 0)
  for (const result of ['sent', 'failed']) messages.inc({ result }, 0)
  return {
    registry,
    requestSeconds,
    cacheLookups,
    ordersPlaced,
    paymentsVerified,
    webhooks,
    mails,
    messages,
    /** Feeds the query histogram (PostgreSQL's pool calls it after every query). */
    queryTimed: (seconds: number, failed: boolean) =>
      queries.observe({ outcome: failed ? 'failed' : 'ok' }, seconds),
    limitFallbacks,
  }
}

// Answers that are a domain event, by route pattern, method and status.
const placedOrder = (route: string, method: string, status: number) =>
  method === 'POST' && route === '/api/v1/order/add' && status === 201
const verifiedPayment = (route: string, method: string, status: number) =>
  method === 'POST' && route === '/api/v1/payments/verify' && status === 200
const webhookRoute = '/api/v1/payments/webhook'

/** Times every request and counts the events its answer stands for; `/metrics` only with a token. */
export function registerMetrics(app: FastifyInstance, metrics: ShopMetrics, token: string | undefined) {
  app.decorate('metrics', metrics)
  app.addHook('onResponse', async (request, reply) => {
    // The pattern ('/api/v1/admin/products/:id'), never the address asked for; 'unmatched' for a 404.
    const route = request.routeOptions.url ?? 'unmatched'
    const status = reply.statusCode
    metrics.requestSeconds.observe(
      { method: request.method, route, status: String(status) },
      reply.elapsedTime / 1000,
    )
    const page = reply.getHeader('x-page-cache')
    if (page === 'hit' || page === 'miss') metrics.cacheLookups.inc({ cache: 'page', result: page })
    if (placedOrder(route, request.method, status)) metrics.ordersPlaced.inc()
    if (verifiedPayment(route, request.method, status)) metrics.paymentsVerified.inc()
    if (route === webhookRoute && status >= 400) metrics.webhooks.inc({ result: 'refused' })
  })

  if (!token) return
  const expected = Buffer.from(`Bearer ${token}`)
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const given = Buffer.from(request.headers.authorization ?? '')
    const allowed = given.length === expected.length && timingSafeEqual(given, expected)
    if (!allowed) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer')
        .header('cache-control', 'no-store')
        .send({ success: false, message: 'The metrics need the token in METRICS_TOKEN.' })
    }
    return reply
      .header('content-type', metrics.registry.contentType)
      .header('cache-control', 'no-store')
      .send(await metrics.registry.metrics())
  })
}
