import { useState } from 'react'
import { Link } from 'react-router'
import type { RemittanceReport } from '../../../contracts/shipments.ts'
import { adminSend, problemText, useAdmin } from '../../features/admin/admin-api.ts'
import { money, when } from '../../features/admin/format.ts'
import { Badge, Button, Loading, LoadProblem, PageTitle } from '../../features/admin/ui.tsx'
import { useQueryClient } from '../../lib/query.ts'
import { toast } from '../../lib/toast.tsx'

export const meta = () => [{ title: 'COD remittances | Shop console' }]

const matchBadge = {
  matched: { label: 'Matched', tone: 'green' },
  differs: { label: 'Amount differs', tone: 'red' },
  unknown: { label: 'Not our parcel', tone: 'amber' },
} as const

/**
 * The cash the courier collected on delivery and sent on (decision 136): each remittance with its reference
 * and date, each parcel it pays matched to its order, and the delivered parcels no remittance pays yet.
 */
export default function RemittancesScreen() {
  const q = useAdmin<RemittanceReport>('/shipments/remittances')
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState(false)

  async function run(path: string) {
    setBusy(true)
    try {
      toast.success((await adminSend(path, 'POST', {})).message)
      await queryClient.invalidateQueries({ queryKey: ['admin', '/shipments/remittances'] })
    } catch (err) {
      toast.error(problemText(err), { duration: 10_000 })
    } finally {
      setBusy(false)
    }
  }

  const r = q.data
  const problems = r
    ? r.remittances.flatMap((x) => x.parcels).filter((p) => p.match !== 'matched').length +
      r.unpaid.filter((u) => u.overdue).length
    : 0
  return (
    <div>
      <PageTitle
        title="COD remittances"
        intro="The cash the courier collected at the door and sent to the shop, matched to each order by its AWB. The shop asks the courier every six hours."
        action={
          <span className="flex flex-wrap gap-2">
            <Button disabled={busy} onClick={() => run('/shipments/remittances/fetch')}>
              Ask the courier now
            </Button>
            {r?.provider === 'sandbox' ? (
              <Button disabled={busy} onClick={() => run('/shipments/sandbox-remit')}>
                Sandbox courier: remit now
              </Button>
            ) : null}
          </span>
        }
      />
      {q.isPending ? <Loading /> : null}
      {q.isError ? <LoadProblem error={q.error} retry={() => q.refetch()} /> : null}
      {r ? (
        <div className="grid gap-4">
          <p role="status" className={`text-sm font-semibold ${problems ? 'text-red-800' : ''}`}>
            {problems === 0
              ? 'Everything the courier sent matches, and nothing delivered is overdue.'
              : `${problems} ${problems === 1 ? 'thing needs' : 'things need'} a look: see the marked lines.`}
          </p>
          <section aria-labelledby="unpaid-title" className="rounded-lg border border-brand-200 bg-white p-4">
            <h2 id="unpaid-title" className="mb-2 text-lg font-bold text-brand-800">
              Delivered, cash not received yet
            </h2>
            {r.unpaid.length === 0 ? (
              <p className="text-sm">Every delivered cash-on-delivery parcel has been paid for.</p>
            ) : (
              <ul className="grid gap-2" aria-label="Delivered, cash not received yet">
                {r.unpaid.map((u) => (
                  <li
                    key={u.awb}
                    className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-brand-100 pb-2 text-sm"
                  >
                    <Link
                      to={`/admin/orders/${u.orderId}`}
                      className="font-semibold text-brand-800 underline"
                    >
                      {u.orderNumber}
                    </Link>
                    <span className="font-mono">{u.awb}</span>
                    <span>{money(u.expected)}</span>
                    <span className="text-ink/70">
                      {u.deliveredAt ? `delivered ${when(u.deliveredAt)}` : ''}
                    </span>
                    {u.overdue ? <Badge tone="red">Overdue</Badge> : <Badge>Due</Badge>}
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section
            aria-labelledby="remitted-title"
            className="rounded-lg border border-brand-200 bg-white p-4"
          >
            <h2 id="remitted-title" className="mb-2 text-lg font-bold text-brand-800">
              Remittances received
            </h2>
            {r.remittances.length === 0 ? (
              <p className="text-sm">The courier has sent no remittance in the last 60 days.</p>
            ) : (
              <ul className="grid gap-4" aria-label="Remittances received">
                {r.remittances.map((x) => (
                  <li key={x.reference} className="grid gap-2">
                    <p className="text-sm">
                      <span className="font-mono font-semibold">{x.reference}</span>, {x.date}:{' '}
                      {money(x.total)}
                    </p>
                    <ul
                      className="grid gap-1 border-l-2 border-brand-200 pl-3"
                      aria-label={`Parcels paid by ${x.reference}`}
                    >
                      {x.parcels.map((p) => (
                        <li key={p.awb} className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                          {p.orderId ? (
                            <Link
                              to={`/admin/orders/${p.orderId}`}
                              className="font-semibold text-brand-800 underline"
                            >
                              {p.orderNumber}
                            </Link>
                          ) : null}
                          <span className="font-mono">{p.awb}</span>
                          <span>{money(p.amount)}</span>
                          {p.match === 'differs' && p.expected !== null ? (
                            <span className="text-red-800">collected {money(p.expected)}</span>
                          ) : null}
                          <Badge tone={matchBadge[p.match].tone}>{matchBadge[p.match].label}</Badge>
                        </li>
                      ))}
                    </ul>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      ) : null}
    </div>
  )
}
