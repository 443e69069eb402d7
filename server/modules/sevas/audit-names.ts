import { sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { type Namer, namer } from '../../db/names.ts'
import { sevaBookings, sevas } from './tables.ts'

/** What the audit log calls sevas (their names) and bookings (their numbers) (decision 113). */
export const sevasAuditNames = (db: DbOrTx): Record<string, Namer> => ({
  seva: namer(db, sevas, sql<string>`${sevas.name}`),
  booking: namer(db, sevaBookings, sql<string>`${sevaBookings.bookingNumber}`),
})
