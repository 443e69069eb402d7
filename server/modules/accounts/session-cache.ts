/**
 * Remembers for a few seconds that a sign-in (refresh token family) is live, so each authenticated
 * request need not ask the database. Ending a sign-in in this process forgets it at once; another
 * process sees the end within `ttlMs`.
 */
import type { StaffRole } from '../../../contracts/staff.ts'

export type LiveSession = { userId: string; role: 'customer' | 'admin'; staffRole: StaffRole | null }

export function createSessionCache(opts: { ttlMs: number; max?: number; now?: () => number }) {
  const now = opts.now ?? Date.now
  const max = opts.max ?? 10_000
  const entries = new Map<string, { session: LiveSession; until: number }>()
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
    set(sid: string, session: LiveSession) {
      // Oldest first out: a Map iterates in insertion order.
      if (entries.size >= max) entries.delete(entries.keys().next().value as string)
      entries.set(sid, { session, until: now() + opts.ttlMs })
    },
    forgetSession(sid: string) {
      entries.delete(sid)
    },
    forgetUser(userId: string) {
      for (const [sid, e] of entries) if (e.session.userId === userId) entries.delete(sid)
    },
  }
}
export type SessionCache = ReturnType<typeof createSessionCache>
