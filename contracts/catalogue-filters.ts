/**
 * Listing filters and their counts (decision 130): what a shopper narrows a listing, a state's page or a
 * search by, read from and written to the address so a filtered page can be shared and reloaded. No zod
 * here: the listing pages' code imports it.
 */

import { msg } from './languages.ts'

/** The authenticity marks a product may carry (decision 098), as the address names them. */
export const markValues = ['gi', 'handloom', 'silk'] as const
export type Mark = (typeof markValues)[number]

/** What each mark is called in a filter. */
export const markLabels: Record<Mark, string> = {
  gi: msg('GI tagged'),
  handloom: msg('Handloom Mark'),
  silk: msg('Silk Mark'),
}

/** The filters with several values: any of a filter's values matches, every filter given must match. */
export const listFilterKeys = ['material', 'technique', 'colour', 'state', 'mark', 'artisan'] as const
export type ListFilterKey = (typeof listFilterKeys)[number]

export type ListingFilters = Record<ListFilterKey, string[]> & {
  /** Whole rupees, inclusive. */
  minPrice?: number
  maxPrice?: number
  inStock: boolean
}

export const noFilters = (): ListingFilters => ({
  material: [],
  technique: [],
  colour: [],
  state: [],
  mark: [],
  artisan: [],
  inStock: false,
})

/** At most this many values of one filter are read from an address; more is not a real shopper's choice. */
export const maxFilterValues = 20
/** The longest value a filter takes. */
export const maxFilterValueLength = 80

const cleanValue = (v: string) => v.trim().replace(/\s+/g, ' ').slice(0, maxFilterValueLength)

/** Whole rupees from an address's text, or undefined when it is not one. */
function rupeesFrom(text: string | null): number | undefined {
  if (text === null || text.trim() === '') return undefined
  const n = Number(text)
  return Number.isFinite(n) && n >= 0 && n <= 10_000_000 ? Math.floor(n) : undefined
}

/**
 * The filters an address asks for (repeated keys, `?material=Silk&material=Cotton`, or values joined by
 * commas); unknown marks and empty values are dropped, not refused: a hand-edited address still shows a page.
 */
export function filtersFrom(params: URLSearchParams): ListingFilters {
  const f = noFilters()
  for (const key of listFilterKeys) {
    const values = params
      .getAll(key)
      .flatMap((v) => v.split(','))
      .map(cleanValue)
      .filter(Boolean)
    const unique = [...new Set(values)].slice(0, maxFilterValues)
    f[key] =
      key === 'mark' ? unique.filter((m): m is Mark => (markValues as readonly string[]).includes(m)) : unique
  }
  const min = rupeesFrom(params.get('minPrice'))
  const max = rupeesFrom(params.get('maxPrice'))
  if (min !== undefined) f.minPrice = min
  if (max !== undefined) f.maxPrice = max
  if (f.minPrice !== undefined && f.maxPrice !== undefined && f.minPrice > f.maxPrice) {
    ;[f.minPrice, f.maxPrice] = [f.maxPrice, f.minPrice]
  }
  const stock = params.get('inStock')
  f.inStock = stock === '1' || stock === 'true' || stock === 'on'
  return f
}

/** Whether any filter is chosen. */
export function anyFilter(f: ListingFilters): boolean {
  return (
    listFilterKeys.some((k) => f[k].length > 0) ||
    f.minPrice !== undefined ||
    f.maxPrice !== undefined ||
    f.inStock
  )
}

/** The address's parameters for these filters, in a fixed order (so one choice has one address). */
export function filterEntries(f: ListingFilters): Array<[string, string]> {
  const out: Array<[string, string]> = []
  for (const key of listFilterKeys) for (const v of f[key]) out.push([key, v])
  if (f.minPrice !== undefined) out.push(['minPrice', String(f.minPrice)])
  if (f.maxPrice !== undefined) out.push(['maxPrice', String(f.maxPrice)])
  if (f.inStock) out.push(['inStock', '1'])
  return out
}

/** A stable key of the filters, for caches. */
export const filterKey = (f: ListingFilters) =>
  JSON.stringify(
    filterEntries({ ...f, ...Object.fromEntries(listFilterKeys.map((k) => [k, [...f[k]].sort()])) }),
  )

/** One value of a filter and how many products of the listing have it (with the other filters applied). */
export type FacetValue = { value: string; label: string; count: number }

/** The counts a listing's filters show beside their values (decision 130). */
export type Facets = Record<ListFilterKey, FacetValue[]> & {
  /** How many of the listing's products are in stock. */
  inStock: number
  /** The listing's lowest and highest price in whole rupees; null when it is empty. */
  price: { min: number; max: number } | null
}

export const emptyFacets = (): Facets => ({
  material: [],
  technique: [],
  colour: [],
  state: [],
  mark: [],
  artisan: [],
  inStock: 0,
  price: null,
})

/** The parameters the filters own, in an address. */
const filterParamNames = new Set<string>([...listFilterKeys, 'minPrice', 'maxPrice', 'inStock'])

/**
 * An address with its filters written the one way (decision 130): the other parameters kept, then the
 * filters in a fixed order, empty ones dropped. `dropPage` for a new choice, which starts from page 1.
 */
export function addressWithFilters(
  pathname: string,
  params: URLSearchParams,
  filters: ListingFilters,
  { dropPage = false } = {},
): string {
  const out = new URLSearchParams()
  for (const [k, v] of params) {
    if (filterParamNames.has(k) || (dropPage && k === 'page')) continue
    out.append(k, v)
  }
  for (const [k, v] of filterEntries(filters)) out.append(k, v)
  const qs = out.toString()
  return `${pathname}${qs ? `?${qs}` : ''}`
}

/**
 * The address to send a browser on to when its filters are not written the one way (a form sent before the
 * page's code adds empty prices and its own order); null when they are.
 */
export function tidyFilterAddress(url: URL): string | null {
  const tidy = addressWithFilters(url.pathname, url.searchParams, filtersFrom(url.searchParams))
  return tidy === `${url.pathname}${url.search}` ? null : tidy
}
