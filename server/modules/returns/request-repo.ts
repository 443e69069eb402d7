import { and, asc, count, desc, eq, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm'
import type { ReturnStatus } from '../../../contracts/return-requests.ts'
import type { DbOrTx } from '../../db/client.ts'
import { returnCounters, returnEvents, returnRequestLines, returnRequests } from './tables.ts'

export type ReturnRow = typeof returnRequests.$inferSelect
export type ReturnLineRow = typeof returnRequestLines.$inferSelect

/** The statuses staff still act on: the console's queue. */
export const openStatuses: ReturnStatus[] = ['requested', 'approved', 'received']

/** Return requests, their lines and steps (decision 138): this module's tables only, and the order lines they name. */
export function createReturnRequestsRepo(db: DbOrTx) {
  return {
    /** The next request number of a year's prefix, its counter row locked until the transaction ends. */
    async nextNumber(prefix: string): Promise<string> {
      const [row] = await db
        .insert(returnCounters)
        .values({ prefix, last: 1 })
        .onConflictDoUpdate({
          target: returnCounters.prefix,
          set: { last: sql`${returnCounters.last} + 1`, updatedAt: new Date() },
        })
        .returning({ last: returnCounters.last })
      return `${prefix}${String(row!.last).padStart(5, '0')}`
    },

    async insert(values: typeof returnRequests.$inferInsert) {
      const [row] = await db.insert(returnRequests).values(values).returning()
      return row!
    },

    async insertLines(values: Array<typeof returnRequestLines.$inferInsert>) {
      if (values.length) await db.insert(returnRequestLines).values(values)
    },

    async addEvent(returnId: string, status: ReturnStatus, note: string | null = null) {
      await db.insert(returnEvents).values({ returnId, status, note })
    },

    async byId(id: string) {
      const [row] = await db.select().from(returnRequests).where(eq(returnRequests.id, id))
      return row ?? null
    },

    /** The row, locked until the transaction ends (a no-op lock on PGlite's single connection). */
    async lockById(id: string) {
      const [row] = await db.select().from(returnRequests).where(eq(returnRequests.id, id)).for('update')
      return row ?? null
    },

    /** An exchange called off: its lines ask for nothing instead. */
    async clearExchange(returnId: string) {
      await db
        .update(returnRequestLines)
        .set({ exchangeVariantId: null, exchangeVariantTitle: null, exchangePrice: null })
        .where(eq(returnRequestLines.returnId, returnId))
    },

    async update(id: string, values: Partial<typeof returnRequests.$inferInsert>) {
      const [row] = await db.update(returnRequests).set(values).where(eq(returnRequests.id, id)).returning()
      return row!
    },

    /**
     * Claims the refund of a received request for `leaseUntil`: none yet, or a pending one whose retry time has
     * come. Two staff or instances at once: one claims it. Null when it is not to be refunded now.
     */
    async claimRefund(id: string, now: Date, leaseUntil: Date) {
      const [row] = await db
        .update(returnRequests)
        .set({ refundState: 'pending', refundRetryAt: leaseUntil })
        .where(
          and(
            eq(returnRequests.id, id),
            eq(returnRequests.status, 'received'),
            or(
              isNull(returnRequests.refundState),
              and(eq(returnRequests.refundState, 'pending'), lte(returnRequests.refundRetryAt, now)),
            ),
          ),
        )
        .returning()
      return row ?? null
    },

    /** Pending online refunds whose retry time has come. */
    async refundsDue(now: Date, limit: number) {
      return db
        .select({ id: returnRequests.id })
        .from(returnRequests)
        .where(and(eq(returnRequests.refundState, 'pending'), lte(returnRequests.refundRetryAt, now)))
        .orderBy(asc(returnRequests.refundRetryAt))
        .limit(limit)
    },

    forOrder(orderId: string) {
      return db
        .select()
        .from(returnRequests)
        .where(eq(returnRequests.orderId, orderId))
        .orderBy(desc(returnRequests.createdAt), desc(returnRequests.id))
    },

    /** A page of requests in these statuses, oldest first (the first asked is the first answered). */
    async page(statuses: ReturnStatus[], page: number, size: number) {
      const where = inArray(returnRequests.status, statuses)
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(returnRequests)
          .where(where)
          .orderBy(asc(returnRequests.createdAt), asc(returnRequests.id))
          .limit(size)
          .offset((page - 1) * size),
        db.select({ n: count() }).from(returnRequests).where(where),
      ])
      return { rows, total: Number(total?.n ?? 0) }
    },

    async openCount(): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(returnRequests)
        .where(inArray(returnRequests.status, openStatuses))
      return Number(row?.n ?? 0)
    },

    /** The lines of these requests, as asked. */
    linesOf(returnIds: string[]) {
      if (returnIds.length === 0) return Promise.resolve([])
      return db
        .select()
        .from(returnRequestLines)
        .where(inArray(returnRequestLines.returnId, returnIds))
        .orderBy(asc(returnRequestLines.createdAt), asc(returnRequestLines.id))
    },

    eventsOf(returnIds: string[]) {
      if (returnIds.length === 0) return Promise.resolve([])
      return db
        .select()
        .from(returnEvents)
        .where(inArray(returnEvents.returnId, returnIds))
        .orderBy(asc(returnEvents.createdAt), asc(returnEvents.id))
    },

    /** Pieces of each line of an order already in requests that were not rejected, by order line id. */
    async askedFor(orderId: string): Promise<Map<string, number>> {
      const rows = await db
        .select({
          itemId: returnRequestLines.orderItemId,
          n: sql<number>`sum(${returnRequestLines.quantity})::int`,
        })
        .from(returnRequestLines)
        .innerJoin(returnRequests, eq(returnRequests.id, returnRequestLines.returnId))
        .where(and(eq(returnRequests.orderId, orderId), ne(returnRequests.status, 'rejected')))
        .groupBy(returnRequestLines.orderItemId)
      return new Map(rows.map((r) => [r.itemId, Number(r.n)]))
    },
  }
}
