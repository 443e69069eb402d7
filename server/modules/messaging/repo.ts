import { and, desc, eq, gt, inArray, lte, or, sql } from 'drizzle-orm'
import type { MessageStatus, PhoneChannel } from '../../../contracts/messaging.ts'
import type { DbOrTx } from '../../db/client.ts'
import { messageOutbox } from './tables.ts'

export type MessageRow = typeof messageOutbox.$inferSelect
export type MessageInsert = typeof messageOutbox.$inferInsert

export function createMessagingRepo(db: DbOrTx) {
  return {
    async insert(row: MessageInsert): Promise<MessageRow> {
      const [inserted] = await db.insert(messageOutbox).values(row).returning()
      return inserted!
    },

    /** Deletes messages of a kind about a thing that wait for a later time and were never tried. */
    async withdraw(kind: string, regarding: string, now: Date): Promise<number> {
      const gone = await db
        .delete(messageOutbox)
        .where(
          and(
            eq(messageOutbox.kind, kind),
            eq(messageOutbox.regarding, regarding),
            eq(messageOutbox.status, 'queued'),
            eq(messageOutbox.attempts, 0),
            gt(messageOutbox.nextAttemptAt, now),
          ),
        )
        .returning({ id: messageOutbox.id })
      return gone.length
    },

    /**
     * Takes up to `limit` due messages and leases them to this caller (SKIP LOCKED: two instances claim
     * different rows). Unlike e-mails, a lease that ran out is not taken again: see `abandoned`.
     */
    async claimDue(now: Date, leaseMs: number, limit: number): Promise<MessageRow[]> {
      const due = await db
        .select({ id: messageOutbox.id })
        .from(messageOutbox)
        .where(and(eq(messageOutbox.status, 'queued'), lte(messageOutbox.nextAttemptAt, now)))
        .orderBy(messageOutbox.nextAttemptAt, messageOutbox.createdAt, messageOutbox.id)
        .limit(limit)
        .for('update', { skipLocked: true })
      if (due.length === 0) return []
      const claimed = await db
        .update(messageOutbox)
        .set({ status: 'sending', claimedUntil: new Date(now.getTime() + leaseMs) })
        .where(
          inArray(
            messageOutbox.id,
            due.map((d) => d.id),
          ),
        )
        .returning()
      const position = new Map(due.map((d, i) => [d.id, i]))
      return claimed.sort((a, b) => position.get(a.id)! - position.get(b.id)!)
    },

    /**
     * Messages whose sender stopped while handing them to the provider (the lease ran out in 'sending'):
     * they may have gone, so they are marked failed for staff to retry by hand, never re-sent on their own.
     */
    async abandoned(now: Date, lastError: string): Promise<number> {
      const rows = await db
        .update(messageOutbox)
        .set({ status: 'failed', claimedUntil: null, lastError })
        .where(and(eq(messageOutbox.status, 'sending'), lte(messageOutbox.claimedUntil, now)))
        .returning({ id: messageOutbox.id })
      return rows.length
    },

    /** The provider took it; a sealed code is no longer kept, unless the sandbox (the Outbox is its phone). */
    async markSent(
      id: string,
      values: { providerMessageId: string; keepSealed: boolean; delivered: boolean },
    ) {
      const now = new Date()
      await db
        .update(messageOutbox)
        .set({
          status: 'sent',
          sentAt: now,
          claimedUntil: null,
          lastError: null,
          providerMessageId: values.providerMessageId,
          ...(values.keepSealed ? {} : { sealed: null }),
          ...(values.delivered ? { delivery: 'delivered' as const, deliveredAt: now } : {}),
        })
        .where(eq(messageOutbox.id, id))
    },

    async markAttemptFailed(
      id: string,
      values: { attempts: number; lastError: string; nextAttemptAt: Date; gaveUp: boolean },
    ) {
      await db
        .update(messageOutbox)
        .set({
          status: values.gaveUp ? 'failed' : 'queued',
          attempts: values.attempts,
          lastError: values.lastError,
          nextAttemptAt: values.nextAttemptAt,
          claimedUntil: null,
        })
        .where(eq(messageOutbox.id, id))
    },

    /**
     * A status the provider reported. Only a later step is kept (sent < delivered < read; failed ends it),
     * so callbacks arriving out of order or twice leave the furthest one.
     */
    async applyDelivery(
      provider: string,
      event: {
        providerMessageId: string
        status: NonNullable<MessageRow['delivery']>
        at: Date
        error: string | null
      },
    ): Promise<boolean> {
      const rank = sql`case ${messageOutbox.delivery} when 'sent' then 1 when 'delivered' then 2 when 'read' then 3 when 'failed' then 4 else 0 end`
      const next = { sent: 1, delivered: 2, read: 3, failed: 4 }[event.status]
      const rows = await db
        .update(messageOutbox)
        .set({
          delivery: event.status,
          deliveryError: event.error,
          ...(event.status === 'delivered' || event.status === 'read' ? { deliveredAt: event.at } : {}),
        })
        .where(
          and(
            eq(messageOutbox.provider, provider),
            eq(messageOutbox.providerMessageId, event.providerMessageId),
            sql`${rank} < ${next}`,
          ),
        )
        .returning({ id: messageOutbox.id })
      return rows.length > 0
    },

    /** Staff ask for another try of a failed or waiting message: it is due at once. */
    async requeue(id: string, now: Date): Promise<MessageRow | undefined> {
      const [row] = await db
        .update(messageOutbox)
        .set({ status: 'queued', nextAttemptAt: now, claimedUntil: null })
        .where(and(eq(messageOutbox.id, id), inArray(messageOutbox.status, ['failed', 'queued'])))
        .returning()
      return row
    },

    /** A page of one channel's messages, newest first; without `accountMessages`, codes are left out. */
    async list(opts: {
      channel: PhoneChannel
      status?: MessageStatus
      page: number
      pageSize: number
      accountMessages: readonly string[] | null
    }) {
      const where = and(
        eq(messageOutbox.channel, opts.channel),
        opts.status ? eq(messageOutbox.status, opts.status) : undefined,
        opts.accountMessages
          ? sql`${messageOutbox.kind} not in (${sql.join(
              opts.accountMessages.map((k) => sql`${k}`),
              sql`, `,
            )})`
          : undefined,
      )
      const rows = await db
        .select()
        .from(messageOutbox)
        .where(where)
        .orderBy(desc(messageOutbox.createdAt), desc(messageOutbox.id))
        .limit(opts.pageSize)
        .offset((opts.page - 1) * opts.pageSize)
      const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(messageOutbox).where(where)
      return { rows, total: count?.n ?? 0 }
    },

    async byId(id: string): Promise<MessageRow | undefined> {
      const [row] = await db.select().from(messageOutbox).where(eq(messageOutbox.id, id))
      return row
    },

    /** How many messages the shop gave up sending. */
    async failedCount() {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(messageOutbox)
        .where(or(eq(messageOutbox.status, 'failed'), eq(messageOutbox.delivery, 'failed')))
      return row?.n ?? 0
    },
  }
}
