import { asc, count, eq, inArray, like, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { artisans, clusters, productMakers } from './tables.ts'

export type ArtisanValues = Omit<typeof artisans.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>
export type ClusterValues = Omit<typeof clusters.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>

/**
 * The console's artisans, clusters and each product's makers (decision 098), through the provenance
 * service's `store`; the products' marks are the catalogue's.
 */
export function createProvenanceStore(db: DbOrTx) {
  return {
    artisanRows() {
      return db
        .select({
          artisan: artisans,
          clusterName: clusters.name,
          productCount: sql<number>`(select count(*)::int from ${productMakers} where ${productMakers.artisanId} = ${artisans.id})`,
        })
        .from(artisans)
        .leftJoin(clusters, eq(clusters.id, artisans.clusterId))
        .orderBy(asc(artisans.name))
    },
    clusterRows() {
      return db
        .select({
          cluster: clusters,
          artisanCount: sql<number>`(select count(*)::int from ${artisans} where ${artisans.clusterId} = ${clusters.id})`,
        })
        .from(clusters)
        .orderBy(asc(clusters.name))
    },
    async artisan(id: string) {
      const [row] = await db.select().from(artisans).where(eq(artisans.id, id))
      return row ?? null
    },
    async cluster(id: string) {
      const [row] = await db.select().from(clusters).where(eq(clusters.id, id))
      return row ?? null
    },
    /** The slugs starting with this one (to find a free one for a new name). */
    async slugsLike(table: 'artisans' | 'clusters', base: string) {
      const t = table === 'artisans' ? artisans : clusters
      const rows = await db
        .select({ slug: t.slug })
        .from(t)
        .where(like(t.slug, `${base}%`))
      return new Set(rows.map((r) => r.slug))
    },
    insertArtisan(id: string, values: ArtisanValues) {
      return db.insert(artisans).values({ id, ...values })
    },
    updateArtisan(id: string, values: ArtisanValues) {
      return db.update(artisans).set(values).where(eq(artisans.id, id))
    },
    deleteArtisan(id: string) {
      return db.delete(artisans).where(eq(artisans.id, id))
    },
    insertCluster(id: string, values: ClusterValues) {
      return db.insert(clusters).values({ id, ...values })
    },
    updateCluster(id: string, values: ClusterValues) {
      return db.update(clusters).set(values).where(eq(clusters.id, id))
    },
    deleteCluster(id: string) {
      return db.delete(clusters).where(eq(clusters.id, id))
    },
    /** The products naming an artisan. */
    async productsNaming(artisanId: string) {
      const rows = await db
        .select({ productId: productMakers.productId })
        .from(productMakers)
        .where(eq(productMakers.artisanId, artisanId))
      return rows.map((r) => r.productId)
    },
    async artisansIn(clusterId: string) {
      const [row] = await db.select({ n: count() }).from(artisans).where(eq(artisans.clusterId, clusterId))
      return row?.n ?? 0
    },

    // ----- one product's makers -----
    makersOf(productId: string) {
      return db
        .select({ id: artisans.id, name: artisans.name })
        .from(productMakers)
        .innerJoin(artisans, eq(artisans.id, productMakers.artisanId))
        .where(eq(productMakers.productId, productId))
        .orderBy(asc(productMakers.position))
    },
    artisanNames(ids: string[]) {
      if (ids.length === 0) return Promise.resolve([])
      return db
        .select({ id: artisans.id, name: artisans.name })
        .from(artisans)
        .where(inArray(artisans.id, ids))
    },
    async setMakers(productId: string, artisanIds: string[]) {
      await db.delete(productMakers).where(eq(productMakers.productId, productId))
      if (artisanIds.length > 0)
        await db
          .insert(productMakers)
          .values(artisanIds.map((artisanId, position) => ({ productId, artisanId, position })))
    },
  }
}
