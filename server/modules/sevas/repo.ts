import { and, asc, count, desc, eq, gt, gte, inArray, lte, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { sevaBookingNumbers, sevaBookings, sevaDays, sevas } from './tables.ts'

export type SevaRow = typeof sevas.$inferSelect
export type BookingRow = typeof sevaBookings.$inferSelect
export type TempleOfSeva = { templeName: string; templeSlug: string }

/** Sevas, the places taken on each of their days, and the bookings (decision 102). */
export function createSevasRepo(db: DbOrTx) {
  return {
    async seva(id: string): Promise<SevaRow | null> {
      const [row] = await db.select().from(sevas).where(eq(sevas.id, id))
      return row ?? null
    },

    /** The active sevas of these temples, in the staff's order. */
    activeOfTemples(templeIds: string[]): Promise<SevaRow[]> {
      if (templeIds.length === 0) return Promise.resolve([])
      return db
        .select()
        .from(sevas)
        .where(and(eq(sevas.active, true), inArray(sevas.templeId, templeIds)))
        .orderBy(asc(sevas.position), asc(sevas.name))
    },

    /** Places taken on the days of a seva between two dates. */
    async takenBetween(sevaId: string, first: string, last: string): Promise<Map<string, number>> {
      const rows = await db
        .select({ day: sevaDays.day, taken: sevaDays.taken })
        .from(sevaDays)
        .where(and(eq(sevaDays.sevaId, sevaId), gte(sevaDays.day, first), lte(sevaDays.day, last)))
      return new Map(rows.map((r) => [r.day, r.taken]))
    },

    /**
     * Takes one place on a day if one is left under the seva's daily limit: one conditional update of the
     * day's row, which waits for any other booking of the same day and then checks again, so the limit
     * holds however many book at once. True when a place was taken.
     */
    async takePlace(sevaId: string, day: string): Promise<boolean> {
      await db.insert(sevaDays).values({ sevaId, day, taken: 0 }).onConflictDoNothing()
      const rows = await db
        .update(sevaDays)
        .set({ taken: sql`${sevaDays.taken} + 1` })
        .where(
          and(
            eq(sevaDays.sevaId, sevaId),
            eq(sevaDays.day, day),
            sql`${sevaDays.taken} < (SELECT ${sevas.dailyLimit} FROM ${sevas} WHERE ${sevas.id} = ${sevaId})`,
          ),
        )
        .returning({ taken: sevaDays.taken })
      return rows.length > 0
    },

    async freePlace(sevaId: string, day: string) {
      await db
        .update(sevaDays)
        .set({ taken: sql`greatest(${sevaDays.taken} - 1, 0)` })
        .where(and(eq(sevaDays.sevaId, sevaId), eq(sevaDays.day, day)))
    },

    async nextBookingNumber(year: number): Promise<string> {
      const result = await db.execute(sql.raw(`select nextval('${sevaBookingNumbers.seqName}') as n`))
      // node-postgres answers { rows }, PGlite the same shape; either way the first row holds the number.
      const [row] = (result as { rows: Array<{ n: string | number }> }).rows
      return `SEVA-${year}-${String(row.n).padStart(6, '0')}`
    },

    async insertBooking(values: typeof sevaBookings.$inferInsert): Promise<BookingRow> {
      const [row] = await db.insert(sevaBookings).values(values).returning()
      return row
    },

    /** A booking, locked for the rest of the transaction when asked. */
    async booking(id: string, lock = false): Promise<BookingRow | null> {
      const q = db.select().from(sevaBookings).where(eq(sevaBookings.id, id))
      const [row] = lock ? await q.for('update') : await q
      return row ?? null
    },

    async updateBooking(id: string, values: Partial<typeof sevaBookings.$inferInsert>): Promise<BookingRow> {
      const [row] = await db.update(sevaBookings).set(values).where(eq(sevaBookings.id, id)).returning()
      return row
    },

    /** The temple of each of these sevas, by seva id. */
    async templeIdsOf(sevaIds: string[]): Promise<Map<string, string>> {
      if (sevaIds.length === 0) return new Map()
      const rows = await db
        .select({ id: sevas.id, templeId: sevas.templeId })
        .from(sevas)
        .where(inArray(sevas.id, [...new Set(sevaIds)]))
      return new Map(rows.map((r) => [r.id, r.templeId]))
    },

    ofUser(userId: string) {
      return db
        .select()
        .from(sevaBookings)
        .where(eq(sevaBookings.userId, userId))
        .orderBy(desc(sevaBookings.day), desc(sevaBookings.createdAt))
        .limit(200)
    },

    /** The devotee's bookings awaiting payment within their hold (decision 110). */
    async unpaidOf(userId: string, now: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(sevaBookings)
        .where(
          and(
            eq(sevaBookings.userId, userId),
            eq(sevaBookings.status, 'pending'),
            gt(sevaBookings.reservedUntil, now),
          ),
        )
      return row?.n ?? 0
    },

    /** Unpaid bookings past their hold, claimed so that two instances never expire the same one. */
    lapsed(now: Date, limit: number, userId?: string) {
      return db
        .select()
        .from(sevaBookings)
        .where(
          and(
            eq(sevaBookings.status, 'pending'),
            sql`${sevaBookings.reservedUntil} < ${now.toISOString()}`,
            userId ? eq(sevaBookings.userId, userId) : undefined,
          ),
        )
        .orderBy(asc(sevaBookings.reservedUntil))
        .limit(limit)
        .for('update', { skipLocked: true })
    },

    /** Up to 1000 sevas of a temple. */
    async ofTemple(templeId: string): Promise<number> {
      const rows = await db
        .select({ id: sevas.id })
        .from(sevas)
        .where(eq(sevas.templeId, templeId))
        .limit(1000)
      return rows.length
    },

    /** Refunds waiting for their next try. */
    refundsDue(now: Date, limit: number) {
      return db
        .select({ id: sevaBookings.id })
        .from(sevaBookings)
        .where(
          and(
            eq(sevaBookings.paymentStatus, 'refund_pending'),
            sql`coalesce(${sevaBookings.refundRetryAt}, '-infinity') <= ${now.toISOString()}`,
          ),
        )
        .limit(limit)
    },
  }
}
export type SevasRepo = ReturnType<typeof createSevasRepo>
