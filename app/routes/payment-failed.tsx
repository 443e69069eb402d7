import { useEffect, useState } from 'react'
import { Link, useLocation } from 'react-router'
import { keptUnpaidOrder } from '../features/checkout/unpaid-order.ts'
import { useT } from '../i18n/i18n.tsx'
import { metaI18n } from '../i18n/meta.ts'
import { paymentTexts } from '../lib/checkout-messages.ts'
import type { PaymentFailedState } from '../lib/payable-api.ts'
import { getUserId } from '../lib/session.ts'
import type { Route } from './+types/payment-failed'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${metaI18n(matches).t('Payment failed')} | Kalaa Setu` },
  { name: 'robots', content: 'noindex' },
]

const marker = '\u0000'

/** Where a failed or unverified payment lands: what happened, and the way back to paying. */
export default function Screen() {
  const t = useT()
  const state = (useLocation().state ?? {}) as PaymentFailedState
  // After a reload the navigation state is gone; the order kept for 'Try again' still names it.
  const [keptNumber, setKeptNumber] = useState<string | undefined>(undefined)
  useEffect(() => setKeptNumber(keptUnpaidOrder(getUserId())?.orderID), [])
  const orderID = state.orderID ?? keptNumber
  // The order number is bold inside the translated sentence, wherever the language puts it.
  const [before, after] = t('Your order {orderID} is saved and waiting for payment.', {
    orderID: marker,
  }).split(marker)
  return (
    <section className="mx-auto max-w-xl px-4 py-12 text-center sm:py-16">
      <div
        aria-hidden="true"
        className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-red-100 text-3xl font-bold text-red-700"
      >
        !
      </div>
      <h1 className="mt-4 font-serif text-2xl font-bold text-brand-800 sm:text-3xl">
        {t(paymentTexts.failedHeading)}
      </h1>
      <p className="mt-3 text-ink/90">{state.reason || t(paymentTexts.failedDefault)}</p>
      {orderID && (
        <p className="mt-2 text-sm text-ink/80">
          {before}
          <strong>{orderID}</strong>
          {after}
        </p>
      )}
      <p className="mt-2 text-sm text-ink/80">
        {orderID
          ? t('Your cart and delivery address are kept: Try again pays this same order.')
          : t('Your cart is unchanged, so you can try again now.')}
      </p>
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        <Link
          to="/checkout"
          className="rounded bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800"
        >
          {t(paymentTexts.tryAgain)}
        </Link>
        <Link
          to="/Order-History"
          className="rounded border border-brand-700 px-5 py-3 font-semibold text-brand-700 hover:bg-brand-50"
        >
          {t(paymentTexts.viewOrders)}
        </Link>
      </div>
    </section>
  )
}
