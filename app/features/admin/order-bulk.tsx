import { useEffect, useId, useRef, useState } from 'react'
import { batchRefusal, ordersPerBatch, trackingLinkSchema } from '../../../contracts/admin.ts'
import type { AdminOrderItem, AdminShipOrdersResult } from '../../../contracts/admin-orders.ts'
import { ApiError, downloadFile } from '../../lib/api.ts'
import { useQueryClient } from '../../lib/query.ts'
import { toast } from '../../lib/toast.tsx'
import { adminSend, problemText } from './admin-api.ts'
import { downloadLabels } from './courier-panel.tsx'
import { Button, inputClass } from './ui.tsx'

/** The orders ticked on the list, kept across pages and filters: what bulk actions work on. */
export type Ticked = ReadonlyMap<string, AdminOrderItem>

/** The packing slips of one or more orders, downloaded as one PDF (decision 094). */
export async function downloadPackingSlips(
  orders: ReadonlyArray<Pick<AdminOrderItem, '_id' | 'orderNumber'>>,
) {
  const [only] = orders
  const path =
    orders.length === 1 && only
      ? `/admin/orders/${only._id}/packing-slip`
      : `/admin/orders/packing-slips?ids=${orders.map((o) => o._id).join(',')}`
  const name =
    orders.length === 1 && only
      ? `packing-slip-${only.orderNumber}.pdf`
      : `packing-slips-${orders.length}-orders.pdf`
  try {
    await downloadFile(path, name)
  } catch (err) {
    toast.error(
      err instanceof ApiError ? err.message : 'The packing slips could not be downloaded. Please try again.',
      { duration: 8000 },
    )
  }
}

/**
 * The bar under the list while orders are ticked: mark the shippable ones Shipped (each with its tracking
 * link, in a dialog with a row per order), or download the packing slips of all of them.
 */
export function OrderBulkActions({
  ticked,
  onClear,
  onShipped,
}: {
  ticked: Ticked
  onClear: () => void
  /** The orders that were shipped, to untick them. */
  onShipped: (ids: string[]) => void
}) {
  const dialog = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const [formKey, setFormKey] = useState(0)
  const [busy, setBusy] = useState(false)
  const queryClient = useQueryClient()
  const all = [...ticked.values()]
  const shippable = all.filter((o) => o.mayShip)
  const notShippable = all.filter((o) => !o.mayShip)
  if (all.length === 0) return null
  const tooMany = batchRefusal(all.length, 'for packing slips')

  return (
    <>
      <section
        aria-label="Ticked orders"
        className="sticky bottom-0 z-10 -mx-1 mt-3 flex flex-wrap items-center gap-2 rounded-t-lg border border-brand-300 bg-brand-50 p-3 shadow-[0_-2px_8px_rgba(0,0,0,0.08)]"
      >
        <p className="basis-full text-sm font-semibold sm:basis-auto sm:flex-1" role="status">
          {all.length} {all.length === 1 ? 'order' : 'orders'} ticked
          {shippable.length < all.length ? ` · ${shippable.length} can be shipped` : ''}
        </p>
        <Button
          tone="primary"
          small
          disabled={shippable.length === 0 || busy}
          onClick={async () => {
            setBusy(true)
            try {
              const r = await adminSend<{
                booked: number
                results: Array<{ orderId: string; booked: boolean; reason: string | null }>
              }>('/shipments', 'POST', { orderIds: shippable.map((o) => o._id) })
              const booked = shippable.filter((o) =>
                r.data.results.some((x) => x.orderId === o._id && x.booked),
              )
              const refused = r.data.results.filter((x) => !x.booked)
              if (booked.length) toast.success(`${booked.length} booked with the courier.`)
              for (const x of refused) {
                const number = shippable.find((o) => o._id === x.orderId)?.orderNumber ?? ''
                toast.error(`${number}: ${x.reason ?? 'not booked'}`, { duration: 10_000 })
              }
              if (booked.length) {
                await queryClient.invalidateQueries({ queryKey: ['admin'] })
                await downloadLabels(booked)
                onShipped(booked.map((o) => o._id))
              }
            } catch (err) {
              toast.error(problemText(err), { duration: 10_000 })
            } finally {
              setBusy(false)
            }
          }}
        >
          {busy ? 'Booking…' : 'Ship with courier'}
        </Button>
        <Button
          small
          disabled={shippable.length === 0}
          onClick={() => {
            setFormKey((k) => k + 1)
            dialog.current?.showModal()
          }}
        >
          Mark shipped…
        </Button>
        <Button
          small
          disabled={busy}
          onClick={async () => {
            if (tooMany) {
              toast.error(tooMany, { duration: 8000 })
              return
            }
            setBusy(true)
            await downloadPackingSlips(all)
            setBusy(false)
          }}
        >
          {busy ? 'Preparing…' : all.length === 1 ? 'Packing slip' : 'Packing slips'}
        </Button>
        <Button small onClick={onClear}>
          Untick all
        </Button>
      </section>
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        className="m-auto max-h-[calc(100dvh-1rem)] w-[min(44rem,calc(100vw-1rem))] overflow-y-auto rounded-lg border border-brand-200 p-4 shadow-xl backdrop:bg-black/40 sm:p-5"
      >
        <h2 id={titleId} className="text-lg font-bold text-brand-800">
          Mark orders shipped
        </h2>
        <ShipForm
          key={formKey}
          orders={shippable}
          notShippable={notShippable}
          onClose={() => dialog.current?.close()}
          onShipped={onShipped}
        />
      </dialog>
    </>
  )
}

