import { describe, expect, it } from 'vitest'
import { type FilterRow, rowMatches, sortRows, valueCounts } from './filter-rows.ts'

const row = (over: Partial<FilterRow>): FilterRow => ({
  id: 'a',
  position: 0,
  createdAt: 0,
  title: 'a',
  price: 1000,
  soldCount: 0,
  quantity: 1,
  materials: [],
  techniques: [],
  colours: [],
  categoryId: null,
  subcategoryId: null,
  stateId: null,
  marks: [],
  makers: [],
  ...over,
})

describe('listing filters in memory (decision 130)', () => {
  const silk = row({ id: 's', materials: ['Silk'], colours: ['Red'], marks: ['gi'], price: 8000_00 })
  const cotton = row({ id: 'c', materials: ['Cotton'], colours: ['Indigo'], quantity: 0, stateId: 'up' })
  it('any value of a filter, every filter given; a facet leaves out its own filter', () => {
    const f = { materials: ['Silk', 'Cotton'], colours: ['Red'] }
    expect([silk, cotton].filter((r) => rowMatches(r, f)).map((r) => r.id)).toEqual(['s'])
    expect([silk, cotton].filter((r) => rowMatches(r, f, 'colours')).map((r) => r.id)).toEqual(['s', 'c'])
    expect(rowMatches(cotton, { inStock: true })).toBe(false)
    expect(rowMatches(cotton, { inStock: true }, 'summary')).toBe(true)
    expect(rowMatches(silk, { stateIds: [] })).toBe(false)
    expect(rowMatches(silk, { marks: ['silk', 'gi'], minPrice: 8000_00, maxPrice: 8000_00 })).toBe(true)
  })
  it('counts each value once per product, most first, then by name', () => {
    const rows = [silk, cotton, row({ id: 'x', colours: ['Indigo', 'Indigo', 'Red'] })]
    expect(valueCounts(rows, (r) => r.colours)).toEqual([
      { value: 'Indigo', count: 2 },
      { value: 'Red', count: 2 },
    ])
  })
  it('sorts as the database orders: catalogue order, then by name and price with ties in catalogue order', () => {
    const a = row({ id: 'a', position: 2, title: 'b', price: 5 })
    const b = row({ id: 'b', position: 1, title: 'c', price: 5 })
    const c = row({ id: 'c', position: 1, createdAt: 1, title: 'a', price: 9 })
    const ids = (sort: number) => sortRows([a, b, c], sort).map((r) => r.id)
    expect(ids(1)).toEqual(['b', 'c', 'a'])
    expect(ids(3)).toEqual(['c', 'a', 'b'])
    expect(ids(4)).toEqual(['b', 'a', 'c'])
    expect(ids(5)).toEqual(['b', 'a', 'c'])
    expect(ids(6)).toEqual(['c', 'b', 'a'])
  })
})
