import { useNavigation } from 'react-router'
import type { Product } from '../../contracts/catalogue.ts'
import { ProductCard } from '../components/product-card.tsx'
import { safeLoad } from '../features/catalogue/load.ts'
import { seo } from '../features/catalogue/seo.ts'
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

type SearchAnswer = { products: Product[]; message: string | null }

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, publicUrl, i18n } = appLoadContext(context)
  const { t } = i18n
  const query = (new URL(request.url).searchParams.get('search') ?? '').trim().slice(0, 100)
  if (!query)
    return { publicUrl, query, products: [], message: t('Type what you are looking for in the search box.') }
  const answer = await safeLoad<SearchAnswer>(
    services.log,
    'search',
    async () => {
      const products = await services.catalogue.inLanguage(
        await services.catalogue.search(query),
        i18n.language,
      )
      return {
        products,
        message: products.length > 0 ? null : t('No products found for "{query}".', { query }),
      }
    },
    { products: [], message: t(catalogueText.productsFetchFailed) },
  )
  return { publicUrl, query, ...answer }
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
  return (
    <section className="mx-auto max-w-7xl px-4 py-8" aria-labelledby="search-heading">
      <h1 id="search-heading" className="font-serif text-2xl font-bold text-brand-800 sm:text-3xl">
        {query ? t('Search results for "{query}"', { query }) : t('Search')}
      </h1>
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
            <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4">
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
    </section>
  )
}
