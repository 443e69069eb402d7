import { hashedKey, type SharedLimits } from '../../lib/shared-limits.ts'

/**
 * Counts sign-in attempts per key in fixed windows. An attempt is reserved with `take` BEFORE the
 * password is checked, so however many guesses arrive at once, at most `max` checks run per window.
 * In memory per process; with REDIS_URL in Redis, shared by every instance (docs/decisions/069).
 */
export type AttemptLimiter = {
  /** Reserves one attempt: 0 when it may go ahead (and is now counted), else seconds until it may. */
  take(key: string): Promise<number>
  /** Gives one reserved attempt back (a sign-in that did not count against this key). */
  refund(key: string): Promise<void>
  /** Forgets the key's attempts (a successful sign-in clears its account's counter). */
  clear(key: string): Promise<void>
}

export function createMemoryLimiter(opts: { max: number; windowSeconds: number; now?: () => number }) {
  const now = opts.now ?? Date.now
  const entries = new Map<string, { count: number; resetAt: number }>()
  const current = (key: string) => {
    const e = entries.get(key)
    if (e && e.resetAt <= now()) {
      entries.delete(key)
      return undefined
    }
    return e
  }
  const sweep = () => {
    if (entries.size < 10_000) return
    for (const [k, e] of entries) if (e.resetAt <= now()) entries.delete(k)
  }
  // Check and count happen in one synchronous step: no await between them, so no race.
  const takeNow = (key: string): number => {
    sweep()
    const e = current(key)
    if (!e) {
      entries.set(key, { count: 1, resetAt: now() + opts.windowSeconds * 1000 })
      return 0
    }
    if (e.count >= opts.max) return Math.max(1, Math.ceil((e.resetAt - now()) / 1000))
    e.count += 1
    return 0
  }
  return {
    async take(key) {
      return takeNow(key)
    },
    async refund(key) {
      const e = current(key)
      if (e && e.count > 0) e.count -= 1
    },
    async clear(key) {
      entries.delete(key)
    },
  } satisfies AttemptLimiter
}

export type LimiterSettings = { max: number; windowSeconds: number }
/** Makes the limiter called `name` (its keys in Redis start with it). */
export type LimiterFactory = (name: string, settings: LimiterSettings) => AttemptLimiter

export const memoryLimiters: LimiterFactory = (_name, settings) => createMemoryLimiter(settings)

/**
 * The same limiter on Redis: `take` checks and counts in one script, so racing guesses on several
 * instances still get at most `max` checks. A call Redis does not answer in time goes to the memory
 * limiter instead, so a sign-in never fails or waits because of Redis.
 */
export function createSharedLimiter(
  limits: SharedLimits,
  name: string,
  settings: LimiterSettings,
  memory: AttemptLimiter = createMemoryLimiter(settings),
): AttemptLimiter {
  const windowMs = settings.windowSeconds * 1000
  const keyOf = (key: string) => `${limits.prefix}attempts:${name}:${hashedKey(key)}`
  return {
    take: (key) =>
      limits.attempt(
        async (redis) => {
          const waitMs = await redis.shopTakeAttempt(keyOf(key), settings.max, windowMs)
          return waitMs > 0 ? Math.max(1, Math.ceil(waitMs / 1000)) : 0
        },
        () => memory.take(key),
      ),
    refund: (key) =>
      limits.attempt(
        async (redis) => {
          await redis.shopRefundAttempt(keyOf(key))
        },
        () => memory.refund(key),
      ),
    clear: (key) =>
      limits.attempt(
        async (redis) => {
          await redis.del(keyOf(key))
        },
        () => memory.clear(key),
      ),
  }
}

export const sharedLimiters =
  (limits: SharedLimits): LimiterFactory =>
  (name, settings) =>
    createSharedLimiter(limits, name, settings)
