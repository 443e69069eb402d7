/**
 * Counts failed sign-ins per key in fixed windows. In memory per process; with several app instances
 * the same interface would sit on Redis (REDIS_URL), like the global rate limiter.
 */
export type AttemptLimiter = {
  /** Seconds until the key may try again, or 0 when it may try now. */
  blockedFor(key: string): number
  fail(key: string): void
  reset(key: string): void
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
  return {
    blockedFor(key) {
      const e = current(key)
      return e && e.count >= opts.max ? Math.max(1, Math.ceil((e.resetAt - now()) / 1000)) : 0
    },
    fail(key) {
      sweep()
      const e = current(key)
      if (e) e.count += 1
      else entries.set(key, { count: 1, resetAt: now() + opts.windowSeconds * 1000 })
    },
    reset(key) {
      entries.delete(key)
    },
  } satisfies AttemptLimiter
}
