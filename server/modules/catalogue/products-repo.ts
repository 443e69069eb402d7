import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { containing } from '../../lib/text-search.ts'
import {
  type BulkChangeEntry,
  categories,
  productBulkChanges,
  productImages,
  products,
  productVariants,
  states,
  subcategories,
} from './tables.ts'

export type ProductRow = typeof products.$inferSelect
/** A variant of a product as stored (decision 129): prices in paise, pictures as stored paths. */
export type VariantRow = typeof productVariants.$inferSelect
export type VariantValues = Omit<typeof productVariants.$inferInsert, 'id' | 'productId'>
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
          variantCount: sql<number>`(select count(*)::int from ${productVariants} where ${productVariants.productId} = ${products.id})`,
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

    // ----- variants (decision 129) -----
    /** The variants of these products, each product's in position order. */
    variantsOf(productIds: string[]) {
      if (productIds.length === 0) return Promise.resolve([])
      return db
        .select()
        .from(productVariants)
        .where(sql`${productVariants.productId} = any(${sql.param(productIds)}::text[])`)
        .orderBy(asc(productVariants.productId), asc(productVariants.position), asc(productVariants.id))
    },
    /** The same, locked for a change in the caller's transaction. */
    variantsForUpdate(productIds: string[]) {
      if (productIds.length === 0) return Promise.resolve([])
      return db
        .select()
        .from(productVariants)
        .where(inArray(productVariants.productId, productIds))
        .orderBy(asc(productVariants.productId), asc(productVariants.position), asc(productVariants.id))
        .for('update')
    },
    /** Every variant's id, product and SKU, with its product's title (SKUs are unique across both). */
    variantSkus() {
      return db
        .select({
          id: productVariants.id,
          productId: productVariants.productId,
          sku: productVariants.sku,
          title: products.title,
        })
        .from(productVariants)
        .innerJoin(products, eq(products.id, productVariants.productId))
    },
    /** The products and variants holding any of these SKUs, whatever their letter case. */
    async skuOwners(skus: string[]) {
      const lower = [...new Set(skus.map((s) => s.toLowerCase()))]
      if (lower.length === 0) return []
      const [own, ofVariants] = await Promise.all([
        db
          .select({ sku: products.sku, productId: products.id, title: products.title })
          .from(products)
          .where(sql`lower(${products.sku}) = any(${sql.param(lower)}::text[])`),
        db
          .select({
            sku: productVariants.sku,
            productId: productVariants.productId,
            variantId: productVariants.id,
            title: products.title,
          })
          .from(productVariants)
          .innerJoin(products, eq(products.id, productVariants.productId))
          .where(sql`lower(${productVariants.sku}) = any(${sql.param(lower)}::text[])`),
      ])
      return [
        ...own.map((o) => ({ ...o, variantId: null as string | null })),
        ...ofVariants.map((v) => ({ ...v, variantId: v.variantId as string | null })),
      ]
    },
    insertVariants(rows: Array<VariantValues & { id: string; productId: string }>) {
      if (rows.length === 0) return Promise.resolve()
      return db
        .insert(productVariants)
        .values(rows)
        .then(() => undefined)
    },
    updateVariant(id: string, values: Partial<VariantValues>) {
      return db.update(productVariants).set(values).where(eq(productVariants.id, id))
    },
    /** A picture removed from a product is no longer any of its variants' picture. */
    dropVariantImage(productId: string, url: string) {
      return db
        .update(productVariants)
        .set({ images: sql`array_remove(${productVariants.images}, ${url})` })
        .where(and(eq(productVariants.productId, productId), sql`${url} = any(${productVariants.images})`))
    },
    deleteVariants(ids: string[]) {
      if (ids.length === 0) return Promise.resolve()
      return db
        .delete(productVariants)
        .where(inArray(productVariants.id, ids))
        .then(() => undefined)
    },

    // ----- bulk changes, kept to be undone (decision 125) -----
    insertBulkChange(row: { id: string; actorId: string; kind: string; entries: BulkChangeEntry[] }) {
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
    /**
     * Each value the products not archived give an attribute (decision 130), with how many give it, most
     * common first: the console lists them so staff spell a value the same way again.
     */
    async attributeValues(column: 'materials' | 'techniques' | 'colours') {
      const result = await db.execute(sql`
        select v as value, count(*)::int as n
        from ${products}, unnest(${products[column]}) as v
        where ${products.archivedAt} is null
        group by v order by n desc, v`)
      const rows = (result as unknown as { rows?: Array<{ value: string; n: number }> }).rows ?? []
      return rows.map((r) => ({ value: r.value, count: Number(r.n) }))
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
    /** The pictures' stored paths of these products, each product's in order (the CSV import's variants). */
    imagePathsOf(productIds: string[]) {
      if (productIds.length === 0) return Promise.resolve([])
      return db
        .select({ productId: productImages.productId, url: productImages.url })
        .from(productImages)
        .where(sql`${productImages.productId} = any(${sql.param(productIds)}::text[])`)
        .orderBy(asc(productImages.productId), asc(productImages.position), asc(productImages.createdAt))
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
