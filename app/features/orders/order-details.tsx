import { useEffect, useRef, useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { codMessages } from '../../../contracts/cod.ts'
import { imageAt } from '../../../contracts/images.ts'
import type { Order } from '../../../contracts/orders.ts'
import { reviewText } from '../../../contracts/review-text.ts'
import { creditText } from '../../../contracts/store-credit.ts'
import { trackingStatusLabels } from '../../../contracts/tracking-statuses.ts'
import { PersonalisationLines } from '../../components/personalisation-lines.tsx'
import { usePayFlow } from '../../components/use-pay-flow.tsx'
import { useI18n } from '../../i18n/i18n.tsx'
import {
  checkoutMessages,
  type PlacedHow,
  paymentTexts,
  placedParam,
  placedTexts,
} from '../../lib/checkout-messages.ts'
import { formatOrderDate, formatOrderDateTime } from '../../lib/dates.ts'
import { formatRupees } from '../../lib/format.ts'
import { island } from '../../lib/island.tsx'
import { cancelOrder, fetchOrder, ordersQueryKey } from '../../lib/orders-api.ts'
import {
  orderPayment,
  orderPaymentProblem,
  type Payment,
  type PaymentFailedState,
} from '../../lib/payable-api.ts'
import { useMutation, useQuery, useQueryClient } from '../../lib/query.ts'
import { getUserId } from '../../lib/session.ts'
import { toast } from '../../lib/toast.tsx'
import { FixDelivery } from './fix-delivery.tsx'
import { GiveMeasurements } from './give-measurements.tsx'
import { InvoiceLinks } from './invoice-links.tsx'
import { orderMessages as m } from './messages.ts'
import type { OrderReturns } from './return-api.ts'
import { canCancel, customerPaymentLabel, statusClass, statusLabel } from './status.ts'

function Dialog({
  open,
  labelledBy,
  onClose,
  children,
}: {
  open: boolean
  labelledBy: string
  onClose: () => void
  children: React.ReactNode
}) {
  const ref = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const d = ref.current
    if (!d) return
    if (open && !d.open) d.showModal()
    if (!open && d.open) d.close()
  }, [open])
  return (
    <dialog
      ref={ref}
      aria-labelledby={labelledBy}
      onClose={onClose}
      className="m-auto w-[min(92vw,24rem)] rounded-lg p-5 shadow-2xl backdrop:bg-[rgba(0,0,0,0.5)]"
    >
      {children}
    </dialog>
  )
}

/**
 * A delivered order's returns: an island (docs/decisions/105), so its code is fetched only on a delivered
 * order's page, once the page is idle, and never with the first visit's code.
 */
export const OrderReturnsPart = island(() => import('./return-section.tsx'))

