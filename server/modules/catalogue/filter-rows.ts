import type { Mark } from '../../../contracts/catalogue-filters.ts'

/**
 * What the listings' filters read of one product (decision 130): a listing's products are read once per
 * catalogue version in this narrow form, then every choice of filters is matched, counted and sorted in
 * memory, where the database took 30 to 80 ms a choice at 100,000 products.
 */
export type FilterRow = {
  id: string
  position: number
  createdAt: number
  title: string
  price: number
  soldCount: number
  quantity: number
  materials: string[]
  techniques: string[]
  colours: string[]
  categoryId: string | null
  subcategoryId: string | null
  stateId: string | null
  marks: Mark[]
  makers: string[]
}

/** A choice of filters in stored terms: state ids, prices in paise. */
export type RowFilters = {
  materials?: string[]
  techniques?: string[]
  colours?: string[]
  stateIds?: string[]
  marks?: Mark[]
  makers?: string[]
  minPrice?: number
  maxPrice?: number
  inStock?: boolean
}

export type RowDimension = 'materials' | 'techniques' | 'colours' | 'state' | 'makers' | 'summary'

const overlaps = (have: string[], wanted: string[] | undefined) =>
  !wanted?.length || wanted.some((w) => have.includes(w))

/** Whether a row matches every filter but the one a facet counts. */
export function rowMatches(r: FilterRow, f: RowFilters, except?: RowDimension): boolean {
  if (except !== 'materials' && !overlaps(r.materials, f.materials)) return false
  if (except !== 'techniques' && !overlaps(r.techniques, f.techniques)) return false
  if (except !== 'colours' && !overlaps(r.colours, f.colours)) return false
  if (except !== 'makers' && !overlaps(r.makers, f.makers)) return false
  if (except !== 'state' && f.stateIds && !(r.stateId && f.stateIds.includes(r.stateId))) return false
  if (except === 'summary') return true
  if (f.marks?.length && !f.marks.some((m) => r.marks.includes(m))) return false
  if (f.minPrice !== undefined && r.price < f.minPrice) return false
  if (f.maxPrice !== undefined && r.price > f.maxPrice) return false
  if (f.inStock && r.quantity <= 0) return false
  return true
}

/** How many rows have each value, most first then by name, at most `limit`. */
export function valueCounts(rows: FilterRow[], pick: (r: FilterRow) => string[], limit = 30) {
  const counts = new Map<string, number>()
  for (const r of rows) for (const v of new Set(pick(r))) counts.set(v, (counts.get(v) ?? 0) + 1)
  return [...counts]
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0))
    .slice(0, limit)
}

const byCatalogue = (a: FilterRow, b: FilterRow) =>
  a.position - b.position || a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
const byTitle = (a: FilterRow, b: FilterRow) =>
  a.title < b.title ? -1 : a.title > b.title ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0

/** The sort orders of contracts/catalogue-sort.ts, as the database's indexes give them. */
export function sortRows(rows: FilterRow[], sort: number): FilterRow[] {
  const sorted = [...rows]
  switch (sort) {
    case 3:
      return sorted.sort(byTitle)
    case 4:
      return sorted.sort((a, b) => byTitle(b, a))
    case 5:
      return sorted.sort((a, b) => a.price - b.price || byCatalogue(a, b))
    case 6:
      return sorted.sort((a, b) => b.price - a.price || byCatalogue(a, b))
    default:
      return sorted.sort(byCatalogue)
  }
}
