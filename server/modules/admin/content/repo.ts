import { eq } from 'drizzle-orm'
import type { Translations } from '../../../../contracts/languages.ts'
import type { DbOrTx } from '../../../db/client.ts'
import { policySections } from '../../../db/schema.ts'
import type { ResourceDef } from './resources.ts'

type Row = Record<string, unknown>

/**
 * The console writes the shop's content and catalogue structure here (the content and catalogue modules
 * serve it from their cache): the rows of a simple list, and the return policy.
 */
export function createContentRepo(db: DbOrTx) {
  return {
    async rowById(r: ResourceDef, id: string): Promise<Row | null> {
      const [row] = (await db.select().from(r.table).where(eq(r.table.id, id))) as Row[]
      return row ?? null
    },
    insertRow(r: ResourceDef, row: Row) {
      return db.insert(r.table).values(row as never)
    },
    updateRow(r: ResourceDef, id: string, values: Row) {
      return db
        .update(r.table)
        .set(values as never)
        .where(eq(r.table.id, id))
    },
    deleteRow(r: ResourceDef, id: string) {
      return db.delete(r.table).where(eq(r.table.id, id))
    },

    // ----- the return policy: one HTML section of its own -----
    returnPolicy() {
      return db
        .select()
        .from(policySections)
        .where(eq(policySections.kind, 'return'))
        .limit(1)
        .then((r) => r[0] ?? null)
    },
    setPolicyContent(id: string, content: string, translations?: Translations<'title' | 'content'>) {
      return db
        .update(policySections)
        .set({ content, ...(translations ? { translations } : {}) })
        .where(eq(policySections.id, id))
    },
    insertReturnPolicy(content: string, translations: Translations<'title' | 'content'> = {}) {
      return db
        .insert(policySections)
        .values({ kind: 'return', title: 'Return Policy', content, translations })
    },
  }
}
