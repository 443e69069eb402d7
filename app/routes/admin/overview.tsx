import { Link } from 'react-router'
import type { AdminOverview } from '../../../contracts/admin-overview.ts'
import { useAdmin } from '../../features/admin/admin-api.ts'
import { money } from '../../features/admin/format.ts'
import { Badge, Loading, LoadProblem, PageTitle, statusTone } from '../../features/admin/ui.tsx'

export const meta = () => [{ title: 'Overview | Shop console' }]

function Tile({
  label,
  value,
  to,
  note,
}: {
  label: string
  value: string | number
  to?: string
  note?: string
}) {
  const body = (
    <>
      <span className="text-sm text-ink/75">{label}</span>
      <span className="block text-2xl font-bold text-brand-800">{value}</span>
      {note ? <span className="text-xs text-ink/70">{note}</span> : null}
    </>
  )
  return to ? (
    <Link to={to} className="block rounded-lg border border-brand-200 bg-white p-4 hover:border-brand-600">
      {body}
    </Link>
  ) : (
    <div className="rounded-lg border border-brand-200 bg-white p-4">{body}</div>
  )
}

export default function OverviewScreen() {
  const q = useAdmin<AdminOverview>('/overview')
  return (
    <div>
      <PageTitle title="Overview" intro="Today in the shop, at a glance (times are India time)." />
      {q.isPending ? <Loading /> : null}
      {q.isError ? <LoadProblem error={q.error} retry={() => q.refetch()} /> : null}
      {q.data ? (
        <div className="grid gap-6">
          <section aria-labelledby="to-do">
            <h2 id="to-do" className="mb-2 text-lg font-bold text-brand-800">
              To do
            </h2>
            <div className="grid grid-cols-2 gap-3 lg:grid-cols-3">
              <Tile
                label="Paid, to ship"
                value={q.data.paidToShip}
                to="/admin/orders?queue=toShip"
                note="Pack and send these"
              />
              <Tile
                label="COD, to ship"
                value={q.data.codToShip}
                to="/admin/orders?queue=codToShip"
                note="Cash on delivery: ship, collect on delivery"
              />
              <Tile
                label="Awaiting payment"
                value={q.data.awaitingPayment}
                to="/admin/orders?queue=awaitingPayment"
                note="Do not ship before payment"
              />
              <Tile
                label="Refunds pending"
                value={q.data.refundsPending}
                to="/admin/orders?queue=refundPending"
                note="Tried again automatically"
              />
            </div>
          </section>
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            <Tile label="Orders today" value={q.data.ordersToday} to="/admin/orders" />
            <Tile label="Orders this month" value={q.data.ordersThisMonth} to="/admin/orders" />
            <Tile label="Paid today" value={money(q.data.revenueToday)} />
            <Tile
              label="Paid this month"
              value={money(q.data.revenueThisMonth)}
              note={`All time ${money(q.data.revenueAllTime)}`}
            />
            <Tile
              label="Products awaiting approval"
              value={q.data.productsAwaitingApproval}
              to="/admin/products?approval=pending"
            />
            <Tile label="New contact messages" value={q.data.newContactMessages} to="/admin/messages" />
            <Tile label="New newsletter sign-ups" value={q.data.newNewsletterSignups} to="/admin/messages" />
          </div>
          <section aria-labelledby="by-status">
            <h2 id="by-status" className="mb-2 text-lg font-bold text-brand-800">
              Orders by status
            </h2>
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-5">
              {Object.entries(q.data.ordersByStatus).map(([status, n]) => (
                <li key={status}>
                  <Link
                    to={`/admin/orders?status=${status}`}
                    className="flex items-center justify-between rounded-lg border border-brand-200 bg-white p-3 hover:border-brand-600"
                  >
                    <Badge tone={statusTone(status)}>{status}</Badge>
                    <span className="text-xl font-bold">{n}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        </div>
      ) : null}
    </div>
  )
}
