import { msg } from './languages.ts'

/** The listing sort dropdown (spec section 9); 1 and 2 keep the catalogue's own order. */
export const sortOptions = [
  { value: 1, label: msg('Position') },
  { value: 2, label: msg('Relevance') },
  { value: 3, label: msg('Name A to Z') },
  { value: 4, label: msg('Name Z to A') },
  { value: 5, label: msg('Price low to high') },
  { value: 6, label: msg('Price high to low') },
] as const

export type SortValue = (typeof sortOptions)[number]['value']

export const isSortValue = (n: number): n is SortValue => Number.isInteger(n) && n >= 1 && n <= 6

type Sortable = { title: string; price: number }

/** A sorted copy; ties keep their original order (Array.prototype.sort is stable). */
export function sortProducts<T extends Sortable>(list: readonly T[], sort: SortValue): T[] {
  const copy = [...list]
  switch (sort) {
    case 3:
      return copy.sort((a, b) => a.title.localeCompare(b.title, 'en-IN', { sensitivity: 'base' }))
    case 4:
      return copy.sort((a, b) => b.title.localeCompare(a.title, 'en-IN', { sensitivity: 'base' }))
    case 5:
      return copy.sort((a, b) => a.price - b.price)
    case 6:
      return copy.sort((a, b) => b.price - a.price)
    default:
      return copy
  }
}

/** Case-insensitive name matching for category, subcategory and state (spec section 5). */
export const sameName = (a: string | null | undefined, b: string) =>
  a != null && a.trim().toLocaleLowerCase('en-IN') === b.trim().toLocaleLowerCase('en-IN')
