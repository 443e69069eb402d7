import { OrderHistory } from '../features/orders/order-history.tsx'
import { useT } from '../i18n/i18n.tsx'
import { metaI18n } from '../i18n/meta.ts'
import { appLoadContext } from '../lib/context.ts'
import type { Route } from './+types/order-history'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${metaI18n(matches).t('My Orders')} | Kalaa Setu` },
  { name: 'robots', content: 'noindex' },
]

export async function loader({ context }: Route.LoaderArgs) {
  const { services, viewer } = appLoadContext(context)
  return { orders: viewer ? await services.orders.listForCustomer(viewer.id) : null }
}

export default function Screen({ loaderData }: Route.ComponentProps) {
  const t = useT()
  return (
    <section>
      <h1 className="mb-4 font-serif text-2xl font-bold text-brand-800">{t('My Orders')}</h1>
      <OrderHistory initial={loaderData.orders} />
    </section>
  )
}
