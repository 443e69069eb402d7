import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { Link } from 'react-router'
import type { Order } from '../../../contracts/orders.ts'
import { useT } from '../../i18n/i18n.tsx'
import { formatRupees } from '../../lib/format.ts'
import { fetchOrder } from '../../lib/orders-api.ts'
import { pushSupported } from '../../lib/push.ts'
import { readStorage, storageKeys, writeStorage } from '../../lib/session.ts'
import { confirmationTexts as texts } from './messages.ts'

/** Not a spec key: the order whose confirmation the customer dismissed (the spec's orderId key stays). */
export const confirmationDismissedKey = 'orderConfirmationDismissed'

// Its own file, fetched only where the browser can show notifications (decision 144).
const PushOffer = lazy(() => import('./push-offer.tsx'))

/**
 * After a verified payment the checkout stores the order id (spec section 4) and lands here: the order
 * is confirmed at the top of the list, and stays confirmed across reloads until the customer dismisses it.
 */
export function OrderConfirmation({ orders }: { orders: Order[] | undefined }) {
  const t = useT()
  const [order, setOrder] = useState<Order | null>(null)
  const [canPush, setCanPush] = useState(false)
  const heading = useRef<HTMLHeadingElement>(null)

  useEffect(() => {
    const id = readStorage(storageKeys.orderId)
    if (!id || readStorage(confirmationDismissedKey) === id) return
    const listed = orders?.find((o) => o._id === id)
    const show = (o: Order) => {
      // Paid online, or a cash-on-delivery order, which is confirmed as soon as it is placed.
      if (o.paymentInfo.status === 'Paid' || o.paymentInfo.status === 'Pay on delivery') setOrder(o)
    }
    if (listed) show(listed)
    else if (orders) fetchOrder(id).then(show, () => {})
  }, [orders])

  useEffect(() => {
    // Screen readers and keyboards start at the news, not at the top of the account menu.
    if (order) heading.current?.focus()
    if (order) setCanPush(pushSupported())
  }, [order])

  if (!order) return null
  const onDelivery = order.paymentInfo.status === 'Pay on delivery'
  const s = order.shippingInfo
  const name = [s.firstName, s.lastName].filter(Boolean).join(' ')
  const place = [s.address, s.apartment, s.city, `${s.state} ${s.postalCode}`].filter(Boolean).join(', ')
  const dismiss = () => {
    writeStorage(confirmationDismissedKey, order._id)
    setOrder(null)
  }

  return (
    <section
      aria-labelledby="order-confirmation-heading"
      data-testid="order-confirmation"
      className="mb-5 rounded-lg border border-green-300 bg-green-50 p-4 text-ink"
    >
      <div className="flex items-start justify-between gap-3">
        <h2
          id="order-confirmation-heading"
          ref={heading}
          tabIndex={-1}
          className="font-serif text-xl font-bold text-green-900 focus:outline-none"
        >
          {t(texts.heading)}
        </h2>
        <button
          type="button"
          onClick={dismiss}
          className="shrink-0 rounded border border-green-800 px-3 py-1.5 text-sm font-semibold text-green-900 hover:bg-green-100"
        >
          {t(texts.dismiss)}
        </button>
      </div>
      <p className="mt-1">
        {t(onDelivery ? texts.payOnDelivery : texts.paid, { amount: formatRupees(order.totalAmount) })}
      </p>
      <dl className="mt-3 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold">{t(texts.order)}</dt>
        <dd>
          <Link to={`/orderDetails/${order._id}`} className="font-semibold text-brand-700 underline">
            {order.orderID}
          </Link>
        </dd>
        <dt className="font-semibold">{t(onDelivery ? texts.amountOnDelivery : texts.amount)}</dt>
        <dd>{formatRupees(order.totalAmount)}</dd>
        <dt className="font-semibold">{t(texts.deliverTo)}</dt>
        <dd className="break-words">
          {name && <span className="block">{name}</span>}
          {place}
          <span className="block">{t('Phone: {phone}', { phone: s.phoneNumber })}</span>
        </dd>
      </dl>
      {canPush && (
        <Suspense fallback={null}>
          <PushOffer />
        </Suspense>
      )}
    </section>
  )
}
