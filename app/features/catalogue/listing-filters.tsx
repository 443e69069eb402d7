import { useId } from 'react'
import { Form, Link, useLocation, useNavigate } from 'react-router'
import {
  addressWithFilters,
  type Facets,
  type FacetValue,
  filtersFrom,
  type ListFilterKey,
  type ListingFilters,
  type Mark,
  markLabels,
  noFilters,
} from '../../../contracts/catalogue-filters.ts'
import { msg } from '../../../contracts/languages.ts'
import { useT } from '../../i18n/i18n.tsx'

/** The groups of values, in the order a shopper reads them, with their headings. */
const groups: Array<{ key: ListFilterKey; heading: string }> = [
  { key: 'material', heading: msg('Material') },
  { key: 'technique', heading: msg('Technique') },
  { key: 'colour', heading: msg('Colour') },
  { key: 'state', heading: msg('State') },
  { key: 'mark', heading: msg('Authenticity marks') },
  { key: 'artisan', heading: msg('Artisan') },
]

/** The address of the page with these filters (the sort and search kept), from page 1. */
const hrefFor = (pathname: string, search: string, filters: ListingFilters) =>
  addressWithFilters(pathname, new URLSearchParams(search), filters, { dropPage: true })

/** The filters a form's fields hold now. */
function filtersOfForm(form: HTMLFormElement): ListingFilters {
  const params = new URLSearchParams()
  for (const [k, v] of new FormData(form)) if (typeof v === 'string') params.append(k, v)
  return filtersFrom(params)
}

const without = (f: ListingFilters, key: ListFilterKey, value: string): ListingFilters => ({
  ...f,
  [key]: f[key].filter((v) => v !== value),
})

/**
 * The chosen filters as chips above the products, each a link to the page without it, and 'Clear all'
 * (decision 130): links, so they work before the page's code.
 */
export function FilterChips({ filters, facets }: { filters: ListingFilters; facets: Facets }) {
  const t = useT()
  const { pathname, search } = useLocation()
  const chips: Array<{ label: string; to: string }> = []
  for (const g of groups) {
    for (const v of filters[g.key]) {
      chips.push({
        label: labelOf(g.key, v, facets[g.key], t),
        to: hrefFor(pathname, search, without(filters, g.key, v)),
      })
    }
  }
  if (filters.minPrice !== undefined || filters.maxPrice !== undefined) {
    chips.push({
      label: priceLabel(filters, t),
      to: hrefFor(pathname, search, { ...filters, minPrice: undefined, maxPrice: undefined }),
    })
  }
  if (filters.inStock) {
    chips.push({ label: t('In stock'), to: hrefFor(pathname, search, { ...filters, inStock: false }) })
  }
  if (chips.length === 0) return null
  return (
    <ul className="mb-4 flex flex-wrap items-center gap-2" aria-label={t('Chosen filters')}>
      {chips.map((c) => (
        <li key={c.to + c.label}>
          <Link
            to={c.to}
            preventScrollReset
            className="inline-flex min-h-9 items-center gap-1.5 rounded-full border border-brand-300 bg-brand-50 px-3 py-1 text-sm text-brand-800 hover:bg-brand-100"
            aria-label={t('Remove filter {label}', { label: c.label })}
            data-testid="filter-chip"
          >
            {c.label}
            <span aria-hidden="true" className="text-base leading-none">
              ×
            </span>
          </Link>
        </li>
      ))}
      <li>
        <Link
          to={hrefFor(pathname, search, noFilters())}
          preventScrollReset
          className="px-2 text-sm font-medium text-brand-700 underline underline-offset-2"
        >
          {t('Clear all')}
        </Link>
      </li>
    </ul>
  )
}

function labelOf(
  key: ListFilterKey,
  value: string,
  values: FacetValue[],
  t: ReturnType<typeof useT>,
): string {
  if (key === 'mark') return t(markLabels[value as Mark] ?? value)
  return values.find((v) => v.value === value)?.label ?? value
}

