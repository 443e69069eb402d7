/**
 * Remembers for a few seconds that a sign-in (refresh token family) is live, so each authenticated
 * request need not ask the database. Ending a sign-in, or changing an account's role, forgets it here at
 * once and, through `notices` (several instances on one PostgreSQL: docs/decisions/066), on every other
 * instance within the notice's delay; without notices another process sees it within `ttlMs`.
 */
import type { StaffRole } from '../../../contracts/staff.ts'
import type { SessionForget, SessionNotices } from '../../lib/cache-broadcast.ts'

export type LiveSession = { userId: string; role: 'customer' | 'admin'; staffRole: StaffRole | null }

export function createSessionCache(opts: {
  ttlMs: number
  max?: number
  now?: () => number
  notices?: SessionNotices | null
}) {
  const now = opts.now ?? Date.now
  const max = opts.max ?? 10_000
  const entries = new Map<string, { session: LiveSession; until: number }>()
  // Counts forgets, so an answer read from the database before one is not cached after it.
  let epoch = 0
  const forgetHere = (forget: SessionForget) => {
    epoch += 1
    if ('all' in forget) entries.clear()
    else if ('sessionId' in forget) entries.delete(forget.sessionId)
    else for (const [sid, e] of entries) if (e.session.userId === forget.userId) entries.delete(sid)
  }
  opts.notices?.subscribe(forgetHere)
  const forget = (f: SessionForget) => {
    forgetHere(f)
    opts.notices?.publish(f)
  }
  return {
    get(sid: string): LiveSession | undefined {
      const e = entries.get(sid)
      if (!e) return undefined
      if (e.until <= now()) {
        entries.delete(sid)
        return undefined
      }
      return e.session
    },
    /** The epoch to hand back to `set` with an answer read from the database. */
    epoch: () => epoch,
    /** Caches `session` unless something was forgotten since `readAt` (then the answer may be stale). */
    set(sid: string, session: LiveSession, readAt = epoch) {
      if (readAt !== epoch) return
      // Oldest first out: a Map iterates in insertion order.
      if (entries.size >= max) entries.delete(entries.keys().next().value as string)
      entries.set(sid, { session, until: now() + opts.ttlMs })
    },
    forgetSession(sid: string) {
      forget({ sessionId: sid })
    },
    forgetUser(userId: string) {
      forget({ userId })
    },
  }
}
export type SessionCache = ReturnType<typeof createSessionCache>
