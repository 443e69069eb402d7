import { and, asc, count, desc, eq, gte, ilike, or, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client.ts'
import { sevaBookings, sevas, temples, users } from '../../../db/schema.ts'
import { containing } from '../kit.ts'
import type { BookingFilter } from './service.ts'

export type SevaValues = Omit<typeof sevas.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>

/** The console's sevas (written here, with their audit rows) and its list of bookings (read only). */
export function createSevasAdminRepo(db: DbOrTx) {
  const bookingWhere = (f: BookingFilter) => {
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
            ilike(users.email, p),
            ilike(users.fullName, p),
          )
        : undefined,
    )
  }
  return {
    /** Every seva with its temple's name and how many bookings hold a place from today on. */
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
          templeName: temples.name,
          upcoming: sql<number>`coalesce(${upcoming.n}, 0)::int`,
        })
        .from(sevas)
        .innerJoin(temples, eq(temples.id, sevas.templeId))
        .leftJoin(upcoming, eq(upcoming.sevaId, sevas.id))
        .orderBy(asc(temples.position), asc(temples.name), asc(sevas.position), asc(sevas.name))
    },
    async seva(id: string) {
      const [row] = await db.select().from(sevas).where(eq(sevas.id, id))
      return row ?? null
    },
    async templeExists(id: string) {
      const [row] = await db.select({ id: temples.id }).from(temples).where(eq(temples.id, id))
      return Boolean(row)
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
    async sevasOfTemple(templeId: string) {
      const [{ n }] = await db.select({ n: count() }).from(sevas).where(eq(sevas.templeId, templeId))
      return n
    },

    /** One page of bookings: a day's in the order they were made, otherwise the nearest days first. */
    async bookingPage(f: BookingFilter & { offset: number; limit: number }) {
      const order = f.date
        ? [asc(sevaBookings.sevaName), asc(sevaBookings.createdAt)]
        : [desc(sevaBookings.day), desc(sevaBookings.createdAt)]
      const rows = await db
        .select({
          booking: sevaBookings,
          templeName: temples.name,
          customerName: users.fullName,
          customerEmail: users.email,
        })
        .from(sevaBookings)
        .innerJoin(sevas, eq(sevas.id, sevaBookings.sevaId))
        .innerJoin(temples, eq(temples.id, sevas.templeId))
        .innerJoin(users, eq(users.id, sevaBookings.userId))
        .where(bookingWhere(f))
        .orderBy(...order, desc(sevaBookings.id))
        .limit(f.limit)
        .offset(f.offset)
      const [{ total }] = await db
        .select({ total: count() })
        .from(sevaBookings)
        .innerJoin(users, eq(users.id, sevaBookings.userId))
        .where(bookingWhere(f))
      return { rows, total }
    },
  }
}
