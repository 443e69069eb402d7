import { type SQL, sql } from 'drizzle-orm'
import { variantTitle } from '../../../contracts/admin-variants.ts'
import type {
  Category,
  LabelledCategory,
  LabelledState,
  Product,
  State,
} from '../../../contracts/catalogue.ts'
import {
  anyFilter,
  emptyFacets,
  type Facets,
  filterKey,
  type ListingFilters,
  type Mark,
  markLabels,
  markValues,
} from '../../../contracts/catalogue-filters.ts'
import { type SortValue, sameName } from '../../../contracts/catalogue-sort.ts'
import { type Language, translated } from '../../../contracts/languages.ts'
import { discountPercent } from '../../../contracts/money.ts'
import { publicChoice } from '../../../contracts/personalisation.ts'
import type { ParcelPiece } from '../../../contracts/shipping-rules.ts'
import type { Db, DbOrTx } from '../../db/client.ts'
import { idPattern } from '../../db/ids.ts'
import { NotFoundError, ValidationError } from '../../http/errors.ts'
import type { CatalogueCache } from '../../lib/cache.ts'
import { safeHtml } from '../content/html.ts'
import { catalogueAuditNames } from './audit-names.ts'
import {
  type FilterRow,
  type RowDimension,
  type RowFilters,
  rowMatches,
  sortRows,
  valueCounts,
} from './filter-rows.ts'
import { createProductStore } from './products-repo.ts'
import {
  catalogueLists,
  createCatalogueRepo,
  type MarkValues,
  type ProductLink,
  type ProductQuery,
} from './repo.ts'
import {
  groupsFor,
  queryWords,
  rankProducts,
  type Synonyms,
  synonymWord,
  tsQueryFor,
  unknownWords,
  wordsOf,
} from './search.ts'
import type { categories, productImages, products, productVariants, states, subcategories } from './tables.ts'

export type {
  ProductFilters,
  ProductRow as StoredProduct,
  ProductStore,
  ProductValues,
  VariantRow as StoredVariant,
} from './products-repo.ts'
export type { BulkChangeEntry, BulkChangeState, BulkVariantChange } from './tables.ts'

/** The most prasad packages a temple's page lists. */
const templeProductsShown = 48

/** Most matches ranked per search; the rest are weaker by catalogue order. */
const searchPool = 300

type ProductRow = typeof products.$inferSelect
type ImageRow = typeof productImages.$inferSelect
type VariantRow = typeof productVariants.$inferSelect

/**
 * A product's variants as the API answers them (decision 129): each with its own prices, stock and
 * pictures (its own first, then the product's others).
 */
/** A product's or variant's lead time as answered: both days, or null for a piece ready to ship. */
export const leadOf = (r: { leadMinDays: number | null; leadMaxDays: number | null }) =>
  r.leadMinDays !== null && r.leadMaxDays !== null ? { minDays: r.leadMinDays, maxDays: r.leadMaxDays } : null

export function variantAnswers(
  variants: VariantRow[],
  images: Array<{ url: string }>,
  product: { leadMinDays: number | null; leadMaxDays: number | null } = {
    leadMinDays: null,
    leadMaxDays: null,
  },
): Product['variants'] {
  const paths = images.map((i) => i.url)
  return variants.map((v) => {
    const own = v.images.filter((u) => paths.includes(u))
    const urls = [...own, ...paths.filter((u) => !own.includes(u))].map((u) => `${u}-800.webp`)
    return {
      _id: v.id,
      options: v.optionValues,
      title: v.optionValues.join(' / '),
      sku: v.sku,
      price: rupees(v.price),
      cutPrice: rupees(v.cutPrice),
      discount: discountPercent(v.price, v.cutPrice),
      quantity: v.quantity,
      image: urls[0] ?? null,
      thumbnail: urls,
      // Its own days where it has them, else the product's.
      madeToOrder: leadOf(v) ?? leadOf(product),
    }
  })
}

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
  /** What the shopper narrowed the listing by (decision 130). */
  filters?: ListingFilters
}

/**
 * Who made what, answered by the provenance module (decision 130): the listings filter and count by
 * artisan without the catalogue reading that module's tables.
 */
export type MakersPort = {
  /** Who made each product among `ids` (a subquery). */
  makersAmong(ids: SQL): Promise<Array<{ productId: string; slug: string; name: string }>>
}

export type ProductPage = {
  items: Product[]
  page: number
  limit: number
  total: number
  pages: number
}

/** At most this many pages and products are kept per catalogue version (decision 103). */
const hotPages = 300
const hotProducts = 1000
const hotSearches = 200
/** Listings whose picks of the narrow rows are kept (decision 130): categories, states, recent searches. */
const hotListings = 64

/** A map that forgets its least recently used entry past `size`. */
function lru<V>(size: number) {
  const map = new Map<string, V>()
  return {
    get(key: string): V | undefined {
      const v = map.get(key)
      if (v !== undefined) {
        map.delete(key)
        map.set(key, v)
      }
      return v
    },
    set(key: string, value: V) {
      map.delete(key)
      map.set(key, value)
      if (map.size > size) map.delete(map.keys().next().value as string)
    },
    delete(key: string) {
      map.delete(key)
    },
    values: () => map.values(),
  }
}

