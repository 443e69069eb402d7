import { Form, useLocation, useNavigation } from 'react-router'
import { AuthCard, FormMessage, primaryButton } from '../features/account/auth-card.tsx'
import { shopName } from '../features/catalogue/seo.ts'
import {
  type ConfirmOrderPage,
  confirmOrderAction,
  confirmOrderLoader,
} from '../features/orders/confirm-order.server.ts'
import { useT } from '../i18n/i18n.tsx'
import { metaI18n } from '../i18n/meta.ts'
import { appLoadContext } from '../lib/context.ts'
import { formatRupees } from '../lib/format.ts'
import type { Route } from './+types/confirm-order'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${metaI18n(matches).t('Confirm your order')} | ${shopName}` },
  { name: 'robots', content: 'noindex' },
  { name: 'referrer', content: 'no-referrer' },
]

const tokenOf = (request: Request) => new URL(request.url).searchParams.get('t') ?? ''

export async function loader({ request, params, context }: Route.LoaderArgs) {
  return confirmOrderLoader(appLoadContext(context), params.id, tokenOf(request))
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return confirmOrderAction(request, appLoadContext(context), params.id, tokenOf(request))
}

/**
 * A cash-on-delivery order confirmed or cancelled from the link in its message, before it is sent
 * (decision 143). No sign-in: the page shows only what the message said. Buttons do it, not the visit, so a
 * link preview changes nothing.
 */
export default function ConfirmOrder({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const busy = useNavigation().state !== 'idle'
  // The link's token goes with the answer, as it came.
  const { pathname, search } = useLocation()
  const page: ConfirmOrderPage = actionData ?? loaderData
  const order = page.order
  return (
    <AuthCard title={t('Confirm your order')}>
      <div className="mt-6 grid gap-4">
        {order ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-ink/70">{t('Order')}</dt>
            <dd className="font-semibold">{order.orderNumber}</dd>
            <dt className="text-ink/70">{t('To pay the courier')}</dt>
            <dd className="font-semibold">{formatRupees(order.totalAmount)}</dd>
            <dt className="text-ink/70">{t('Pieces')}</dt>
            <dd>{order.items}</dd>
            <dt className="text-ink/70">{t('Status')}</dt>
            <dd>{t(order.status)}</dd>
          </dl>
        ) : null}
        <FormMessage error={page.error} success={page.message} />
        {order?.confirmedAt && !page.message && order.open ? (
          <p role="status" className="text-sm text-ink/80">
            {t('You have confirmed this order. You can still cancel it until it is sent.')}
          </p>
        ) : null}
        {order?.open ? (
          <Form method="post" action={`${pathname}${search}`} className="grid gap-3">
            {order.confirmedAt ? null : (
              <button type="submit" name="answer" value="confirm" disabled={busy} className={primaryButton}>
                {t('Confirm order')}
              </button>
            )}
            <button
              type="submit"
              name="answer"
              value="cancel"
              disabled={busy}
              className="min-h-11 rounded border border-red-300 px-4 py-2 font-semibold text-red-800 hover:bg-red-50"
            >
              {t('Cancel order')}
            </button>
          </Form>
        ) : null}
      </div>
    </AuthCard>
  )
}
