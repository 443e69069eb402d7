import { inArray, type SQL } from 'drizzle-orm'
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { DbOrTx } from './client.ts'

/** The current names of these rows of one kind, by id: what the console's audit log calls them. */
export type Namer = (ids: string[]) => Promise<Map<string, string>>

/**
 * Names rows of a table its module owns by a column or expression of that table (decision 113): the owner
 * hands the console one Namer per kind of thing its audit entries are about.
 */
export function namer(db: DbOrTx, table: PgTable & { id: AnyPgColumn }, name: SQL<string>): Namer {
  return async (ids) => {
    if (!ids.length) return new Map()
    const rows = (await db
      .select({ id: table.id, name })
      .from(table as PgTable)
      .where(inArray(table.id, [...new Set(ids)]))) as Array<{ id: string; name: string | null }>
    return new Map(rows.flatMap((r) => (r.name ? [[r.id, r.name] as const] : [])))
  }
}
