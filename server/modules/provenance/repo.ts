import { asc } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { artisans, clusters, productMakers } from './tables.ts'

/** The public provenance data, read whole into the cache (a few hundred rows at most). */
export function createProvenanceRepo(db: DbOrTx) {
  return {
    artisans() {
      return db.select().from(artisans).orderBy(asc(artisans.name))
    },
    clusters() {
      return db.select().from(clusters).orderBy(asc(clusters.name))
    },
    makers() {
      return db
        .select({ productId: productMakers.productId, artisanId: productMakers.artisanId })
        .from(productMakers)
        .orderBy(asc(productMakers.productId), asc(productMakers.position))
    },
  }
}
