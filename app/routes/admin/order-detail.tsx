import { useState } from 'react'
import { Link, useParams } from 'react-router'
import { orderStatusInputSchema } from '../../../contracts/admin.ts'
import type { AdminOrder } from '../../../contracts/admin-orders.ts'
import { adminSend, problemText, serverFieldErrors, useAdmin } from '../../features/admin/admin-api.ts'
import { CodPhonePanel } from '../../features/admin/cod-phone.tsx'
import { CourierPanel } from '../../features/admin/courier-panel.tsx'
import { money, when } from '../../features/admin/format.ts'
import { downloadPackingSlips } from '../../features/admin/order-bulk.tsx'
import { OrderLineExtras } from '../../features/admin/order-line-extras.tsx'
import {
  Badge,
  Button,
  ConfirmButton,
  Field,
  inputClass,
  Loading,
  LoadProblem,
  PageTitle,
  paymentTone,
  statusTone,
} from '../../features/admin/ui.tsx'
import { InvoiceLinks } from '../../features/orders/invoice-links.tsx'
import { useQueryClient } from '../../lib/query.ts'
import { toast } from '../../lib/toast.tsx'

export const meta = () => [{ title: 'Order | Shop console' }]

const actionLabel: Record<string, string> = {
  Processing: 'Mark Processing',
  Shipped: 'Mark Shipped',
  'Out for delivery': 'Mark Out for delivery',
  Delivered: 'Mark Delivered',
}

