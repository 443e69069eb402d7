import { eq } from 'drizzle-orm'
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { DbOrTx } from './client.ts'

type Row = Record<string, unknown>

/**
 * The rows of one of the console's simple lists (categories, slides, coupons …, decision 090): read,
 * added, changed and deleted whole, in the caller's transaction. The module that owns the table makes its
 * store (decision 113) and decides the list's order; the console checks and audits every change.
 */
export type ListStore = {
  list(db: DbOrTx): Promise<Row[]>
  byId(id: string, db: DbOrTx): Promise<Row | null>
  insert(row: Row, db: DbOrTx): Promise<void>
  update(id: string, values: Row, db: DbOrTx): Promise<void>
  remove(id: string, db: DbOrTx): Promise<void>
}

export function listStore<T extends PgTable & { id: AnyPgColumn }>(
  table: T,
  list: (db: DbOrTx) => Promise<unknown[]>,
): ListStore {
  return {
    list: (db) => list(db) as Promise<Row[]>,
    async byId(id, db) {
      const [row] = (await db
        .select()
        .from(table as PgTable)
        .where(eq(table.id, id))) as Row[]
      return row ?? null
    },
    async insert(row, db) {
      await db.insert(table).values(row as never)
    },
    async update(id, values, db) {
      await db
        .update(table)
        .set(values as never)
        .where(eq(table.id, id))
    },
    async remove(id, db) {
      await db.delete(table).where(eq(table.id, id))
    },
  }
}
