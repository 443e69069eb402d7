import { OrderHistory } from '../features/orders/order-history.tsx'
import { appLoadContext } from '../lib/context.ts'
import type { Route } from './+types/order-history'

export const meta = () => [{ title: 'My Orders | Kalaa Setu' }, { name: 'robots', content: 'noindex' }]

export async function loader({ context }: Route.LoaderArgs) {
  const { services, viewer } = appLoadContext(context)
  return { orders: viewer ? await services.orders.listForCustomer(viewer.id) : null }
}

export default function Screen({ loaderData }: Route.ComponentProps) {
  return (
    <section>
      <h1 className="mb-4 font-serif text-2xl font-bold text-brand-800">My Orders</h1>
      <OrderHistory initial={loaderData.orders} />
    </section>
  )
}