export default function OrderDetailScreen() {
  const { id } = useParams()
  const q = useAdmin<AdminOrder>(`/orders/${id}`)
  const queryClient = useQueryClient()
  const [link, setLink] = useState('')
  const [note, setNote] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const [slipBusy, setSlipBusy] = useState(false)

  if (q.isPending) return <Loading />
  if (q.isError) return <LoadProblem error={q.error} retry={() => q.refetch()} />
  const o = q.data
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin'] })

  async function move(status: string) {
    const body = { status, shippingLink: link || o.shipping.shippingLink || '', note }
    const checked = orderStatusInputSchema.safeParse(body)
    if (!checked.success) {
      const e: Record<string, string> = {}
      for (const issue of checked.error.issues) e[issue.path.join('.')] ??= issue.message
      setErrors(e)
      return
    }
    setErrors({})
    setBusy(true)
    try {
      const r = await adminSend(`/orders/${o._id}/status`, 'POST', body)
      toast.success(r.message)
      setNote('')
      await refresh()
    } catch (err) {
      setErrors(serverFieldErrors(err))
      toast.error(problemText(err), { duration: 8000 })
    } finally {
      setBusy(false)
    }
  }

  async function packingSlip() {
    setSlipBusy(true)
    await downloadPackingSlips([o])
    setSlipBusy(false)
  }

  const forward = o.nextStatuses.filter((s) => s !== 'Cancelled')
  const canCancel = o.nextStatuses.includes('Cancelled')
  const refundWaiting = o.payment.status === 'Refund pending'
  const unpaid = o.payment.status === 'Pending' || o.payment.status === 'Failed'

  return (
    <div>
      <p className="mb-2 text-sm">
        <Link to="/admin/orders" className="text-brand-700 underline">
          ← All orders
        </Link>
      </p>
      <PageTitle
        title={`Order ${o.orderNumber}`}
        intro={`Placed ${when(o.createdAt)} by ${o.customer.fullName || o.customer.email}.`}
        action={
          <span className="flex flex-wrap items-center gap-1">
            <Badge tone={statusTone(o.status)}>{o.status}</Badge>
            <Badge tone={paymentTone(o.payment.status)}>{o.payment.label}</Badge>
            <InvoiceLinks
              order={o}
              base={`/admin/orders/${o._id}/invoice`}
              className="inline-flex min-h-11 items-center rounded border border-brand-300 bg-white px-3 py-1 text-sm font-semibold text-brand-800 hover:bg-brand-50 disabled:opacity-60"
            />
            <Button small disabled={slipBusy} onClick={packingSlip}>
              {slipBusy ? 'Preparing…' : 'Packing slip'}
            </Button>
          </span>
        }
      />
      <div className="grid gap-4 lg:grid-cols-3">
        <CourierPanel order={o} mayShip={o.nextStatuses.includes('Shipped')} />
        {o.payment.method === 'COD' ? <CodPhonePanel phone={o.shipping.phone} /> : null}
        <section
          aria-labelledby="status-title"
          className="rounded-lg border border-brand-200 bg-white p-4 lg:col-span-2"
        >
          <h2 id="status-title" className="mb-2 text-lg font-bold text-brand-800">
            Move the order forward
          </h2>
          {unpaid && o.status === 'Pending' ? (
            <p
              className="mb-3 rounded border border-amber-300 bg-amber-50 p-3 text-sm"
              data-testid="awaiting-payment"
            >
              Awaiting payment: pack and ship it only once it is paid.
              {o.payment.reservedUntil
                ? ` Its items are held until ${when(o.payment.reservedUntil)}; unpaid by then, it expires and they go back on sale.`
                : ''}
            </p>
          ) : null}
          {o.payment.status === 'Pay on delivery' && o.status !== 'Cancelled' ? (
            <p
              className="mb-3 rounded border border-brand-200 bg-brand-50 p-3 text-sm"
              data-testid="cash-on-delivery"
            >
              Cash on delivery: ship it unpaid; the courier collects {money(o.total)}. Marking it Delivered
              records the cash as paid.{' '}
              <strong data-testid="cod-confirmation">
                {o.codConfirmedAt
                  ? `The customer confirmed it from the link in their message on ${when(o.codConfirmedAt)}.`
                  : 'Not confirmed by the customer yet (the link to confirm goes with their WhatsApp or SMS updates, when they chose them): a call before packing saves a parcel refused at the door.'}
              </strong>
            </p>
          ) : null}
          {o.nextStatuses.length === 0 ? (
            <p className="text-sm">This order is {o.status}; its status cannot change any more.</p>
          ) : (
            <div className="grid gap-3">
              {forward.includes('Shipped') || o.status === 'Shipped' ? (
                <Field
                  label="Tracking link from the courier"
                  error={errors.shippingLink}
                  help={
                    o.status === 'Shipped'
                      ? 'The customer opens it with “Track order”. Change it here if it was wrong.'
                      : 'Needed to mark the order Shipped. The customer opens it with “Track order”.'
                  }
                  wide
                >
                  {(p) => (
                    <input
                      {...p}
                      type="url"
                      placeholder="https://"
                      className={inputClass}
                      value={link || o.shipping.shippingLink || ''}
                      onChange={(e) => setLink(e.target.value)}
                    />
                  )}
                </Field>
              ) : null}
              <Field label="Note for the history (optional)" error={errors.note} wide>
                {(p) => (
                  <input
                    {...p}
                    className={inputClass}
                    value={note}
                    onChange={(e) => setNote(e.target.value)}
                  />
                )}
              </Field>
              <div className="flex flex-wrap gap-2">
                {o.status === 'Shipped' && link && link !== o.shipping.shippingLink ? (
                  <Button disabled={busy} onClick={() => move('Shipped')}>
                    Save new tracking link
                  </Button>
                ) : null}
                {forward.map((s, i) => (
                  <Button
                    key={s}
                    tone={i === 0 ? 'primary' : 'plain'}
                    disabled={busy}
                    onClick={() => move(s)}
                  >
                    {actionLabel[s] ?? s}
                  </Button>
                ))}
                {canCancel ? (
                  <ConfirmButton
                    small={false}
                    disabled={busy}
                    question="Cancel this order?"
                    detail={
                      o.payment.paid
                        ? `The customer has paid: ${money(o.total)} goes back through the payment provider at once, and the items go back on sale.`
                        : 'The customer sees the order as Cancelled, and the items go back on sale.'
                    }
                    confirmLabel="Yes, cancel order"
                    onConfirm={() => move('Cancelled')}
                  >
                    Cancel order
                  </ConfirmButton>
                ) : null}
              </div>
            </div>
          )}
          {refundWaiting ? (
            <div
              className="mt-4 rounded border border-amber-300 bg-amber-50 p-3"
              data-testid="refund-pending"
            >
              <p className="mb-2 text-sm">
                The refund of {money(o.total)} has not gone through yet
                {o.payment.refundAttempts > 0 ? ` (${o.payment.refundAttempts} failed tries)` : ''}.
                {o.payment.refundRetryAt
                  ? ` The shop tries again by itself at ${when(o.payment.refundRetryAt)}.`
                  : ''}
              </p>
              <ConfirmButton
                tone="primary"
                small={false}
                question={`Try the refund of ${money(o.total)} now?`}
                detail="The money goes back to the customer through the payment provider."
                confirmLabel="Yes, try now"
                onConfirm={async () => {
                  try {
                    const r = await adminSend(`/orders/${o._id}/refund`, 'POST')
                    toast.success(r.message, { duration: 6000 })
                    await refresh()
                  } catch (err) {
                    toast.error(problemText(err), { duration: 10000 })
                  }
                }}
              >
                Try the refund now
              </ConfirmButton>
            </div>
          ) : null}
        </section>
        <section aria-labelledby="payment-title" className="rounded-lg border border-brand-200 bg-white p-4">
          <h2 id="payment-title" className="mb-2 text-lg font-bold text-brand-800">
            Payment
          </h2>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="font-semibold">Method</dt>
            <dd>{o.payment.method}</dd>
            <dt className="font-semibold">Status</dt>
            <dd data-testid="payment-status">{o.payment.label}</dd>
          </dl>
          {o.payment.records.length > 0 ? (
            <ul className="mt-2 grid gap-1 text-xs text-ink/70" aria-label="Payment records">
              {o.payment.records.map((p) => (
                <li key={p._id} className="break-all">
                  {p.provider} {p.providerPaymentId ?? ''} · {money(p.amount)} · {p.status}
                  {p.refundId ? ` · refund ${p.refundId}` : ''}
                </li>
              ))}
            </ul>
          ) : null}
        </section>
        <section
          aria-labelledby="items-title"
          className="rounded-lg border border-brand-200 bg-white p-4 lg:col-span-2"
        >
          <h2 id="items-title" className="mb-2 text-lg font-bold text-brand-800">
            Items
          </h2>
          <ul className="divide-y divide-brand-100">
            {o.items.map((i) => (
              <li key={i._id} className="flex flex-wrap items-center gap-3 py-2">
                {i.image ? (
                  <img
                    src={i.image.replace(/-800\.webp$/, '-200.webp')}
                    alt=""
                    className="size-12 rounded object-cover"
                  />
                ) : null}
                <Link
                  to={`/admin/products/${i.productId}`}
                  className="min-w-0 flex-1 break-words underline-offset-2 hover:underline"
                >
                  {i.title}
                  {i.variantTitle ? ` (${i.variantTitle})` : ''}
                  {i.sku ? <span className="block text-xs text-stone-600">SKU {i.sku}</span> : null}
                </Link>
                <span className="text-sm">
                  {i.quantity} × {money(i.price)}
                </span>
                <OrderLineExtras
                  orderId={o._id}
                  item={i}
                  cancelled={o.status === 'Cancelled'}
                  onChange={refresh}
                />
              </li>
            ))}
          </ul>
          <dl className="mt-2 grid grid-cols-[1fr_auto] gap-1 text-sm">
            <dt>Subtotal</dt>
            <dd>{money(o.subtotal)}</dd>
            {o.discountAmount ? (
              <>
                <dt>Coupon {o.couponCode}</dt>
                <dd>−{money(o.discountAmount)}</dd>
              </>
            ) : null}
            <dt>Shipping</dt>
            <dd data-testid="console-order-shipping">
              {o.shippingCharge ? money(o.shippingCharge) : 'Free'}
            </dd>
            {o.codFee ? (
              <>
                <dt>Cash on delivery fee</dt>
                <dd>{money(o.codFee)}</dd>
              </>
            ) : null}
            <dt className="font-bold">Total</dt>
            <dd className="font-bold">{money(o.total)}</dd>
          </dl>
        </section>
        <section aria-labelledby="address-title" className="rounded-lg border border-brand-200 bg-white p-4">
          <h2 id="address-title" className="mb-2 text-lg font-bold text-brand-800">
            Deliver to
          </h2>
          <address className="text-sm not-italic">
            {[o.shipping.firstName, o.shipping.lastName].filter(Boolean).join(' ')}
            <br />
            {o.shipping.address}
            {o.shipping.apartment ? `, ${o.shipping.apartment}` : ''}
            <br />
            {o.shipping.city}, {o.shipping.state} {o.shipping.postalCode}
            <br />
            {o.shipping.country}
            <br />
            Phone: <a href={`tel:${o.shipping.phone}`}>{o.shipping.phone}</a>
            {o.shipping.email ? (
              <>
                <br />
                {o.shipping.email}
              </>
            ) : null}
          </address>
          {o.shipping.shippingLink ? (
            <p className="mt-2 break-all text-sm">
              Tracking:{' '}
              <a
                href={o.shipping.shippingLink}
                target="_blank"
                rel="noopener noreferrer"
                className="text-brand-700 underline"
              >
                {o.shipping.shippingLink}
              </a>
            </p>
          ) : null}
          <p className="mt-2 text-sm">
            Customer:{' '}
            <Link to={`/admin/customers/${o.customer._id}`} className="text-brand-700 underline">
              {o.customer.fullName || o.customer.email}
            </Link>
          </p>
        </section>
        <section
          aria-labelledby="history-title"
          className="rounded-lg border border-brand-200 bg-white p-4 lg:col-span-3"
        >
          <h2 id="history-title" className="mb-2 text-lg font-bold text-brand-800">
            History (the customer sees these steps)
          </h2>
          <ol className="grid gap-2">
            {o.history[0]?.status !== 'Pending' ? (
              <li className="text-sm">
                <Badge>Pending</Badge> <span className="text-ink/75">{when(o.createdAt)} · order placed</span>
              </li>
            ) : null}
            {o.history.map((h) => (
              <li key={h._id} className="text-sm">
                <Badge tone={statusTone(h.status)}>{h.status}</Badge>{' '}
                <span className="text-ink/75">
                  {when(h.changedAt)}
                  {h.note ? ` · ${h.note}` : ''}
                  {h.changedBy ? ` · by ${h.changedBy}` : ''}
                </span>
              </li>
            ))}
          </ol>
        </section>
      </div>
    </div>
  )
}
