import { randomBytes } from 'node:crypto'
import pg from 'pg'
import type { CatalogueCache, CatalogueChange } from './cache.ts'

/** The PostgreSQL channel every instance of one shop listens on (docs/decisions/066). */
const cacheChannel = 'shop_cache_invalidate'
/** Sign-ins to forget (ended, or their account's role changed): `{ from, sessionId | userId }` as JSON. */
const sessionChannel = 'shop_session_forget'

/** Cached sign-ins to forget: one sign-in, every sign-in of an account, or all (notices were lost). */
export type SessionForget = { sessionId: string } | { userId: string } | { all: true }
/** Carries forgets between instances; `subscribe` hears only those sent by other instances. */
export type SessionNotices = {
  publish(forget: SessionForget): void
  subscribe(listener: (forget: SessionForget) => void): void
}

type Log = { info(obj: object, msg: string): void; warn(obj: object, msg: string): void }

export type CacheBroadcast = {
  /** The cache to hand to services: its `invalidate()` also tells every other instance. */
  cache: CatalogueCache
  /** For the accounts service's sign-in cache: a forget here reaches every other instance's. */
  sessions: SessionNotices
  /** Resolves once the first LISTEN is in place (or has failed and a retry is scheduled). */
  ready: Promise<void>
  /** True while the listening connection is up. */
  listening(): boolean
  /** The server process holding the listening connection (tests end it to check the reconnect). */
  listenerPid(): number | null
  close(): Promise<void>
}

/**
 * Shares cache invalidation between instances on one PostgreSQL database.
 *
 * A local write drops this instance's caches at once and sends a NOTIFY naming this instance; every
 * other instance drops its own on the notice. Sign-ins the accounts service forgets (ended, role
 * changed) travel the same way on a channel of their own. The listening connection is dedicated and reconnects by
 * itself; on every reconnect the caches are dropped, since notices sent while it was down are lost.
 */
