import { safeLoad } from '../features/catalogue/load.ts'
import { productsPerSitemap, sitemapIndex } from '../features/catalogue/sitemap.ts'
import { appLoadContext } from '../lib/context.ts'
import type { Route } from './+types/sitemap[.]xml'

/**
 * The sitemap index (decision 103): the shop's pages in /sitemaps/pages.xml, its products in files of at
 * most 50,000 addresses (/sitemaps/products-1.xml …), so a big catalogue never outgrows the protocol.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { services, publicUrl } = appLoadContext(context)
  const count = await safeLoad(services.log, 'products', () => services.catalogue.publicCount(), 0)
  const files = Math.ceil(count / productsPerSitemap)
  const paths = ['/sitemaps/pages.xml']
  for (let n = 1; n <= files; n++) paths.push(`/sitemaps/products-${n}.xml`)
  return sitemapIndex(publicUrl, paths)
}
