import { paymentsSimulated } from '../../contracts/payment-mode.ts'
import { CheckoutPage } from '../features/checkout/checkout-page.tsx'
import { metaI18n } from '../i18n/meta.ts'
import { appLoadContext } from '../lib/context.ts'
import type { Route } from './+types/checkout'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${metaI18n(matches).t('Checkout')} | Kalaa Setu` },
  { name: 'robots', content: 'noindex' },
]

export async function loader({ context }: Route.LoaderArgs) {
  const { services } = appLoadContext(context)
  return { paymentsSimulated: paymentsSimulated(services.config) }
}

export default function Screen({ loaderData }: Route.ComponentProps) {
  return <CheckoutPage paymentsSimulated={loaderData.paymentsSimulated} />
}
