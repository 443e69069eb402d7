import { useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { orderStatuses } from '../../../contracts/admin.ts'
import type { AdminOrderPage } from '../../../contracts/admin-orders.ts'
import { orderQueues, paymentStatuses, paymentStatusLabel } from '../../../contracts/order-states.ts'
import { useAdmin } from '../../features/admin/admin-api.ts'
import { CsvDownloadButton } from '../../features/admin/csv-download.tsx'
import { filterSetter } from '../../features/admin/filter-params.ts'
import { money, when } from '../../features/admin/format.ts'
import { OrderBulkActions, type Ticked } from '../../features/admin/order-bulk.tsx'
import {
  Badge,
  FilterSelect,
  inputClass,
  Loading,
  LoadProblem,
  Pager,
  PageTitle,
  paymentTone,
  statusTone,
  useDebounced,
} from '../../features/admin/ui.tsx'

export const meta = () => [{ title: 'Orders | Shop console' }]

export default function OrdersScreen() {
  const [params, setParams] = useSearchParams()
  const q = params.get('q') ?? ''
  const search = useDebounced(q)
  const filters = new URLSearchParams()
  if (search) filters.set('q', search)
  for (const k of ['queue', 'status', 'payment', 'from', 'to', 'page']) {
    const v = params.get(k)
    if (v) filters.set(k, v)
  }
  const list = useAdmin<AdminOrderPage>(`/orders?${filters}`)
  // Ticked orders stay ticked across pages and filters, until shipped or unticked.
  const [ticked, setTicked] = useState<Ticked>(new Map())
  const tick = (rows: AdminOrderPage['items'], on: boolean) =>
    setTicked((old) => {
      const next = new Map(old)
      for (const o of rows) {
        if (on) next.set(o._id, o)
        else next.delete(o._id)
      }
      return next
    })
  const rows = list.data?.items ?? []
  const pageTicked = rows.length > 0 && rows.every((o) => ticked.has(o._id))
  const set = filterSetter(setParams)
  return (
    <div>
      <PageTitle
        title="Orders"
        intro="Newest first. Open an order to move it forward, add the tracking link or refund it. Tick orders to mark them shipped together or print their packing slips."
        action={<CsvDownloadButton path="/orders/export.csv" filters={filters} name="orders" />}
      />
      <nav aria-label="Order queues" className="mb-3 flex flex-wrap gap-2">
        {[['', 'All orders'] as const, ...Object.entries(orderQueues)].map(([key, label]) => {
          const current = (params.get('queue') ?? '') === key
          return (
            <button
              key={key || 'all'}
              type="button"
              aria-pressed={current}
              onClick={() => set('queue', key)}
              className={`min-h-11 rounded-full border px-4 text-sm font-semibold ${current ? 'border-brand-700 bg-brand-700 text-white' : 'border-brand-200 bg-white text-brand-800 hover:border-brand-600'}`}
            >
              {label}
            </button>
          )
        })}
      </nav>
      <div className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        <label className="grid gap-1 text-sm font-semibold sm:col-span-2 lg:col-span-1">
          Order number, customer, phone or e-mail
          <input type="search" className={inputClass} value={q} onChange={(e) => set('q', e.target.value)} />
        </label>
        <FilterSelect
          label="Status"
          all="All statuses"
          value={params.get('status') ?? ''}
          onChange={(v) => set('status', v)}
          options={orderStatuses.map((s) => ({ value: s, label: s }))}
        />
        <FilterSelect
          label="Payment"
          all="All payments"
          value={params.get('payment') ?? ''}
          onChange={(v) => set('payment', v)}
          options={paymentStatuses.map((s) => ({ value: s, label: paymentStatusLabel(s) }))}
        />
        <label className="grid gap-1 text-sm font-semibold">
          From date
          <input
            type="date"
            className={inputClass}
            value={params.get('from') ?? ''}
            onChange={(e) => set('from', e.target.value)}
          />
        </label>
        <label className="grid gap-1 text-sm font-semibold">
          To date
          <input
            type="date"
            className={inputClass}
            value={params.get('to') ?? ''}
            onChange={(e) => set('to', e.target.value)}
          />
        </label>
      </div>
      {list.isPending ? <Loading /> : null}
      {list.isError ? <LoadProblem error={list.error} retry={() => list.refetch()} /> : null}
      {list.data && list.data.total > 0 && list.data.value !== null ? (
        <p className="mb-2 text-sm" data-testid="orders-sum">
          <span className="font-semibold">
            {list.data.total} {list.data.total === 1 ? 'order' : 'orders'}
          </span>{' '}
          · {money(list.data.value)} in all
          {params.get('payment') ? '' : ' (paid or not: filter by payment for the paid ones)'}
        </p>
      ) : null}
      {list.data && list.data.items.length === 0 ? (
        <p className="rounded border border-dashed border-brand-200 p-6 text-center text-ink/70">
          No orders match.
        </p>
      ) : null}
      {rows.length ? (
        <label className="mb-2 inline-flex min-h-11 items-center gap-2 text-sm font-semibold">
          <input
            type="checkbox"
            className="size-5 accent-brand-600"
            checked={pageTicked}
            onChange={(e) => tick(rows, e.target.checked)}
          />
          Tick every order on this page
        </label>
      ) : null}
      <ul className="grid gap-2">
        {rows.map((o) => (
          <li key={o._id} className="flex items-stretch gap-1">
            <label className="flex min-w-11 shrink-0 cursor-pointer items-center justify-center rounded-lg border border-brand-200 bg-white">
              <input
                type="checkbox"
                className="size-5 accent-brand-600"
                aria-label={`Tick order ${o.orderNumber}`}
                checked={ticked.has(o._id)}
                onChange={(e) => tick([o], e.target.checked)}
              />
            </label>
            <Link
              to={`/admin/orders/${o._id}`}
              className="flex min-w-0 flex-1 flex-wrap items-center gap-x-4 gap-y-1 rounded-lg border border-brand-200 bg-white p-3 hover:border-brand-600"
            >
              <span className="font-semibold text-brand-800">{o.orderNumber}</span>
              <Badge tone={statusTone(o.status)}>{o.status}</Badge>
              <span className="font-semibold">{money(o.total)}</span>
              <Badge tone={paymentTone(o.paymentStatus)}>{o.paymentLabel}</Badge>
              <span className="basis-full text-sm text-ink/75 sm:basis-auto">
                {o.customer.fullName} · {o.phone} · {o.city} · {when(o.createdAt)}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {list.data ? (
        <Pager
          page={list.data.page}
          pages={list.data.pages}
          total={list.data.total}
          more={list.data.capped}
          onPage={(n) => set('page', String(n))}
        />
      ) : null}
      {list.data?.capped ? (
        <p role="status" className="mt-2 text-sm text-ink/75">
          This search matches too many orders to list them all. Add more of the name, phone, e-mail or order
          number to find an order.
        </p>
      ) : null}
      <OrderBulkActions
        ticked={ticked}
        onClear={() => setTicked(new Map())}
        onShipped={(ids) =>
          setTicked((old) => {
            const next = new Map(old)
            for (const id of ids) next.delete(id)
            return next
          })
        }
      />
    </div>
  )
}
