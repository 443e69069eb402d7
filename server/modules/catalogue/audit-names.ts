import { sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { type Namer, namer } from '../../db/names.ts'
import { categories, products, searchSynonyms, states, subcategories } from './tables.ts'

/** What the audit log calls the catalogue's rows, by the kind its entries name (decision 113). */
export const catalogueAuditNames = (db: DbOrTx): Record<string, Namer> => ({
  product: namer(db, products, sql<string>`${products.title}`),
  category: namer(db, categories, sql<string>`${categories.title}`),
  subcategory: namer(db, subcategories, sql<string>`${subcategories.title}`),
  state: namer(db, states, sql<string>`${states.name}`),
  synonym: namer(db, searchSynonyms, sql<string>`${searchSynonyms.term}`),
})
