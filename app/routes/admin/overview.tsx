import type { ReactNode } from 'react'
import { Link, useRouteLoaderData } from 'react-router'
import type {
  AdminDashboard,
  DashboardOrders,
  DashboardSales,
  DashboardSevas,
  DashboardStock,
} from '../../../contracts/admin-dashboard.ts'
import { mayOpen } from '../../../contracts/staff.ts'
import { useAdmin } from '../../features/admin/admin-api.ts'
import { orderWorkLinks, productLink, stockLinks } from '../../features/admin/dashboard-links.ts'
import { money } from '../../features/admin/format.ts'
import { returnsConsoleText } from '../../features/admin/returns-parts.tsx'
import { dayShort, SalesChart } from '../../features/admin/sales-chart.tsx'
import { SetupChecklist } from '../../features/admin/setup-checklist.tsx'
import { Badge, Loading, LoadProblem, PageTitle } from '../../features/admin/ui.tsx'
import type { loader as layoutLoader } from './layout.tsx'

export const meta = () => [{ title: 'Overview | Shop console' }]

/** A count that opens the list of exactly what it counts; a count with work waiting stands out. */
function CountLink({
  to,
  count,
  label,
  note,
  urgent,
}: {
  to: string
  count: number
  label: string
  note: string
  urgent?: boolean
}) {
  const waiting = count > 0
  const tone = !waiting
    ? 'border-brand-100 bg-white/70 text-ink/70'
    : urgent
      ? 'border-red-300 bg-red-50 hover:border-red-600'
      : 'border-brand-200 bg-white hover:border-brand-600'
  return (
    <li>
      <Link to={to} className={`flex min-h-11 h-full items-start gap-3 rounded-lg border p-3 sm:p-4 ${tone}`}>
        <span
          className={`min-w-10 text-3xl leading-none font-bold tabular-nums ${waiting ? (urgent ? 'text-red-800' : 'text-brand-800') : ''}`}
        >
          {count}
        </span>
        <span className="grid gap-0.5">
          <span className="font-semibold text-brand-900">{label}</span>
          <span className="text-xs text-ink/70">{note}</span>
        </span>
      </Link>
    </li>
  )
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-2 text-lg font-bold text-brand-800">
        {title}
      </h2>
      {children}
    </section>
  )
}

const countGrid = 'grid grid-cols-1 gap-2 min-[480px]:grid-cols-2 lg:grid-cols-3'

function OrderWork({ work }: { work: DashboardOrders }) {
  return (
    <ul className={countGrid}>
      <CountLink
        to={orderWorkLinks.toShip}
        count={work.toShip}
        label="Paid, to ship"
        note="Pack and send these"
      />
      <CountLink
        to={orderWorkLinks.codToShip}
        count={work.codToShip}
        label="COD, to ship"
        note="Cash on delivery: confirm with the customer and ship; the courier collects"
      />
      <CountLink
        to={orderWorkLinks.awaitingPayment}
        count={work.awaitingPayment}
        label="Awaiting payment"
        note="Do not ship before payment"
      />
      <CountLink
        to={orderWorkLinks.refundsPending}
        count={work.refundsPending}
        label="Refunds pending"
        note="Tried again automatically; open one to send it now"
        urgent
      />
      <CountLink
        to={orderWorkLinks.returnsToAct}
        count={work.returnsToAct}
        label={returnsConsoleText.dashboardTile}
        note={returnsConsoleText.dashboardNote}
      />
      <CountLink
        to={orderWorkLinks.unreadMessages}
        count={work.unreadMessages}
        label="New messages"
        note="Contact Us messages nobody has read"
      />
      <CountLink
        to={orderWorkLinks.failedEmails}
        count={work.failedEmails}
        label="E-mails failed"
        note="The mail server refused them; try again from the outbox"
        urgent
      />
    </ul>
  )
}

