import { useNavigation } from 'react-router'
import { anyFilter, emptyFacets, type Facets, filtersFrom } from '../../contracts/catalogue-filters.ts'
import { type ProductCardData, toCard } from '../../contracts/product-card.ts'
import { ProductCard } from '../components/product-card.tsx'
import { FilterChips, ListingFilterPanel } from '../features/catalogue/listing-filters.tsx'
import { safeLoad } from '../features/catalogue/load.ts'
import { seo } from '../features/catalogue/seo.ts'
import { tidyFilters } from '../features/catalogue/tidy-filters.server.ts'
import { useT } from '../i18n/i18n.tsx'
import { metaI18n } from '../i18n/meta.ts'
import { catalogueText, titleLength } from '../lib/catalogue-messages.ts'
import { appLoadContext } from '../lib/context.ts'
import type { Route } from './+types/search'

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const { t, language } = metaI18n(matches)
  return seo({
    title: loaderData?.query ? t('Search results for "{query}"', { query: loaderData.query }) : t('Search'),
    description: t('Search handmade Indian handicraft, handloom and art by name, craft, state or material.'),
    path: '/products',
    publicUrl: loaderData?.publicUrl,
    noindex: true,
    language,
  })
}

// Cards only: a product with options says 'from ₹X' and 'Choose size' (decision 129), and the page stays small.
type SearchAnswer = { products: ProductCardData[]; message: string | null; facets: Facets }

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, publicUrl, i18n } = appLoadContext(context)
  const { t } = i18n
  const url = new URL(request.url)
  const query = (url.searchParams.get('search') ?? '').trim().slice(0, 100)
  if (!query)
    return { publicUrl, query, products: [], message: t('Type what you are looking for in the search box.') }
  const untidy = tidyFilters(url)
  if (untidy) return untidy
  // The search's matches narrowed by the listing filters (decision 130).
  const filters = filtersFrom(url.searchParams)
  const answer = await safeLoad<SearchAnswer>(
    services.log,
    'search',
    async () => {
      const found = await services.catalogue.filteredSearch(query, filters, i18n.language)
      const products = (await services.catalogue.inLanguage(found.items, i18n.language)).map(toCard)
      return {
        products,
        facets: found.facets,
        message:
          products.length > 0
            ? null
            : anyFilter(filters)
              ? t('No products match these filters.')
              : t('No products found for "{query}".', { query }),
      }
    },
    { products: [], facets: emptyFacets(), message: t(catalogueText.productsFetchFailed) },
  )
  return { publicUrl, query, filters, ...answer }
}

/**
 * The search's answer fetched while moving between pages: should that fetch fail (the connection dropped, the
 * shop unreachable), the spec's 'Failed to fetch products.' shows in the page, not the error page.
 */
export async function clientLoader({ serverLoader, request }: Route.ClientLoaderArgs) {
  try {
    return await serverLoader()
  } catch {
    const query = (new URL(request.url).searchParams.get('search') ?? '').trim().slice(0, 100)
    return { publicUrl: '', query, products: [], message: null, failed: true as const }
  }
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const navigation = useNavigation()
  const loading = navigation.state === 'loading' && navigation.location?.pathname === '/products'
  const { query, products } = loaderData
  const message = 'failed' in loaderData ? t(catalogueText.productsFetchFailed) : loaderData.message
  const filters = 'filters' in loaderData ? loaderData.filters : undefined
  const facets = 'facets' in loaderData ? loaderData.facets : undefined
  return (
    <section className="mx-auto max-w-7xl px-4 py-8" aria-labelledby="search-heading">
      <h1 id="search-heading" className="font-serif text-2xl font-bold text-brand-800 sm:text-3xl">
        {query ? t('Search results for "{query}"', { query }) : t('Search')}
      </h1>
      <div className="mt-4 flex flex-col gap-4 lg:flex-row lg:items-start lg:gap-6">
        {filters && facets ? <ListingFilterPanel filters={filters} facets={facets} /> : null}
        <div className="min-w-0 flex-1">
          {filters && facets ? <FilterChips filters={filters} facets={facets} /> : null}
          {loading ? (
            <p className="mt-6 text-center text-lg" role="status">
              {t(catalogueText.loading)}
            </p>
          ) : (
            <>
              {message ? (
                <p className="mt-6 rounded-lg bg-white p-6 text-center ring-1 ring-brand-100" role="status">
                  {message}
                </p>
              ) : (
                <p className="mt-1 text-sm text-ink/80" role="status">
                  {t('{count, plural, one {# product found} other {# products found}}', {
                    count: products.length,
                  })}
                </p>
              )}
              {products.length > 0 ? (
                <ul
                  className={`mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 ${facets ? 'lg:grid-cols-3 xl:grid-cols-4' : 'lg:grid-cols-4'}`}
                >
                  {products.map((p, i) => (
                    <li key={p._id}>
                      <ProductCard
                        product={p}
                        titleLength={titleLength.search}
                        priority={i < 2}
                        headingLevel="h2"
                        sizes="(max-width: 640px) 48vw, (max-width: 1024px) 32vw, 300px"
                      />
                    </li>
                  ))}
                </ul>
              ) : null}
            </>
          )}
        </div>
      </div>
    </section>
  )
}
