import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import {
  categories,
  productImages,
  products,
  searchSynonyms,
  states,
  subcategories,
} from '../../db/schema.ts'

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
    approvedProducts() {
      return db
        .select()
        .from(products)
        .where(and(eq(products.isApproved, true), isNull(products.archivedAt)))
        .orderBy(asc(products.position), asc(products.createdAt))
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
    imagesFor(productIds: string[]) {
      if (productIds.length === 0) return Promise.resolve([])
      return db
        .select()
        .from(productImages)
        .where(inArray(productImages.productId, productIds))
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
export type CatalogueRepo = ReturnType<typeof createCatalogueRepo>
