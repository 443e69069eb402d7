import { type ReactNode, useEffect, useRef } from 'react'
import { Link, useLocation, useNavigate, useNavigation } from 'react-router'
import type { ProductCardData } from '../../../contracts/catalogue.ts'
import type { Facets, ListFilterKey, ListingFilters } from '../../../contracts/catalogue-filters.ts'
import { type SortValue, sortOptions } from '../../../contracts/catalogue-sort.ts'
import { ProductCard } from '../../components/product-card.tsx'
import { PromoVideo } from '../../components/promo-video.tsx'
import { useT } from '../../i18n/i18n.tsx'
import { catalogueText, titleLength } from '../../lib/catalogue-messages.ts'
import { FilterChips, ListingFilterPanel } from './listing-filters.tsx'

export type ListingData = {
  heading: string
  intro: string
  products: ProductCardData[]
  sort: SortValue
  page: number
  pages: number
  total: number
  breadcrumb: { label: string; to?: string }[]
  /** The filters chosen and the counts beside them (decision 130); none where the page offers no filters. */
  filters?: ListingFilters
  facets?: Facets
  /** Filter groups the page itself decides (a state's page is of one state). */
  hideFilters?: ListFilterKey[]
}

/** Category, subcategory and state listings: promo film, sort dropdown, product grid, pager, empty state. */
/** `children` come between the film and the products (a state's craft clusters). */
export function ListingView({ data, children }: { data: ListingData; children?: ReactNode }) {
  const t = useT()
  const navigate = useNavigate()
  const location = useLocation()
  const navigation = useNavigation()
  const busy = navigation.state === 'loading' && navigation.location?.pathname === location.pathname

  const sortSelect = useRef<HTMLSelectElement>(null)
  const sortBy = (value: string) =>
    navigate(hrefWith({ sort: value === '1' ? null : value, page: null }), {
      preventScrollReset: true,
      replace: true,
    })
  // A sort chosen on a slow phone before the page's code ran: followed as soon as it runs.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the page's code takes over
  useEffect(() => {
    const chosen = sortSelect.current?.value
    if (chosen && chosen !== String(data.sort)) sortBy(chosen)
  }, [])

  const hrefWith = (changes: Record<string, string | null>) => {
    const params = new URLSearchParams(location.search)
    for (const [k, v] of Object.entries(changes)) {
      if (v === null) params.delete(k)
      else params.set(k, v)
    }
    const qs = params.toString()
    return `${location.pathname}${qs ? `?${qs}` : ''}`
  }

  return (
    <>
      <nav aria-label={t('Breadcrumb')} className="mx-auto max-w-7xl px-4 pt-4 text-sm">
        <ol className="flex flex-wrap gap-1 text-ink/80">
          {data.breadcrumb.map((b, i) => (
            <li key={b.label} className="flex gap-1">
              {i > 0 ? <span aria-hidden="true">/</span> : null}
              {b.to ? (
                <Link to={b.to} className="hover:text-brand-700 hover:underline">
                  {b.label}
                </Link>
              ) : (
                <span aria-current="page" className="font-medium text-ink">
                  {b.label}
                </span>
              )}
            </li>
          ))}
        </ol>
      </nav>
      <PromoVideo
        className="mx-auto mt-3 max-w-7xl sm:rounded-xl"
        headingLevel="h1"
        atTop
        heading={data.heading}
        text={data.intro}
      />
      {children}
      <section
        className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-6 lg:flex-row lg:items-start lg:gap-6"
        aria-labelledby="listing-products"
      >
        {data.filters && data.facets ? (
          <ListingFilterPanel filters={data.filters} facets={data.facets} hide={data.hideFilters} />
        ) : null}
        <div className="min-w-0 flex-1">
          <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
            <h2 id="listing-products" className="text-sm text-ink/80">
              {t('{count, plural, one {# product} other {# products}}', { count: data.total })}
            </h2>
            <label className="flex items-center gap-2 text-sm font-medium">
              {t(catalogueText.sortLabel)}
              {/* Left to the browser (not held by React), so it shows the order chosen while that list loads,
                and a choice made before the page's code ran is still there for it to follow. */}
              <select
                key={data.sort}
                ref={sortSelect}
                name="sort"
                defaultValue={data.sort}
                onChange={(e) => sortBy(e.target.value)}
                className="rounded border border-brand-200 bg-white px-3 py-2"
                data-testid="sort-select"
              >
                {sortOptions.map((o) => (
                  <option key={o.value} value={o.value}>
                    {t(o.label)}
                  </option>
                ))}
              </select>
            </label>
          </div>
          {data.filters && data.facets ? <FilterChips filters={data.filters} facets={data.facets} /> : null}
          {data.products.length === 0 ? (
            <div
              className="rounded-lg bg-white p-10 text-center ring-1 ring-brand-100"
              data-testid="empty-listing"
            >
              <p>{t(catalogueText.emptyListing)}</p>
              <Link
                to="/"
                className="mt-4 inline-block rounded bg-brand-700 px-5 py-2 font-medium text-white"
              >
                {t('Back to the shop')}
              </Link>
            </div>
          ) : (
            <ul
              className={`grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 ${data.facets ? 'lg:grid-cols-3 xl:grid-cols-4' : 'lg:grid-cols-4'} ${busy ? 'opacity-60' : ''}`}
              aria-busy={busy}
            >
              {data.products.map((p, i) => (
                <li key={p._id}>
                  <ProductCard
                    product={p}
                    titleLength={titleLength.listing}
                    priority={i < 2}
                    sizes="(max-width: 640px) 48vw, (max-width: 1024px) 32vw, 300px"
                  />
                </li>
              ))}
            </ul>
          )}
          {data.pages > 1 ? (
            <nav aria-label={t('Pages')} className="mt-6 flex items-center justify-center gap-3">
              {data.page > 1 ? (
                <Link
                  to={hrefWith({ page: data.page === 2 ? null : String(data.page - 1) })}
                  className="rounded border border-brand-600 px-4 py-2 text-brand-700"
                >
                  {t('Previous')}
                </Link>
              ) : null}
              <span className="text-sm">
                {t('Page {page} of {pages}', { page: data.page, pages: data.pages })}
              </span>
              {data.page < data.pages ? (
                <Link
                  to={hrefWith({ page: String(data.page + 1) })}
                  className="rounded border border-brand-600 px-4 py-2 text-brand-700"
                >
                  {t('Next')}
                </Link>
              ) : null}
            </nav>
          ) : null}
        </div>
      </section>
    </>
  )
}
