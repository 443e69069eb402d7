import { and, asc, count, desc, eq, isNotNull, sql, sum } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { donations, invoiceCounters, shopSettings, temples } from '../../db/schema.ts'

export type DonationRow = typeof donations.$inferSelect
type Filters = { year?: string; cause?: DonationRow['cause']; status?: DonationRow['status'] }

const SETTINGS_ID = 'shop'

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
    /**
     * The next receipt serial of a financial year, from the same counters as invoices (a series name no
     * invoice prefix can take). The counter row stays locked until the payment's transaction ends, so
     * concurrent gifts queue on it and a rolled-back one gives its number back: no gaps, no repeats.
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
    async templeBySlug(slug: string) {
      const [row] = await db
        .select({ id: temples.id, name: temples.name, slug: temples.slug })
        .from(temples)
        .where(eq(temples.slug, slug))
      return row ?? null
    },
    templeList() {
      return db
        .select({ name: temples.name, slug: temples.slug })
        .from(temples)
        .orderBy(asc(temples.position), asc(temples.name))
    },
    async settings() {
      const [row] = await db.select().from(shopSettings).where(eq(shopSettings.id, SETTINGS_ID))
      return row ?? null
    },
    async saveSettings(values: Partial<typeof shopSettings.$inferInsert>) {
      await db
        .insert(shopSettings)
        .values({ id: SETTINGS_ID, ...values })
        .onConflictDoUpdate({ target: shopSettings.id, set: { ...values, updatedAt: new Date() } })
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
