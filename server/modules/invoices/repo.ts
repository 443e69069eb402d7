import { and, asc, count, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { invoiceCounters, invoices, invoiceWaits } from './tables.ts'

export type InvoiceRow = typeof invoices.$inferSelect
export type DocumentKind = InvoiceRow['kind']

export function createInvoicesRepo(db: DbOrTx) {
  return {
    /**
     * The next serial of a series in a financial year. The counter row stays locked until the transaction
     * ends, so a concurrent issue waits and a rolled-back one gives its number back: no gaps, no repeats.
     */
    async nextSerial(series: string): Promise<number> {
      const [row] = await db
        .insert(invoiceCounters)
        .values({ series, last: 1 })
        .onConflictDoUpdate({
          target: invoiceCounters.series,
          set: { last: sql`${invoiceCounters.last} + 1`, updatedAt: new Date() },
        })
        .returning({ last: invoiceCounters.last })
      return row!.last
    },

    async insert(values: typeof invoices.$inferInsert) {
      const [row] = await db.insert(invoices).values(values).returning()
      return row!
    },

    async ofOrder(orderId: string, kind: DocumentKind) {
      const [row] = await db
        .select()
        .from(invoices)
        .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, kind), isNull(invoices.returnId)))
      return row ?? null
    },

    /** A return request's credit note (decision 138), or its replacement's invoice (decision 140), if it has one. */
    async ofReturn(returnId: string, kind: DocumentKind = 'credit-note') {
      const [row] = await db
        .select()
        .from(invoices)
        .where(and(eq(invoices.returnId, returnId), eq(invoices.kind, kind)))
      return row ?? null
    },

    /** Every invoice and credit note issued from `from` up to `to`, in the order they were issued. */
    issuedBetween(from: Date, to: Date) {
      return db
        .select()
        .from(invoices)
        .where(and(gte(invoices.issuedAt, from), lt(invoices.issuedAt, to)))
        .orderBy(asc(invoices.issuedAt), asc(invoices.number))
    },

    byIds(ids: string[]) {
      if (ids.length === 0) return Promise.resolve([])
      return db.select().from(invoices).where(inArray(invoices.id, ids))
    },

    async byNumber(number: string) {
      const [row] = await db.select().from(invoices).where(eq(invoices.number, number))
      return row ?? null
    },

    /** The order is owed an invoice that cannot be issued yet; once only. */
    async wait(orderId: string) {
      await db.insert(invoiceWaits).values({ orderId }).onConflictDoNothing()
    },

    async unwait(orderId: string) {
      await db.delete(invoiceWaits).where(eq(invoiceWaits.orderId, orderId))
    },

    /** The orders owed an invoice, the first to wait first. */
    async waitingOrders(): Promise<string[]> {
      const rows = await db
        .select({ orderId: invoiceWaits.orderId })
        .from(invoiceWaits)
        .orderBy(asc(invoiceWaits.createdAt), asc(invoiceWaits.orderId))
      return rows.map((r) => r.orderId)
    },

    async waitingCount(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(invoiceWaits)
      return Number(row?.n ?? 0)
    },

    /** The numbers of these orders' documents. */
    numbersOf(orderIds: string[]) {
      if (orderIds.length === 0) return Promise.resolve([])
      return db
        .select({ orderId: invoices.orderId, kind: invoices.kind, number: invoices.number })
        .from(invoices)
        .where(and(inArray(invoices.orderId, orderIds), isNull(invoices.returnId)))
    },
  }
}
export type InvoicesRepo = ReturnType<typeof createInvoicesRepo>
