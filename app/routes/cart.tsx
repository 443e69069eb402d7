import { CartView } from '../features/cart/cart-view.tsx'
import { metaI18n } from '../i18n/meta.ts'
import { cartMessages } from '../lib/cart-messages.ts'
import { appLoadContext } from '../lib/context.ts'
import type { Route } from './+types/cart'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${metaI18n(matches).t(cartMessages.title)} | Kalaa Setu` },
  { name: 'robots', content: 'noindex' },
]

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' })

/** The first paint carries the cart when the accessToken cookie names the customer; the browser keeps it fresh. */
export async function loader({ context }: Route.LoaderArgs) {
  const { services, viewer } = appLoadContext(context)
  if (!viewer) return { cart: null }
  try {
    return { cart: await services.cart.view(viewer.id) }
  } catch (err) {
    services.log.error({ err }, cartMessages.fetchFailed)
    return { cart: null }
  }
}

export default function CartScreen({ loaderData }: Route.ComponentProps) {
  return <CartView initialCart={loaderData.cart} />
}
