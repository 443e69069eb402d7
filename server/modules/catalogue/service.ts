import type {
  Category,
  LabelledCategory,
  LabelledState,
  Product,
  State,
} from '../../../contracts/catalogue.ts'
import { type SortValue, sameName, sortProducts } from '../../../contracts/catalogue-sort.ts'
import { type Language, translated } from '../../../contracts/languages.ts'
import { discountPercent } from '../../../contracts/money.ts'
import type { Db, DbOrTx } from '../../db/client.ts'
import { idPattern } from '../../db/ids.ts'
import type { categories, productImages, products, states, subcategories } from '../../db/schema.ts'
import { NotFoundError, ValidationError } from '../../http/errors.ts'
import type { CatalogueCache } from '../../lib/cache.ts'
import { safeHtml } from '../content/html.ts'
import { createCatalogueRepo } from './repo.ts'
import {
  groupsFor,
  queryWords,
  rankProducts,
  type Synonyms,
  synonymWord,
  tsQueryFor,
  unknownWords,
  vocabularyOf,
  wordsOf,
} from './search.ts'

/** Most matches ranked per search; the rest are weaker by catalogue order. */
const searchPool = 300

type ProductRow = typeof products.$inferSelect
type ImageRow = typeof productImages.$inferSelect

export const rupees = (paise: number) => Math.round(paise) / 100

/** The words search looks in: title, category, subcategory, state, short and HTML description. */
export function searchTextFor(p: {
  title: string
  category?: string | null
  subcategory?: string | null
  state?: string | null
  shortDescription?: string | null
  description?: string | null
}): string {
  const plain = (p.description ?? '').replace(/<[^>]*>/g, ' ')
  return [p.title, p.category, p.subcategory, p.state, p.shortDescription, plain]
    .filter(Boolean)
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim()
}

/** Why customers cannot see a product its preview shows. */
export type ProductHiddenReason = 'unapproved' | 'archived' | 'inactive-category'

export type ProductFilter = {
  category?: string
  subcategory?: string
  state?: string
  sort?: SortValue
}

export type ProductPage = {
  items: Product[]
  page: number
  limit: number
  total: number
  pages: number
}

