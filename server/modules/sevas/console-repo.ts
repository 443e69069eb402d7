import { and, asc, count, desc, eq, gte, ilike, inArray, or, type SQLWrapper, sql } from 'drizzle-orm'
import type { BookingStatus } from '../../../contracts/seva-text.ts'
import type { DbOrTx } from '../../db/client.ts'
import { containing } from '../../lib/text-search.ts'
import { sevaBookings, sevas } from './tables.ts'

export type SevaValues = Omit<typeof sevas.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>
export type BookingFilter = { date?: string; status?: BookingStatus; q?: string; id?: string }

/**
 * The console's sevas (written here, with their audit rows, through the sevas service's `store`) and its
 * list of bookings (read only). A search finds a booking by its customer through `customersMatching`, the
 * accounts module's subquery.
 */
export function createSevaStore(db: DbOrTx) {
  const bookingWhere = (f: BookingFilter, customersMatching?: (pattern: string) => SQLWrapper) => {
    const p = f.q ? containing(f.q) : null
    return and(
      f.date ? eq(sevaBookings.day, f.date) : undefined,
      f.status ? eq(sevaBookings.status, f.status) : undefined,
      f.id ? eq(sevaBookings.id, f.id) : undefined,
      p
        ? or(
            ilike(sevaBookings.bookingNumber, p),
            ilike(sevaBookings.devoteeName, p),
            ilike(sevaBookings.sevaName, p),
            customersMatching ? inArray(sevaBookings.userId, customersMatching(p)) : undefined,
          )
        : undefined,
    )
  }
  return {
    /** Every seva, in the staff's order, with how many bookings hold a place from today on. */
    async list(today: string) {
      const upcoming = db
        .select({ sevaId: sevaBookings.sevaId, n: count().as('n') })
        .from(sevaBookings)
        .where(and(eq(sevaBookings.placeHeld, true), gte(sevaBookings.day, today)))
        .groupBy(sevaBookings.sevaId)
        .as('upcoming')
      return db
        .select({
          seva: sevas,
          upcoming: sql<number>`coalesce(${upcoming.n}, 0)::int`,
        })
        .from(sevas)
        .leftJoin(upcoming, eq(upcoming.sevaId, sevas.id))
        .orderBy(asc(sevas.position), asc(sevas.name))
    },
    async seva(id: string) {
      const [row] = await db.select().from(sevas).where(eq(sevas.id, id))
      return row ?? null
    },
    async insert(values: SevaValues) {
      const [row] = await db.insert(sevas).values(values).returning()
      return row
    },
    async update(id: string, values: SevaValues) {
      const [row] = await db.update(sevas).set(values).where(eq(sevas.id, id)).returning()
      return row
    },
    async remove(id: string) {
      await db.delete(sevas).where(eq(sevas.id, id))
    },
    async bookingCount(sevaId: string) {
      const [{ n }] = await db
        .select({ n: count() })
        .from(sevaBookings)
        .where(eq(sevaBookings.sevaId, sevaId))
      return n
    },

    /** Paid bookings of some days, per day and status: confirmed ones are still to perform. */
    async dayCounts(days: string[]) {
      return db
        .select({ day: sevaBookings.day, status: sevaBookings.status, n: count() })
        .from(sevaBookings)
        .where(and(inArray(sevaBookings.day, days), inArray(sevaBookings.status, ['confirmed', 'performed'])))
        .groupBy(sevaBookings.day, sevaBookings.status)
    },

    /** One page of bookings: a day's in the order they were made, otherwise the nearest days first. */
    async bookingPage(
      f: BookingFilter & { offset: number; limit: number },
      customersMatching?: (pattern: string) => SQLWrapper,
    ) {
      const order = f.date
        ? [asc(sevaBookings.sevaName), asc(sevaBookings.createdAt)]
        : [desc(sevaBookings.day), desc(sevaBookings.createdAt)]
      const rows = await db
        .select()
        .from(sevaBookings)
        .where(bookingWhere(f, customersMatching))
        .orderBy(...order, desc(sevaBookings.id))
        .limit(f.limit)
        .offset(f.offset)
      const [{ total }] = await db
        .select({ total: count() })
        .from(sevaBookings)
        .where(bookingWhere(f, customersMatching))
      return { rows, total }
    },
  }
}
export type SevaStore = ReturnType<typeof createSevaStore>
