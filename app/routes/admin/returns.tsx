import { Link, useSearchParams } from 'react-router'
import type { z } from 'zod'
import { imageAt } from '../../../contracts/images.ts'
import {
  type AdminReturnView,
  type adminReturnsPageSchema,
  returnText,
} from '../../../contracts/return-requests.ts'
import { useAdmin } from '../../features/admin/admin-api.ts'
import { filterSetter } from '../../features/admin/filter-params.ts'
import { ReturnDetail } from '../../features/admin/returns-detail.tsx'
import {
  AgeBadge,
  paise,
  ReturnStatusBadge,
  type ReturnTab,
  resolutionText,
  returnsConsoleText,
  returnTabs,
} from '../../features/admin/returns-parts.tsx'
import { Loading, LoadProblem, Pager, PageTitle } from '../../features/admin/ui.tsx'

type AdminReturnsPage = z.infer<typeof adminReturnsPageSchema>

const text = returnsConsoleText

export const meta = () => [{ title: 'Returns | Shop console' }]

/**
 * Returns to act on (decision 138): the queue of requests to decide, parcels to receive and refunds to send,
 * by status, and one request opened beside the list (under it on a phone, in place of it) with its actions.
 * The opened one is in the address (`?open=`), so the phone's Back goes back to the list.
 */
export default function ReturnsScreen() {
  const [params, setParams] = useSearchParams()
  const tab = (returnTabs as readonly string[]).includes(params.get('status') ?? '')
    ? (params.get('status') as ReturnTab)
    : 'open'
  const page = params.get('page') ?? '1'
  const opened = params.get('open')
  const list = useAdmin<AdminReturnsPage>(`/returns?status=${tab}&page=${page}`)
  const set = filterSetter(setParams)
  const rows = list.data?.returns ?? []
  const openHref = (id: string) => {
    const next = new URLSearchParams(params)
    next.set('open', id)
    return `?${next}`
  }
  const close = () =>
    setParams((old) => {
      const next = new URLSearchParams(old)
      next.delete('open')
      return next
    })

  return (
    <div>
      <PageTitle title={text.title} intro={text.intro} />
      <div className={opened ? 'grid gap-4 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:items-start' : ''}>
        {/* On a phone an opened request takes the screen; the list is one tap back. */}
        <div className={opened ? 'hidden lg:block' : ''}>
          <nav
            aria-label="Return statuses"
            className="-mx-3 mb-3 flex gap-2 overflow-x-auto px-3 pb-1 sm:mx-0 sm:flex-wrap sm:px-0"
          >
            {returnTabs.map((key) => {
              const current = tab === key
              return (
                <button
                  key={key}
                  type="button"
                  aria-pressed={current}
                  onClick={() => set('status', key === 'open' ? '' : key)}
                  className={`min-h-11 shrink-0 rounded-full border px-4 text-sm font-semibold whitespace-nowrap ${current ? 'border-brand-700 bg-brand-700 text-white' : 'border-brand-200 bg-white text-brand-800 hover:border-brand-600'}`}
                >
                  {text.tabs[key]}
                </button>
              )
            })}
          </nav>
          {list.isPending ? <Loading /> : null}
          {list.isError ? <LoadProblem error={list.error} retry={() => list.refetch()} /> : null}
          {list.data && rows.length === 0 ? (
            <p className="rounded border border-dashed border-brand-200 p-6 text-center text-ink/70">
              {tab === 'open' ? text.none.open : text.none.other}
            </p>
          ) : null}
          <ul className="grid gap-2" aria-label={text.tabs[tab]}>
            {rows.map((r) => (
              <ReturnRow key={r._id} r={r} href={openHref(r._id)} current={r._id === opened} />
            ))}
          </ul>
          {list.data && list.data.total > 0 ? (
            <Pager
              page={list.data.page}
              pages={list.data.pages}
              total={list.data.total}
              onPage={(n) => set('page', String(n))}
            />
          ) : null}
        </div>
        {opened ? (
          <div className="lg:sticky lg:top-4">
            <ReturnDetail key={opened} id={opened} onClose={close} />
          </div>
        ) : null}
      </div>
    </div>
  )
}

/** One request in the list: the whole card opens it; the order's number opens the order. */
function ReturnRow({ r, href, current }: { r: AdminReturnView; href: string; current: boolean }) {
  const pieces = r.lines.reduce((n, l) => n + l.quantity, 0)
  return (
    <li
      className={`relative grid gap-2 rounded-lg border bg-white p-3 hover:border-brand-600 ${current ? 'border-brand-700 ring-2 ring-brand-600' : 'border-brand-200'}`}
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Link
          to={href}
          aria-current={current ? 'true' : undefined}
          className="font-semibold text-brand-800 underline-offset-2 after:absolute after:inset-0 after:rounded-lg hover:underline"
        >
          Return {r.number}
        </Link>
        <ReturnStatusBadge r={r} />
        {/* An exchange with nothing coming back shows no refund: its row says what the customer pays. */}
        {r.exchange && r.refundAmount === 0 ? null : (
          <span className="ml-auto font-semibold tabular-nums">{paise(r.refundAmount)}</span>
        )}
      </div>
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <span className="font-medium break-words">{r.customer.name || r.customer.email}</span>
        <span>
          Order{' '}
          <Link
            to={`/admin/orders/${r.orderId}`}
            className="relative z-10 py-1 font-semibold text-brand-700 underline"
          >
            {r.orderNumber}
          </Link>
        </span>
      </p>
      <ul className="flex flex-wrap items-center gap-2" aria-label="Pieces">
        {r.lines.map((l) => (
          <li key={l.itemId} className="flex min-w-0 items-center gap-2 text-sm">
            {l.image ? (
              <img
                src={imageAt(l.image, 200)}
                alt=""
                className="size-10 shrink-0 rounded object-cover"
                loading="lazy"
              />
            ) : null}
            <span className="min-w-0 break-words">
              {l.title}
              {l.variantTitle ? ` (${l.variantTitle})` : ''} × {l.quantity}
            </span>
          </li>
        ))}
      </ul>
      {r.photos.length ? (
        <div className="flex items-center gap-2 text-sm text-ink/75">
          <ul className="flex gap-1" aria-hidden="true">
            {r.photos.map((p) => (
              <li key={p}>
                <img
                  src={imageAt(p, 200)}
                  alt=""
                  className="size-10 rounded border border-brand-100 object-cover"
                  loading="lazy"
                />
              </li>
            ))}
          </ul>
          {r.photos.length === 1
            ? '1 photo from the customer'
            : `${r.photos.length} photos from the customer`}
        </div>
      ) : null}
      <p className="text-sm">
        <span className="font-semibold">{returnText.reason[r.reason]}</span> · {resolutionText(r)} for{' '}
        {pieces} {pieces === 1 ? 'piece' : 'pieces'}
        {r.exchange && r.exchange.due > 0
          ? ` · customer pays ${paise(r.exchange.due)}${r.exchange.paid ? ' (paid)' : ''}`
          : ''}
      </p>
      <p>
        <AgeBadge r={r} />
      </p>
    </li>
  )
}
