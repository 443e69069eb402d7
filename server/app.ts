import { randomUUID } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import fastifyCompress from '@fastify/compress'
import fastifyCookie from '@fastify/cookie'
import fastifyMultipart from '@fastify/multipart'
import fastifyRateLimit from '@fastify/rate-limit'
import fastifyStatic from '@fastify/static'
import fastifySwagger from '@fastify/swagger'
import fastifySwaggerUi from '@fastify/swagger-ui'
import { fastifyReactRouter } from '@mcansh/react-router-fastify'
import { sql } from 'drizzle-orm'
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify'
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import { RouterContextProvider } from 'react-router'
import type { ViteDevServer } from 'vite'
import { appContext } from '../contracts/load-context.ts'
import type { SignedIn } from '../contracts/staff.ts'
import type { Config } from './config.ts'
import type { Database } from './db/client.ts'
import { registerAppInstall } from './http/app-install.ts'
import { registerErrorHandling } from './http/error-handler.ts'
import { registerLanguage } from './http/language.ts'
import { type LogStream, loggerOptions } from './http/logging.ts'
import {
  addressTooLongMessage,
  clientErrorAnswer,
  maxParamLength,
  refuseConnect,
  registerMethodAnswers,
} from './http/method-answers.ts'
import { createMetrics, registerMetrics } from './http/metrics.ts'
import { registerNoStore } from './http/no-store.ts'
import { registerPageCache } from './http/page-cache.ts'
import { rateLimitKey, sharedRateLimitStore } from './http/rate-limit-store.ts'
import { type CspResponse, nextNonce, nonceSource, registerSecurityHeaders } from './http/security-headers.ts'
import { registerStoredUploads } from './http/stored-uploads.ts'
import { registerTextGuard } from './http/text-guard.ts'
import { trustProxyOption, trustsPeer } from './http/trust-proxy.ts'
import { registerUnavailablePages, retryAfterSeconds, watchServices } from './http/unavailable.ts'
import { registerBodyDiscarding } from './http/unread-bodies.ts'
import { CONSOLE_FILE_MAX_BYTES, registerUploadLimits } from './http/uploads.ts'
import { startSweeper } from './jobs/sweeper.ts'
import { type CatalogueCache, createMemoryCache } from './lib/cache.ts'
import { type CacheBroadcast, startCacheBroadcast } from './lib/cache-broadcast.ts'
import { createFileStore } from './lib/file-store.ts'
import { loadTranslations } from './lib/i18n.ts'
import { openSharedLimits, type SharedLimits } from './lib/shared-limits.ts'
import { apiModules } from './modules/index.ts'
import { authPlugin } from './plugins/auth.ts'
import { createServices, type Services } from './services.ts'

export type BuildOptions = {
  config: Config
  database: Database
  cache?: CatalogueCache
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: LogStream
  /** Serve the React storefront too (off in API tests). */
  web?: false | { devServer?: ViteDevServer; buildDirectory?: string }
  /** Run the background work (reservations, refunds); off where tests drive it themselves. */
  jobs?: boolean
}

export type ShopApp = FastifyInstance & {
  services: Services
  cacheBroadcast: CacheBroadcast | null
  /** With REDIS_URL: the one Redis connection holding the rate and sign-in limits. */
  limits: SharedLimits | null
}

// A request id from a trusted proxy is kept when it looks like one (no spaces, quotes or control characters).
const wellFormedRequestId = /^[A-Za-z0-9._:-]{8,128}$/

