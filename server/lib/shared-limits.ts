import { createHash } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import { Redis, type Result } from 'ioredis'

/**
 * The shop's limits in Redis, shared by every instance (docs/decisions/069): one connection per process,
 * used by the request rate limits and the sign-in limits. Every call is bounded (COMMAND_TIMEOUT_MS, no
 * offline queue), and while Redis does not answer the limits are kept in this process's memory, as
 * without REDIS_URL. The switch each way is logged once, not once per request.
 */
export type SharedLimits = {
  redis: Redis
  /** Starts every key the shop writes (REDIS_PREFIX). */
  prefix: string
  /**
   * Counts through Redis when it answers within COMMAND_TIMEOUT_MS, else through `local` (the memory
   * count): never throws because of Redis, never waits longer than the bound.
   */
  attempt<T>(shared: (redis: Redis) => Promise<T>, local: () => T | Promise<T>): Promise<T>
  /** Where limits are counted right now. */
  store(): 'redis' | 'memory'
  /** Settles once connected or once the first attempt failed, within START_WAIT_MS. */
  started: Promise<void>
  /** Resolves when Redis answers PING within the command timeout; throws otherwise. */
  ping(): Promise<void>
  close(): Promise<void>
}

/** The longest any Redis call may take before the limit is counted in memory instead, unless told otherwise. */
export const COMMAND_TIMEOUT_MS = 200
/** While in memory on a connection that is open but silent, Redis is tried again this often. */
const PROBE_EVERY_MS = 1000
const START_WAIT_MS = 2000

// Fixed windows, as the in-memory stores count: the first hit starts the window; a key never lives without one.
const scripts = {
  // Rate limit: one more request; answers [requests in the window, milliseconds until it ends].
  shopCountRequest: {
    numberOfKeys: 1,
    lua: `
      local current = redis.call('INCR', KEYS[1])
      local ttl = redis.call('PTTL', KEYS[1])
      if current == 1 or ttl < 0 then
        redis.call('PEXPIRE', KEYS[1], ARGV[1])
        ttl = tonumber(ARGV[1])
      end
      return {current, ttl}`,
  },
  // Sign-in attempt: reserved in one step (0), or refused with the milliseconds until the window ends.
  shopTakeAttempt: {
    numberOfKeys: 1,
    lua: `
      local count = tonumber(redis.call('GET', KEYS[1]) or '0')
      if count >= tonumber(ARGV[1]) then
        local ttl = redis.call('PTTL', KEYS[1])
        if ttl > 0 then return ttl end
        redis.call('PEXPIRE', KEYS[1], ARGV[2])
        return tonumber(ARGV[2])
      end
      local current = redis.call('INCR', KEYS[1])
      if current == 1 or redis.call('PTTL', KEYS[1]) < 0 then
        redis.call('PEXPIRE', KEYS[1], ARGV[2])
      end
      return 0`,
  },
  // Gives one reserved attempt back, never below zero; the window keeps its end.
  shopRefundAttempt: {
    numberOfKeys: 1,
    lua: `
      local count = tonumber(redis.call('GET', KEYS[1]) or '0')
      if count > 0 then redis.call('DECR', KEYS[1]) end
      return 0`,
  },
}

declare module 'ioredis' {
  interface RedisCommander<Context> {
    shopCountRequest(key: string, windowMs: number): Result<[number, number], Context>
    shopTakeAttempt(key: string, max: number, windowMs: number): Result<number, Context>
    shopRefundAttempt(key: string): Result<number, Context>
  }
}

/** Client addresses and e-mail addresses go into keys hashed, so Redis holds none of them readable. */
export const hashedKey = (raw: string) => createHash('sha256').update(raw).digest('base64url').slice(0, 24)

/**
 * Rejects when `work` has not settled `ms` after it started. A reply that came in while the event loop
 * was busy (a long page render, an embedded database query) is read before giving up, so a busy process
 * does not mistake itself for a silent Redis: the check runs after the loop's next poll for input.
 */
export function bounded<T>(work: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false
    const timer = setTimeout(() => {
      setImmediate(() => {
        if (settled) return
        settled = true
        reject(new Error(`Redis gave no answer within ${ms} ms`))
      })
    }, ms)
    work.then(
      (value) => {
        if (settled) return
        settled = true
        clearTimeout(timer)
        resolve(value)
      },
      (err) => {
        if (settled) return
        settled = true
        clearTimeout(timer)
        reject(err)
      },
    )
  })
}

