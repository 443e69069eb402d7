import { useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import {
  causeNames,
  type DonationPage,
  type FoundationCause,
  type StaffDonation,
} from '../../../contracts/donations.ts'
import { financialYear } from '../../../contracts/gst.ts'
import { useAdmin } from '../../features/admin/admin-api.ts'
import { filterSetter } from '../../features/admin/filter-params.ts'
import { money, when } from '../../features/admin/format.ts'
import {
  Badge,
  Button,
  inputClass,
  Loading,
  LoadProblem,
  Pager,
  PageTitle,
} from '../../features/admin/ui.tsx'
import { ApiError, downloadFile } from '../../lib/api.ts'
import { toast } from '../../lib/toast.tsx'

export const meta = () => [{ title: 'Donations | Shop console' }]

const statusBadge: Record<StaffDonation['status'], { label: string; tone: 'green' | 'amber' | 'red' }> = {
  paid: { label: 'Paid', tone: 'green' },
  pending: { label: 'Awaiting payment', tone: 'amber' },
  failed: { label: 'Payment failed', tone: 'red' },
}
const causeOf = (d: StaffDonation) =>
  d.cause === 'temple' ? `Temple: ${d.templeName ?? '(deleted)'}` : causeNames[d.cause as FoundationCause]

/** Donations (decision 101): by financial year, cause and status; each receipt, and a year's Form 10BD file. */
export default function DonationsScreen() {
  const [params, setParams] = useSearchParams()
  const set = filterSetter(setParams)
  const filters = new URLSearchParams()
  for (const k of ['year', 'cause', 'status', 'page']) {
    const v = params.get(k)
    if (v) filters.set(k, v)
  }
  const list = useAdmin<DonationPage>(`/donations?${filters}`)
  const years = [...new Set([financialYear(new Date()), ...(list.data?.years ?? [])])].sort().reverse()
  const exportYear = params.get('year') || financialYear(new Date())
  const [busy, setBusy] = useState<string | null>(null)

  const download = async (path: string, name: string, type?: string) => {
    setBusy(path)
    try {
      await downloadFile(`/admin${path}`, name, type)
    } catch (err) {
      toast.error(
        err instanceof ApiError ? err.message : 'The file could not be downloaded. Please try again.',
      )
    } finally {
      setBusy(null)
    }
  }

  return (
    <div>
      <PageTitle
        title="Donations"
        intro="Gifts to road safety, culture and the temples. A donation gets its receipt number when it is paid; the 80G details are set under Settings."
        action={
          <Button
            onClick={() =>
              download(
                `/donations/form-10bd.csv?year=${exportYear}`,
                `form-10bd-${exportYear}.csv`,
                'text/csv',
              )
            }
            disabled={busy !== null}
          >
            {`Form 10BD file, ${exportYear}`}
          </Button>
        }
      />
      <div className="mb-4 grid gap-3 sm:grid-cols-3">
        <label className="grid gap-1 text-sm font-semibold">
          Financial year
          <select
            className={inputClass}
            value={params.get('year') ?? ''}
            onChange={(e) => set('year', e.target.value)}
          >
            <option value="">Every year</option>
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </label>
        <label className="grid gap-1 text-sm font-semibold">
          Cause
          <select
            className={inputClass}
            value={params.get('cause') ?? ''}
            onChange={(e) => set('cause', e.target.value)}
          >
            <option value="">Every cause</option>
            <option value="road-safety">Road safety</option>
            <option value="culture">Culture</option>
            <option value="temple">Temples</option>
          </select>
        </label>
        <label className="grid gap-1 text-sm font-semibold">
          Status
          <select
            className={inputClass}
            value={params.get('status') ?? ''}
            onChange={(e) => set('status', e.target.value)}
          >
            <option value="">Every status</option>
            <option value="paid">Paid</option>
            <option value="pending">Awaiting payment</option>
            <option value="failed">Payment failed</option>
          </select>
        </label>
      </div>
      {list.isPending ? <Loading /> : null}
      {list.isError ? <LoadProblem error={list.error} retry={() => list.refetch()} /> : null}
      {list.data && list.data.detailsMissing.length > 0 ? (
        <div className="mb-3 rounded-lg border border-amber-300 bg-amber-50/60 p-3 text-sm">
          <p className="font-semibold text-red-800">
            {list.data.receiptsWaiting > 0
              ? `${list.data.receiptsWaiting} paid ${list.data.receiptsWaiting === 1 ? 'gift waits' : 'gifts wait'} for ${list.data.receiptsWaiting === 1 ? 'its receipt' : 'their receipts'}.`
              : 'No receipt can go out yet.'}
          </p>
          <p className="mt-1 text-ink/80">
            The foundation's name, address, PAN and 80G registration are not all set. Donors are thanked at
            once, and each receipt is issued and e-mailed as soon as the details are in.{' '}
            <Link
              to="/admin/settings#donation-settings-title"
              className="font-semibold text-brand-800 underline underline-offset-2"
            >
              Fill them in
            </Link>
          </p>
        </div>
      ) : null}
      {list.data ? (
        <p className="mb-3 text-sm" role="status">
          {list.data.total} {list.data.total === 1 ? 'donation' : 'donations'} · {money(list.data.received)}{' '}
          received
        </p>
      ) : null}
      {list.data && list.data.items.length === 0 ? (
        <p className="rounded border border-dashed border-brand-200 p-6 text-center text-ink/70">
          No donations.
        </p>
      ) : null}
      <ul className="grid gap-3">
        {(list.data?.items ?? []).map((d) => (
          <li key={d._id} className="rounded-lg border border-brand-200 bg-white p-3">
            <div className="flex flex-wrap items-center gap-2">
              <Badge tone={statusBadge[d.status].tone}>{statusBadge[d.status].label}</Badge>
              <span className="font-semibold">{money(d.amount)}</span>
              <span className="text-sm text-ink/75">{when(d.paidAt ?? d.createdAt)}</span>
              {d.wants80g ? <Badge tone="blue">80G</Badge> : null}
            </div>
            <p className="mt-1 break-words">
              <span className="font-semibold">{d.donorName}</span> · {causeOf(d)}
            </p>
            <p className="break-all text-sm text-ink/80">
              {d.donorEmail} · {d.donorPhone}
              {d.panShown ? ` · PAN ${d.panShown}` : ''}
            </p>
            {d.receiptNumber ? (
              <div className="mt-2 flex flex-wrap items-center gap-2">
                <span className="text-sm">Receipt {d.receiptNumber}</span>
                <Button
                  small
                  disabled={busy !== null}
                  onClick={() =>
                    download(`/donations/${d._id}/receipt`, `${d.receiptNumber!.replace(/\//g, '-')}.pdf`)
                  }
                >
                  Download receipt
                </Button>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      {list.data ? (
        <Pager
          page={list.data.page}
          pages={list.data.pages}
          total={list.data.total}
          onPage={(n) => set('page', String(n))}
        />
      ) : null}
    </div>
  )
}
