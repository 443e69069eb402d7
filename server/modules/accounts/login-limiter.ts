/**
 * Counts sign-in attempts per key in fixed windows. An attempt is reserved with `take` BEFORE the
 * password is checked, so however many guesses arrive at once, at most `max` checks run per window.
 * In memory per process; with several app instances the same interface would sit on Redis
 * (an INCR with an expiry does `take` in one step).
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