function priceLabel(f: ListingFilters, t: ReturnType<typeof useT>): string {
  const rupees = (n: number) => `₹${n.toLocaleString('en-IN')}`
  if (f.minPrice !== undefined && f.maxPrice !== undefined)
    return t('{min} to {max}', { min: rupees(f.minPrice), max: rupees(f.maxPrice) })
  if (f.minPrice !== undefined) return t('From {min}', { min: rupees(f.minPrice) })
  return t('Up to {max}', { max: rupees(f.maxPrice ?? 0) })
}

/**
 * The listing's filters (decision 130): a plain GET form of checkboxes with their counts, a price range and
 * 'In stock only', so a phone without the page's code still filters; a bottom sheet on a phone (opened by a
 * checkbox and its label, no code needed), a side column on a laptop. With the code, a ticked box applies
 * at once.
 */
export function ListingFilterPanel({
  filters,
  facets,
  hide = [],
}: {
  filters: ListingFilters
  facets: Facets
  /** Groups the page itself decides (a state's page is of one state). */
  hide?: ListFilterKey[]
}) {
  const t = useT()
  const id = useId()
  const toggle = `filters-${id}`
  const { pathname, search } = useLocation()
  const navigate = useNavigate()
  // With the page's code the address is written the one way at once (without it the server tidies it).
  const apply = (form: HTMLFormElement) =>
    navigate(hrefFor(pathname, search, filtersOfForm(form)), { replace: true, preventScrollReset: true })
  const params = new URLSearchParams(search)
  const chosenCount =
    groups.reduce((n, g) => n + filters[g.key].length, 0) +
    (filters.minPrice !== undefined || filters.maxPrice !== undefined ? 1 : 0) +
    (filters.inStock ? 1 : 0)
  const shown = groups.filter(
    (g) => !hide.includes(g.key) && (facets[g.key].length > 0 || filters[g.key].length > 0),
  )
  const nothingToFilter = shown.length === 0 && facets.price === null && chosenCount === 0
  if (nothingToFilter) return null

  return (
    <div className="lg:w-64 lg:shrink-0">
      {/* The sheet's switch: a checkbox its labels tick, so it opens before the page's code runs. */}
      <input
        type="checkbox"
        id={toggle}
        aria-label={t('Filters')}
        className="peer sr-only lg:hidden"
        data-testid="filters-toggle"
      />
      <label
        htmlFor={toggle}
        className="inline-flex min-h-10 cursor-pointer items-center gap-2 rounded border border-brand-300 bg-white px-4 py-2 text-sm font-semibold text-brand-800 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-500 lg:hidden"
        data-testid="filters-open"
      >
        {t('Filters')}
        {chosenCount > 0 ? (
          <span className="rounded-full bg-brand-700 px-2 text-xs text-white">{chosenCount}</span>
        ) : null}
      </label>
      {/* biome-ignore lint/a11y/noLabelWithoutControl: the dimmed page behind the sheet, a tap on it closes the sheet (its control is the switch above); the sheet's own Close is the one read out */}
      <label
        htmlFor={toggle}
        aria-hidden="true"
        className="fixed inset-0 z-40 hidden bg-ink/40 peer-checked:block lg:hidden! lg:peer-checked:hidden"
      />
      <Form
        method="get"
        action={pathname}
        preventScrollReset
        replace
        aria-label={t('Filters')}
        onChange={(e) => {
          // A ticked box applies at once; typed prices wait for the button.
          if (e.target instanceof HTMLInputElement && e.target.type === 'checkbox') apply(e.currentTarget)
        }}
        onSubmit={(e) => {
          e.preventDefault()
          apply(e.currentTarget)
        }}
        className="fixed inset-x-0 bottom-0 z-50 hidden max-h-[85vh] flex-col rounded-t-2xl bg-white shadow-2xl peer-checked:flex lg:static lg:z-auto lg:flex lg:max-h-none lg:rounded-lg lg:shadow-none lg:ring-1 lg:ring-brand-100"
        data-testid="filters-form"
      >
        <div className="flex items-center justify-between border-b border-brand-100 px-4 py-3">
          <h2 className="font-semibold text-brand-800">{t('Filters')}</h2>
          <label
            htmlFor={toggle}
            className="cursor-pointer rounded px-2 py-1 text-sm font-medium text-brand-700 lg:hidden"
          >
            {t('Close')}
          </label>
        </div>
        {params.get('sort') ? <input type="hidden" name="sort" value={params.get('sort') ?? ''} /> : null}
        {params.get('search') ? (
          <input type="hidden" name="search" value={params.get('search') ?? ''} />
        ) : null}
        <div className="flex-1 space-y-5 overflow-y-auto px-4 py-4">
          {facets.price ? (
            <fieldset>
              <legend className="mb-2 text-sm font-semibold">{t('Price (₹)')}</legend>
              <div className="flex items-center gap-2">
                <input
                  type="number"
                  name="minPrice"
                  inputMode="numeric"
                  min={0}
                  aria-label={t('Lowest price')}
                  placeholder={String(facets.price.min)}
                  defaultValue={filters.minPrice ?? ''}
                  className="w-full min-w-0 rounded border border-brand-200 px-2 py-2 text-sm"
                />
                <span aria-hidden="true">–</span>
                <input
                  type="number"
                  name="maxPrice"
                  inputMode="numeric"
                  min={0}
                  aria-label={t('Highest price')}
                  placeholder={String(facets.price.max)}
                  defaultValue={filters.maxPrice ?? ''}
                  className="w-full min-w-0 rounded border border-brand-200 px-2 py-2 text-sm"
                />
              </div>
            </fieldset>
          ) : null}
          <label className="flex min-h-9 items-center gap-2 text-sm">
            <input
              type="checkbox"
              name="inStock"
              value="1"
              defaultChecked={filters.inStock}
              className="h-4 w-4 accent-brand-700"
            />
            {t('In stock only')}
            <span className="text-ink/70">({facets.inStock})</span>
          </label>
          {shown.map((g) => (
            <fieldset key={g.key}>
              <legend className="mb-1 text-sm font-semibold">{t(g.heading)}</legend>
              <ul className="max-h-56 space-y-0.5 overflow-y-auto">
                {valuesOf(facets[g.key], filters[g.key]).map((v) => (
                  <li key={v.value}>
                    <label className="flex min-h-9 items-center gap-2 text-sm">
                      <input
                        type="checkbox"
                        name={g.key}
                        value={v.value}
                        defaultChecked={filters[g.key].includes(v.value)}
                        className="h-4 w-4 shrink-0 accent-brand-700"
                      />
                      <span className="min-w-0 flex-1 break-words">
                        {g.key === 'mark' ? t(markLabels[v.value as Mark] ?? v.label) : v.label}
                      </span>
                      <span className="text-ink/70">({v.count})</span>
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
          ))}
        </div>
        <div className="flex gap-3 border-t border-brand-100 px-4 py-3">
          <Link
            to={hrefFor(pathname, search, noFilters())}
            preventScrollReset
            className="flex min-h-10 items-center px-2 text-sm font-medium text-brand-700 underline underline-offset-2"
          >
            {t('Clear all')}
          </Link>
          <button
            type="submit"
            className="min-h-10 flex-1 rounded bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
            data-testid="filters-apply"
          >
            {t('Show results')}
          </button>
        </div>
      </Form>
    </div>
  )
}

/** The facet's values, and any chosen value the counts no longer list (so it can be unticked). */
function valuesOf(values: FacetValue[], chosen: string[]): FacetValue[] {
  const missing = chosen
    .filter((c) => !values.some((v) => v.value === c))
    .map((c) => ({ value: c, label: c, count: 0 }))
  return [...values, ...missing]
}