/**
 * The public catalogue, read from the database a page at a time (decision 103): categories, states and
 * search synonyms are held whole (they are few); products are read by indexed queries, and the hot pages
 * and products kept in small caches that a console write drops with the rest (decisions 002 and 066).
 */
export function createCatalogueService(deps: { db: Db; cache: CatalogueCache; makers?: () => MakersPort }) {
  const repo = createCatalogueRepo(deps.db)

  type ProductHindi = Partial<Record<'title' | 'shortDescription' | 'description', string>>
  type Snapshot = {
    categories: Category[]
    activeCategoryIds: string[]
    states: State[]
    /** Search synonyms, read with the snapshot so a console edit takes effect with the next search. */
    synonyms: Synonyms
    /** Words of the catalogue for typo correction, read on the first search. */
    vocabulary?: Promise<string[]>
    lookup: {
      category: Map<string, typeof categories.$inferSelect>
      subcategory: Map<string, typeof subcategories.$inferSelect>
      state: Map<string, typeof states.$inferSelect>
    }
    /** Hot pages and products of this catalogue version, dropped with it. */
    pages: ReturnType<typeof lru<Promise<ProductPage>>>
    products: ReturnType<typeof lru<Promise<Product | null>>>
    searches: ReturnType<typeof lru<Promise<Product[]>>>
    /** The counts beside listings' filters, by listing, choice and language. */
    facets: ReturnType<typeof lru<Promise<Facets>>>
  }

  function toProduct(
    row: ProductRow,
    images: ImageRow[],
    snap: Pick<Snapshot, 'lookup'>,
    withDescription = true,
    variants: VariantRow[] = [],
  ): Product {
    const options = row.options.length > 0 && variants.length > 0 ? row.options : []
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
      madeToOrder: leadOf(row),
      personalisation: row.personalisation.map(publicChoice),
      // Kept on the product row by the reviews service (decision 096): no count of reviews here.
      rating:
        row.reviewCount > 0
          ? { average: Math.round((row.ratingTotal / row.reviewCount) * 10) / 10, count: row.reviewCount }
          : null,
      createdAt: row.createdAt.toISOString(),
      options,
      variants: options.length > 0 ? variantAnswers(variants, images, row) : [],
    }
  }

  /** The variants of those rows that have options, by product (one query, none when no row has any). */
  async function variantsOf(rows: ProductRow[]): Promise<Map<string, VariantRow[]>> {
    const ids = rows.filter((r) => r.options.length > 0).map((r) => r.id)
    const byProduct = new Map<string, VariantRow[]>()
    for (const v of await repo.variantsFor(ids)) {
      const list = byProduct.get(v.productId) ?? []
      list.push(v)
      byProduct.set(v.productId, list)
    }
    return byProduct
  }

  async function loadSnapshot(): Promise<Snapshot> {
    try {
      await repo.fillMissingSearchText()
    } catch {
      // Search text is a convenience for search; the catalogue itself must still load.
    }
    const [cats, subs, sts, synonymRows] = await Promise.all([
      repo.categories(),
      repo.subcategories(),
      repo.states(),
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
      activeCategoryIds: activeCats.map((c) => c.id),
      states: sts.map((s) => ({ _id: s.id, State: s.name, image: s.image })),
      synonyms,
      lookup,
      pages: lru(hotPages),
      products: lru(hotProducts),
      searches: lru(hotSearches),
      facets: lru(hotPages),
    }
  }

  const snapshot = () => deps.cache.get('catalogue:snapshot', loadSnapshot)

  /** List items leave out the long HTML description. */
  const listItem = ({ description: _d, ...rest }: Product): Product => rest

  /** Rows as list items, with their pictures (one query for all of them). */
  async function listItems(rows: ProductRow[], snap: Snapshot): Promise<Product[]> {
    const [images, variants] = await Promise.all([repo.imagesFor(rows.map((r) => r.id)), variantsOf(rows)])
    const byProduct = new Map<string, ImageRow[]>()
    for (const img of images) {
      const list = byProduct.get(img.productId) ?? []
      list.push(img)
      byProduct.set(img.productId, list)
    }
    return rows.map((r) => toProduct(r, byProduct.get(r.id) ?? [], snap, false, variants.get(r.id)))
  }

  /**
   * The query for a filter by category, subcategory and state names (any case); null when a name matches
   * nothing, so nothing is found.
   */
  function queryFor(filter: Omit<ProductFilter, 'sort'>, snap: Snapshot): ProductQuery | null {
    const q: ProductQuery = { activeCategoryIds: snap.activeCategoryIds }
    const ids = <T extends { id: string }>(rows: Iterable<T>, name: (r: T) => string, wanted: string) =>
      [...rows].filter((r) => sameName(name(r), wanted)).map((r) => r.id)
    if (filter.category) q.categoryIds = ids(snap.lookup.category.values(), (c) => c.title, filter.category)
    if (filter.subcategory)
      q.subcategoryIds = ids(snap.lookup.subcategory.values(), (s) => s.title, filter.subcategory)
    if (filter.state) q.stateIds = ids(snap.lookup.state.values(), (s) => s.name, filter.state)
    if ([q.categoryIds, q.subcategoryIds, q.stateIds].some((list) => list?.length === 0)) return null
    return q
  }

  /** A listing without its filters: its category, subcategory or state, or a search's matches. */
  type Base = { filter: ProductFilter; onlyIds?: string[] }

  /**
   * The public catalogue's narrow rows (decision 130), read once and held: every listing's rows (a category,
   * a subcategory, a state, a search's matches) are picked from them in memory. They outlive a change of
   * stock alone (an order placed, paid, cancelled or expired): its products' rows are marked stale and the
   * next read refreshes only those, by id, where reading them again took about 120 ms for a category of
   * 20,000 at 100,000 products. Any other catalogue write drops them.
   */
  type NarrowRows = { rows: FilterRow[]; makerNames: Map<string, string> }
  type Held = {
    all: Promise<NarrowRows & { byId: Map<string, FilterRow> }> | null
    listings: ReturnType<typeof lru<FilterRow[]>>
  }
  const heldAfresh = (): Held => ({ all: null, listings: lru(hotListings) })
  let held = heldAfresh()
  let staleStock = new Set<string>()
  let refreshing: Promise<void> | null = null
  /** Set by `keepListingsWarm`: what reads the rows again after a write dropped them. */
  let afterDrop: (() => void) | null = null
  deps.cache.onInvalidate((change) => {
    if (change) {
      for (const id of change.stockOf) staleStock.add(id)
      return
    }
    held = heldAfresh()
    staleStock = new Set()
    afterDrop?.()
  })

  /** Every public product's narrow row, with its makers (read once, above). */
  function allRows(snap: Pick<Snapshot, 'activeCategoryIds'>) {
    const now = held
    if (!now.all) {
      const q: ProductQuery = { activeCategoryIds: snap.activeCategoryIds }
      const loading = (async () => {
        const makers = deps.makers?.()
        const [stored, made] = await Promise.all([
          repo.filterRows(q),
          makers ? makers.makersAmong(sql`(${repo.idsWhere(q)})`) : Promise.resolve([]),
        ])
        const byProduct = new Map<string, string[]>()
        const makerNames = new Map<string, string>()
        for (const m of made) {
          byProduct.set(m.productId, [...(byProduct.get(m.productId) ?? []), m.slug])
          makerNames.set(m.slug, m.name)
        }
        // The same few values and empty lists recur in every row: each is held once.
        const words = new Map<string, string>()
        const none: string[] = []
        const once = (list: string[]) =>
          list.length === 0
            ? none
            : list.map((w) => {
                const kept = words.get(w)
                if (kept !== undefined) return kept
                words.set(w, w)
                return w
              })
        const rows: FilterRow[] = stored.map((r) => ({
          id: r.id,
          position: r.position,
          createdAt: r.createdAt.getTime(),
          title: r.title,
          price: r.price,
          soldCount: r.soldCount,
          quantity: r.quantity,
          materials: once(r.materials),
          techniques: once(r.techniques),
          colours: once(r.colours),
          categoryId: r.categoryId,
          subcategoryId: r.subcategoryId,
          stateId: r.stateId,
          marks: markValues.some((m) => r[m]) ? markValues.filter((m) => r[m]) : (none as Mark[]),
          makers: byProduct.get(r.id) ?? none,
        }))
        return { rows, byId: new Map(rows.map((r) => [r.id, r])), makerNames }
      })()
      now.all = loading
      loading.catch(() => {
        if (now.all === loading) now.all = null
      })
    }
    return now.all
  }

  /** Brings the stock of the stale products up to date in the rows held (one query). */
  async function refreshStaleStock(): Promise<void> {
    while (staleStock.size > 0 || refreshing) {
      if (!refreshing) {
        const ids = [...staleStock]
        staleStock = new Set()
        const then = held
        refreshing = (async () => {
          try {
            // Rows still being read are patched too: they may have been read before the change.
            const all = await then.all
            const stock = await repo.stockOfMany(ids)
            for (const s of stock) {
              const row = all?.byId.get(s.id)
              if (row) {
                row.quantity = s.quantity
                row.soldCount = s.soldCount
              }
            }
          } catch (err) {
            if (then === held) for (const id of ids) staleStock.add(id)
            throw err
          } finally {
            refreshing = null
          }
        })()
      }
      await refreshing
    }
  }

  /** A listing's narrow rows (its category, subcategory or state, or a search's matches), picked from all. */
  async function baseRowsOf(base: Base, snap: Snapshot): Promise<NarrowRows> {
    const { category, subcategory, state } = base.filter
    const q = queryFor({ category, subcategory, state }, snap)
    if (!q) return { rows: [], makerNames: new Map() }
    const then = held
    const all = await allRows(snap)
    await refreshStaleStock()
    // By what the names resolved to, so 'handloom' and 'Handloom' share their rows.
    const key = JSON.stringify([q.categoryIds, q.subcategoryIds, q.stateIds, base.onlyIds])
    let rows = then.listings.get(key)
    if (!rows) {
      const only = base.onlyIds ? new Set(base.onlyIds) : null
      const among = (ids: string[] | undefined, id: string | null) =>
        !ids || (id !== null && ids.includes(id))
      rows = (only ? base.onlyIds!.flatMap((id) => all.byId.get(id) ?? []) : all.rows).filter(
        (r) =>
          among(q.categoryIds, r.categoryId) &&
          among(q.subcategoryIds, r.subcategoryId) &&
          among(q.stateIds, r.stateId) &&
          (!only || only.has(r.id)),
      )
      then.listings.set(key, rows)
    }
    return { rows, makerNames: all.makerNames }
  }

  /**
   * Reads the narrow rows now and again a little after each catalogue write drops them, so the first
   * filtered listing does not wait for them (the production start calls this).
   */
  function keepListingsWarm(opts: { delayMs?: number; onError?: (err: Error) => void } = {}) {
    let timer: NodeJS.Timeout | null = null
    // Read-only: the snapshot's first load also writes missing search text, which a start must not do
    // unasked (a backup taken just after the start would differ from the shop's data before it).
    const warm = async () => {
      const cats = await repo.categories()
      await allRows({ activeCategoryIds: cats.filter((c) => c.status === 'active').map((c) => c.id) })
    }
    const run = () => void warm().catch((err: Error) => opts.onError?.(err))
    afterDrop = () => {
      // Staff often save several things in a row: read once they pause.
      if (timer) clearTimeout(timer)
      timer = setTimeout(run, opts.delayMs ?? 2000)
      timer.unref()
    }
    run()
    return () => {
      afterDrop = null
      if (timer) clearTimeout(timer)
    }
  }

  /** The filters in stored terms: state ids (unless the page is a state's), prices in paise. */
  function rowFilters(filter: ProductFilter, snap: Snapshot): RowFilters {
    const f = filter.filters
    if (!f) return {}
    return {
      materials: f.material,
      techniques: f.technique,
      colours: f.colour,
      ...(!filter.state && f.state.length > 0
        ? {
            stateIds: [...snap.lookup.state.values()]
              .filter((st) => f.state.some((name) => sameName(st.name, name)))
              .map((st) => st.id),
          }
        : {}),
      marks: f.mark as Mark[],
      makers: f.artisan,
      ...(f.minPrice === undefined ? {} : { minPrice: f.minPrice * 100 }),
      ...(f.maxPrice === undefined ? {} : { maxPrice: f.maxPrice * 100 }),
      inStock: f.inStock,
    }
  }

  /**
   * The counts beside a listing's filters (decision 130), each facet counted with the other filters applied
   * and its own left out, from the listing's narrow rows.
   */
  async function facetsOf(filter: ProductFilter, language: Language, onlyIds?: string[]): Promise<Facets> {
    const snap = await snapshot()
    // Counted once per catalogue version: at 100,000 products the whole catalogue's take about 100 ms.
    const key = JSON.stringify([
      filter.category,
      filter.subcategory,
      filter.state,
      filter.filters ? filterKey(filter.filters) : '',
      language,
      onlyIds ?? null,
    ])
    let found = snap.facets.get(key)
    if (!found) {
      found = countFacets(filter, language, snap, onlyIds)
      snap.facets.set(key, found)
      found.catch(() => snap.facets.delete(key))
    }
    return found
  }

  async function countFacets(
    filter: ProductFilter,
    language: Language,
    snap: Snapshot,
    onlyIds?: string[],
  ): Promise<Facets> {
    const facets = emptyFacets()
    const { rows, makerNames } = await baseRowsOf({ filter, onlyIds }, snap)
    if (rows.length === 0) return facets
    const f = rowFilters(filter, snap)
    const among = (d: RowDimension) => rows.filter((r) => rowMatches(r, f, d))
    const plain = (list: Array<{ value: string; count: number }>) =>
      list.map((v) => ({ value: v.value, label: v.value, count: v.count }))
    facets.material = plain(valueCounts(among('materials'), (r) => r.materials))
    facets.technique = plain(valueCounts(among('techniques'), (r) => r.techniques))
    facets.colour = plain(valueCounts(among('colours'), (r) => r.colours))
    if (!filter.state) {
      facets.state = valueCounts(among('state'), (r) => (r.stateId ? [r.stateId] : []), 100)
        .flatMap((v) => {
          const st = snap.lookup.state.get(v.value)
          return st
            ? [
                {
                  value: st.name,
                  label: translated(st.name, st.translations, 'name', language),
                  count: v.count,
                },
              ]
            : []
        })
        .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label))
    }
    facets.artisan = valueCounts(among('makers'), (r) => r.makers).map((v) => ({
      value: v.value,
      label: makerNames.get(v.value) ?? v.value,
      count: v.count,
    }))
    const summary = among('summary')
    facets.mark = markValues
      .map((m) => ({
        value: m,
        label: markLabels[m],
        count: summary.filter((r) => r.marks.includes(m)).length,
      }))
      .filter((m) => m.count > 0)
    facets.inStock = summary.filter((r) => r.quantity > 0).length
    if (summary.length > 0) {
      const prices = summary.map((r) => r.price)
      facets.price = { min: Math.floor(Math.min(...prices) / 100), max: Math.ceil(Math.max(...prices) / 100) }
    }
    return facets
  }

  /** A page of a filtered listing, matched and sorted from the listing's narrow rows (decision 130). */
  async function filteredPage(filter: ProductFilter, page: number, limit: number): Promise<ProductPage> {
    const snap = await snapshot()
    const { rows } = await baseRowsOf({ filter }, snap)
    const f = rowFilters(filter, snap)
    const matches = sortRows(
      rows.filter((r) => rowMatches(r, f)),
      filter.sort ?? 1,
    )
    const ids = matches.slice((page - 1) * limit, page * limit).map((r) => r.id)
    const shown = await repo.publicByIds({ activeCategoryIds: snap.activeCategoryIds }, ids)
    const byId = new Map(shown.map((r) => [r.id, r]))
    const items = await listItems(
      ids.flatMap((id) => byId.get(id) ?? []),
      snap,
    )
    return {
      items,
      page,
      limit,
      total: matches.length,
      pages: Math.max(1, Math.ceil(matches.length / limit)),
    }
  }

  /** One page of a filtered, sorted list; page numbers start at 1. Hot pages come from memory. */
  async function productPage(filter: ProductFilter, page: number, limit: number): Promise<ProductPage> {
    const snap = await snapshot()
    const key = JSON.stringify([
      filter.category,
      filter.subcategory,
      filter.state,
      filter.filters ? filterKey(filter.filters) : '',
      filter.sort ?? 1,
      page,
      limit,
    ])
    let found = snap.pages.get(key)
    if (!found) {
      found = (async () => {
        if (filter.filters && anyFilter(filter.filters)) return filteredPage(filter, page, limit)
        const q = queryFor(filter, snap)
        if (!q) return { items: [], page, limit, total: 0, pages: 1 }
        const [rows, total] = await Promise.all([
          repo.pageOfProducts(q, filter.sort ?? 1, (page - 1) * limit, limit),
          countOf(q, snap, filter),
        ])
        return {
          items: await listItems(rows, snap),
          page,
          limit,
          total,
          pages: Math.max(1, Math.ceil(total / limit)),
        }
      })()
      snap.pages.set(key, found)
      found.catch(() => snap.pages.delete(key))
    }
    return found
  }

  /** How many products a filter finds, counted once per catalogue version. */
  function countOf(q: ProductQuery, snap: Snapshot, filter: ProductFilter): Promise<number> {
    const key = JSON.stringify([
      'count',
      filter.category,
      filter.subcategory,
      filter.state,
      filter.filters ? filterKey(filter.filters) : '',
    ])
    let found = snap.pages.get(key) as unknown as Promise<number> | undefined
    if (!found) {
      found = repo.countProducts(q)
      snap.pages.set(key, found as unknown as Promise<ProductPage>)
      found.catch(() => snap.pages.delete(key))
    }
    return found
  }

  /** An approved, public product with its sanitised description, or null. Hot products come from memory. */
  async function publicOrNull(id: string): Promise<Product | null> {
    if (!idPattern.test(id)) return null
    const snap = await snapshot()
    let found = snap.products.get(id)
    if (!found) {
      found = (async () => {
        const [row] = await repo.publicByIds({ activeCategoryIds: snap.activeCategoryIds }, [id])
        if (!row) return null
        const [images, variants] = await Promise.all([repo.imagesFor([id]), variantsOf([row])])
        const product = toProduct(row, images, snap, true, variants.get(id))
        // The HTML description leaves sanitised, cleaned once while the product is hot.
        return { ...product, description: safeHtml(product.description ?? '') }
      })()
      snap.products.set(id, found)
      found.catch(() => snap.products.delete(id))
    }
    return found
  }

  /** An approved, public product, or NotFoundError. */
  async function publicProduct(id: string): Promise<Product> {
    const found = await publicOrNull(id)
    if (!found) throw new NotFoundError('Product not found.')
    return found
  }

  /** The public products among these ids as list items, by id. */
  async function byIds(ids: string[]): Promise<Map<string, Product>> {
    const wanted = [...new Set(ids.filter((id) => idPattern.test(id)))]
    if (wanted.length === 0) return new Map()
    const snap = await snapshot()
    const rows = await repo.publicByIds({ activeCategoryIds: snap.activeCategoryIds }, wanted)
    return new Map((await listItems(rows, snap)).map((p) => [p._id, p]))
  }

  /** A search's answer: typo corrections, synonyms, the full-text index, then ranking (search.ts). */
  async function runSearch(
    snap: Snapshot,
    query: string,
    words: string[],
    limit: number,
  ): Promise<Product[]> {
    if (!snap.vocabulary) {
      // Fresh statistics once per catalogue version keep the full-text index in use.
      snap.vocabulary = repo.analyze().then(
        () => repo.vocabulary(),
        () => repo.vocabulary(),
      )
      snap.vocabulary.catch(() => {
        snap.vocabulary = undefined
      })
    }
    const vocabulary = await snap.vocabulary
    // A word with synonyms is a word staff know: it is not also 'corrected' into something else.
    const unknown = unknownWords(
      words.filter((w) => !snap.synonyms.has(w)),
      vocabulary,
    )
    const corrections = unknown.length > 0 ? await repo.similarWords(unknown, vocabulary) : []
    const groups = groupsFor(words, corrections, snap.synonyms)
    let ids = await repo.matchingIds(tsQueryFor(groups, 'all'), searchPool)
    if (ids.length === 0 && groups.length > 1)
      ids = await repo.matchingIds(tsQueryFor(groups, 'any'), searchPool)
    // Ranked on titles and names alone; only the best `limit` are read whole, with their pictures.
    const light = new Map(
      (await repo.rankingRowsByIds({ activeCategoryIds: snap.activeCategoryIds }, ids)).map((r) => [r.id, r]),
    )
    const candidates = []
    for (const id of ids) {
      const r = light.get(id)
      if (!r) continue
      candidates.push({
        _id: r.id,
        title: r.title,
        categories: r.categoryId ? (snap.lookup.category.get(r.categoryId)?.title ?? null) : null,
        subcategory: r.subcategoryId ? (snap.lookup.subcategory.get(r.subcategoryId)?.title ?? null) : null,
        state: r.stateId ? (snap.lookup.state.get(r.stateId)?.name ?? null) : null,
      })
    }
    const best = rankProducts(candidates, groups, query).slice(0, limit)
    const shown = await byIds(best.map((p) => p._id))
    return best.flatMap((p) => shown.get(p._id) ?? [])
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
    /** What the audit log calls this module's rows (decision 113). */
    auditNames: catalogueAuditNames(deps.db),
    snapshot,
    async categories() {
      return (await snapshot()).categories
    },
    async states() {
      return (await snapshot()).states
    },
    categoriesIn,
    statesIn,
    nameIn,
    product: publicProduct,
    /** The public products among these ids as list items, by id (a cart, a wishlist, a maker's work). */
    byIds,
    /**
     * Products as a customer reading `language` sees them: staff's Hindi title and descriptions where
     * they wrote them, the English elsewhere (docs/decisions/097). Names used in addresses stay English.
     */
    async inLanguage<
      T extends { _id: string; title: string; shortDescription?: string; description?: string },
    >(items: T[], language: Language): Promise<T[]> {
      if (language === 'en' || items.length === 0) return items
      const hindi = new Map<string, ProductHindi>(
        (await repo.hindiOf(items.map((p) => p._id))).map((r) => [r.id, r.translations.hi ?? {}]),
      )
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
      const shown = await publicOrNull(id)
      if (shown) return { product: shown, hiddenBecause: null }
      const snap = await snapshot()
      const row = await repo.productById(id)
      if (!row) throw new NotFoundError('Product not found.')
      const [images, variants] = await Promise.all([repo.imagesFor([id]), variantsOf([row])])
      const found = toProduct(row, images, snap, true, variants.get(id))
      const hiddenBecause: ProductHiddenReason = row.archivedAt
        ? 'archived'
        : !row.isApproved
          ? 'unapproved'
          : 'inactive-category'
      return { product: { ...found, description: safeHtml(found.description ?? '') }, hiddenBecause }
    },
    productPage,
    /** The counts beside a listing's filters (decision 130): `filter` as `productPage` takes it. */
    facets(filter: ProductFilter, language: Language = 'en'): Promise<Facets> {
      return facetsOf(filter, language)
    },
    /**
     * A search's matches narrowed by the listing filters, in the search's order, and the counts beside the
     * filters among all its matches (decision 130).
     */
    async filteredSearch(
      text: string,
      filters: ListingFilters,
      language: Language = 'en',
      limit = 60,
    ): Promise<{ items: Product[]; facets: Facets }> {
      const found = await this.search(text, limit)
      const ids = found.map((p) => p._id)
      if (ids.length === 0) return { items: [], facets: emptyFacets() }
      const snap = await snapshot()
      const facets = await facetsOf({ filters }, language, ids)
      if (!anyFilter(filters)) return { items: found, facets }
      const { rows } = await baseRowsOf({ filter: {}, onlyIds: ids }, snap)
      const f = rowFilters({ filters }, snap)
      const kept = new Set(rows.filter((r) => rowMatches(r, f)).map((r) => r.id))
      return { items: found.filter((p) => kept.has(p._id)), facets }
    },
    /** How many products customers may see. */
    async publicCount(): Promise<number> {
      const snap = await snapshot()
      return countOf({ activeCategoryIds: snap.activeCategoryIds }, snap, {})
    },
    /** One sitemap file's products: ids and days, in catalogue order; `file` starts at 1. */
    async sitemapProducts(
      file: number,
      perFile: number,
      // Read in slices: one query of 50,000 rows grew the embedded database's memory by 70 MB for good.
      slice = 5000,
    ): Promise<{ _id: string; createdAt: string }[]> {
      const snap = await snapshot()
      const q = { activeCategoryIds: snap.activeCategoryIds }
      const list: { _id: string; createdAt: string }[] = []
      let rows = await repo.sitemapProducts(q, { offset: (file - 1) * perFile }, Math.min(slice, perFile))
      for (;;) {
        for (const r of rows) list.push({ _id: r.id, createdAt: r.createdAt.toISOString() })
        const last = rows.at(-1)
        if (!last || rows.length < slice || list.length >= perFile) break
        rows = await repo.sitemapProducts(q, { after: last }, Math.min(slice, perFile - list.length))
      }
      return list
    },
    /** Approved products for a search text, best matches first; blank text is refused. */
    async search(text: string, limit = 60, opts: { fresh?: boolean } = {}): Promise<Product[]> {
      const query = text.trim().slice(0, 100)
      if (!query) throw new ValidationError('Please enter something to search for.')
      const words = queryWords(query)
      if (words.length === 0) return []
      const snap = await snapshot()
      // The same words typed again (any case) are answered from the hot searches of this catalogue version.
      const key = `${limit} ${query.toLocaleLowerCase('en-IN')}`
      // `fresh` skips them (the search benchmark measures the database's part).
      if (opts.fresh) return runSearch(snap, query, words, limit)
      let hot = snap.searches.get(key)
      if (!hot) {
        hot = runSearch(snap, query, words, limit)
        snap.searches.set(key, hot)
        hot.catch(() => snap.searches.delete(key))
      }
      return hot
    },
    /** Other products of the same category, then of the same state, for 'Related product'. */
    async related(product: Product, limit = 8): Promise<Product[]> {
      const snap = await snapshot()
      const base = { activeCategoryIds: snap.activeCategoryIds, notId: product._id }
      const sameCategory = product.categories ? queryFor({ category: product.categories }, snap) : null
      const list = sameCategory
        ? await listItems(
            await repo.pageOfProducts({ ...base, ...sameCategory, notId: product._id }, 1, 0, limit),
            snap,
          )
        : []
      if (list.length < limit && product.state) {
        const sameState = queryFor({ state: product.state }, snap)
        if (sameState) {
          const rows = await repo.pageOfProducts(
            { ...base, ...sameState, notId: product._id },
            1,
            0,
            limit * 2,
          )
          const more = await listItems(rows, snap)
          list.push(...more.filter((p) => p.categories !== product.categories).slice(0, limit - list.length))
        }
      }
      return list
    },
    /** Most sold first (catalogue order breaks ties), optionally within one category. */
    async bestSelling(limit: number, category?: string): Promise<Product[]> {
      const snap = await snapshot()
      const q = category ? queryFor({ category }, snap) : { activeCategoryIds: snap.activeCategoryIds }
      return q ? listItems(await repo.bestSelling(q, limit), snap) : []
    },
    /** Newest first. */
    async newArrivals(limit: number): Promise<Product[]> {
      const snap = await snapshot()
      return listItems(await repo.newest({ activeCategoryIds: snap.activeCategoryIds }, limit), snap)
    },
    /** The approved prasad packages a temple offers (decision 099), as list items in catalogue order. */
    async templeProducts(templeId: string): Promise<Product[]> {
      const snap = await snapshot()
      const rows = await repo.pageOfProducts(
        { activeCategoryIds: snap.activeCategoryIds, templeId },
        1,
        0,
        templeProductsShown,
      )
      return listItems(rows, snap)
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
    keepListingsWarm,
    listItem,

    /** The catalogue's lists the console edits row by row: categories, subcategories, states, search synonyms. */
    lists: catalogueLists,

    /**
     * How many products (up to 1000) name this category, subcategory, state or temple: the console refuses
     * to delete one still named.
     */
    productsNaming(link: ProductLink, id: string, db: DbOrTx = deps.db): Promise<number> {
      return createCatalogueRepo(db).productsNaming(link, id)
    },

    /**
     * The console's reads and writes of products and their pictures (decisions 090, 113): its searchable
     * list and export, and every change staff make, in the caller's transaction when given one. The console
     * writes each change's audit entry in the same transaction and drops the cache after it.
     */
    productStore(db: DbOrTx = deps.db) {
      return createProductStore(db)
    },

    /**
     * The products an order may sell among these ids (approved, not archived), with their price, stock and
     * first picture, read afresh: an order is priced from them.
     */
    sellable(ids: string[], db: DbOrTx = deps.db) {
      return createCatalogueRepo(db).sellable(ids)
    },

    /** Every state's id and name, read afresh (the provenance pages name an artisan's state). */
    stateNames(db: DbOrTx = deps.db) {
      return createCatalogueRepo(db).stateNames()
    },

    /** The console's dashboard: products at or below the low-stock threshold, least stock first, and how many. */
    lowStock(threshold: number, limit: number) {
      return repo.lowStock(threshold, limit)
    },

    /** How many products wait for staff's approval. */
    awaitingApproval() {
      return repo.awaitingApproval()
    },

    /**
     * The ids of the products (shown or not) whose title matches an ILIKE pattern, as a subquery a console
     * list of another module embeds (reviews are searched by their product's title).
     */
    idsTitled(pattern: string) {
      return repo.idsTitled(pattern)
    },

    /**
     * The titles of these products in title order, read afresh (any product, shown or not): the console
     * names them in its lists and refusals.
     */
    titlesOf(ids: string[], db: DbOrTx = deps.db): Promise<Array<{ id: string; title: string }>> {
      return createCatalogueRepo(db).titles([...new Set(ids)])
    },

    /** One product's title and authenticity marks (decision 098), read afresh, or null. */
    marksOf(productId: string, db: DbOrTx = deps.db) {
      return createCatalogueRepo(db).marksOf(productId)
    },

    /** Sets a product's authenticity marks, in the caller's transaction (the console's provenance screen). */
    async setMarks(productId: string, marks: MarkValues, tx: DbOrTx) {
      await createCatalogueRepo(tx).setMarks(productId, marks)
    },

    /** The authenticity marks (decision 098) of the products carrying any, read afresh. */
    marks(db: DbOrTx = deps.db) {
      return createCatalogueRepo(db).marks()
    },

    /**
     * The count and rating total of a product's published reviews, which its page and cards show (decision
     * 096): the reviews module recounts them in the transaction that publishes or hides a review.
     */
    async setRating(productId: string, rating: { count: number; total: number }, tx: DbOrTx) {
      await createCatalogueRepo(tx).setRating(productId, rating)
    },

    /**
     * Brings a product's own price, list price, discount and stock in line with its variants (decision
     * 129), in the transaction that changed them; nothing for a product without variants.
     */
    followVariants(productId: string, tx: DbOrTx): Promise<void> {
      return createCatalogueRepo(tx).followVariants(productId)
    },

    /**
     * The parcel these lines make (decision 134): each piece's weight (the variant's, else the product's, else
     * null) and its product's box; a line whose product is gone adds nothing.
     */
    async parcelPieces(
      lines: Array<{ productId: string; variantId?: string | null; quantity: number }>,
      db: DbOrTx = deps.db,
    ): Promise<ParcelPiece[]> {
      const found = await createCatalogueRepo(db).parcels([...new Set(lines.map((l) => l.productId))])
      const byId = new Map(found.products.map((p) => [p.id, p]))
      const variantWeight = new Map(found.variants.map((v) => [v.id, v.weight]))
      return lines.flatMap((l) => {
        const p = byId.get(l.productId)
        if (!p) return []
        const own = l.variantId ? variantWeight.get(l.variantId) : null
        return [
          {
            grams: own ?? p.weight,
            lengthCm: p.lengthCm,
            breadthCm: p.breadthCm,
            heightCm: p.heightCm,
            quantity: l.quantity,
          },
        ]
      })
    },

    /**
     * Any product's category, temple and personalisation choices (shown or not), read afresh: the return
     * rules judge a piece by them (decision 137).
     */
    returnFacts(ids: string[], db: DbOrTx = deps.db) {
      return createCatalogueRepo(db).returnFacts([...new Set(ids)])
    },

    /** The HSN code and GST rate each of these products has now (an invoice prints them), by id. */
    async taxCodes(ids: string[], db: DbOrTx = deps.db) {
      const rows = await createCatalogueRepo(db).taxCodes([...new Set(ids)])
      return new Map(
        rows.map((r) => [
          r.id,
          { hsnCode: r.hsnCode, gstRate: r.gstRate, gstRateFixed: r.gstRateFixed, uqc: r.uqc },
        ]),
      )
    },

    /**
     * Each product's variants (decision 129) with their SKU, price per piece (paise) and stock now, in the
     * product's order; a product without options has none. An exchange offers them (decision 140).
     */
    async variantChoices(
      productIds: string[],
      db: DbOrTx = deps.db,
    ): Promise<
      Map<string, Array<{ id: string; title: string; sku: string; price: number; quantity: number }>>
    > {
      const out = new Map<
        string,
        Array<{ id: string; title: string; sku: string; price: number; quantity: number }>
      >()
      for (const v of await createCatalogueRepo(db).variantsFor([...new Set(productIds)])) {
        const list = out.get(v.productId) ?? []
        list.push({
          id: v.id,
          title: variantTitle(v.optionValues),
          sku: v.sku,
          price: v.price,
          quantity: v.quantity,
        })
        out.set(v.productId, list)
      }
      return out
    },

    /**
     * Stock (decision 044), changed in the caller's transaction, each change one conditional update, so
     * concurrent orders never sell a piece twice. Callers refresh what the shop shows (`invalidate`) after
     * their transaction.
     */
    stock: {
      /**
       * Takes pieces if that many are there: what is left, or null when there were too few. With a variant
       * (decision 129), of that variant, and the same from its product's total.
       */
      take(
        productId: string,
        quantity: number,
        tx: DbOrTx,
        variantId?: string | null,
      ): Promise<number | null> {
        const r = createCatalogueRepo(tx)
        return variantId
          ? r.takeVariantStock(productId, variantId, quantity)
          : r.takeStock(productId, quantity)
      },
      /** Gives pieces back (a cancelled or expired order's, or a shortage's undo), to its variant if any. */
      giveBack(productId: string, quantity: number, tx: DbOrTx, variantId?: string | null): Promise<void> {
        const r = createCatalogueRepo(tx)
        return variantId
          ? r.returnVariantStock(productId, variantId, quantity)
          : r.returnStock(productId, quantity)
      },
      /** The pieces in stock now (0 for a product or variant that is not there). */
      of(productId: string, db: DbOrTx = deps.db, variantId?: string | null): Promise<number> {
        const r = createCatalogueRepo(db)
        return variantId ? r.variantStockOf(variantId) : r.stockOf(productId)
      },
      /**
       * Staff add pieces, or take some away (negative): what is left, or null when fewer were there. With
       * a variant, its stock and its product's total.
       */
      change(
        productId: string,
        change: number,
        tx: DbOrTx,
        variantId?: string | null,
      ): Promise<number | null> {
        const r = createCatalogueRepo(tx)
        return variantId
          ? r.changeVariantStock(productId, variantId, change)
          : r.changeStock(productId, change)
      },
    },
  }
}
export type CatalogueService = ReturnType<typeof createCatalogueService>
