import { sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { type Namer, namer } from '../../db/names.ts'
import { orders } from './tables.ts'

/** What the audit log calls an order: its number (decision 113). */
export const ordersAuditNames = (db: DbOrTx): Record<string, Namer> => ({
  order: namer(db, orders, sql<string>`${orders.orderNumber}`),
})
