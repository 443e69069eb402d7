import { Link, useSearchParams } from 'react-router'
import type { Order } from '../../../contracts/orders.ts'
import { useI18n, useT } from '../../i18n/i18n.tsx'
import { formatOrderDate } from '../../lib/dates.ts'
import { formatRupees } from '../../lib/format.ts'
import { fetchOrders, ordersQueryKey } from '../../lib/orders-api.ts'
import { useQuery } from '../../lib/query.ts'
import { orderMessages as m, ORDERS_PER_PAGE } from './messages.ts'
import { OrderConfirmation } from './order-confirmation.tsx'
import { customerPaymentLabel, pageCount, paymentBadgeClass, statusClass, statusLabel } from './status.ts'

/** The payment state beside the status: Paid, Awaiting payment, Expired unpaid, Refunded… */
function PaymentBadge({ order }: { order: Order }) {
  const t = useT()
  return (
    <span
      className={`inline-block rounded px-1.5 py-0.5 text-xs font-semibold whitespace-nowrap ${paymentBadgeClass(order)}`}
    >
      {t(customerPaymentLabel(order))}
    </span>
  )
}

const pagerClass =
  'rounded border border-brand-700 px-4 py-2 font-semibold text-brand-700 aria-disabled:opacity-40 disabled:opacity-40'

/** Previous or Next: a link to that page of the list, or a disabled button at either end. */
function PageLink({ to, enabled, label }: { to: number; enabled: boolean; label: string }) {
  if (!enabled) {
    return (
      <button type="button" disabled className={pagerClass}>
        {label}
      </button>
    )
  }
  return (
    <Link
      to={{ search: to === 1 ? '' : `?page=${to}` }}
      role="button"
      preventScrollReset
      className={pagerClass}
    >
      {label}
    </Link>
  )
}

/** My orders: 10 a page with Previous and Next (spec sections 2 and 9). */
export function OrderHistory({ initial }: { initial: Order[] | null }) {
  // Rendered on the server when the token cookie is valid; otherwise fetched with the stored token.
  const { t, locale } = useI18n()
  const query = useQuery({ queryKey: ordersQueryKey, queryFn: fetchOrders, enabled: initial === null })
  const orders = initial ?? query.data
  // The page is the address's (?page=2), so Previous and Next are links that work before the page's code.
  const [params] = useSearchParams()
  const asked = Number.parseInt(params.get('page') ?? '1', 10)
  const page = Number.isFinite(asked) && asked > 0 ? asked : 1

  if (!orders) {
    return (
      <p className="py-6" role={query.isError ? 'alert' : 'status'}>
        {query.isError ? t('Your orders could not be loaded. Please try again.') : t('Loading…')}
      </p>
    )
  }
  if (orders.length === 0) {
    return (
      <div className="py-6">
        <OrderConfirmation orders={orders} />
        <p>{t(m.empty)}</p>
        <Link to="/" className="mt-3 inline-block font-semibold text-brand-700 underline">
          {t('Continue shopping')}
        </Link>
      </div>
    )
  }

  const pages = pageCount(orders.length, ORDERS_PER_PAGE)
  const current = Math.min(page, pages)
  const shown = orders.slice((current - 1) * ORDERS_PER_PAGE, current * ORDERS_PER_PAGE)

  return (
    <div>
      <OrderConfirmation orders={orders} />
      {/* Below 640 px one card per order, so the total and View are never off-screen. */}
      <ul className="space-y-3 sm:hidden" aria-label={t('Orders')}>
        {shown.map((o) => (
          <li key={o._id} className="rounded-lg bg-white p-4 shadow-sm">
            <div className="flex items-baseline justify-between gap-3">
              <p className="font-semibold break-all">
                <span className="sr-only">{t(m.columns[0])} </span>
                {o.orderID}
              </p>
              <p className="font-semibold whitespace-nowrap">
                <span className="sr-only">{t(m.columns[3])} </span>
                {formatRupees(o.totalAmount)}
              </p>
            </div>
            <p className="mt-1 text-sm text-ink/80">
              <span className="sr-only">{t(m.columns[1])} </span>
              {formatOrderDate(o.createdAt, locale)}
            </p>
            <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
              <p className="flex flex-wrap items-center gap-2 text-sm">
                <span className="sr-only">{t(m.columns[2])} </span>
                <span className={`font-semibold ${statusClass(o.status)}`}>{t(statusLabel(o.status))}</span>
                <PaymentBadge order={o} />
              </p>
              <Link
                to={`/orderDetails/${o._id}`}
                className="rounded border border-brand-700 px-4 py-2 font-semibold text-brand-700"
                aria-label={t('View order {orderID}', { orderID: o.orderID })}
              >
                {t(m.view)}
              </Link>
            </div>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto rounded-lg bg-white shadow-sm sm:block">
        <table className="w-full text-left text-sm">
          <thead className="bg-brand-100 text-brand-900">
            <tr>
              {m.columns.map((c) => (
                <th key={c} scope="col" className="px-3 py-2 font-semibold">
                  {t(c)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((o) => (
              <tr key={o._id} className="border-t border-ink/10">
                <td className="px-3 py-2 font-medium whitespace-nowrap">{o.orderID}</td>
                <td className="px-3 py-2 whitespace-nowrap">{formatOrderDate(o.createdAt, locale)}</td>
                <td className="px-3 py-2">
                  <span className={`mr-2 font-semibold ${statusClass(o.status)}`}>
                    {t(statusLabel(o.status))}
                  </span>
                  <PaymentBadge order={o} />
                </td>
                <td className="px-3 py-2 whitespace-nowrap">{formatRupees(o.totalAmount)}</td>
                <td className="px-3 py-2">
                  <Link
                    to={`/orderDetails/${o._id}`}
                    className="font-semibold text-brand-700 underline"
                    aria-label={t('View order {orderID}', { orderID: o.orderID })}
                  >
                    {t(m.view)}
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <nav aria-label={t('Order pages')} className="mt-4 flex items-center justify-between gap-3">
        <PageLink to={current - 1} enabled={current > 1} label={t(m.previous)} />
        <span className="text-sm">{t('Page {page} of {pages}', { page: current, pages })}</span>
        <PageLink to={current + 1} enabled={current < pages} label={t(m.next)} />
      </nav>
    </div>
  )
}
