import { absoluteUrl } from '../features/catalogue/seo.ts'
import { appLoadContext } from '../lib/context.ts'
import type { Route } from './+types/robots[.]txt'

/** Account, checkout and search pages stay out of search engines; everything else is open. */
const privatePaths = [
  '/api/',
  '/admin',
  '/Cart',
  '/CheckOut',
  '/profile',
  '/Dashboard',
  '/Address',
  '/Change-Password',
  '/Order-History',
  '/wishlist',
  '/OrderDetails/',
  '/payment-failed',
  '/products?',
]

export function loader({ context }: Route.LoaderArgs) {
  const { publicUrl } = appLoadContext(context)
  const lines = [
    'User-agent: *',
    'Allow: /',
    ...privatePaths.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${absoluteUrl(publicUrl, '/sitemap.xml')}`,
    '',
  ]
  return new Response(lines.join('\n'), {
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  })
}
