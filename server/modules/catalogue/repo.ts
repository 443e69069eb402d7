import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lte,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { DbOrTx } from '../../db/client.ts'
import { listStore } from '../../db/list-store.ts'
import {
  categories,
  productImages,
  products,
  productVariants,
  searchSynonyms,
  states,
  subcategories,
} from './tables.ts'

/** Which products a page reads: by category, subcategory and state ids (any of each), and never these ids. */
export type ProductQuery = {
  /** Ids of the active categories: products of another category are not public. */
  activeCategoryIds: string[]
  categoryIds?: string[]
  subcategoryIds?: string[]
  stateIds?: string[]
  /** A temple's prasad packages (decision 099). */
  templeId?: string
  notId?: string
  /** Only among these ids (a search's matches). */
  onlyIds?: string[]
}

/** Sort orders of contracts/catalogue-sort.ts, each served by an index of migration 0022. */
function orderFor(sort: number): SQL[] {
  const catalogueOrder = [asc(products.position), asc(products.createdAt), asc(products.id)]
  const title = sql`lower(${products.title})`
  switch (sort) {
    case 3:
      return [asc(title), asc(products.id)]
    case 4:
      return [desc(title), desc(products.id)]
    case 5:
      return [asc(products.price), ...catalogueOrder]
    case 6:
      return [desc(products.price), ...catalogueOrder]
    default:
      return catalogueOrder
  }
}

/** The expression the full-text GIN index of migration 0001 is built on; queries must repeat it exactly. */
const searchVector = sql`to_tsvector('simple', ${products.searchText})`

