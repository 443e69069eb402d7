import { useState } from 'react'
import type { AdminOrder } from '../../../contracts/admin-orders.ts'
import { ewayBillThreshold, type TrackingStatus, trackingStatusLabels } from '../../../contracts/shipments.ts'
import type { PackagePreset } from '../../../contracts/shipping-rules.ts'
import { ApiError, downloadFile } from '../../lib/api.ts'
import { useQueryClient } from '../../lib/query.ts'
import { toast } from '../../lib/toast.tsx'
import { adminSend, problemText, serverFieldErrors, useAdmin } from './admin-api.ts'
import { when } from './format.ts'
import { Button, Field, inputClass } from './ui.tsx'

/** The sandbox courier's scans staff may make from its buttons, in the order a parcel meets them. */
const sandboxScans: TrackingStatus[] = [
  'Picked up',
  'In transit',
  'Out for delivery',
  'Delivery failed',
  'Delivered',
  'Returned to origin',
]

/** The labels of booked orders, each with its packing slip, as one PDF download. */
export async function downloadLabels(orders: ReadonlyArray<{ _id: string; orderNumber: string }>) {
  const [only] = orders
  const name =
    orders.length === 1 && only ? `label-${only.orderNumber}.pdf` : `labels-${orders.length}-orders.pdf`
  try {
    await downloadFile(`/admin/shipments/labels?orders=${orders.map((o) => o._id).join(',')}`, name)
  } catch (err) {
    toast.error(
      err instanceof ApiError ? err.message : 'The labels could not be downloaded. Please try again.',
      {
        duration: 8000,
      },
    )
  }
}

/**
 * The order's parcel (decision 135): 'Ship with courier' books it (weight, the e-way bill above ₹50,000),
 * then its AWB, the courier's scans, the label with the packing slip, and the sandbox courier's buttons.
 */
