import { sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { type Namer, namer } from '../../db/names.ts'
import { coupons } from './tables.ts'

/** What the audit log calls a coupon: its code (decision 113). */
export const couponsAuditNames = (db: DbOrTx): Record<string, Namer> => ({
  coupon: namer(db, coupons, sql<string>`${coupons.code}`),
})
