import { and, asc, count, desc, eq, ilike, isNotNull, isNull, lte, or, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client.ts'
import { categories, productImages, products, states } from '../../../db/schema.ts'
import { containing } from '../kit.ts'

export type ProductRow = typeof products.$inferSelect
export type ProductValues = Omit<typeof products.$inferInsert, 'id'>

/**
 * The console writes the catalogue's products and pictures here (the catalogue module serves them to
 * the shop from its cache); every write is followed by a cache invalidation in the service.
 */
export function createProductsRepo(db: DbOrTx) {
  return {
    /** The console's product list: searchable by title or SKU, filtered, newest first. */
    async productPage(opts: {
      q?: string
      categoryId?: string
      stateId?: string
      approval: 'all' | 'approved' | 'pending' | 'archived'
      /** Products not archived with at most this many in stock, least stock first. */
      stockAtMost?: number
      offset: number
      limit: number
    }) {
      const conds = []
      if (opts.q)
        conds.push(or(ilike(products.title, containing(opts.q)), ilike(products.sku, containing(opts.q))))
      if (opts.categoryId) conds.push(eq(products.categoryId, opts.categoryId))
      if (opts.stateId) conds.push(eq(products.stateId, opts.stateId))
      if (opts.approval === 'archived') conds.push(isNotNull(products.archivedAt))
      else {
        if (opts.approval !== 'all') conds.push(isNull(products.archivedAt))
        if (opts.approval === 'approved') conds.push(eq(products.isApproved, true))
        if (opts.approval === 'pending') conds.push(eq(products.isApproved, false))
      }
      if (opts.stockAtMost !== undefined) {
        conds.push(isNull(products.archivedAt), lte(products.quantity, opts.stockAtMost))
      }
      const where = conds.length ? and(...conds) : undefined
      const rows = await db
        .select({
          id: products.id,
          title: products.title,
          sku: products.sku,
          price: products.price,
          cutPrice: products.cutPrice,
          discount: products.discount,
          quantity: products.quantity,
          isApproved: products.isApproved,
          archivedAt: products.archivedAt,
          category: categories.title,
          state: states.name,
          image: sql<
            string | null
          >`(select ${productImages.url} from ${productImages} where ${productImages.productId} = ${products.id} order by ${productImages.position} limit 1)`,
          updatedAt: products.updatedAt,
        })
        .from(products)
        .leftJoin(categories, eq(categories.id, products.categoryId))
        .leftJoin(states, eq(states.id, products.stateId))
        .where(where)
        .orderBy(
          ...(opts.stockAtMost !== undefined ? [asc(products.quantity)] : []),
          desc(products.createdAt),
          desc(products.id),
        )
        .limit(opts.limit)
        .offset(opts.offset)
      const [{ total }] = await db.select({ total: count() }).from(products).where(where)
      return { rows, total }
    },
    productById(id: string) {
      return db
        .select()
        .from(products)
        .where(eq(products.id, id))
        .then((r) => r[0] ?? null)
    },
    productBySku(sku: string) {
      return db
        .select({ id: products.id })
        .from(products)
        .where(sql`lower(${products.sku}) = ${sku.toLowerCase()}`)
        .then((r) => r[0] ?? null)
    },
    insert(row: ProductValues & { id: string }) {
      return db.insert(products).values(row)
    },
    update(id: string, values: Partial<ProductValues>) {
      return db.update(products).set(values).where(eq(products.id, id))
    },
    delete(id: string) {
      return db.delete(products).where(eq(products.id, id))
    },

    // ----- pictures -----
    imagesOf(productId: string) {
      return db
        .select()
        .from(productImages)
        .where(eq(productImages.productId, productId))
        .orderBy(asc(productImages.position), asc(productImages.createdAt))
    },
    /** The last picture's position, or -1 when there is none. */
    async lastImagePosition(productId: string) {
      const [{ max }] = await db
        .select({ max: sql<number>`coalesce(max(${productImages.position}), -1)::int` })
        .from(productImages)
        .where(eq(productImages.productId, productId))
      return max
    },
    insertImages(rows: Array<typeof productImages.$inferInsert>) {
      return db.insert(productImages).values(rows)
    },
    setImagePosition(imageId: string, position: number) {
      return db.update(productImages).set({ position }).where(eq(productImages.id, imageId))
    },
    deleteImage(imageId: string) {
      return db.delete(productImages).where(eq(productImages.id, imageId))
    },
  }
}