type Answer = AdminShipOrdersResult['results'][number]

function ShipForm(props: {
  orders: AdminOrderItem[]
  notShippable: AdminOrderItem[]
  onClose: () => void
  onShipped: (ids: string[]) => void
}) {
  const { onClose, onShipped } = props
  // The orders as they were when the dialog opened: shipped ones stay listed with their answer.
  const [{ orders, notShippable }] = useState(props)
  const queryClient = useQueryClient()
  const [links, setLinks] = useState<Record<string, string>>({})
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [answers, setAnswers] = useState<Record<string, Answer>>({})
  const [summary, setSummary] = useState('')
  const [busy, setBusy] = useState(false)
  const waiting = orders.filter((o) => !answers[o._id]?.shipped)
  const list = useRef<HTMLUListElement>(null)
  // The first link box takes the focus as the dialog opens (the form is made anew at each opening).
  useEffect(() => {
    list.current?.querySelector('input')?.focus()
  }, [])

  async function ship() {
    const found: Record<string, string> = {}
    for (const o of waiting) {
      const link = trackingLinkSchema.safeParse(links[o._id] ?? '')
      if (!link.success) found[o._id] = link.error.issues[0]!.message
      else if (!link.data) found[o._id] = 'Enter the tracking link from the courier.'
    }
    setErrors(found)
    if (Object.keys(found).length) {
      document.getElementById(`ship-link-${Object.keys(found)[0]}`)?.focus()
      return
    }
    setBusy(true)
    try {
      const r = await adminSend<AdminShipOrdersResult>('/orders/ship', 'POST', {
        orders: waiting.map((o) => ({ id: o._id, shippingLink: links[o._id] })),
      })
      setAnswers((old) => ({ ...old, ...Object.fromEntries(r.data.results.map((a) => [a._id, a])) }))
      setSummary(r.message)
      onShipped(r.data.results.filter((a) => a.shipped).map((a) => a._id))
      if (r.data.refused === 0) toast.success(r.message)
      await queryClient.invalidateQueries({ queryKey: ['admin'] })
    } catch (err) {
      toast.error(problemText(err), { duration: 8000 })
    } finally {
      setBusy(false)
    }
  }

  return (
    <form
      className="mt-2 grid gap-3"
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        void ship()
      }}
    >
      <p className="text-sm text-ink/75">
        Paste each order’s tracking link from the courier. Each customer gets the “shipped” e-mail with their
        link, as when one order is marked Shipped. At most {ordersPerBatch} orders at once.
      </p>
      {notShippable.length ? (
        <p className="rounded border border-amber-300 bg-amber-50 p-3 text-sm" data-testid="not-shippable">
          Not in this list, as they cannot be shipped now (not paid, or already shipped or cancelled):{' '}
          {notShippable.map((o) => o.orderNumber).join(', ')}.
        </p>
      ) : null}
      <ul ref={list} className="grid gap-2" aria-label="Orders to ship">
        {orders.map((o) => {
          const answer = answers[o._id]
          const error = errors[o._id]
          const inputId = `ship-link-${o._id}`
          return (
            <li
              key={o._id}
              className="grid gap-1 rounded border border-brand-200 p-3"
              data-testid="ship-row"
              aria-label={`${o.orderNumber}, ${o.customer.fullName}`}
            >
              <label htmlFor={inputId} className="flex flex-wrap gap-x-2 text-sm">
                <span className="font-semibold text-brand-800">{o.orderNumber}</span>
                <span>{o.customer.fullName}</span>
                <span className="text-ink/70">{o.city}</span>
                <span className="sr-only">: tracking link</span>
              </label>
              {answer?.shipped ? (
                <p className="break-all text-sm font-semibold text-green-800">
                  Shipped · {answer.shippingLink}
                </p>
              ) : (
                <input
                  id={inputId}
                  type="url"
                  inputMode="url"
                  placeholder="https://"
                  aria-invalid={Boolean(error || answer)}
                  aria-describedby={error || answer ? `${inputId}-why` : undefined}
                  className={inputClass}
                  value={links[o._id] ?? ''}
                  onChange={(e) => setLinks((old) => ({ ...old, [o._id]: e.target.value }))}
                />
              )}
              {error || (answer && !answer.shipped) ? (
                <p id={`${inputId}-why`} className="text-sm text-red-700">
                  {error ?? `Not shipped: ${answer!.reason}`}
                </p>
              ) : null}
            </li>
          )
        })}
      </ul>
      {summary ? (
        <p role="status" className="rounded border border-brand-200 bg-brand-50 p-3 text-sm font-semibold">
          {summary}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button onClick={onClose}>{waiting.length ? 'Close' : 'Done'}</Button>
        {waiting.length ? (
          <Button type="submit" tone="primary" disabled={busy}>
            {busy
              ? 'Shipping…'
              : `Mark ${waiting.length} ${waiting.length === 1 ? 'order' : 'orders'} Shipped`}
          </Button>
        ) : null}
      </div>
    </form>
  )
}
