import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { pushSubscriptions } from './tables.ts'

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect

export function createPushRepo(db: DbOrTx) {
  return {
    /**
     * One row per endpoint: a browser subscribing again (new keys, or another account signed in on it)
     * takes the row over and starts it afresh.
     */
    async upsert(row: {
      id: string
      userId: string
      endpoint: string
      p256dh: string
      auth: string
      device: string
      now: Date
    }): Promise<PushSubscriptionRow> {
      const [saved] = await db
        .insert(pushSubscriptions)
        .values({
          id: row.id,
          userId: row.userId,
          endpoint: row.endpoint,
          p256dh: row.p256dh,
          auth: row.auth,
          device: row.device,
          createdAt: row.now,
        })
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: {
            userId: row.userId,
            p256dh: row.p256dh,
            auth: row.auth,
            device: row.device,
            createdAt: row.now,
            lastSentAt: null,
            endedAt: null,
          },
        })
        .returning()
      return saved!
    },

    /** A user's live subscriptions, newest first. */
    liveOf(userId: string): Promise<PushSubscriptionRow[]> {
      return db
        .select()
        .from(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), isNull(pushSubscriptions.endedAt)))
        .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
    },

    async byId(id: string): Promise<PushSubscriptionRow | null> {
      const [row] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id))
      return row ?? null
    },

    byIds(ids: string[]): Promise<Array<Pick<PushSubscriptionRow, 'id' | 'device'>>> {
      if (ids.length === 0) return Promise.resolve([])
      return db
        .select({ id: pushSubscriptions.id, device: pushSubscriptions.device })
        .from(pushSubscriptions)
        .where(inArray(pushSubscriptions.id, ids))
    },

    /** Ends a live subscription (of this user, when one is named); false when there was none to end. */
    async end(id: string, now: Date, userId?: string): Promise<boolean> {
      const ended = await db
        .update(pushSubscriptions)
        .set({ endedAt: now })
        .where(
          and(
            eq(pushSubscriptions.id, id),
            isNull(pushSubscriptions.endedAt),
            userId ? eq(pushSubscriptions.userId, userId) : undefined,
          ),
        )
        .returning({ id: pushSubscriptions.id })
      return ended.length > 0
    },

    async markSent(id: string, now: Date): Promise<void> {
      await db
        .update(pushSubscriptions)
        .set({
          lastSentAt: sql`greatest(${pushSubscriptions.lastSentAt}, ${now.toISOString()}::timestamptz)`,
        })
        .where(eq(pushSubscriptions.id, id))
    },
  }
}
