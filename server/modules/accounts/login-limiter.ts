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
  // Read on each use, so a test that moves the clock (vi.useFakeTimers) moves the windows too.
  const now = opts.now ?? (() => Date.now())
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

/**
 * The sign-in limits (docs/decisions/021), each a fixed 15-minute window of password checks that failed:
 * per account from anywhere, per account from one client address, and a ceiling per client address over
 * every account. The ceiling is high because many phones share one carrier address (CGNAT).
 */
export const signInLimits = {
  account: { max: 5, windowSeconds: 15 * 60 },
  pair: { max: 5, windowSeconds: 15 * 60 },
  address: { max: 100, windowSeconds: 15 * 60 },
} as const satisfies Record<string, LimiterSettings>
export type SignInLimit = keyof typeof signInLimits

/** One sign-in's reserved attempts, settled by how its password check went. */
export type SignInAttempt = {
  /** 0 when the password may be checked (one attempt is now counted on each limit); else seconds to wait. */
  wait: number
  /** The right password: the account and this address's count for it start again, the address's ceiling gets its attempt back. */
  passed(): Promise<void>
  /** No password was checked after all (something failed first): every attempt is given back. */
  unchecked(): Promise<void>
}

export function createSignInLimits(
  make: LimiterFactory,
  given: Partial<Record<SignInLimit, AttemptLimiter>> = {},
) {
  const address = given.address ?? make('sign-in-address', signInLimits.address)
  const account = given.account ?? make('sign-in-account', signInLimits.account)
  const pair = given.pair ?? make('sign-in-pair', signInLimits.pair)
  return {
    /** The per-account limit alone (the password checks of a password or e-mail change count there too). */
    account,
    /**
     * Reserves one attempt on each limit before the password is checked, so racing guesses cannot get more
     * checks than any limit allows. `password` is the account's stored hash ('' for an unknown e-mail): the
     * pair counts guesses at the current password, so a new one (a reset) starts the pair afresh.
     */
    async reserve(who: { account: string; address: string; password: string }): Promise<SignInAttempt> {
      const pairKey = `${who.account}\n${hashedKey(who.password)}\n${who.address}`
      const steps: Array<[AttemptLimiter, string]> = [
        [address, who.address],
        [account, who.account],
        [pair, pairKey],
      ]
      const held: Array<[AttemptLimiter, string]> = []
      const giveBack = async () => {
        for (const [limiter, key] of held) await limiter.refund(key)
      }
      for (const [limiter, key] of steps) {
        const wait = await limiter.take(key)
        if (wait > 0) {
          // Refused before any check: the attempts reserved so far are given back.
          await giveBack()
          return { wait, passed: async () => {}, unchecked: async () => {} }
        }
        held.push([limiter, key])
      }
      return {
        wait: 0,
        async passed() {
          await account.clear(who.account)
          await pair.clear(pairKey)
          await address.refund(who.address)
        },
        unchecked: giveBack,
      }
    },
  }
}
export type SignInLimits = ReturnType<typeof createSignInLimits>
