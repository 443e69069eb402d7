import { asc, isNotNull, or } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { artisans, clusters, productMakers, products, states } from '../../db/schema.ts'

/** The public provenance data, read whole into the cache (a few hundred rows at most). */
export function createProvenanceRepo(db: DbOrTx) {
  return {
    artisans() {
      return db.select().from(artisans).orderBy(asc(artisans.name))
    },
    clusters() {
      return db.select().from(clusters).orderBy(asc(clusters.name))
    },
    stateNames() {
      return db.select({ id: states.id, name: states.name }).from(states)
    },
    makers() {
      return db
        .select({ productId: productMakers.productId, artisanId: productMakers.artisanId })
        .from(productMakers)
        .orderBy(asc(productMakers.productId), asc(productMakers.position))
    },
    /** Products carrying at least one authenticity mark. */
    marks() {
      return db
        .select({
          id: products.id,
          giName: products.giName,
          giAuthorisedUser: products.giAuthorisedUser,
          handloomMark: products.handloomMark,
          silkMark: products.silkMark,
        })
        .from(products)
        .where(or(isNotNull(products.giName), isNotNull(products.handloomMark), isNotNull(products.silkMark)))
    },
  }
}
