import { asc, eq, type SQL, sql } from 'drizzle-orm'
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
    /** Who made each product among `ids` (a parenthesised subquery): its id, the artisan's slug and name. */
    makersAmong(ids: SQL) {
      return db
        .select({ productId: productMakers.productId, slug: artisans.slug, name: artisans.name })
        .from(productMakers)
        .innerJoin(artisans, eq(artisans.id, productMakers.artisanId))
        .where(sql`${productMakers.productId} in ${ids}`)
    },
    makers() {
      return db
        .select({ productId: productMakers.productId, artisanId: productMakers.artisanId })
        .from(productMakers)
        .orderBy(asc(productMakers.productId), asc(productMakers.position))
    },
  }
}
