import { anyFilter, emptyFacets, filtersFrom } from '../../contracts/catalogue-filters.ts'
import { sameName } from '../../contracts/catalogue-sort.ts'
import { toCard } from '../../contracts/product-card.ts'
import { NotFoundView } from '../components/not-found-view.tsx'
import { ListingView } from '../features/catalogue/listing-view.tsx'
import { notFoundMeta, notFoundPage, pageFrom, safeLoad, sortFrom } from '../features/catalogue/load.ts'
import { seo } from '../features/catalogue/seo.ts'
import { tidyFilters } from '../features/catalogue/tidy-filters.server.ts'
import { StateClusters } from '../features/provenance/state-clusters.tsx'
import { metaI18n } from '../i18n/meta.ts'
import { listingPageSize } from '../lib/catalogue-messages.ts'
import { appLoadContext } from '../lib/context.ts'
import type { Route } from './+types/state-listing'

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  !loaderData || 'notFound' in loaderData
    ? notFoundMeta
    : seo({
        title: loaderData.heading,
        description: loaderData.intro,
        path: loaderData.canonicalPath,
        publicUrl: loaderData.publicUrl,
        image: loaderData.products[0]?.image,
        language: metaI18n(matches).language,
      })

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { services, publicUrl, i18n } = appLoadContext(context)
  const { t } = i18n
  const states = await safeLoad(services.log, 'states', () => services.catalogue.statesIn(i18n.language), [])
  const state = states.find((s) => sameName(s.State, params.statename))
  if (!state) return notFoundPage(publicUrl)
  const url = new URL(request.url)
  const sort = sortFrom(url)
  const page = pageFrom(url)
  const untidy = tidyFilters(url)
  if (untidy) return untidy
  // What the shopper narrowed it by, from the address (decision 130).
  const filters = filtersFrom(url.searchParams)
  const result = await safeLoad(
    services.log,
    'products',
    async () => {
      const listing = { state: state.State, sort, filters }
      const [found, facets] = await Promise.all([
        services.catalogue.productPage(listing, page, listingPageSize),
        services.catalogue.facets(listing, i18n.language),
      ])
      return { ...found, facets, items: await services.catalogue.inLanguage(found.items, i18n.language) }
    },
    { items: [], page, limit: listingPageSize, total: 0, pages: 1, facets: emptyFacets() },
  )
  const clusters = await safeLoad(
    services.log,
    'clusters',
    () => services.provenance.clustersOfState(state.State),
    [],
  )
  const path = `/StateProduct/${encodeURIComponent(state.State)}`
  return {
    publicUrl,
    // A filtered page names the listing itself as canonical, so filters do not crowd it out (decision 130).
    canonicalPath: page > 1 && !anyFilter(filters) ? `${path}?page=${page}` : path,
    // Shown in the reader's language; the address keeps the English name (decision 097).
    heading: t('Crafts of {state}', { state: state.label }),
    intro: t('Handicraft, handloom and art made in {state}, bought directly from its artisans.', {
      state: state.label,
    }),
    products: result.items.map(toCard),
    stateName: state.label,
    clusters,
    filters,
    facets: result.facets,
    hideFilters: ['state' as const],
    sort,
    page: result.page,
    pages: result.pages,
    total: result.total,
    breadcrumb: [
      { label: t('Home'), to: '/' },
      { label: t('State Wise'), to: '/StateProduct' },
      { label: state.label },
    ],
  }
}

export default function StateListing({ loaderData }: Route.ComponentProps) {
  if ('notFound' in loaderData) return <NotFoundView />
  return (
    <ListingView data={loaderData}>
      <StateClusters state={loaderData.stateName} clusters={loaderData.clusters} />
    </ListingView>
  )
}
