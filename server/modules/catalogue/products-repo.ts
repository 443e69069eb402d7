import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { containing } from '../../lib/text-search.ts'
import {
  type BulkChangeState,
  categories,
  productBulkChanges,
  productImages,
  products,
  states,
  subcategories,
} from './tables.ts'

export type ProductRow = typeof products.$inferSelect
export type ProductValues = Omit<typeof products.$inferInsert, 'id'>

/** The product list's filters (the export takes the same). */
export type ProductFilters = {
  q?: string
  categoryId?: string
  stateId?: string
  approval: 'all' | 'approved' | 'pending' | 'archived'
  /** Products not archived with at most this many in stock, least stock first. */
  stockAtMost?: number
}

function listConditions(opts: ProductFilters) {
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
  return conds.length ? and(...conds) : undefined
}

/**
 * The console writes the catalogue's products and pictures here, through the catalogue service's
 * `productStore` (the catalogue serves them to the shop from its cache); every write is followed by a cache
 * invalidation in the console's service.
 */
export function createProductStore(db: DbOrTx) {
  return {
    /** The console's product list: searchable by title or SKU, filtered, newest first. */
    async productPage(opts: ProductFilters & { offset: number; limit: number }) {
      const where = listConditions(opts)
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
    /** Every product the filters match, in the list's order, with its names and pictures (the CSV export). */
    async productsForExport(opts: ProductFilters) {
      const rows = await db
        .select({
          product: products,
          category: categories.title,
          subcategory: subcategories.title,
          state: states.name,
        })
        .from(products)
        .leftJoin(categories, eq(categories.id, products.categoryId))
        .leftJoin(subcategories, eq(subcategories.id, products.subcategoryId))
        .leftJoin(states, eq(states.id, products.stateId))
        .where(listConditions(opts))
        .orderBy(
          ...(opts.stockAtMost !== undefined ? [asc(products.quantity)] : []),
          desc(products.createdAt),
          desc(products.id),
        )
      const images = rows.length
        ? await db
            .select({ productId: productImages.productId, url: productImages.url })
            .from(productImages)
            // One array parameter: an IN list of every product would pass PostgreSQL's parameter limit.
            .where(sql`${productImages.productId} = any(${sql.param(rows.map((r) => r.product.id))}::text[])`)
            .orderBy(asc(productImages.productId), asc(productImages.position), asc(productImages.createdAt))
        : []
      const byProduct = new Map<string, string[]>()
      for (const i of images) byProduct.set(i.productId, [...(byProduct.get(i.productId) ?? []), i.url])
      return rows.map((r) => ({ ...r, images: byProduct.get(r.product.id) ?? [] }))
    },
    /** The products with these ids, locked for a change in the caller's transaction. */
    productsForUpdate(ids: string[]) {
      if (ids.length === 0) return Promise.resolve([])
      return db
        .select()
        .from(products)
        .where(inArray(products.id, ids))
        .orderBy(asc(products.id))
        .for('update')
    },
    /** The products with these ids, read without a lock (a bulk change's preview). */
    productsByIds(ids: string[]) {
      if (ids.length === 0) return Promise.resolve([])
      return db.select().from(products).where(inArray(products.id, ids)).orderBy(asc(products.id))
    },
    /** The ids of the products the list's filters match, in the list's order, at most `limit`. */
    async idsMatching(opts: ProductFilters, limit: number) {
      const rows = await db
        .select({ id: products.id })
        .from(products)
        .where(listConditions(opts))
        .orderBy(
          ...(opts.stockAtMost !== undefined ? [asc(products.quantity)] : []),
          desc(products.createdAt),
          desc(products.id),
        )
        .limit(limit)
      return rows.map((r) => r.id)
    },

    // ----- bulk changes, kept to be undone (decision 125) -----
    insertBulkChange(row: {
      id: string
      actorId: string
      kind: string
      entries: Array<{ productId: string; before: BulkChangeState; after: BulkChangeState }>
    }) {
      return db.insert(productBulkChanges).values(row)
    },
    /** A bulk change, locked so two undos of it cannot both run. */
    bulkChangeForUpdate(id: string) {
      return db
        .select()
        .from(productBulkChanges)
        .where(eq(productBulkChanges.id, id))
        .for('update')
        .then((r) => r[0] ?? null)
    },
    markBulkChangeUndone(id: string) {
      return db.update(productBulkChanges).set({ undoneAt: new Date() }).where(eq(productBulkChanges.id, id))
    },
    /** Every product's id, SKU and title (the import checks SKUs against them). */
    skus() {
      return db.select({ id: products.id, sku: products.sku, title: products.title }).from(products)
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
export type ProductStore = ReturnType<typeof createProductStore>