export function CourierPanel({ order: o, mayShip }: { order: AdminOrder; mayShip: boolean }) {
  const queryClient = useQueryClient()
  const [grams, setGrams] = useState('')
  const [packageName, setPackageName] = useState('')
  const presets = useAdmin<PackagePreset[]>(o.shipment ? null : '/shipments/packages').data ?? []
  const [ewayBill, setEwayBill] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const s = o.shipment
  const needsBill = Math.round(o.total * 100) > ewayBillThreshold

  async function run(work: () => Promise<{ message: string }>) {
    setBusy(true)
    try {
      toast.success((await work()).message)
      setErrors({})
      await queryClient.invalidateQueries({ queryKey: ['admin'] })
    } catch (err) {
      setErrors(serverFieldErrors(err))
      toast.error(problemText(err), { duration: 10_000 })
    } finally {
      setBusy(false)
    }
  }

  const book = () =>
    run(() =>
      adminSend(`/orders/${o._id}/shipments`, 'POST', {
        ...(grams ? { weightGrams: Number(grams) } : {}),
        ...(packageName ? { packageName } : {}),
        ...(ewayBill ? { ewayBill: ewayBill.trim() } : {}),
      }),
    )

  if (!s && !mayShip) return null
  return (
    <section
      aria-labelledby="courier-title"
      className="rounded-lg border border-brand-200 bg-white p-4 lg:col-span-2"
    >
      <h2 id="courier-title" className="mb-2 text-lg font-bold text-brand-800">
        Courier
      </h2>
      {s ? (
        <div className="grid gap-3" data-testid="shipment">
          <p className="text-sm">
            <span className="font-semibold">{s.courier}</span>, AWB{' '}
            <span className="font-mono font-semibold" data-testid="awb">
              {s.awb}
            </span>
            : <span data-testid="shipment-status">{trackingStatusLabels[s.status]}</span>
          </p>
          <ol className="grid gap-1 border-l-2 border-brand-200 pl-3 text-sm" aria-label="Courier scans">
            {s.events.map((e) => (
              <li key={`${e.status}-${e.at}`}>
                <span className="font-semibold">{trackingStatusLabels[e.status]}</span>{' '}
                <span className="text-ink/70">
                  {when(e.at)}
                  {e.location ? `, ${e.location}` : ''}
                </span>
              </li>
            ))}
          </ol>
          <div className="flex flex-wrap gap-2">
            <Button disabled={busy} onClick={() => downloadLabels([o])}>
              Label and packing slip
            </Button>
          </div>
          <DeliveryProblem order={o} busy={busy} run={run} />
          {s.provider === 'sandbox' ? (
            <div className="rounded border border-dashed border-brand-300 p-3">
              <p className="mb-2 text-sm">Sandbox courier: make its next scan, as a real courier would.</p>
              <div className="flex flex-wrap gap-2">
                {sandboxScans.map((status) => (
                  <Button
                    key={status}
                    small
                    disabled={busy}
                    onClick={() =>
                      run(() => adminSend(`/orders/${o._id}/shipments/scan`, 'POST', { status }))
                    }
                  >
                    {trackingStatusLabels[status]}
                  </Button>
                ))}
              </div>
            </div>
          ) : null}
        </div>
      ) : (
        <div className="grid gap-3">
          <p className="text-sm">
            Book the courier: it gets the address and the parcel, gives the AWB and collects the parcel. The
            order becomes Shipped and the customer gets the tracking.
          </p>
          {presets.length > 0 ? (
            <Field
              label="Package"
              error={errors.packageName}
              help="The box it goes in; its size is sent to the courier."
            >
              {(p) => (
                <select
                  {...p}
                  className={inputClass}
                  value={packageName}
                  onChange={(e) => setPackageName(e.target.value)}
                >
                  <option value="">The products’ own box</option>
                  {presets.map((k) => (
                    <option key={k.name} value={k.name}>
                      {`${k.name} (${k.lengthCm} × ${k.breadthCm} × ${k.heightCm} cm)`}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          ) : null}
          <Field
            label="Packed weight in grams (optional)"
            error={errors.weightGrams}
            help="Left empty, the products’ own weights are used."
          >
            {(p) => (
              <input
                {...p}
                inputMode="numeric"
                className={inputClass}
                value={grams}
                onChange={(e) => setGrams(e.target.value.replace(/\D/g, ''))}
              />
            )}
          </Field>
          {needsBill ? (
            <Field
              label="E-way bill number"
              error={errors.ewayBill}
              help="Twelve digits. Needed for a consignment worth more than ₹50,000."
            >
              {(p) => (
                <input
                  {...p}
                  inputMode="numeric"
                  className={inputClass}
                  value={ewayBill}
                  onChange={(e) => setEwayBill(e.target.value)}
                />
              )}
            </Field>
          ) : null}
          <div>
            <Button tone="primary" disabled={busy} onClick={book}>
              {busy ? 'Booking…' : 'Ship with courier'}
            </Button>
          </div>
        </div>
      )}
    </section>
  )
}

/**
 * A parcel the courier could not deliver, or one on its way back (decision 136): what happened, what the
 * customer asked, and the staff's moves: another attempt, back to the shop, received back.
 */
function DeliveryProblem({
  order: o,
  busy,
  run,
}: {
  order: AdminOrder
  busy: boolean
  run: (work: () => Promise<{ message: string }>) => Promise<void>
}) {
  const s = o.shipment
  if (!s) return null
  const failure = [...s.events].reverse().find((e) => e.status === 'Delivery failed')
  const comingBack = s.status === 'Returning to origin' || s.status === 'Returned to origin'
  if (s.returnReceivedAt) {
    return <p className="text-sm font-semibold">Received back on {when(s.returnReceivedAt)}.</p>
  }
  if (comingBack) {
    return (
      <div className="grid gap-2 rounded border border-red-300 bg-red-50 p-3" data-testid="delivery-problem">
        <p className="text-sm font-semibold">
          {s.status === 'Returned to origin'
            ? 'The courier says the parcel is back at the shop.'
            : 'The parcel is on its way back to the shop.'}{' '}
          When you have it in hand, receive it: its pieces go back into stock
          {o.paymentStatus === 'Paid' ? ' and the payment is refunded' : ''}.
        </p>
        <div>
          <Button
            tone="primary"
            disabled={busy}
            onClick={() => run(() => adminSend(`/orders/${o._id}/shipments/received`, 'POST', {}))}
          >
            Parcel received back
          </Button>
        </div>
      </div>
    )
  }
  if (s.status !== 'Delivery failed' || s.returnAskedAt) return null
  const asked = s.reattemptAskedAt
  return (
    <div
      className="grid gap-2 rounded border border-amber-300 bg-amber-50 p-3"
      data-testid="delivery-problem"
    >
      <p className="text-sm font-semibold">Delivery failed{failure?.detail ? `: ${failure.detail}` : ''}.</p>
      {asked ? (
        <p className="text-sm">
          Another attempt asked by {s.reattemptAskedBy === 'customer' ? 'the customer' : 'the shop'} on{' '}
          {when(asked)}
          {s.courierTold ? '.' : ', not passed to the courier yet: press Another attempt.'}
        </p>
      ) : (
        <p className="text-sm">The customer has been e-mailed a link to correct the details.</p>
      )}
      <div className="flex flex-wrap gap-2">
        {!asked || !s.courierTold ? (
          <Button
            disabled={busy}
            onClick={() => run(() => adminSend(`/orders/${o._id}/shipments/reattempt`, 'POST', {}))}
          >
            Another attempt
          </Button>
        ) : null}
        <Button
          disabled={busy}
          onClick={() => run(() => adminSend(`/orders/${o._id}/shipments/return`, 'POST', {}))}
        >
          Return to the shop
        </Button>
      </div>
    </div>
  )
}
