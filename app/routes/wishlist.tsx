import { WishlistView } from '../features/wishlist/wishlist-view.tsx'
import { metaI18n } from '../i18n/meta.ts'
import { wishlistMessages } from '../lib/cart-messages.ts'
import { appLoadContext } from '../lib/context.ts'
import type { Route } from './+types/wishlist'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${metaI18n(matches).t('Wishlist')} | Kalaa Setu` },
  { name: 'robots', content: 'noindex' },
]

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' })

/** The first paint carries the wishlist when the accessToken cookie names the customer. */
export async function loader({ context }: Route.LoaderArgs) {
  const { services, viewer } = appLoadContext(context)
  if (!viewer) return { items: null }
  try {
    return { items: await services.wishlist.items(viewer.id) }
  } catch (err) {
    services.log.error({ err }, wishlistMessages.fetchFailed)
    return { items: null }
  }
}

export default function WishlistScreen({ loaderData }: Route.ComponentProps) {
  return <WishlistView initialItems={loaderData.items} />
}
