import { and, desc, eq, inArray } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { paymentEvents, payments } from '../../db/schema.ts'

export type PaymentRow = typeof payments.$inferSelect

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
    /** The newest payment of an order still open for paying (created, or failed and retried). */
    async openForOrder(orderId: string, provider: string) {
      const [row] = await db
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.orderId, orderId),
            eq(payments.provider, provider),
            inArray(payments.status, ['created', 'failed']),
          ),
        )
        .orderBy(desc(payments.createdAt))
        .limit(1)
      return row ?? null
    },
    async capturedForOrder(orderId: string) {
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.orderId, orderId), eq(payments.status, 'captured')))
        .orderBy(desc(payments.createdAt))
        .limit(1)
      return row ?? null
    },
    async update(id: string, values: Partial<typeof payments.$inferInsert>) {
      const [row] = await db.update(payments).set(values).where(eq(payments.id, id)).returning()
      return row ?? null
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