const reasonOf = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 200)

export function openSharedLimits(opts: {
  url: string
  prefix: string
  /** The bound of every call (REDIS_COMMAND_TIMEOUT_MS); COMMAND_TIMEOUT_MS when not given. */
  commandTimeoutMs?: number
  log: FastifyBaseLogger
  /** Called each time limits fall back from Redis to memory (a metric counts them). */
  onFallback?: () => void
}): SharedLimits {
  const { log } = opts
  const bound = opts.commandTimeoutMs ?? COMMAND_TIMEOUT_MS
  const redis = new Redis(opts.url, {
    scripts,
    connectionName: 'shop-limits',
    // Commands are bounded by `bounded` (ioredis's own commandTimeout fires after a busy event loop
    // even when the reply is already waiting to be read).
    connectTimeout: 1000,
    // A command while disconnected fails at once instead of waiting in a queue for Redis to return.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    autoResendUnfulfilledCommands: false,
    // Reconnects for ever: 200 ms doubling to 2 s between attempts.
    retryStrategy: (times) => Math.min(100 * 2 ** Math.min(times, 5), 2000),
  })
  let state: 'connecting' | 'redis' | 'memory' = 'connecting'
  let probeAt = 0
  let closing = false
  let settle: () => void = () => {}
  const started = new Promise<void>((resolve) => {
    settle = resolve
  })

  // Whether Redis has held the limits at all since the start: a start slower than START_WAIT_MS (a busy
  // machine) falls back to memory first, and Redis coming up then is its first arrival, not a return.
  let everShared = false
  const toRedis = () => {
    if (state === 'redis' || closing) return
    state = 'redis'
    settle()
    if (!everShared) log.info('Rate and sign-in limits are kept in Redis, shared by every instance')
    else log.info('Redis answers again: rate and sign-in limits are shared by every instance again')
    everShared = true
  }
  const toMemory = (err: unknown) => {
    if (closing) return
    probeAt = Date.now() + PROBE_EVERY_MS
    if (state === 'memory') return
    state = 'memory'
    settle()
    opts.onFallback?.()
    log.warn(
      { reason: reasonOf(err) },
      "Redis (REDIS_URL) is not reachable: rate and sign-in limits are kept in this instance's memory until it answers again",
    )
  }

  redis.on('ready', toRedis)
  // Each failed reconnect also raises 'error': only the first failure of an outage is logged.
  redis.on('error', (err) => {
    if (state !== 'memory') toMemory(err)
  })
  redis.on('close', () => {
    if (state === 'redis') toMemory(new Error('the connection to Redis closed'))
  })
  const timer = setTimeout(() => {
    // After the next poll for input, as in `bounded`: a connection that just came up is seen first.
    setImmediate(() => {
      if (state === 'connecting') toMemory(new Error(`no answer within ${START_WAIT_MS} ms`))
    })
  }, START_WAIT_MS)
  timer.unref()

  const usable = () => {
    if (state === 'redis') return true
    if (state !== 'memory' || redis.status !== 'ready' || Date.now() < probeAt) return false
    // Connected but silent (a hung server): one call a second tries it again.
    probeAt = Date.now() + PROBE_EVERY_MS
    return true
  }

  return {
    redis,
    prefix: opts.prefix,
    async attempt(shared, local) {
      if (!usable()) return local()
      let answer: Awaited<ReturnType<typeof shared>>
      try {
        answer = await bounded(shared(redis), bound)
      } catch (err) {
        toMemory(err)
        return local()
      }
      toRedis()
      return answer
    },
    store: () => (state === 'redis' ? 'redis' : 'memory'),
    started,
    async ping() {
      if (redis.status !== 'ready') throw new Error(`not connected (${redis.status})`)
      try {
        await bounded(redis.ping(), bound)
      } catch (err) {
        toMemory(err)
        throw err
      }
      toRedis()
    },
    async close() {
      closing = true
      clearTimeout(timer)
      settle()
      if (redis.status === 'ready') {
        await Promise.race([redis.quit().catch(() => {}), new Promise((r) => setTimeout(r, 500))])
      }
      redis.disconnect()
    },
  }
}