function Stock({ stock }: { stock: DashboardStock }) {
  return (
    <div className="grid gap-3">
      <ul className={countGrid}>
        <CountLink
          to={stockLinks.low}
          count={stock.low}
          label="Low stock"
          note={`${stock.threshold} or fewer left (Settings), out of stock included`}
        />
        <CountLink
          to={stockLinks.out}
          count={stock.out}
          label="Out of stock"
          note="Shown as sold out in the shop"
          urgent
        />
        <CountLink
          to={stockLinks.awaitingApproval}
          count={stock.awaitingApproval}
          label="Products awaiting approval"
          note="Not shown in the shop until approved"
        />
        <CountLink
          to={stockLinks.reviewsWaiting}
          count={stock.reviewsWaiting}
          label="Reviews waiting"
          note="Customers' reviews to publish or hide"
        />
      </ul>
      {stock.products.length ? (
        <div className="rounded-lg border border-brand-200 bg-white">
          <h3 className="border-b border-brand-100 px-3 py-2 text-sm font-semibold text-brand-800">
            Running low, least stock first
          </h3>
          <ul className="divide-y divide-brand-100">
            {stock.products.map((p) => (
              <li key={p._id}>
                <Link
                  to={productLink(p._id)}
                  className="flex min-h-11 items-center justify-between gap-3 px-3 py-2 hover:bg-brand-50"
                >
                  <span className="min-w-0 break-words font-medium text-brand-900">{p.title}</span>
                  <span className="shrink-0 text-sm whitespace-nowrap tabular-nums">
                    {p.quantity === 0 ? <Badge tone="red">Out of stock</Badge> : `${p.quantity} left`}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          {stock.low > stock.products.length ? (
            <Link
              to={stockLinks.low}
              className="flex min-h-11 items-center border-t border-brand-100 px-3 text-sm font-semibold text-brand-700 underline"
            >
              All {stock.low} products running low
            </Link>
          ) : null}
        </div>
      ) : null}
    </div>
  )
}

function Figure({ label, total, since }: { label: string; total: DashboardSales['today']; since: string }) {
  return (
    // On a phone each figure is one row, label and amount side by side; wider, a card.
    <div className="flex flex-wrap items-baseline justify-between gap-x-3 rounded-lg border border-brand-200 bg-white p-3 min-[480px]:block sm:p-4">
      <dt className="text-sm text-ink/75">
        {label} <span className="text-xs">({since})</span>
      </dt>
      <dd className="text-2xl font-bold text-brand-800 tabular-nums">{money(total.rupees)}</dd>
      <dd className="w-full text-xs text-ink/70">
        {total.orders} paid {total.orders === 1 ? 'order' : 'orders'}
      </dd>
    </div>
  )
}

/** The seva bookings of today and tomorrow, each opening that day's list of bookings. */
function SevaDays({ sevas }: { sevas: DashboardSevas }) {
  const link = (date: string) => `/admin/bookings?date=${date}`
  const { today, tomorrow } = sevas
  return (
    <ul className={countGrid}>
      <CountLink
        to={link(today.date)}
        count={today.toPerform}
        label={`Today, ${dayShort(today.date)}: to perform`}
        note={
          today.performed
            ? `${today.performed} already marked performed; mark each one when it is done`
            : 'Mark each one performed when it is done: the devotee is e-mailed'
        }
      />
      <CountLink
        to={link(tomorrow.date)}
        count={tomorrow.toPerform}
        label={`Tomorrow, ${dayShort(tomorrow.date)}: booked`}
        note="Paid bookings to prepare for"
      />
    </ul>
  )
}

function Sales({ sales, linkProducts }: { sales: DashboardSales; linkProducts: boolean }) {
  return (
    <div className="grid gap-3">
      <dl className="grid grid-cols-1 gap-2 min-[480px]:grid-cols-2 lg:grid-cols-4">
        <Figure label="Today" total={sales.today} since={dayShort(sales.date)} />
        <Figure label="Yesterday" total={sales.yesterday} since={dayShort(sales.days.at(-2)!.date)} />
        <Figure label="This week" total={sales.thisWeek} since={`from Mon ${dayShort(sales.weekStart)}`} />
        <Figure label="This month" total={sales.thisMonth} since={`from ${dayShort(sales.monthStart)}`} />
      </dl>
      <div className="grid gap-3 lg:grid-cols-[3fr_2fr]">
        <SalesChart days={sales.days} />
        <div className="rounded-lg border border-brand-200 bg-white p-3 sm:p-4">
          <table className="w-full text-sm">
            <caption className="mb-2 text-left font-semibold text-brand-800">
              Top products, last 30 days
            </caption>
            <thead>
              <tr className="text-left text-xs text-ink/70">
                <th scope="col" className="py-1 font-semibold">
                  Product
                </th>
                <th scope="col" className="py-1 text-right font-semibold">
                  Sold
                </th>
                <th scope="col" className="py-1 pl-2 text-right font-semibold">
                  Sales
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-brand-100">
              {sales.topProducts.map((p) => (
                <tr key={p._id}>
                  <th scope="row" className="py-1 pr-2 text-left font-medium break-words">
                    {linkProducts ? (
                      <Link
                        to={productLink(p._id)}
                        className="inline-flex min-h-11 items-center text-brand-800 underline underline-offset-2"
                      >
                        {p.title}
                      </Link>
                    ) : (
                      p.title
                    )}
                  </th>
                  <td className="py-2 text-right tabular-nums">{p.units}</td>
                  <td className="py-2 pl-2 text-right whitespace-nowrap tabular-nums">{money(p.rupees)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {sales.topProducts.length === 0 ? (
            <p className="py-4 text-center text-sm text-ink/70">No paid orders in the last 30 days.</p>
          ) : null}
        </div>
      </div>
    </div>
  )
}

export default function OverviewScreen() {
  const layout = useRouteLoaderData<typeof layoutLoader>('routes/admin/layout')
  const role = layout?.state === 'ok' ? layout.staffRole : null
  const q = useAdmin<AdminDashboard>('/overview')
  const d = q.data
  return (
    <div>
      <PageTitle title="Overview" intro="What to do today, and how sales are going. Days are India time." />
      {q.isPending ? <Loading /> : null}
      {q.isError ? <LoadProblem error={q.error} retry={() => q.refetch()} /> : null}
      {d ? (
        <div className="grid gap-6">
          {d.setup && !d.setup.complete ? (
            <Section id="setup" title="Set up the shop">
              <SetupChecklist setup={d.setup} />
            </Section>
          ) : null}
          {d.orders ? (
            <Section id="to-do" title="Orders and messages to see to">
              <OrderWork work={d.orders} />
            </Section>
          ) : null}
          {d.sevas ? (
            <Section id="sevas" title="Sevas">
              <SevaDays sevas={d.sevas} />
            </Section>
          ) : null}
          {d.stock ? (
            <Section id="stock" title="Stock and approvals">
              <Stock stock={d.stock} />
            </Section>
          ) : null}
          {d.sales ? (
            <Section id="sales" title="Sales">
              <Sales sales={d.sales} linkProducts={mayOpen(role, 'catalogue')} />
            </Section>
          ) : null}
        </div>
      ) : null}
    </div>
  )
}
