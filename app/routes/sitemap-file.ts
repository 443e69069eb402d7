import { templePath } from '../../contracts/temples.ts'
import { safeLoad } from '../features/catalogue/load.ts'
import { productsPerSitemap, type SitemapEntry, urlSet } from '../features/catalogue/sitemap.ts'
import { appLoadContext } from '../lib/context.ts'
import type { Route } from './+types/sitemap-file'

const staticPages = [
  '/',
  '/StateProduct',
  '/temple',
  '/Support',
  '/ContactUs',
  '/AboutUs',
  '/Privacy',
  '/TermsCondition',
  '/ReturnPolicy',
]

const notFound = () => new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain' } })

/**
 * One file of the sitemap index: `pages.xml` (every public page, category, subcategory, state, maker and
 * temple) or `products-N.xml` (the Nth slice of the products in catalogue order).
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { services, publicUrl } = appLoadContext(context)
  const { catalogue, content, log } = services
  const file = params.file
  const products = /^products-([1-9]\d{0,5})\.xml$/.exec(file)
  if (products) {
    const n = Number(products[1])
    const list = await catalogue.sitemapProducts(n, productsPerSitemap)
    if (list.length === 0 && n > 1) return notFound()
    return urlSet(
      publicUrl,
      list.map((p) => ({ path: `/Productdetails/${p._id}`, lastmod: p.createdAt.slice(0, 10) })),
    )
  }
  if (file !== 'pages.xml') return notFound()
  const [categories, states, temples, makers] = await Promise.all([
    safeLoad(log, 'categories', () => catalogue.categories(), []),
    safeLoad(log, 'states', () => catalogue.states(), []),
    safeLoad(log, 'temples', () => content.temples(), []),
    safeLoad(log, 'artisans and clusters', () => services.provenance.addresses(), {
      artisans: [],
      clusters: [],
    }),
  ])
  const entries: SitemapEntry[] = staticPages.map((path) => ({ path }))
  for (const c of categories) {
    const base = `/product/${encodeURIComponent(c.categoriesTitle)}`
    entries.push({ path: base })
    for (const s of c.subcategories)
      entries.push({ path: `${base}/${encodeURIComponent(s.subCategoryTitle)}` })
  }
  for (const s of states) entries.push({ path: `/StateProduct/${encodeURIComponent(s.State)}` })
  for (const slug of makers.clusters) entries.push({ path: `/cluster/${slug}` })
  for (const slug of makers.artisans) entries.push({ path: `/artisan/${slug}` })
  for (const t of temples) {
    entries.push({ path: templePath(t.slug) })
    entries.push({ path: `/templedetails?temple=${encodeURIComponent(t.slug)}` })
  }
  return urlSet(publicUrl, entries)
}
