import { sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { type Namer, namer } from '../../db/names.ts'
import { artisans, clusters } from './tables.ts'

/** What the audit log calls artisans and clusters (decision 113). */
export const provenanceAuditNames = (db: DbOrTx): Record<string, Namer> => ({
  artisan: namer(db, artisans, sql<string>`${artisans.name}`),
  cluster: namer(db, clusters, sql<string>`${clusters.name}`),
})
