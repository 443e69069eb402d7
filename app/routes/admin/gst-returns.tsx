import { useState } from 'react'
import { useSearchParams } from 'react-router'
import type { Gstr1, Gstr1Totals } from '../../../contracts/gstr1.ts'
import { problemText } from '../../features/admin/admin-api.ts'
import { indianToday, money } from '../../features/admin/format.ts'
import { Button, Loading, LoadProblem, PageTitle } from '../../features/admin/ui.tsx'
import { api, downloadFile, saveFile } from '../../lib/api.ts'
import { useQuery } from '../../lib/query.ts'
import { toast } from '../../lib/toast.tsx'

export const meta = () => [{ title: 'GST returns | Shop console' }]

type Answer = { data: Gstr1; totals: Gstr1Totals }

/** Last month in India: the month whose return is due (GSTR-1 is filed by the 11th of the next). */
function lastMonth(): string {
  const [y, m] = indianToday().split('-').map(Number) as [number, number]
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`
}

const tables: Array<{ table: string; label: string }> = [
  { table: 'b2b', label: 'B2B' },
  { table: 'b2cl', label: 'B2C large' },
  { table: 'b2cs', label: 'B2C small' },
  { table: 'cdnr', label: 'Credit notes (registered)' },
  { table: 'cdnur', label: 'Credit notes (unregistered)' },
  { table: 'hsn-b2b', label: 'HSN (B2B)' },
  { table: 'hsn-b2c', label: 'HSN (B2C)' },
  { table: 'docs', label: 'Documents issued' },
]

/**
 * GSTR-1 for a month (issue 36, decision 145): the invoice register's totals, what each table of the return
 * holds and adds up to, and the files for the GST portal: the JSON, and each table as the offline tool's CSV.
 */
export default function GstReturnsScreen() {
  const [params, setParams] = useSearchParams()
  const month = /^\d{4}-(0[1-9]|1[0-2])$/.test(params.get('month') ?? '') ? params.get('month')! : lastMonth()
  const q = useQuery({
    queryKey: ['admin', 'gstr1', month],
    queryFn: () => api<Answer>(`/admin/gst/gstr1?month=${month}`, { auth: true }),
  })
  const [busy, setBusy] = useState(false)

  async function download(table: string | null) {
    setBusy(true)
    try {
      if (table)
        await downloadFile(
          `/admin/gst/gstr1.csv?month=${month}&table=${table}`,
          `gstr1-${month}-${table}.csv`,
          'text/csv',
        )
      else
        saveFile(
          new Blob([JSON.stringify(q.data?.data, null, 2)], { type: 'application/json' }),
          `gstr1-${month}.json`,
        )
    } catch (err) {
      toast.error(problemText(err), { duration: 10_000 })
    } finally {
      setBusy(false)
    }
  }

  const r = q.data
  const sumOf = (values: number[]) => Math.round(values.reduce((a, b) => a + b, 0) * 100) / 100
  const rows = r
    ? [
        {
          label: 'B2B invoices',
          count: r.data.b2b.reduce((a, g) => a + g.inv.length, 0),
          taxable: sumOf(r.data.b2b.flatMap((g) => g.inv.flatMap((i) => i.itms.map((x) => x.itm_det.txval)))),
        },
        {
          label: 'B2C large invoices',
          count: r.data.b2cl.reduce((a, g) => a + g.inv.length, 0),
          taxable: sumOf(
            r.data.b2cl.flatMap((g) => g.inv.flatMap((i) => i.itms.map((x) => x.itm_det.txval))),
          ),
        },
        {
          label: 'B2C small, by place and rate (credit notes netted)',
          count: r.data.b2cs.length,
          taxable: sumOf(r.data.b2cs.map((x) => x.txval)),
        },
        {
          label: 'Credit notes, registered buyers (less)',
          count: r.data.cdnr.reduce((a, g) => a + g.nt.length, 0),
          taxable: -sumOf(
            r.data.cdnr.flatMap((g) => g.nt.flatMap((n) => n.itms.map((x) => x.itm_det.txval))),
          ),
        },
        {
          label: 'Credit notes, B2C large (less)',
          count: r.data.cdnur.length,
          taxable: -sumOf(r.data.cdnur.flatMap((n) => n.itms.map((x) => x.itm_det.txval))),
        },
      ]
    : []
  const hsnRows = r ? r.data.hsn.hsn_b2b.length + r.data.hsn.hsn_b2c.length : 0
  const tablesTotal = sumOf(rows.map((x) => x.taxable))
  const reconciles = r ? Math.round(tablesTotal * 100) === Math.round(r.totals.net.taxable * 100) : false

  return (
    <div>
      <PageTitle
        title="GST returns"
        intro="GSTR-1 for a month, from the invoices and credit notes the shop issued in it (dates in India). Download the JSON for the GST portal, or each table as a CSV for the offline tool."
        action={
          <label className="grid gap-1 text-sm font-semibold">
            Month
            <input
              type="month"
              value={month}
              max={indianToday().slice(0, 7)}
              onChange={(e) => e.target.value && setParams({ month: e.target.value }, { replace: true })}
              className="min-h-11 rounded border border-brand-200 bg-white px-3"
            />
          </label>
        }
      />
      {q.isPending ? <Loading /> : null}
      {q.isError ? <LoadProblem error={q.error} retry={() => q.refetch()} /> : null}
      {r ? (
        <div className="grid gap-4">
          <section
            aria-labelledby="register-title"
            className="min-w-0 rounded-lg border border-brand-200 bg-white p-4"
          >
            <h2 id="register-title" className="mb-2 text-lg font-bold text-brand-800">
              Invoice register
            </h2>
            <div className="grid gap-3 lg:grid-cols-3">
              {(
                [
                  ['Invoices', r.totals.invoices],
                  ['Credit notes', r.totals.creditNotes],
                  ['Net', r.totals.net],
                ] as const
              ).map(([label, t]) => (
                <div
                  key={label}
                  data-testid={`register-${label}`}
                  className="rounded border border-brand-100 p-3"
                >
                  <h3 className="font-semibold text-brand-800">
                    {label} <span className="font-normal text-ink/70">({t.count})</span>
                  </h3>
                  <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm">
                    {(
                      [
                        ['Taxable value', t.taxable],
                        ['CGST', t.cgst],
                        ['SGST', t.sgst],
                        ['IGST', t.igst],
                        ['Total', t.total],
                      ] as const
                    ).map(([name, value]) => (
                      <div key={name} className="contents">
                        <dt className="text-ink/75">{name}</dt>
                        <dd className="text-right font-semibold">{money(value)}</dd>
                      </div>
                    ))}
                  </dl>
                </div>
              ))}
            </div>
          </section>
          <section
            aria-labelledby="tables-title"
            className="min-w-0 rounded-lg border border-brand-200 bg-white p-4"
          >
            <h2 id="tables-title" className="mb-2 text-lg font-bold text-brand-800">
              What the return holds
            </h2>
            <ul className="grid gap-1 text-sm">
              {rows.map((x) => (
                <li
                  key={x.label}
                  className="flex flex-wrap justify-between gap-x-3 border-b border-brand-100 py-1"
                >
                  <span>
                    {x.label} <span className="text-ink/70">({x.count})</span>
                  </span>
                  <span className="font-semibold">{money(x.taxable)}</span>
                </li>
              ))}
            </ul>
            <p
              role="status"
              data-testid="gstr1-reconciles"
              className={`mt-2 text-sm font-semibold ${reconciles ? 'text-green-800' : 'text-red-800'}`}
            >
              {reconciles
                ? `The tables add up to the register's net taxable value, ${money(r.totals.net.taxable)}.`
                : `The tables add up to ${money(tablesTotal)}; the register's net taxable value is ${money(r.totals.net.taxable)}.`}
            </p>
            <p className="mt-1 text-sm text-ink/75">
              HSN summary: {hsnRows} {hsnRows === 1 ? 'row' : 'rows'}. Documents issued:{' '}
              {r.data.doc_issue.doc_det
                .flatMap((d) => d.docs.map((x) => `${d.doc_typ} ${x.from} to ${x.to} (${x.totnum})`))
                .join('; ') || 'none'}
              .
            </p>
          </section>
          <section
            aria-labelledby="files-title"
            className="min-w-0 rounded-lg border border-brand-200 bg-white p-4"
          >
            <h2 id="files-title" className="mb-2 text-lg font-bold text-brand-800">
              Files for the GST portal
            </h2>
            <div className="flex flex-wrap gap-2">
              <Button tone="primary" disabled={busy} onClick={() => download(null)}>
                GSTR-1 JSON
              </Button>
              {tables.map((t) => (
                <Button key={t.table} small disabled={busy} onClick={() => download(t.table)}>
                  {t.label} CSV
                </Button>
              ))}
            </div>
          </section>
        </div>
      ) : null}
    </div>
  )
}
