import { anyFilter, emptyFacets, filtersFrom } from '../../contracts/catalogue-filters.ts'
import { sameName } from '../../contracts/catalogue-sort.ts'
import { toCard } from '../../contracts/product-card.ts'
import { NotFoundView } from '../components/not-found-view.tsx'
import { ListingView } from '../features/catalogue/listing-view.tsx'
import { notFoundMeta, notFoundPage, pageFrom, safeLoad, sortFrom } from '../features/catalogue/load.ts'
import { seo } from '../features/catalogue/seo.ts'
import { tidyFilters } from '../features/catalogue/tidy-filters.server.ts'
import { metaI18n } from '../i18n/meta.ts'
import { listingPageSize } from '../lib/catalogue-messages.ts'
import { appLoadContext } from '../lib/context.ts'
import type { Route } from './+types/category-listing'

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
  const categories = await safeLoad(
    services.log,
    'categories',
    () => services.catalogue.categoriesIn(i18n.language),
    [],
  )
  const category = categories.find((c) => sameName(c.categoriesTitle, params.categoryName))
  const sub = params.subcategory
    ? category?.subcategories.find((s) => sameName(s.subCategoryTitle, params.subcategory ?? ''))
    : undefined
  if (!category || (params.subcategory && !sub)) return notFoundPage(publicUrl)
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
      const listing = {
        category: category.categoriesTitle,
        subcategory: sub?.subCategoryTitle,
        sort,
        filters,
      }
      const [found, facets] = await Promise.all([
        services.catalogue.productPage(listing, page, listingPageSize),
        services.catalogue.facets(listing, i18n.language),
      ])
      return { ...found, facets, items: await services.catalogue.inLanguage(found.items, i18n.language) }
    },
    { items: [], page, limit: listingPageSize, total: 0, pages: 1, facets: emptyFacets() },
  )
  // Shown in the reader's language; the address keeps the English names (decision 097).
  const heading = sub ? sub.label : category.label
  const categoryPath = `/product/${encodeURIComponent(category.categoriesTitle)}`
  const canonicalPath = sub ? `${categoryPath}/${encodeURIComponent(sub.subCategoryTitle)}` : categoryPath
  return {
    publicUrl,
    // A filtered page names the listing itself as canonical, so filters do not crowd it out (decision 130).
    canonicalPath: page > 1 && !anyFilter(filters) ? `${canonicalPath}?page=${page}` : canonicalPath,
    heading,
    // The Prasad collection (decision 099) holds temples' prasad, not artisans' work.
    intro: /prasad/i.test(category.categoriesTitle)
      ? t("Prasad packages from India's temples, sent to your home by post.")
      : sub
        ? t("{subcategory} from our {category} collection, made by hand by India's artisans.", {
            subcategory: sub.label,
            category: category.label,
          })
        : t('Handmade {category} from artisans across India, bought directly from the makers.', {
            category: category.label.toLowerCase(),
          }),
    products: result.items.map(toCard),
    filters,
    facets: result.facets,
    sort,
    page: result.page,
    pages: result.pages,
    total: result.total,
    breadcrumb: [
      { label: t('Home'), to: '/' },
      sub ? { label: category.label, to: categoryPath } : { label: category.label },
      ...(sub ? [{ label: sub.label }] : []),
    ],
  }
}

export default function CategoryListing({ loaderData }: Route.ComponentProps) {
  if ('notFound' in loaderData) return <NotFoundView />
  return <ListingView data={loaderData} />
}
