import { asc, count, eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { addresses } from './tables.ts'

export type AddressRow = typeof addresses.$inferSelect

export function createAddressesRepo(db: DbOrTx) {
  return {
    /** The accounts with a saved address whose phone's digits match a LIKE pattern, as a subquery. */
    userIdsWithPhone(digitsLike: string) {
      return db
        .select({ userId: addresses.userId })
        .from(addresses)
        .where(sql`regexp_replace(${addresses.phoneNumber}, '\\D', '', 'g') like ${digitsLike}`)
    },
    async listForUser(userId: string): Promise<AddressRow[]> {
      return db
        .select()
        .from(addresses)
        .where(eq(addresses.userId, userId))
        .orderBy(asc(addresses.createdAt), asc(addresses.id))
    },
    async countForUser(userId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(addresses).where(eq(addresses.userId, userId))
      return Number(row?.n ?? 0)
    },
    async byId(id: string): Promise<AddressRow | undefined> {
      const [row] = await db.select().from(addresses).where(eq(addresses.id, id))
      return row
    },
    async insert(values: typeof addresses.$inferInsert): Promise<AddressRow> {
      const [row] = await db.insert(addresses).values(values).returning()
      return row!
    },
    async update(id: string, values: Partial<typeof addresses.$inferInsert>): Promise<AddressRow> {
      const [row] = await db.update(addresses).set(values).where(eq(addresses.id, id)).returning()
      return row!
    },
    async remove(id: string) {
      await db.delete(addresses).where(eq(addresses.id, id))
    },
  }
}