/** Builds the public catalogue from the database once, then serves it from memory until a write invalidates it. */
export function createCatalogueService(deps: { db: Db; cache: CatalogueCache }) {
  const repo = createCatalogueRepo(deps.db)

  type ProductHindi = Partial<Record<'title' | 'shortDescription' | 'description', string>>
  type Snapshot = {
    categories: Category[]
    activeCategoryIds: Set<string>
    states: State[]
    products: Product[]
    byId: Map<string, Product>
    cleanDescriptions: Map<string, string>
    /** Staff's Hindi of the products' texts, by product (docs/decisions/097). */
    hindi: Map<string, ProductHindi>
    sold: Map<string, number>
    /** The prasad packages of each temple (decision 099), by temple id, in catalogue order. */
    templeProducts: Map<string, string[]>
    /** Words of the catalogue for typo correction, built on the first search. */
    vocabulary?: string[]
    /** Search synonyms, read with the snapshot so a console edit takes effect with the next search. */
    synonyms: Synonyms
    lookup: {
      category: Map<string, typeof categories.$inferSelect>
      subcategory: Map<string, typeof subcategories.$inferSelect>
      state: Map<string, typeof states.$inferSelect>
    }
  }

  function toProduct(
    row: ProductRow,
    images: ImageRow[],
    snap: Pick<Snapshot, 'lookup'>,
    withDescription = true,
  ): Product {
    const urls = images.map((i) => `${i.url}-800.webp`)
    return {
      _id: row.id,
      title: row.title,
      image: urls[0] ?? null,
      price: rupees(row.price),
      cutPrice: rupees(row.cutPrice),
      // Computed, not read back: the percent always matches the two prices (decision 014).
      discount: discountPercent(row.price, row.cutPrice),
      IsApproved: row.isApproved,
      categories: row.categoryId ? (snap.lookup.category.get(row.categoryId)?.title ?? null) : null,
      subcategory: row.subcategoryId ? (snap.lookup.subcategory.get(row.subcategoryId)?.title ?? null) : null,
      state: row.stateId ? (snap.lookup.state.get(row.stateId)?.name ?? null) : null,
      sku: row.sku,
      thumbnail: urls,
      youtubeVideoLink: row.youtubeVideoLink,
      view360Link: row.view360Link,
      shortDescription: row.shortDescription,
      ...(withDescription ? { description: row.description } : {}),
      quantity: row.quantity,
      // Kept on the product row by the reviews service (decision 096): no count of reviews here.
      rating:
        row.reviewCount > 0
          ? { average: Math.round((row.ratingTotal / row.reviewCount) * 10) / 10, count: row.reviewCount }
          : null,
      createdAt: row.createdAt.toISOString(),
    }
  }

  async function loadSnapshot(): Promise<Snapshot> {
    try {
      await repo.fillMissingSearchText()
    } catch {
      // Search text is a convenience for search; the catalogue itself must still load.
    }
    const [cats, subs, sts, prods, synonymRows] = await Promise.all([
      repo.categories(),
      repo.subcategories(),
      repo.states(),
      repo.approvedProducts(),
      repo.searchSynonyms(),
    ])
    // Expansions are split into plain words again: only letters, marks and digits reach a tsquery.
    const synonyms = new Map(
      synonymRows.map((r) => [synonymWord(r.term), [...new Set(r.expansions.flatMap(wordsOf))]]),
    )
    const lookup = {
      category: new Map(cats.map((c) => [c.id, c])),
      subcategory: new Map(subs.map((s) => [s.id, s])),
      state: new Map(sts.map((s) => [s.id, s])),
    }
    const activeCats = cats.filter((c) => c.status === 'active')
    const activeCategoryIds = new Set(activeCats.map((c) => c.id))
    const images = await repo.imagesFor(prods.map((p) => p.id))
    const imagesByProduct = new Map<string, ImageRow[]>()
    for (const img of images) {
      const list = imagesByProduct.get(img.productId) ?? []
      list.push(img)
      imagesByProduct.set(img.productId, list)
    }
    // Products of an inactive category are not public either.
    const visible = prods.filter((p) => !p.categoryId || activeCategoryIds.has(p.categoryId))
    const list = visible.map((p) => toProduct(p, imagesByProduct.get(p.id) ?? [], { lookup }))
    return {
      categories: activeCats.map((c) => ({
        _id: c.id,
        categoriesTitle: c.title,
        status: c.status,
        isCollectionCategory: c.isCollectionCategory,
        isHeaderCategory: c.isHeaderCategory,
        image: c.image,
        subcategories: subs
          .filter((s) => s.categoryId === c.id)
          .map((s) => ({ _id: s.id, subCategoryTitle: s.title })),
      })),
      activeCategoryIds,
      states: sts.map((s) => ({ _id: s.id, State: s.name, image: s.image })),
      products: list,
      byId: new Map(list.map((p) => [p._id, p])),
      cleanDescriptions: new Map(),
      hindi: new Map(
        visible
          .filter((p) => Object.keys(p.translations.hi ?? {}).length > 0)
          .map((p) => [p.id, p.translations.hi ?? {}]),
      ),
      sold: new Map(visible.map((p) => [p.id, p.soldCount])),
      templeProducts: visible.reduce((byTemple, p) => {
        if (p.templeId) byTemple.set(p.templeId, [...(byTemple.get(p.templeId) ?? []), p.id])
        return byTemple
      }, new Map<string, string[]>()),
      synonyms,
      lookup,
    }
  }

  const snapshot = () => deps.cache.get('catalogue:snapshot', loadSnapshot)

  /** List items leave out the long HTML description. */
  const listItem = ({ description: _d, ...rest }: Product): Product => rest

  /** Approved products filtered by category, subcategory and state names (any case), then sorted. */
  async function filteredProducts(filter: ProductFilter): Promise<Product[]> {
    const all = (await snapshot()).products
    const matches = all.filter(
      (p) =>
        (!filter.category || sameName(p.categories, filter.category)) &&
        (!filter.subcategory || sameName(p.subcategory, filter.subcategory)) &&
        (!filter.state || sameName(p.state, filter.state)),
    )
    return sortProducts(matches, filter.sort ?? 1).map(listItem)
  }

  /** An approved, public product, or NotFoundError. */
  async function publicProduct(id: string): Promise<Product> {
    if (!idPattern.test(id)) throw new NotFoundError('Product not found.')
    const snap = await snapshot()
    const found = snap.byId.get(id)
    if (!found) throw new NotFoundError('Product not found.')
    // The HTML description leaves sanitised, cleaned once per snapshot.
    let clean = snap.cleanDescriptions.get(id)
    if (clean === undefined) {
      clean = safeHtml(found.description ?? '')
      snap.cleanDescriptions.set(id, clean)
    }
    return { ...found, description: clean }
  }

  /** The public categories with each name in `language` as `label` (decision 097). */
  async function categoriesIn(language: Language): Promise<LabelledCategory[]> {
    const { categories, lookup } = await snapshot()
    return categories.map((c) => ({
      ...c,
      label: translated(c.categoriesTitle, lookup.category.get(c._id)?.translations, 'title', language),
      subcategories: c.subcategories.map((s) => ({
        ...s,
        label: translated(s.subCategoryTitle, lookup.subcategory.get(s._id)?.translations, 'title', language),
      })),
    }))
  }

  /** The states with each name in `language` as `label`. */
  async function statesIn(language: Language): Promise<LabelledState[]> {
    const { states, lookup } = await snapshot()
    return states.map((s) => ({
      ...s,
      label: translated(s.State, lookup.state.get(s._id)?.translations, 'name', language),
    }))
  }

  /**
   * A category's, subcategory's or state's name in `language`, from its English name (any case); the
   * name itself when none matches. A subcategory is looked for in the category named with it.
   */
  async function nameIn(
    kind: 'category' | 'subcategory' | 'state',
    english: string,
    language: Language,
    category?: string,
  ): Promise<string> {
    if (language === 'en' || !english) return english
    if (kind === 'state') {
      return (await statesIn(language)).find((s) => sameName(s.State, english))?.label ?? english
    }
    const categories = await categoriesIn(language)
    if (kind === 'category')
      return categories.find((c) => sameName(c.categoriesTitle, english))?.label ?? english
    const within = category ? categories.filter((c) => sameName(c.categoriesTitle, category)) : categories
    for (const c of within) {
      const sub = c.subcategories.find((s) => sameName(s.subCategoryTitle, english))
      if (sub) return sub.label
    }
    return english
  }

  return {
    snapshot,
    filteredProducts,
    async categories() {
      return (await snapshot()).categories
    },
    async states() {
      return (await snapshot()).states
    },
    categoriesIn,
    statesIn,
    nameIn,
    async products() {
      return (await snapshot()).products.map(listItem)
    },
    product: publicProduct,
    /**
     * Products as a customer reading `language` sees them: staff's Hindi title and descriptions where
     * they wrote them, the English elsewhere (docs/decisions/097). Names used in addresses stay English.
     */
    async inLanguage<
      T extends { _id: string; title: string; shortDescription?: string; description?: string },
    >(items: T[], language: Language): Promise<T[]> {
      if (language === 'en') return items
      const { hindi } = await snapshot()
      return items.map((p) => {
        const h = hindi.get(p._id)
        if (!h) return p
        return {
          ...p,
          title: h.title || p.title,
          ...(p.shortDescription === undefined
            ? {}
            : { shortDescription: h.shortDescription || p.shortDescription }),
          ...(p.description === undefined
            ? {}
            : { description: h.description ? safeHtml(h.description) : p.description }),
        }
      })
    },
    /**
     * Any product as its page would show it, for staff who may see the catalogue (decision 095): the
     * public product when customers can see it, else read afresh with why customers cannot. Never
     * cached, so the preview follows each save at once.
     */
    async preview(id: string): Promise<{ product: Product; hiddenBecause: ProductHiddenReason | null }> {
      if (!idPattern.test(id)) throw new NotFoundError('Product not found.')
      const snap = await snapshot()
      if (snap.byId.has(id)) return { product: await publicProduct(id), hiddenBecause: null }
      const row = await repo.productById(id)
      if (!row) throw new NotFoundError('Product not found.')
      const found = toProduct(row, await repo.imagesFor([id]), snap)
      const hiddenBecause: ProductHiddenReason = row.archivedAt
        ? 'archived'
        : !row.isApproved
          ? 'unapproved'
          : 'inactive-category'
      return { product: { ...found, description: safeHtml(found.description ?? '') }, hiddenBecause }
    },
    /** One page of a filtered list; page numbers start at 1. */
    async productPage(filter: ProductFilter, page: number, limit: number): Promise<ProductPage> {
      const list = await filteredProducts(filter)
      const total = list.length
      return {
        items: list.slice((page - 1) * limit, page * limit),
        page,
        limit,
        total,
        pages: Math.max(1, Math.ceil(total / limit)),
      }
    },
    /** Approved products for a search text, best matches first; blank text is refused. */
    async search(text: string, limit = 60): Promise<Product[]> {
      const query = text.trim().slice(0, 100)
      if (!query) throw new ValidationError('Please enter something to search for.')
      const words = queryWords(query)
      if (words.length === 0) return []
      const snap = await snapshot()
      if (!snap.vocabulary) {
        snap.vocabulary = vocabularyOf(snap.products)
        // Fresh statistics once per catalogue version keep the full-text index in use.
        await repo.analyze().catch(() => {})
      }
      // A word with synonyms is a word staff know: it is not also 'corrected' into something else.
      const unknown = unknownWords(
        words.filter((w) => !snap.synonyms.has(w)),
        snap.vocabulary,
      )
      const corrections = unknown.length > 0 ? await repo.similarWords(unknown, snap.vocabulary) : []
      const groups = groupsFor(words, corrections, snap.synonyms)
      let ids = await repo.matchingIds(tsQueryFor(groups, 'all'), searchPool)
      if (ids.length === 0 && groups.length > 1)
        ids = await repo.matchingIds(tsQueryFor(groups, 'any'), searchPool)
      const found: Product[] = []
      for (const id of ids) {
        const p = snap.byId.get(id)
        if (p) found.push(p)
      }
      return rankProducts(found, groups, query).slice(0, limit).map(listItem)
    },
    /** Other products of the same category, then of the same state, for 'Related product'. */
    async related(product: Product, limit = 8): Promise<Product[]> {
      const all = (await snapshot()).products.filter((p) => p._id !== product._id)
      const sameCategory = all.filter((p) => p.categories && p.categories === product.categories)
      const sameState = all.filter(
        (p) => p.state && p.state === product.state && p.categories !== product.categories,
      )
      return [...sameCategory, ...sameState].slice(0, limit).map(listItem)
    },
    /** Most sold first (catalogue order breaks ties), optionally within one category. */
    async bestSelling(limit: number, category?: string): Promise<Product[]> {
      const snap = await snapshot()
      const pool = category ? snap.products.filter((p) => sameName(p.categories, category)) : snap.products
      return [...pool]
        .sort((a, b) => (snap.sold.get(b._id) ?? 0) - (snap.sold.get(a._id) ?? 0))
        .slice(0, limit)
        .map(listItem)
    },
    /** Newest first. */
    async newArrivals(limit: number): Promise<Product[]> {
      const snap = await snapshot()
      return [...snap.products]
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
        .slice(0, limit)
        .map(listItem)
    },
    /** The approved prasad packages a temple offers (decision 099), as list items in catalogue order. */
    async templeProducts(templeId: string): Promise<Product[]> {
      const snap = await snapshot()
      return (snap.templeProducts.get(templeId) ?? [])
        .map((id) => snap.byId.get(id))
        .filter((p) => p !== undefined)
        .map(listItem)
    },
    async headerCategories() {
      return (await snapshot()).categories.filter((c) => c.isHeaderCategory)
    },
    /**
     * The category, subcategory and state a product names, read afresh (not from the cache), in the
     * caller's transaction when one is given: the console checks a product against them before saving.
     */
    namesFor(
      ids: { categoryId: string | null; subcategoryId: string | null; stateId: string | null },
      tx?: DbOrTx,
    ) {
      return (tx ? createCatalogueRepo(tx) : repo).namesFor(ids)
    },
    /**
     * Every category, subcategory and state, read afresh (not from the cache), in the caller's transaction
     * when one is given: the console's product import finds them by name.
     */
    async structure(tx?: DbOrTx) {
      const r = tx ? createCatalogueRepo(tx) : repo
      return {
        categories: await r.categories(),
        subcategories: await r.subcategories(),
        states: await r.states(),
      }
    },
    invalidate() {
      deps.cache.invalidate()
    },
    listItem,
  }
}
export type CatalogueService = ReturnType<typeof createCatalogueService>
