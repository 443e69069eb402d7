import { and, asc, eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import {
  invoiceCounters,
  invoices,
  orderItems,
  orders,
  products,
  shopSettings,
  users,
} from '../../db/schema.ts'

export type InvoiceRow = typeof invoices.$inferSelect
export type DocumentKind = InvoiceRow['kind']

const SETTINGS_ID = 'shop'

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
        .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, kind)))
      return row ?? null
    },

    /** Locks the order row, so two callers never issue its invoice at once. */
    async lockOrder(orderId: string) {
      const [row] = await db.select().from(orders).where(eq(orders.id, orderId)).for('update')
      return row ?? null
    },

    async orderById(idOrNumber: string) {
      const [row] = await db
        .select()
        .from(orders)
        .where(sql`${orders.id} = ${idOrNumber} or ${orders.orderNumber} = ${idOrNumber}`)
      return row ?? null
    },

    /** The order's lines with the product's HSN code and GST rate as they are now. */
    async linesOf(orderId: string) {
      return db
        .select({
          title: orderItems.title,
          quantity: orderItems.quantity,
          price: orderItems.price,
          hsnCode: products.hsnCode,
          gstRate: products.gstRate,
        })
        .from(orderItems)
        .innerJoin(products, eq(products.id, orderItems.productId))
        .where(eq(orderItems.orderId, orderId))
        .orderBy(asc(orderItems.createdAt), asc(orderItems.id))
    },

    async customerName(userId: string) {
      const [row] = await db.select({ fullName: users.fullName }).from(users).where(eq(users.id, userId))
      return row?.fullName ?? null
    },

    async supplier() {
      const [row] = await db.select().from(shopSettings).where(eq(shopSettings.id, SETTINGS_ID))
      return row ?? null
    },

    async saveSupplier(values: {
      legalName: string
      legalAddress: string
      legalState: string
      gstin: string
      invoicePrefix: string
    }) {
      const [row] = await db
        .insert(shopSettings)
        .values({ id: SETTINGS_ID, ...values })
        .onConflictDoUpdate({ target: shopSettings.id, set: values })
        .returning()
      return row!
    },
  }
}
export type InvoicesRepo = ReturnType<typeof createInvoicesRepo>
