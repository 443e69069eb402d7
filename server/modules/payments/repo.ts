import {
  and,
  asc,
  desc,
  eq,
  gt,
  inArray,
  isNull,
  lte,
  ne,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm'
import type { Db, DbOrTx } from '../../db/client.ts'
import { type PaymentPurpose, paymentEvents, payments } from './tables.ts'

export type PaymentRow = typeof payments.$inferSelect

/** The payments of one payable: an order by order_id, anything else by its purpose and payable_id. */
const paying = (purpose: PaymentPurpose, id: string): SQL =>
  purpose === 'order'
    ? eq(payments.orderId, id)
    : (and(eq(payments.purpose, purpose), eq(payments.payableId, id)) as SQL)

export function createPaymentsRepo(db: DbOrTx) {
  return {
    async insert(row: typeof payments.$inferInsert) {
      const [created] = await db.insert(payments).values(row).returning()
      return created!
    },
    async byProviderOrderId(providerOrderId: string, lock = false) {
      const q = db.select().from(payments).where(eq(payments.providerOrderId, providerOrderId))
      const [row] = lock ? await q.for('update') : await q
      return row ?? null
    },
    /** The newest payment of a payable still open for paying (created, or failed and retried). */
    async openFor(purpose: PaymentPurpose, id: string, provider: string) {
      const [row] = await db
        .select()
        .from(payments)
        .where(
          and(
            paying(purpose, id),
            eq(payments.provider, provider),
            inArray(payments.status, ['created', 'failed']),
          ),
        )
        .orderBy(desc(payments.createdAt))
        .limit(1)
      return row ?? null
    },
    /** Every payment of an order, oldest first. */
    forOrder(orderId: string) {
      return db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.createdAt))
    },
    /** Every payment of another module's payable, oldest first. */
    forPayable(purpose: PaymentPurpose, id: string) {
      return db.select().from(payments).where(paying(purpose, id)).orderBy(asc(payments.createdAt))
    },
    async capturedFor(purpose: PaymentPurpose, id: string) {
      const [row] = await db
        .select()
        .from(payments)
        .where(and(paying(purpose, id), eq(payments.status, 'captured')))
        .orderBy(desc(payments.createdAt))
        .limit(1)
      return row ?? null
    },
    /** Adds a part refund to what the payment has given back, in one statement: two at once both count. */
    async addRefunded(id: string, amount: number, refundId: string) {
      const [row] = await db
        .update(payments)
        .set({
          refunded: sql`${payments.refunded} + ${amount}`,
          refundId,
          status: sql`case when ${payments.refunded} + ${amount} >= ${payments.amount} then 'refunded' else ${payments.status} end`,
        })
        .where(eq(payments.id, id))
        .returning()
      return row ?? null
    },
    async update(id: string, values: Partial<typeof payments.$inferInsert>) {
      const [row] = await db.update(payments).set(values).where(eq(payments.id, id)).returning()
      return row ?? null
    },
    /**
     * Claims open payments (of unpaid orders, or of any other payable) created between `from` and
     * `until`, whose lease has lapsed, for one reconciliation run: rows another instance holds are
     * skipped, and each claimed one is not asked about again before `leaseUntil`.
     */
    async claimUnsettled(opts: {
      /** The ids of the orders still awaiting payment (the orders module's subquery). */
      openOrderIds: SQLWrapper
      provider: string
      from: Date
      until: Date
      now: Date
      leaseUntil: Date
      limit: number
    }): Promise<PaymentRow[]> {
      return (db as Db).transaction(async (tx) => {
        const due = await tx
          .select({ id: payments.id })
          .from(payments)
          .where(
            and(
              eq(payments.provider, opts.provider),
              inArray(payments.status, ['created', 'failed']),
              gt(payments.createdAt, opts.from),
              lte(payments.createdAt, opts.until),
              or(isNull(payments.checkAfter), lte(payments.checkAfter, opts.now)),
              // An order's only while it awaits payment; another payable's module decides on capture.
              or(ne(payments.purpose, 'order'), inArray(payments.orderId, opts.openOrderIds)),
            ),
          )
          .orderBy(asc(payments.createdAt))
          .limit(opts.limit)
          .for('update', { of: payments, skipLocked: true })
        if (due.length === 0) return []
        return tx
          .update(payments)
          .set({ checkAfter: opts.leaseUntil })
          .where(
            inArray(
              payments.id,
              due.map((d) => d.id),
            ),
          )
          .returning()
      })
    },
    /** Records a webhook event; false when that event id was already recorded (a replay). */
    async recordEvent(eventId: string, type: string, payload: unknown): Promise<boolean> {
      const rows = await db
        .insert(paymentEvents)
        .values({ eventId, type, payload })
        .onConflictDoNothing()
        .returning({ eventId: paymentEvents.eventId })
      return rows.length > 0
    },
  }
}
