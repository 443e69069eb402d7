import { and, asc, count, desc, eq, gt, gte, inArray, lte, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { sevaBookingNumbers, sevaBookings, sevaDays, sevas, temples, users } from '../../db/schema.ts'

export type SevaRow = typeof sevas.$inferSelect
export type BookingRow = typeof sevaBookings.$inferSelect
export type TempleOfSeva = { templeName: string; templeSlug: string }

/** Sevas, the places taken on each of their days, and the bookings (decision 102). */
export function createSevasRepo(db: DbOrTx) {
  return {
    async seva(id: string): Promise<(SevaRow & TempleOfSeva) | null> {
      const [row] = await db
        .select({ seva: sevas, templeName: temples.name, templeSlug: temples.slug })
        .from(sevas)
        .innerJoin(temples, eq(temples.id, sevas.templeId))
        .where(eq(sevas.id, id))
      return row ? { ...row.seva, templeName: row.templeName, templeSlug: row.templeSlug } : null
    },

    /** A temple's active sevas (by its web name or id), in the staff's order. */
    async activeOfTemple(temple: string): Promise<Array<SevaRow & TempleOfSeva>> {
      const rows = await db
        .select({ seva: sevas, templeName: temples.name, templeSlug: temples.slug })
        .from(sevas)
        .innerJoin(temples, eq(temples.id, sevas.templeId))
        .where(and(eq(sevas.active, true), sql`(${temples.slug} = ${temple} OR ${temples.id} = ${temple})`))
        .orderBy(asc(sevas.position), asc(sevas.name))
      return rows.map((r) => ({ ...r.seva, templeName: r.templeName, templeSlug: r.templeSlug }))
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
      const rows = (result as { rows?: Array<{ n: string | number }> }).rows ?? (result as never)
      const [row] = rows
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

    /** Bookings with the names of their temples, for answers. */
    async templesOf(sevaIds: string[]): Promise<Map<string, TempleOfSeva>> {
      if (sevaIds.length === 0) return new Map()
      const rows = await db
        .select({ id: sevas.id, templeName: temples.name, templeSlug: temples.slug })
        .from(sevas)
        .innerJoin(temples, eq(temples.id, sevas.templeId))
        .where(inArray(sevas.id, [...new Set(sevaIds)]))
      return new Map(rows.map((r) => [r.id, { templeName: r.templeName, templeSlug: r.templeSlug }]))
    },

    ofUser(userId: string) {
      return db
        .select()
        .from(sevaBookings)
        .where(eq(sevaBookings.userId, userId))
        .orderBy(desc(sevaBookings.day), desc(sevaBookings.createdAt))
        .limit(200)
    },

    /** Locks the devotee's account row until the transaction ends: one booking of theirs judged at a time. */
    async lockDevotee(userId: string) {
      await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update')
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

    async devotee(userId: string): Promise<{ email: string; fullName: string } | null> {
      const [row] = await db
        .select({ email: users.email, fullName: users.fullName })
        .from(users)
        .where(eq(users.id, userId))
      return row ?? null
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