/** Order details and tracking: items, total, address, history timeline, Track order, Cancel and returns. */
export function OrderDetails({
  id,
  initial,
  returns = null,
}: {
  id: string
  initial: Order | null
  /** What the server read of a delivered order's returns; null: the section asks the API itself. */
  returns?: OrderReturns | null
}) {
  const { t, locale } = useI18n()
  const queryClient = useQueryClient()
  // Placed from the checkout's plain form (decision 127): said once, on the page the order went to.
  const [params] = useSearchParams()
  const placedHow = params.get(placedParam)
  const placed: PlacedHow | null = placedHow === 'cod' || placedHow === 'online' ? placedHow : null
  const query = useQuery({
    queryKey: [...ordersQueryKey, id],
    queryFn: () => fetchOrder(id),
    enabled: initial === null,
    retry: false,
  })
  const [changed, setChanged] = useState<Order | null>(null)
  const order = changed ?? initial ?? query.data
  const [trackOpen, setTrackOpen] = useState(false)
  const [confirmOpen, setConfirmOpen] = useState(false)
  const cancelling = useMutation({
    mutationFn: (o: Order) => cancelOrder(o._id),
    onSuccess: (res) => {
      setChanged(res.data)
      toast.success(t(m.cancelled))
      void queryClient.invalidateQueries({ queryKey: ordersQueryKey })
    },
    onError: (err, o) => {
      // The spec only logs a failed cancel; the view is refreshed so it shows the order as it is.
      console.error(err)
      fetchOrder(o._id)
        .then(setChanged)
        .catch(() => {})
    },
  })
  const navigate = useNavigate()
  const payment = usePayFlow({
    create: async (ready: Payment<Order, Order>) => ready,
    onSuccess: (outcome) => {
      if (outcome?.kind === 'failed') {
        const state: PaymentFailedState = { reason: outcome.reason, orderID: outcome.payable.orderID }
        navigate('/payment-failed', { state })
      } else if (outcome?.kind === 'paid') {
        setChanged(outcome.verified)
        toast.success(t(paymentTexts.paid))
        void queryClient.invalidateQueries({ queryKey: ordersQueryKey })
      }
    },
    onError: (err) => toast.error(orderPaymentProblem(t, err)),
  })

  if (!order) {
    return (
      <p className="py-6" role={query.isError ? 'alert' : 'status'}>
        {query.isError ? t('Order not found.') : t('Loading…')}
      </p>
    )
  }

  const track = () => {
    const link = order.shippingInfo.shippingLink
    if (link) window.open(link, '_blank', 'noopener,noreferrer')
    else if (order.shipment) {
      // A courier without a tracking page of its own (the sandbox): its scans are on this page.
      const parcel = document.getElementById('order-parcel')
      parcel?.scrollIntoView({ behavior: 'smooth', block: 'start' })
      parcel?.focus({ preventScroll: true })
    } else setTrackOpen(true)
  }

  const cancel = () => {
    setConfirmOpen(false)
    cancelling.mutate(order)
  }

  // An order whose payment failed or never finished can be paid from here.
  const unpaid =
    canCancel(order.status) &&
    (order.paymentInfo.status === 'Pending' || order.paymentInfo.status === 'Failed')

  const payNow = () => {
    const userId = getUserId()
    if (!userId) {
      window.alert(t(checkoutMessages.customerIdMissing))
      return
    }
    payment.pay(
      orderPayment(order, userId, {
        description: t('Order {orderID}', { orderID: order.orderID }),
        prefill: {
          name: [order.shippingInfo.firstName, order.shippingInfo.lastName].filter(Boolean).join(' '),
          email: order.shippingInfo.email ?? undefined,
          contact: order.shippingInfo.phoneNumber,
        },
      }),
    )
  }

  const s = order.shippingInfo
  const name = [s.firstName, s.lastName].filter(Boolean).join(' ')
  return (
    <div className="space-y-5">
      {placed && (placed === 'cod' || unpaid) && (
        <p
          role="status"
          className="rounded-lg border border-leaf bg-green-50 p-3 text-sm font-medium text-green-900"
        >
          {t(placedTexts[placed])}
        </p>
      )}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="font-serif text-2xl font-bold text-brand-800">
            {t('Order {orderID}', { orderID: order.orderID })}
          </h1>
          <p className="mt-1 text-sm text-ink/80">
            {t('Placed on {date}', { date: formatOrderDate(order.createdAt, locale) })}
          </p>
          <p className="mt-1">
            {t('Status:')}{' '}
            <strong className={statusClass(order.status)}>{t(statusLabel(order.status))}</strong>
            <span className="ml-3 text-sm" data-testid="order-payment">
              {t('Payment: {label}', { label: t(customerPaymentLabel(order)) })}
            </span>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {unpaid && (
            <button
              type="button"
              onClick={payNow}
              disabled={payment.isPending}
              className="rounded bg-leaf px-4 py-2 font-semibold text-white hover:opacity-90 disabled:opacity-60"
            >
              {payment.isPending ? t('Opening payment…') : t(paymentTexts.payNow)}
            </button>
          )}
          <button
            type="button"
            onClick={track}
            className="rounded bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
          >
            {t(m.trackOrder)}
          </button>
          <InvoiceLinks
            order={order}
            base={`/order/invoice/${order._id}`}
            className="rounded border border-brand-700 px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-60"
          />
          {canCancel(order.status) && (
            <button
              type="button"
              onClick={() => setConfirmOpen(true)}
              disabled={cancelling.isPending}
              className="rounded border border-red-700 px-4 py-2 font-semibold text-red-700 hover:bg-red-50 disabled:opacity-60"
            >
              {t(m.cancel)}
            </button>
          )}
        </div>
      </div>

      <section aria-labelledby="order-items" className="rounded-lg bg-white p-4 shadow-sm">
        <h2 id="order-items" className="text-lg font-semibold text-brand-800">
          {t('Items')}
        </h2>
        <ul className="mt-2 divide-y divide-ink/10">
          {order.products.map((line) => (
            <li key={line._id} className="flex flex-wrap items-center gap-3 py-3">
              {line.product.image ? (
                <img
                  src={imageAt(line.product.image, 200)}
                  alt=""
                  width={56}
                  height={56}
                  loading="lazy"
                  className="h-14 w-14 shrink-0 rounded object-cover"
                />
              ) : (
                <div className="h-14 w-14 shrink-0 rounded bg-brand-100" />
              )}
              <div className="min-w-0 flex-1">
                <Link to={`/Productdetails/${line.product._id}`} className="font-medium hover:underline">
                  {line.product.title}
                </Link>
                {line.variantTitle ? (
                  <p className="text-sm text-ink/80" data-testid="order-line-variant">
                    {line.variantTitle}
                  </p>
                ) : null}
                <PersonalisationLines lines={line.personalisation} testId="order-line-personalisation" />
                <p className="text-sm text-ink/80">
                  {line.quantity} × {formatRupees(line.price + addonsOf(line))}
                </p>
                {order.status === 'Delivered' ? (
                  // Received pieces may be reviewed (decision 096); the product page holds the form.
                  <Link
                    to={`/Productdetails/${line.product._id}?review=write#reviews`}
                    className="mt-1 inline-block text-sm font-medium text-brand-700 underline"
                    aria-label={t('Write a review of {title}', { title: line.product.title })}
                  >
                    {t(reviewText.writeReview)}
                  </Link>
                ) : null}
              </div>
              <p className="font-semibold whitespace-nowrap">
                {formatRupees((line.price + addonsOf(line)) * line.quantity)}
              </p>
              {line.finishedPhoto || line.measurements.length ? (
                <div className="basis-full">
                  <GiveMeasurements order={order} line={line} onSaved={setChanged} />
                  {line.finishedPhoto ? (
                    <figure className="mt-2" data-testid="finished-photo">
                      <img
                        src={line.finishedPhoto}
                        alt={t('Your finished {title}', { title: line.product.title })}
                        loading="lazy"
                        className="w-full max-w-sm rounded border border-brand-100"
                      />
                      <figcaption className="mt-1 text-sm text-ink/80">
                        {t('Your piece, finished by the makers')}
                      </figcaption>
                    </figure>
                  ) : null}
                </div>
              ) : null}
            </li>
          ))}
        </ul>
        <dl className="mt-2 space-y-1 border-t border-ink/10 pt-3 text-sm">
          {order.discountAmount > 0 && (
            <>
              <div className="flex justify-between">
                <dt>{t('Subtotal')}</dt>
                <dd>{formatRupees(order.subtotal)}</dd>
              </div>
              <div className="flex justify-between">
                <dt>
                  {t('Coupon {code} ({percent}%)', {
                    code: order.couponCode ?? '',
                    percent: order.couponDiscount,
                  })}
                </dt>
                <dd>−{formatRupees(order.discountAmount)}</dd>
              </div>
            </>
          )}
          <div className="flex justify-between">
            <dt>{t('Shipping')}</dt>
            <dd data-testid="order-shipping">{formatRupees(order.shippingCharge ?? 0)}</dd>
          </div>
          {order.codFee > 0 && (
            <div className="flex justify-between">
              <dt>{t(codMessages.feeLine)}</dt>
              <dd>{formatRupees(order.codFee)}</dd>
            </div>
          )}
          <div className="flex justify-between text-base font-bold">
            <dt>{t('Total')}</dt>
            <dd>{formatRupees(order.totalAmount)}</dd>
          </div>
          {order.storeCredit > 0 && (
            <div className="flex justify-between" data-testid="order-store-credit">
              <dt>{t(creditText.paidWith)}</dt>
              <dd>{formatRupees(order.storeCredit)}</dd>
            </div>
          )}
        </dl>
      </section>

      {order.status === 'Delivered' ? <OrderReturnsPart order={order} initial={returns} /> : null}

      <div className="grid gap-5 md:grid-cols-2">
        <section aria-labelledby="order-address" className="rounded-lg bg-white p-4 shadow-sm">
          <h2 id="order-address" className="text-lg font-semibold text-brand-800">
            {t('Shipping address')}
          </h2>
          <address className="mt-2 not-italic leading-relaxed">
            {name && <span className="block font-medium">{name}</span>}
            <span className="block">{s.address}</span>
            {s.apartment && <span className="block">{s.apartment}</span>}
            <span className="block">
              {s.city}, {s.state} {s.postalCode}
            </span>
            <span className="block">{s.country}</span>
            <span className="block">{t('Phone: {phone}', { phone: s.phoneNumber })}</span>
          </address>
        </section>

        <section aria-labelledby="order-timeline" className="rounded-lg bg-white p-4 shadow-sm">
          <h2 id="order-timeline" className="text-lg font-semibold text-brand-800">
            {t('Order history')}
          </h2>
          <ol className="mt-3 space-y-3 border-l-2 border-brand-200 pl-4">
            {order.orderHistory.map((h, i) => (
              <li key={`${h.status}-${i}`} className="relative">
                <span
                  aria-hidden="true"
                  className="absolute top-1.5 -left-[1.4rem] h-3 w-3 rounded-full border-2 border-white bg-brand-600"
                />
                <p className={`font-semibold ${statusClass(h.status)}`}>{t(statusLabel(h.status))}</p>
                <p className="text-sm text-ink/80">{formatOrderDateTime(h.changedAt, locale)}</p>
                {h.note ? <p className="text-sm">{h.note}</p> : null}
              </li>
            ))}
          </ol>
        </section>

        <FixDelivery order={order} onSaved={setChanged} />

        {order.shipment ? (
          <section
            aria-labelledby="order-parcel"
            className="rounded-lg bg-white p-4 shadow-sm"
            data-testid="courier-timeline"
          >
            <h2 id="order-parcel" tabIndex={-1} className="text-lg font-semibold text-brand-800 outline-none">
              {t('Your parcel')}
            </h2>
            <p className="mt-1 text-sm">
              {t('{courier}, tracking number {awb}', {
                courier: order.shipment.courier ?? '',
                awb: order.shipment.awb ?? '',
              })}
            </p>
            <ol className="mt-3 space-y-3 border-l-2 border-brand-200 pl-4">
              {[...order.shipment.events].reverse().map((e) => (
                <li key={`${e.status}-${e.at}`} className="relative">
                  <span
                    aria-hidden="true"
                    className="absolute top-1.5 -left-[1.4rem] h-3 w-3 rounded-full border-2 border-white bg-brand-600"
                  />
                  <p className="font-semibold">{t(trackingStatusLabels[e.status])}</p>
                  <p className="text-sm text-ink/80">
                    {formatOrderDateTime(e.at, locale)}
                    {e.location ? ` · ${e.location}` : ''}
                  </p>
                </li>
              ))}
            </ol>
          </section>
        ) : null}
      </div>

      <Link to="/Order-History" className="inline-block font-semibold text-brand-700 underline">
        {t('Back to my orders')}
      </Link>

      {payment.element}

      <Dialog open={trackOpen} labelledBy="track-title" onClose={() => setTrackOpen(false)}>
        <h2 id="track-title" className="text-lg font-semibold text-brand-800">
          {t(m.trackOrder)}
        </h2>
        <p className="mt-2">{t(m.notChanged)}</p>
        <button
          type="button"
          onClick={() => setTrackOpen(false)}
          className="mt-4 rounded bg-brand-700 px-4 py-2 font-semibold text-white"
        >
          {t('OK')}
        </button>
      </Dialog>

      <Dialog open={confirmOpen} labelledBy="cancel-title" onClose={() => setConfirmOpen(false)}>
        <h2 id="cancel-title" className="text-lg font-semibold text-brand-800">
          {t('Cancel order {orderID}?', { orderID: order.orderID })}
        </h2>
        {order.paymentInfo.status === 'Paid' && (
          <p className="mt-2 text-sm">{t('The amount you paid will be refunded to your payment method.')}</p>
        )}
        <div className="mt-4 flex flex-wrap gap-2">
          <button
            type="button"
            onClick={cancel}
            className="rounded bg-red-700 px-4 py-2 font-semibold text-white"
          >
            {t('Yes, cancel order')}
          </button>
          <button
            type="button"
            onClick={() => setConfirmOpen(false)}
            className="rounded border border-ink/40 px-4 py-2 font-semibold"
          >
            {t('Keep order')}
          </button>
        </div>
      </Dialog>
    </div>
  )
}

/** Rupees a line's paid add-ons add to each piece (decision 133): its `price` is the piece's alone. */
const addonsOf = (line: { personalisation?: Array<{ price: number | null }> }) =>
  (line.personalisation ?? []).reduce((sum, p) => sum + (p.price ?? 0), 0)
