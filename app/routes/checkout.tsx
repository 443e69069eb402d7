import { paymentsSimulated } from '../../contracts/payment-mode.ts'
import { checkoutStart, placeOrderFromForm } from '../features/checkout/checkout-form.server.ts'
import { CheckoutPage } from '../features/checkout/checkout-page.tsx'
import { metaI18n } from '../i18n/meta.ts'
import { appLoadContext } from '../lib/context.ts'
import type { Route } from './+types/checkout'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${metaI18n(matches).t('Checkout')} | Kalaa Setu` },
  { name: 'robots', content: 'noindex' },
]

// One customer's cart and addresses: never kept by a shared cache.
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' })

/** With the accessToken cookie, the checkout is rendered whole on the server (decision 127). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = appLoadContext(context)
  return {
    paymentsSimulated: paymentsSimulated(ctx.services.config),
    start: await checkoutStart(request, ctx),
  }
}

/** Place Order sent before the page's code has run. */
export async function action({ request, context }: Route.ActionArgs) {
  return placeOrderFromForm(request, appLoadContext(context))
}

export default function Screen({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <CheckoutPage
      paymentsSimulated={loaderData.paymentsSimulated}
      start={loaderData.start}
      refused={actionData ?? null}
    />
  )
}