export function startCacheBroadcast(opts: {
  url: string
  local: CatalogueCache
  /** Sends one notice; the pool's `select pg_notify(...)`, so a write does not wait for the listener. */
  notify: (channel: string, payload: string) => Promise<unknown>
  log: Log
  connectTimeoutMs?: number
  /** First retry delay; doubles up to `maxRetryMs`. */
  retryMs?: number
  maxRetryMs?: number
}): CacheBroadcast {
  const { local, log } = opts
  const self = randomBytes(9).toString('base64url')
  const baseRetry = opts.retryMs ?? 250
  const maxRetry = opts.maxRetryMs ?? 5000
  let client: pg.Client | null = null
  let up = false
  let closed = false
  let everUp = false
  let retry = baseRetry
  let timer: NodeJS.Timeout | null = null
  let resolveReady: () => void = () => {}
  const ready = new Promise<void>((resolve) => {
    resolveReady = resolve
  })
  const sessionListeners: Array<(forget: SessionForget) => void> = []
  const forgetSessions = (forget: SessionForget) => {
    for (const l of sessionListeners) l(forget)
  }

  function schedule() {
    if (closed || timer) return
    timer = setTimeout(() => {
      timer = null
      void connect()
    }, retry)
    timer.unref()
    retry = Math.min(retry * 2, maxRetry)
  }

  function lost(reason: string) {
    if (!up && !client) return
    const old = client
    client = null
    if (up) log.warn({ reason }, 'cache notices lost; reconnecting')
    up = false
    old?.removeAllListeners('end')
    old?.on('error', () => {})
    old?.end().catch(() => {})
    schedule()
  }

  async function connect() {
    if (closed) return
    const c = new pg.Client({
      connectionString: opts.url,
      connectionTimeoutMillis: opts.connectTimeoutMs ?? 5000,
      keepAlive: true,
    })
    client = c
    c.on('error', (err) => lost(err.message))
    c.on('end', () => lost('connection ended'))
    c.on('notification', (msg) => {
      if (msg.channel === cacheChannel) {
        const notice = cacheNoticeFrom(msg.payload, self)
        if (notice) local.invalidate(notice.change)
      }
      if (msg.channel === sessionChannel) {
        const forget = sessionForgetFrom(msg.payload, self)
        if (forget) forgetSessions(forget)
      }
    })
    try {
      await c.connect()
      await c.query(`LISTEN ${cacheChannel}; LISTEN ${sessionChannel}`)
      if (closed || client !== c) {
        await c.end().catch(() => {})
        return
      }
      up = true
      retry = baseRetry
      // Notices sent while this instance was not listening are gone: start again from the database.
      if (everUp) {
        local.invalidate()
        forgetSessions({ all: true })
        log.info({}, 'cache notices back; caches dropped')
      }
      everUp = true
    } catch (err) {
      if (client === c) {
        client = null
        c.removeAllListeners('end')
        c.end().catch(() => {})
        if (!everUp) log.warn({ reason: (err as Error).message }, 'cache notices not listening yet; retrying')
        schedule()
      }
    } finally {
      resolveReady()
    }
  }

  void connect()

  const cache: CatalogueCache = {
    get: (key, load) => local.get(key, load),
    body: (key, load) => local.body(key, load),
    invalidate(change) {
      local.invalidate(change)
      opts.notify(cacheChannel, cacheNotice(self, change)).catch((err: Error) => {
        // The others still catch up through the page cache's expiry; the write itself has succeeded.
        log.warn({ reason: err.message }, 'cache notice not sent')
      })
    },
    onInvalidate: (listener) => local.onInvalidate(listener),
  }

  const sessions: SessionNotices = {
    publish(forget) {
      opts.notify(sessionChannel, JSON.stringify({ from: self, ...forget })).catch((err: Error) => {
        // The others still drop the sign-in when their cached copy expires (a few seconds).
        log.warn({ reason: err.message }, 'session notice not sent')
      })
    },
    subscribe: (listener) => void sessionListeners.push(listener),
  }

  return {
    cache,
    sessions,
    ready,
    listening: () => up,
    listenerPid: () =>
      up && client ? ((client as unknown as { processID?: number }).processID ?? null) : null,
    async close() {
      closed = true
      if (timer) clearTimeout(timer)
      const c = client
      client = null
      up = false
      if (c) {
        c.removeAllListeners('end')
        c.on('error', () => {})
        await c.end().catch(() => {})
      }
    },
  }
}

/** A notice's payload stays under PostgreSQL's 8,000 bytes: more products than this are sent as 'anything'. */
const maxStockIdsInNotice = 150

/** The cache notice's payload: the sender alone (anything changed), or JSON with the products whose stock did. */
function cacheNotice(self: string, change: CatalogueChange | undefined): string {
  if (!change || change.stockOf.length > maxStockIdsInNotice) return self
  return JSON.stringify({ from: self, stockOf: change.stockOf })
}

/** A cache notice from another instance, with its change when it says one; null for our own. */
function cacheNoticeFrom(payload: string | undefined, self: string): { change?: CatalogueChange } | null {
  if (payload === self) return null
  if (!payload?.startsWith('{')) return {}
  try {
    const notice = JSON.parse(payload) as { from?: unknown; stockOf?: unknown }
    if (notice.from === self) return null
    const ids = notice.stockOf
    if (Array.isArray(ids) && ids.every((id) => typeof id === 'string')) return { change: { stockOf: ids } }
    return {}
  } catch {
    return {}
  }
}

/** A session notice from another instance, or null for our own or one we cannot read. */
function sessionForgetFrom(payload: string | undefined, self: string): SessionForget | null {
  try {
    const notice = JSON.parse(payload ?? '') as { from?: unknown; sessionId?: unknown; userId?: unknown }
    if (notice.from === self) return null
    if (typeof notice.sessionId === 'string') return { sessionId: notice.sessionId }
    if (typeof notice.userId === 'string') return { userId: notice.userId }
    return null
  } catch {
    return null
  }
}
