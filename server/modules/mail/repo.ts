import { and, count, desc, eq, gt, inArray, lte, notInArray, or, sql } from 'drizzle-orm'
import { accountMailKinds } from '../../../contracts/mail.ts'
import type { DbOrTx } from '../../db/client.ts'
import { mailOutbox } from './tables.ts'

export type OutboxRow = typeof mailOutbox.$inferSelect
export type OutboxInsert = typeof mailOutbox.$inferInsert

export function createMailRepo(db: DbOrTx) {
  return {
    async insert(row: OutboxInsert): Promise<OutboxRow> {
      const [inserted] = await db.insert(mailOutbox).values(row).returning()
      return inserted!
    },

    /** Removes the not yet due, unsent mails of a kind about something: what they said no longer holds. */
    async withdraw(kind: string, regarding: string, now: Date): Promise<number> {
      const gone = await db
        .delete(mailOutbox)
        .where(
          and(
            eq(mailOutbox.kind, kind),
            eq(mailOutbox.regarding, regarding),
            inArray(mailOutbox.status, ['queued', 'kept']),
            gt(mailOutbox.nextAttemptAt, now),
          ),
        )
        .returning({ id: mailOutbox.id })
      return gone.length
    },

    /**
     * Takes up to `limit` messages that are due, or whose sender died while holding them (its lease ran
     * out), and leases them to this caller. SKIP LOCKED lets two instances claim different rows.
     */
    async claimDue(now: Date, leaseMs: number, limit: number): Promise<OutboxRow[]> {
      const due = await db
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(
          or(
            and(eq(mailOutbox.status, 'queued'), lte(mailOutbox.nextAttemptAt, now)),
            and(eq(mailOutbox.status, 'sending'), lte(mailOutbox.claimedUntil, now)),
          ),
        )
        .orderBy(mailOutbox.nextAttemptAt, mailOutbox.createdAt, mailOutbox.id)
        .limit(limit)
        .for('update', { skipLocked: true })
      if (due.length === 0) return []
      const claimed = await db
        .update(mailOutbox)
        .set({ status: 'sending', claimedUntil: new Date(now.getTime() + leaseMs) })
        .where(
          inArray(
            mailOutbox.id,
            due.map((d) => d.id),
          ),
        )
        .returning()
      // UPDATE … RETURNING keeps no order: send in the order the e-mails were written.
      const position = new Map(due.map((d, i) => [d.id, i]))
      return claimed.sort((a, b) => position.get(a.id)! - position.get(b.id)!)
    },

    /** Sent: the sealed live copy of an account mail is no longer kept. */
    async markSent(id: string, now: Date) {
      await db
        .update(mailOutbox)
        .set({ status: 'sent', sentAt: now, claimedUntil: null, lastError: null, sealed: null })
        .where(eq(mailOutbox.id, id))
    },

    async markAttemptFailed(
      id: string,
      values: { attempts: number; lastError: string; nextAttemptAt: Date; gaveUp: boolean },
    ) {
      await db
        .update(mailOutbox)
        .set({
          status: values.gaveUp ? 'failed' : 'queued',
          attempts: values.attempts,
          lastError: values.lastError,
          nextAttemptAt: values.nextAttemptAt,
          claimedUntil: null,
        })
        .where(eq(mailOutbox.id, id))
    },

    /** Staff ask for another try of a failed or waiting message: it is due at once. */
    async requeue(id: string, now: Date): Promise<OutboxRow | undefined> {
      const [row] = await db
        .update(mailOutbox)
        .set({ status: 'queued', nextAttemptAt: now, claimedUntil: null })
        .where(and(eq(mailOutbox.id, id), inArray(mailOutbox.status, ['failed', 'queued'])))
        .returning()
      return row
    },

    /** A page of the outbox; without `accountMails`, the account mails are left out (decision 109). */
    async list(opts: { status?: string; page: number; pageSize: number; accountMails: boolean }) {
      const where = and(
        opts.status ? eq(mailOutbox.status, opts.status as OutboxRow['status']) : undefined,
        opts.accountMails ? undefined : notInArray(mailOutbox.kind, [...accountMailKinds]),
      )
      const rows = await db
        .select({
          id: mailOutbox.id,
          kind: mailOutbox.kind,
          toAddress: mailOutbox.toAddress,
          subject: mailOutbox.subject,
          status: mailOutbox.status,
          attempts: mailOutbox.attempts,
          lastError: mailOutbox.lastError,
          nextAttemptAt: mailOutbox.nextAttemptAt,
          sentAt: mailOutbox.sentAt,
          createdAt: mailOutbox.createdAt,
        })
        .from(mailOutbox)
        .where(where)
        .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
        .limit(opts.pageSize)
        .offset((opts.page - 1) * opts.pageSize)
      const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox).where(where)
      return { rows, total: count?.n ?? 0 }
    },

    /** How many messages the shop gave up sending. */
    async failedCount() {
      const [row] = await db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.status, 'failed'))
      return Number(row?.n ?? 0)
    },

    /** Where these messages stand (queued, sending, sent, failed, kept). */
    statusesOf(ids: string[]) {
      if (ids.length === 0) return Promise.resolve([])
      return db
        .select({ id: mailOutbox.id, status: mailOutbox.status })
        .from(mailOutbox)
        .where(inArray(mailOutbox.id, ids))
    },

    async byId(id: string): Promise<OutboxRow | undefined> {
      const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id))
      return row
    },
  }
}
export type MailRepo = ReturnType<typeof createMailRepo>