export async function buildApp(opts: BuildOptions): Promise<ShopApp> {
  const { config, database } = opts
  const trustedSender = trustsPeer(config.TRUST_PROXY)
  const serverOptions: FastifyServerOptions = {
    logger: loggerOptions(config.LOG_LEVEL, opts.logStream),
    bodyLimit: 1024 * 1024,
    // Only the configured proxies may name the client's address (X-Forwarded-For); none by default.
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    // Every log line of a request carries its id, also sent back as X-Request-Id (docs/decisions/068).
    genReqId(req) {
      const given = req.headers['x-request-id']
      if (
        typeof given === 'string' &&
        wellFormedRequestId.test(given) &&
        trustedSender(req.socket?.remoteAddress)
      )
        return given
      return randomUUID()
    },
    // Addresses the router cannot read (a broken percent-encoding, a parameter past maxParamLength where
    // no wildcard route takes it; under /api the fallback answers that 414) get the shop's error shape.
    frameworkErrors: (error, _request, untyped) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      const reply = untyped as unknown as FastifyReply
      reply
        .code(tooLong ? 414 : 400)
        .header('cache-control', 'no-store')
        .send({
          success: false,
          message: tooLong
            ? addressTooLongMessage
            : 'That address cannot be read: it holds characters that are not valid.',
        })
    },
    // An unreadable request (an unknown method, headers too large) answered in the shop's shape.
    clientErrorHandler: clientErrorAnswer,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true, maxParamLength },
  }
  const app = Fastify(serverOptions)
  refuseConnect(app.server)
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id)
  })
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  registerErrorHandling(app)
  // Before compression registers its own onSend hook: it must see the page uncompressed.
  registerUnavailablePages(app)
  registerMethodAnswers(app)
  registerTextGuard(app)
  registerUploadLimits(app)
  registerBodyDiscarding(app)
  registerNoStore(app)
  const translations = loadTranslations()
  registerLanguage(app, translations)

  // With REDIS_URL the limits are shared by every instance, in memory meanwhile if Redis stops (decision 069).
  let limits: SharedLimits | null = null
  const metrics = createMetrics({
    poolStats: database.poolStats,
    defaults: Boolean(config.METRICS_TOKEN),
    limitsStore: config.REDIS_URL ? () => limits?.store() ?? 'memory' : undefined,
  })
  database.observeQueries?.(metrics.queryTimed)
  if (config.REDIS_URL) {
    const opened = openSharedLimits({
      url: config.REDIS_URL,
      prefix: config.REDIS_PREFIX,
      commandTimeoutMs: config.REDIS_COMMAND_TIMEOUT_MS,
      log: app.log,
      onFallback: () => metrics.limitFallbacks.inc(),
    })
    limits = opened
    app.addHook('onReady', () => opened.started)
    app.addHook('onClose', () => opened.close())
  }
  const local =
    opts.cache ??
    createMemoryCache({
      onLookup: (hit) => metrics.cacheLookups.inc({ cache: 'catalogue', result: hit ? 'hit' : 'miss' }),
    })
  // Several instances on one PostgreSQL drop their caches together (docs/decisions/066); PGlite is one process.
  const broadcast =
    database.kind === 'postgres' && database.url
      ? startCacheBroadcast({
          url: database.url,
          local,
          notify: (channel, payload) => database.db.execute(sql`select pg_notify(${channel}, ${payload})`),
          log: app.log,
        })
      : null
  if (broadcast) {
    app.addHook('onReady', () => broadcast.ready)
    app.addHook('onClose', () => broadcast.close())
  }
  const cache = broadcast?.cache ?? local
  // Uploads in DATA_DIR/uploads, or in the S3 bucket every instance shares (docs/decisions/074).
  const files = createFileStore(config)
  app.addHook('onClose', () => files.close())
  const services = createServices({
    db: database.db,
    config,
    cache,
    log: app.log,
    files,
    limits,
    sessionNotices: broadcast?.sessions,
  })
  app.decorate('services', services)

  // Security headers, with a per-response nonce for inline scripts only (a style nonce would switch off
  // inline style attributes). Then external plugins, then the app's, then routes.
  registerSecurityHeaders(app, {
    // No address leaves for another site; the shop's own pages name themselves as a form's Origin, which
    // React Router checks before a page's action runs (a form posted before the code, decision 126).
    referrerPolicy: { policy: 'same-origin' },
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", nonceSource, 'https://checkout.razorpay.com'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Pictures redirected to S3_PUBLIC_URL load from there (docs/decisions/074).
        imgSrc: [
          "'self'",
          'data:',
          'blob:',
          'https://i.ytimg.com',
          ...(config.S3_BUCKET && config.S3_PUBLIC_URL ? [new URL(config.S3_PUBLIC_URL).origin] : []),
        ],
        mediaSrc: ["'self'", 'blob:'],
        frameSrc: [
          'https://www.youtube-nocookie.com',
          'https://api.razorpay.com',
          'https://checkout.razorpay.com',
        ],
        connectSrc: ["'self'", 'https://lumberjack.razorpay.com'],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.PUBLIC_URL.startsWith('https:') ? undefined : false,
  })
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { 1: 4 } },
  })
  await app.register(fastifyCookie)
  await app.register(fastifyRateLimit, {
    global: true,
    max: config.RATE_LIMIT_MAX,
    timeWindow: '1 minute',
    keyGenerator: rateLimitKey,
    store: limits ? sharedRateLimitStore(limits) : undefined,
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      success: false,
      message: `Too many requests. Please wait ${Math.ceil(ctx.ttl / 1000)} seconds and try again.`,
    }),
  })
  await app.register(fastifyMultipart, {
    limits: { fileSize: CONSOLE_FILE_MAX_BYTES, files: 10, fields: 40, parts: 60 },
  })
  await app.register(fastifySwagger, {
    openapi: {
      // 3.1: JSON Schema as zod writes it (a nullable union is `anyOf` with `null`, not 3.0's `nullable`).
      openapi: '3.1.0',
      servers: [{ url: '/', description: 'This shop' }],
      info: {
        title: 'Foundation storefront API',
        version: '1.0.0',
        description: 'The shop API. Calls marked with a lock need `Authorization: Bearer <accessToken>`.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  })
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true })
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger())

  await app.register(authPlugin, { services })

  if (files.kind === 's3') {
    registerStoredUploads(app, { files, publicUrl: config.S3_PUBLIC_URL })
  } else if (config.dataDir) {
    const uploads = path.join(config.dataDir, 'uploads')
    mkdirSync(uploads, { recursive: true })
    await app.register(fastifyStatic, {
      root: uploads,
      prefix: '/uploads/',
      decorateReply: false,
      immutable: true,
      maxAge: '365d',
      wildcard: true,
    })
  }

  registerMetrics(app, metrics, config.METRICS_TOKEN)

  // The process is up; it says nothing of the database (a restart would not bring that back).
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }))
  // Ready when `select 1` answers within the ping's bound (under a second) and, with REDIS_URL, Redis
  // answers PING within its command timeout (200 ms): both asked at once, so a probe never hangs.
  app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
    const [db, redis] = await Promise.allSettled([database.ping(), limits?.ping()])
    const unready = (message: string) =>
      reply
        .status(503)
        .header('retry-after', String(retryAfterSeconds))
        .header('cache-control', 'no-store')
        .send({ success: false, message })
    if (db.status === 'rejected') {
      app.log.warn({ err: db.reason }, 'database not reachable')
      return unready('The database is not reachable.')
    }
    // The shop still answers meanwhile (limits in this instance's memory); the balancer is told.
    if (redis.status === 'rejected') return unready('Redis (REDIS_URL) is not reachable.')
    return { status: 'ready', database: database.kind, ...(limits ? { redis: 'ready' } : {}) }
  })

  await app.register(
    async (api) => {
      for (const register of apiModules) await api.register(register, { services })
    },
    { prefix: '/api/v1' },
  )

  if (opts.web !== false) {
    const web = opts.web ?? {}
    // Anonymous visitors' public pages from memory; off under the dev server, whose code changes live.
    if (config.PAGE_CACHE_SECONDS > 0 && !web.devServer)
      registerPageCache(app, { cache, ttlMs: config.PAGE_CACHE_SECONDS * 1000 })
    const buildDir = web.buildDirectory ?? path.resolve(process.env.BUILD_DIR ?? 'build')
    // The service worker and its offline page (decision 142); the manifest and icons are public/ files.
    registerAppInstall(app, { buildDir, translations })
    await app.register(fastifyReactRouter, {
      devServer: web.devServer,
      serverBuildPath: path.join(buildDir, 'server/index.js'),
      clientBuildDirectory: path.join(buildDir, 'client'),
      assetCacheControl: 'public, max-age=31536000, immutable',
      fileCacheControl: 'public, max-age=3600',
      staticOptions: { preCompressed: true },
      // Pages are not API operations: the catch-all stays out of the API document.
      routeOptions: { schema: { hide: true } },
      async getLoadContext(request, reply) {
        const context = new RouterContextProvider()
        let viewer: SignedIn | null = null
        const token = request.cookies.accessToken
        // The same check as the API: an ended sign-in or a disabled account sees no personal pages.
        if (token) viewer = await services.accounts.authenticate(token)
        const nonce = (reply.raw as CspResponse).cspNonce ?? nextNonce()
        context.set(appContext, {
          services: watchServices(services, request),
          nonce,
          publicUrl: config.PUBLIC_URL,
          viewer,
          clientIp: request.ip,
          i18n: translations[request.language],
        })
        return context
      },
    })
  }

  if (opts.jobs ?? config.NODE_ENV !== 'test') {
    let sweeper: ReturnType<typeof startSweeper> | null = null
    app.addHook('onReady', async () => {
      // Reconciliation first, so an order paid while its callbacks were lost is not expired meanwhile.
      const work = async () => ({
        ...(await services.payments.reconcile()),
        ...(await services.orders.sweep()),
        ...(await services.sevas.sweep()),
        returnRefunds: await services.returnRequests.retryRefunds(),
        ...(await services.stockAlerts.sendDue()),
        ...(await services.shipments.poll()),
        ...(await services.shipments.fetchRemittancesIfDue()),
      })
      sweeper = startSweeper({ everyMs: 60_000, log: app.log, work })
    })
    app.addHook('onClose', async () => {
      await sweeper?.stop()
    })
  }
  // E-mails go out within seconds; with no SMTP_URL there is nothing to send (they are kept for the console).
  if ((opts.jobs ?? config.NODE_ENV !== 'test') && services.mail.sending) {
    let mailer: ReturnType<typeof startSweeper> | null = null
    app.addHook('onReady', async () => {
      const work = async () => {
        const done = await services.mail.deliverDue()
        metrics.mails.inc({ result: 'sent' }, done.sent)
        metrics.mails.inc({ result: 'failed' }, done.failed)
        return done
      }
      mailer = startSweeper({ everyMs: 2_000, log: app.log, work })
    })
    app.addHook('onClose', async () => {
      await mailer?.stop()
    })
  }
  // WhatsApp and SMS messages are handed to their providers within seconds; the sandbox takes them at once.
  if (opts.jobs ?? config.NODE_ENV !== 'test') {
    let messenger: ReturnType<typeof startSweeper> | null = null
    app.addHook('onReady', async () => {
      const work = async () => {
        const done = await services.messaging.deliverDue()
        metrics.messages.inc({ result: 'sent' }, done.sent)
        metrics.messages.inc({ result: 'failed' }, done.failed + done.abandoned)
        return { messagesSent: done.sent, messagesFailed: done.failed, messagesAbandoned: done.abandoned }
      }
      messenger = startSweeper({ everyMs: 2_000, log: app.log, work })
    })
    app.addHook('onClose', async () => {
      await messenger?.stop()
    })
  }
  app.addHook('onClose', async () => services.mail.close())

  return Object.assign(app, { services, cacheBroadcast: broadcast, limits }) as ShopApp
}
