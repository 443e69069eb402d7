import { languages, pathInLanguage } from '../../contracts/languages.ts'
import { templePath } from '../../contracts/temples.ts'
import { safeLoad } from '../features/catalogue/load.ts'
import { absoluteUrl } from '../features/catalogue/seo.ts'
import { appLoadContext } from '../lib/context.ts'
import type { Route } from './+types/sitemap[.]xml'

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

const xmlEscape = (s: string) =>
  s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;')

/** Every public page, category, subcategory, state, temple and product, for search engines. */
export async function loader({ context }: Route.LoaderArgs) {
  const { services, publicUrl } = appLoadContext(context)
  const { catalogue, content, log } = services
  const [categories, states, products, temples, makers] = await Promise.all([
    safeLoad(log, 'categories', () => catalogue.categories(), []),
    safeLoad(log, 'states', () => catalogue.states(), []),
    safeLoad(log, 'products', () => catalogue.products(), []),
    safeLoad(log, 'temples', () => content.temples(), []),
    safeLoad(log, 'artisans and clusters', () => services.provenance.addresses(), {
      artisans: [],
      clusters: [],
    }),
  ])
  const entries: { path: string; lastmod?: string }[] = staticPages.map((path) => ({ path }))
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
  for (const p of products)
    entries.push({ path: `/Productdetails/${p._id}`, lastmod: p.createdAt.slice(0, 10) })
  // Each page once per language, each naming all its languages (docs/decisions/097).
  const at = (path: string) => xmlEscape(absoluteUrl(publicUrl, path))
  const body = entries
    .flatMap((e) => {
      const alternates = languages
        .map((l) => `<xhtml:link rel="alternate" hreflang="${l}" href="${at(pathInLanguage(e.path, l))}"/>`)
        .join('')
      const lastmod = e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ''
      return languages.map(
        (l) => `<url><loc>${at(pathInLanguage(e.path, l))}</loc>${lastmod}${alternates}</url>`,
      )
    })
    .join('\n')
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${body}\n</urlset>\n`
  return new Response(xml, {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  })
}
