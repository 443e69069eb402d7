import { data } from 'react-router'
import { safeLoad } from '../features/catalogue/load.ts'
import { OrderDetails, OrderReturnsPart } from '../features/orders/order-details.tsx'
import { metaI18n } from '../i18n/meta.ts'
import { appLoadContext } from '../lib/context.ts'
import type { Route } from './+types/order-details'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${metaI18n(matches).t('Order details')} | Kalaa Setu` },
  { name: 'robots', content: 'noindex' },
]

export async function loader({ context, params }: Route.LoaderArgs) {
  const { services, viewer } = appLoadContext(context)
  // Without a valid token cookie the page asks the API with the stored token instead.
  if (!viewer) return { order: null, returns: null }
  const order = await services.orders.getForCustomer(viewer.id, params.id).catch((err: unknown) => {
    // Missing or another customer's: the shop's 404 page. Anything else is a real fault (500).
    if ((err as { statusCode?: number }).statusCode === 404) throw data('Order not found', { status: 404 })
    throw err
  })
  if (order.status !== 'Delivered') return { order, returns: null }
  // A delivered order's returns are on the page as it is sent; should they fail, the section asks the API.
  const { returnRequests, log } = services
  const returns = await safeLoad(
    log,
    'returns',
    async () => {
      const [options, requests] = await Promise.all([
        returnRequests.options(viewer.id, order._id),
        returnRequests.forOrder(viewer.id, order._id),
        OrderReturnsPart.preload(),
      ])
      return { options, requests }
    },
    null,
  )
  return { order, returns }
}

export default function Screen({ loaderData, params }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-5xl px-4 py-6 sm:py-8">
      <OrderDetails key={params.id} id={params.id} initial={loaderData.order} returns={loaderData.returns} />
    </section>
  )
}
