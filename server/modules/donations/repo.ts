import { and, asc, count, desc, eq, isNotNull, isNull, sql, sum } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { donations } from './tables.ts'

export type DonationRow = typeof donations.$inferSelect
type Filters = { year?: string; cause?: DonationRow['cause']; status?: DonationRow['status'] }

const where = (f: Filters) =>
  and(
    f.year ? eq(donations.financialYear, f.year) : undefined,
    f.cause ? eq(donations.cause, f.cause) : undefined,
    f.status ? eq(donations.status, f.status) : undefined,
  )

export function createDonationsRepo(db: DbOrTx) {
  return {
    async insert(values: typeof donations.$inferInsert) {
      const [row] = await db.insert(donations).values(values).returning()
      return row!
    },
    async byId(id: string, lock = false) {
      const q = db.select().from(donations).where(eq(donations.id, id))
      const [row] = lock ? await q.for('update') : await q
      return row ?? null
    },
    async update(id: string, values: Partial<typeof donations.$inferInsert>) {
      const [row] = await db.update(donations).set(values).where(eq(donations.id, id)).returning()
      return row ?? null
    },
    /** One page of the console's list, newest first, with what the filters match and the paid sum. */
    async page(f: Filters, window: { offset: number; limit: number }) {
      const rows = await db
        .select()
        .from(donations)
        .where(where(f))
        .orderBy(desc(donations.createdAt), desc(donations.id))
        .offset(window.offset)
        .limit(window.limit)
      const [totals] = await db
        .select({
          total: count(),
          received: sum(sql`case when ${donations.status} = 'paid' then ${donations.amount} else 0 end`),
        })
        .from(donations)
        .where(where(f))
      return { rows, total: Number(totals?.total ?? 0), received: Number(totals?.received ?? 0) }
    },
    /** The financial years that have receipts, newest first. */
    async years(): Promise<string[]> {
      const rows = await db
        .selectDistinct({ year: donations.financialYear })
        .from(donations)
        .where(isNotNull(donations.financialYear))
        .orderBy(desc(donations.financialYear))
      return rows.map((r) => r.year!).filter(Boolean)
    },
    /** Paid gifts still without a receipt, the first paid first, locked for the caller's transaction. */
    awaitingReceipt() {
      return db
        .select()
        .from(donations)
        .where(and(eq(donations.status, 'paid'), isNull(donations.receiptNumber)))
        .orderBy(asc(donations.paidAt), asc(donations.id))
        .for('update')
    },
    async awaitingReceiptCount(): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(donations)
        .where(and(eq(donations.status, 'paid'), isNull(donations.receiptNumber)))
      return Number(row?.n ?? 0)
    },
    /** Every receipt of a financial year, in number order. */
    receiptsOf(year: string) {
      return db
        .select()
        .from(donations)
        .where(and(eq(donations.financialYear, year), isNotNull(donations.receiptSerial)))
        .orderBy(asc(donations.receiptSerial))
    },
  }
}