export function createCatalogueRepo(db: DbOrTx) {
  return {
    categories() {
      return db.select().from(categories).orderBy(asc(categories.position), asc(categories.title))
    },
    subcategories() {
      return db.select().from(subcategories).orderBy(asc(subcategories.position), asc(subcategories.title))
    },
    states() {
      return db.select().from(states).orderBy(asc(states.position), asc(states.name))
    },
    /** One page of public products in a sort order of contracts/catalogue-sort.ts. */
    pageOfProducts(q: ProductQuery, sort: number, offset: number, limit: number) {
      return db
        .select()
        .from(products)
        .where(publicWhere(q))
        .orderBy(...orderFor(sort))
        .offset(offset)
        .limit(limit)
    },
    /** What the listings' filters read of the products a query finds (decision 130), narrow rows. */
    filterRows(q: ProductQuery) {
      return db
        .select({
          id: products.id,
          position: products.position,
          createdAt: products.createdAt,
          title: sql<string>`lower(${products.title})`,
          price: products.price,
          soldCount: products.soldCount,
          quantity: products.quantity,
          materials: products.materials,
          techniques: products.techniques,
          colours: products.colours,
          categoryId: products.categoryId,
          subcategoryId: products.subcategoryId,
          stateId: products.stateId,
          gi: sql<boolean>`${products.giName} is not null`,
          handloom: sql<boolean>`${products.handloomMark} is not null`,
          silk: sql<boolean>`${products.silkMark} is not null`,
        })
        .from(products)
        .where(publicWhere(q))
    },
    /** What changes in a listing's narrow rows when only stock changed, for these products. */
    stockOfMany(ids: string[]) {
      if (ids.length === 0) return Promise.resolve([])
      return db
        .select({ id: products.id, quantity: products.quantity, soldCount: products.soldCount })
        .from(products)
        .where(inArray(products.id, ids))
    },
    /** The ids of the public products a query finds, as a subquery another module's count embeds. */
    idsWhere(q: ProductQuery) {
      return db.select({ id: products.id }).from(products).where(publicWhere(q))
    },
    /** How many public products a query finds. */
    async countProducts(q: ProductQuery): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(products).where(publicWhere(q))
      return Number(row?.n ?? 0)
    },
    /** Public products, most sold first (catalogue order breaks ties). */
    bestSelling(q: ProductQuery, limit: number) {
      return db
        .select()
        .from(products)
        .where(publicWhere(q))
        .orderBy(sql`${products.soldCount} desc nulls last`, asc(products.position), asc(products.createdAt))
        .limit(limit)
    },
    /** Public products, newest first. */
    newest(q: ProductQuery, limit: number) {
      return db
        .select()
        .from(products)
        .where(publicWhere(q))
        .orderBy(desc(products.createdAt), asc(products.position))
        .limit(limit)
    },
    /** Public products among these ids (a handful: a page, a cart, a search's matches). */
    publicByIds(q: ProductQuery, ids: string[]) {
      if (ids.length === 0) return Promise.resolve([])
      return db
        .select()
        .from(products)
        .where(and(publicWhere(q), sql`${products.id} = any(${sql.param(ids)}::text[])`))
    },
    /** What ranking a search's matches needs of them: titles and names, not whole rows. */
    rankingRowsByIds(q: ProductQuery, ids: string[]) {
      if (ids.length === 0) return Promise.resolve([])
      return db
        .select({
          id: products.id,
          title: products.title,
          categoryId: products.categoryId,
          subcategoryId: products.subcategoryId,
          stateId: products.stateId,
        })
        .from(products)
        .where(and(publicWhere(q), sql`${products.id} = any(${sql.param(ids)}::text[])`))
    },
    /** Staff's Hindi of these products' texts, for those that have some. */
    async hindiOf(ids: string[]) {
      if (ids.length === 0) return []
      return db
        .select({ id: products.id, translations: products.translations })
        .from(products)
        .where(
          and(sql`${products.id} = any(${sql.param(ids)}::text[])`, sql`${products.translations} ? 'hi'`),
        )
    },
    /**
     * Words of three or more letters in the public products' search text, for typo correction: counted by
     * the database (ts_stat) so the catalogue is never read whole into the process.
     */
    async vocabulary(): Promise<string[]> {
      const result = await db.execute(sql`
        SELECT word FROM ts_stat('SELECT to_tsvector(''simple'', search_text) FROM products
          WHERE is_approved AND archived_at IS NULL')
        WHERE length(word) >= 3`)
      const rows = (result as unknown as { rows?: { word: string }[] }).rows ?? []
      return rows
        .map((r) => r.word)
        .filter((w) => /^\p{L}+$/u.test(w))
        .sort()
    },
    /**
     * Ids and dates of public products in catalogue order, from an offset or after a product's place in
     * that order (a keyset: the next slice of a sitemap file starts where the last ended, with no rows skipped).
     */
    sitemapProducts(
      q: ProductQuery,
      from: { offset: number } | { after: { position: number; at: string; id: string } },
      limit: number,
    ) {
      // `at` is the exact creation time as the database wrote it: a JavaScript date would drop its microseconds.
      const after =
        'after' in from
          ? sql`(${products.position}, ${products.createdAt}, ${products.id}) > (${from.after.position}, ${from.after.at}::timestamptz, ${from.after.id})`
          : undefined
      return db
        .select({
          id: products.id,
          createdAt: products.createdAt,
          position: products.position,
          at: sql<string>`${products.createdAt}::text`,
        })
        .from(products)
        .where(and(publicWhere(q), after))
        .orderBy(...orderFor(1))
        .offset('offset' in from ? from.offset : 0)
        .limit(limit)
    },
    /** The category, subcategory and state rows a product names (null where it names none or it is gone). */
    async namesFor(ids: { categoryId: string | null; subcategoryId: string | null; stateId: string | null }) {
      const [cat] = ids.categoryId
        ? await db.select().from(categories).where(eq(categories.id, ids.categoryId))
        : []
      const [sub] = ids.subcategoryId
        ? await db.select().from(subcategories).where(eq(subcategories.id, ids.subcategoryId))
        : []
      const [st] = ids.stateId ? await db.select().from(states).where(eq(states.id, ids.stateId)) : []
      return { category: cat ?? null, subcategory: sub ?? null, state: st ?? null }
    },
    productById(id: string) {
      return db
        .select()
        .from(products)
        .where(eq(products.id, id))
        .then((r) => r[0] ?? null)
    },
    /** The variants of these products (decision 129), each product's in position order. */
    variantsFor(productIds: string[]) {
      if (productIds.length === 0) return Promise.resolve([])
      return db
        .select()
        .from(productVariants)
        .where(sql`${productVariants.productId} = any(${sql.param(productIds)}::text[])`)
        .orderBy(asc(productVariants.productId), asc(productVariants.position), asc(productVariants.id))
    },
    imagesFor(productIds: string[]) {
      if (productIds.length === 0) return Promise.resolve([])
      return db
        .select()
        .from(productImages)
        .where(sql`${productImages.productId} = any(${sql.param(productIds)}::text[])`)
        .orderBy(asc(productImages.productId), asc(productImages.position))
    },
    /**
     * Ids of approved products whose search words match the full-text query (prefix terms), served
     * by the GIN index on to_tsvector('simple', search_text). No ORDER BY: the scan stops at the
     * limit instead of sorting every match; the service ranks what comes back.
     */
    async matchingIds(tsquery: string, limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: products.id })
        .from(products)
        .where(
          and(
            eq(products.isApproved, true),
            isNull(products.archivedAt),
            sql`${searchVector} @@ to_tsquery('simple', ${tsquery})`,
          ),
        )
        .limit(limit)
      return rows.map((r) => r.id)
    },
    /**
     * For each word, up to three words of the shop's vocabulary that pg_trgm finds similar
     * ('handlom' gives 'handloom'). Words are letters and digits only, joined by spaces.
     */
    async similarWords(words: string[], vocabulary: string[]): Promise<{ word: string; match: string }[]> {
      if (words.length === 0 || vocabulary.length === 0) return []
      const result = await db.execute(sql`
        SELECT q.word AS word, l.w AS match
        FROM unnest(string_to_array(${words.join(' ')}, ' ')) AS q(word)
        CROSS JOIN LATERAL (
          SELECT v.w FROM unnest(string_to_array(${vocabulary.join(' ')}, ' ')) AS v(w)
          WHERE v.w % q.word
          ORDER BY similarity(v.w, q.word) DESC, v.w
          LIMIT 3
        ) l`)
      const rows = (result as unknown as { rows?: unknown[] }).rows ?? (result as unknown as unknown[])
      return rows as { word: string; match: string }[]
    },
    searchSynonyms() {
      return db
        .select({ term: searchSynonyms.term, expansions: searchSynonyms.expansions })
        .from(searchSynonyms)
    },
    /**
     * Sellable products (approved, not archived) with their first image, for pricing an order, and their
     * variants (decision 129) with each one's price, stock and first picture.
     */
    /** Each product's parcel (decision 134): its weight and box, and its variants' own weights. */
    async parcels(ids: string[]) {
      if (ids.length === 0) return { products: [], variants: [] }
      const [found, variants] = await Promise.all([
        db
          .select({
            id: products.id,
            weight: products.weight,
            lengthCm: products.packageLengthCm,
            breadthCm: products.packageBreadthCm,
            heightCm: products.packageHeightCm,
          })
          .from(products)
          .where(inArray(products.id, ids)),
        db
          .select({
            id: productVariants.id,
            productId: productVariants.productId,
            weight: productVariants.weight,
          })
          .from(productVariants)
          .where(inArray(productVariants.productId, ids)),
      ])
      return { products: found, variants }
    },
    /** What the return rules judge a product by (decision 137): its category, its temple, its choices. */
    returnFacts(ids: string[]) {
      if (ids.length === 0) return Promise.resolve([])
      return db
        .select({
          id: products.id,
          categoryId: products.categoryId,
          templeId: products.templeId,
          personalisation: products.personalisation,
        })
        .from(products)
        .where(inArray(products.id, ids))
    },
    async sellable(ids: string[]) {
      if (ids.length === 0) return []
      const rows = await db
        .select({
          id: products.id,
          title: products.title,
          sku: products.sku,
          price: products.price,
          stock: products.quantity,
          options: products.options,
          personalisation: products.personalisation,
          hsnCode: products.hsnCode,
        })
        .from(products)
        .where(and(inArray(products.id, ids), eq(products.isApproved, true), isNull(products.archivedAt)))
      const images = await db
        .select({ productId: productImages.productId, url: productImages.url })
        .from(productImages)
        .where(inArray(productImages.productId, ids))
        .orderBy(asc(productImages.position))
      const variants = await db
        .select()
        .from(productVariants)
        .where(inArray(productVariants.productId, ids))
        .orderBy(asc(productVariants.position), asc(productVariants.id))
      return rows.map((r) => {
        const img = images.find((i) => i.productId === r.id)
        const image = img ? `${img.url}-800.webp` : null
        return {
          ...r,
          image,
          variants: variants
            .filter((v) => v.productId === r.id)
            .map((v) => ({
              id: v.id,
              sku: v.sku,
              title: v.optionValues.join(' / '),
              price: v.price,
              stock: v.quantity,
              image: v.images[0] ? `${v.images[0]}-800.webp` : image,
            })),
        }
      })
    },
    /**
     * Takes pieces of one variant if that many are there, and the same from its product's total, in the
     * caller's transaction: what is left of the variant, or null when there were too few.
     */
    async takeVariantStock(productId: string, variantId: string, quantity: number): Promise<number | null> {
      const [row] = await db
        .update(productVariants)
        .set({ quantity: sql`${productVariants.quantity} - ${quantity}` })
        .where(
          and(
            eq(productVariants.id, variantId),
            eq(productVariants.productId, productId),
            gte(productVariants.quantity, quantity),
          ),
        )
        .returning({ left: productVariants.quantity })
      if (!row) return null
      await db
        .update(products)
        .set({ quantity: sql`${products.quantity} - ${quantity}` })
        .where(eq(products.id, productId))
      return row.left
    },
    /** Gives pieces of one variant back, and to its product's total. */
    async returnVariantStock(productId: string, variantId: string, quantity: number) {
      const rows = await db
        .update(productVariants)
        .set({ quantity: sql`${productVariants.quantity} + ${quantity}` })
        .where(and(eq(productVariants.id, variantId), eq(productVariants.productId, productId)))
        .returning({ id: productVariants.id })
      // A variant staff deleted meanwhile gives nothing back: its pieces are no longer sold.
      if (rows.length === 0) return
      await db
        .update(products)
        .set({ quantity: sql`${products.quantity} + ${quantity}` })
        .where(eq(products.id, productId))
    },
    /** Staff add to (or take from) one variant's stock, and its product's total: what is left, or null. */
    async changeVariantStock(productId: string, variantId: string, change: number): Promise<number | null> {
      const [row] = await db
        .update(productVariants)
        .set({ quantity: sql`${productVariants.quantity} + ${change}` })
        .where(
          and(
            eq(productVariants.id, variantId),
            eq(productVariants.productId, productId),
            gte(productVariants.quantity, -change),
          ),
        )
        .returning({ quantity: productVariants.quantity })
      if (!row) return null
      await db
        .update(products)
        .set({ quantity: sql`${products.quantity} + ${change}` })
        .where(eq(products.id, productId))
      return row.quantity
    },
    /**
     * Brings a product's own price, list price, discount and stock in line with its variants (decision
     * 129): the default (first) variant's prices, the variants' stock summed. Nothing for a product
     * without variants. Call in the transaction that changed them.
     */
    async followVariants(productId: string): Promise<void> {
      await db.execute(sql`
        update ${products} p set
          price = d.price,
          cut_price = d.cut_price,
          discount = case when d.cut_price > d.price and d.price >= 0
            then ((d.cut_price - d.price) * 100) / d.cut_price else 0 end,
          quantity = (select coalesce(sum(quantity), 0)::int from ${productVariants} where product_id = p.id),
          updated_at = now()
        from (
          select price, cut_price from ${productVariants} where product_id = ${productId}
          order by position, id limit 1
        ) d
        where p.id = ${productId}`)
    },
    async variantStockOf(variantId: string): Promise<number> {
      const [row] = await db
        .select({ q: productVariants.quantity })
        .from(productVariants)
        .where(eq(productVariants.id, variantId))
      return row?.q ?? 0
    },
    /**
     * Takes a quantity of a product from stock if that much is there, in one conditional update (atomic
     * on PostgreSQL and PGlite alike). Returns what is left, or null when there was not enough.
     */
    async takeStock(productId: string, quantity: number): Promise<number | null> {
      const [row] = await db
        .update(products)
        .set({ quantity: sql`${products.quantity} - ${quantity}` })
        .where(and(eq(products.id, productId), gte(products.quantity, quantity)))
        .returning({ left: products.quantity })
      return row ? row.left : null
    },
    async stockOf(productId: string): Promise<number> {
      const [row] = await db.select({ q: products.quantity }).from(products).where(eq(products.id, productId))
      return row?.q ?? 0
    },
    async returnStock(productId: string, quantity: number) {
      await db
        .update(products)
        .set({ quantity: sql`${products.quantity} + ${quantity}` })
        .where(eq(products.id, productId))
    },
    /**
     * Adds to (or with a negative change, takes from) a product's stock in one conditional update, as
     * orders take and return stock (decision 044): a sale made meanwhile is kept. Null when there are
     * fewer pieces than would be taken away.
     */
    async changeStock(id: string, change: number): Promise<number | null> {
      const [row] = await db
        .update(products)
        .set({ quantity: sql`${products.quantity} + ${change}` })
        .where(and(eq(products.id, id), gte(products.quantity, -change)))
        .returning({ quantity: products.quantity })
      return row ? row.quantity : null
    },
    /** Up to 1000 products naming this category, subcategory, state or temple. */
    async productsNaming(link: ProductLink, id: string): Promise<number> {
      const rows = await db
        .select({ id: products.id })
        .from(products)
        .where(eq(products[link], id))
        .limit(1000)
      return rows.length
    },
    /** Every state's id and name. */
    stateNames() {
      return db.select({ id: states.id, name: states.name }).from(states)
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
    /** Products at or below the threshold (archived ones are not sold), least stock first. */
    async lowStock(threshold: number, limit: number) {
      const low = and(isNull(products.archivedAt), lte(products.quantity, threshold))
      const [totals] = await db
        .select({
          low: sql<number>`count(*)::int`,
          out: sql<number>`count(*) filter (where ${products.quantity} <= 0)::int`,
        })
        .from(products)
        .where(low)
      const rows = await db
        .select({ id: products.id, title: products.title, quantity: products.quantity })
        .from(products)
        .where(low)
        .orderBy(asc(products.quantity), asc(products.title), asc(products.id))
        .limit(limit)
      return { low: Number(totals?.low ?? 0), out: Number(totals?.out ?? 0), rows }
    },
    /** Products waiting for staff's approval (archived ones are not). */
    async awaitingApproval() {
      const [row] = await db
        .select({ n: count() })
        .from(products)
        .where(and(eq(products.isApproved, false), isNull(products.archivedAt)))
      return Number(row?.n ?? 0)
    },
    /** The ids of the products whose title matches an ILIKE pattern, as a subquery. */
    idsTitled(pattern: string) {
      return db.select({ id: products.id }).from(products).where(ilike(products.title, pattern))
    },
    /** The titles of these products, by title. */
    titles(ids: string[]) {
      if (ids.length === 0) return Promise.resolve([])
      return db
        .select({ id: products.id, title: products.title })
        .from(products)
        .where(sql`${products.id} = any(${sql.param(ids)}::text[])`)
        .orderBy(asc(products.title), asc(products.id))
    },
    /** One product's title and authenticity marks, or null. */
    async marksOf(id: string) {
      const [row] = await db
        .select({
          id: products.id,
          title: products.title,
          giName: products.giName,
          giAuthorisedUser: products.giAuthorisedUser,
          handloomMark: products.handloomMark,
          silkMark: products.silkMark,
        })
        .from(products)
        .where(eq(products.id, id))
      return row ?? null
    },
    setMarks(id: string, marks: MarkValues) {
      return db.update(products).set(marks).where(eq(products.id, id))
    },
    /** Keeps a product's count of published reviews and their ratings' total. */
    setRating(id: string, rating: { count: number; total: number }) {
      return db
        .update(products)
        .set({ reviewCount: rating.count, ratingTotal: rating.total })
        .where(eq(products.id, id))
    },
    /** The HSN code, GST rate and unit quantity code of these products. */
    taxCodes(ids: string[]) {
      if (ids.length === 0) return Promise.resolve([])
      return db
        .select({
          id: products.id,
          hsnCode: products.hsnCode,
          gstRate: products.gstRate,
          gstRateFixed: products.gstRateFixed,
          uqc: products.uqc,
        })
        .from(products)
        .where(inArray(products.id, ids))
    },
    /** Refreshes the planner's statistics (PGlite has no autovacuum to do it). */
    analyze() {
      return db.execute(sql`ANALYZE products`)
    },
    /** Fills search_text for products that lack it (rows written before it existed or by plain inserts). */
    fillMissingSearchText() {
      return db.execute(sql`
        UPDATE products p SET search_text = concat_ws(' ',
          p.title, c.title, sc.title, st.name, p.short_description,
          regexp_replace(p.description, '<[^>]*>', ' ', 'g'))
        FROM products p2
        LEFT JOIN categories c ON c.id = p2.category_id
        LEFT JOIN subcategories sc ON sc.id = p2.subcategory_id
        LEFT JOIN states st ON st.id = p2.state_id
        WHERE p.id = p2.id AND p.search_text = ''`)
    },
  }
}
/** Approved, not archived, of an active category or none, and matching the query's names. */
function publicWhere(q: ProductQuery): SQL | undefined {
  const anyOf = (column: AnyPgColumn, ids: string[]) => sql`${column} = any(${sql.param(ids)}::text[])`
  return and(
    eq(products.isApproved, true),
    isNull(products.archivedAt),
    or(isNull(products.categoryId), anyOf(products.categoryId, q.activeCategoryIds)),
    q.categoryIds ? anyOf(products.categoryId, q.categoryIds) : undefined,
    q.subcategoryIds ? anyOf(products.subcategoryId, q.subcategoryIds) : undefined,
    q.stateIds ? anyOf(products.stateId, q.stateIds) : undefined,
    q.templeId ? eq(products.templeId, q.templeId) : undefined,
    q.notId ? ne(products.id, q.notId) : undefined,
    q.onlyIds ? anyOf(products.id, q.onlyIds) : undefined,
  )
}

export type CatalogueRepo = ReturnType<typeof createCatalogueRepo>

/** The catalogue's lists the console edits row by row, each in its screen's order. */
export const catalogueLists = {
  categories: listStore(categories, (db) =>
    db.select().from(categories).orderBy(asc(categories.position), asc(categories.title)),
  ),
  subcategories: listStore(subcategories, (db) =>
    db.select().from(subcategories).orderBy(asc(subcategories.position), asc(subcategories.title)),
  ),
  states: listStore(states, (db) => db.select().from(states).orderBy(asc(states.position), asc(states.name))),
  searchSynonyms: listStore(searchSynonyms, (db) =>
    db.select().from(searchSynonyms).orderBy(asc(searchSynonyms.term)),
  ),
}

/** A product's authenticity marks (decision 098). */
export type MarkValues = Pick<
  typeof products.$inferInsert,
  'giName' | 'giAuthorisedUser' | 'handloomMark' | 'silkMark'
>

/** The columns by which a product names a category, subcategory, state or temple. */
export type ProductLink = 'categoryId' | 'subcategoryId' | 'stateId' | 'templeId'
