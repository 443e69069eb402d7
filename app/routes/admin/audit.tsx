import { useSearchParams } from 'react-router'
import type { AuditPage } from '../../../contracts/admin-audit.ts'
import { useAdmin } from '../../features/admin/admin-api.ts'
import { filterSetter } from '../../features/admin/filter-params.ts'
import { when } from '../../features/admin/format.ts'
import { FilterSelect, inputClass, Loading, LoadProblem, Pager, PageTitle } from '../../features/admin/ui.tsx'

const filterKeys = ['entity', 'action', 'actor', 'from', 'to', 'page'] as const

const entities = [
  'product',
  'order',
  'user',
  'category',
  'subcategory',
  'state',
  'slider',
  'banner',
  'coupon',
  'faq',
  'policy',
  'temple',
  'message',
  'image',
]

export const meta = () => [{ title: 'Audit log | Shop console' }]

function Json({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span className="text-ink/75">—</span>
  return (
    <pre className="max-h-48 overflow-auto whitespace-pre-wrap break-all rounded bg-brand-50 p-2 text-xs">
      {JSON.stringify(value, null, 1)}
    </pre>
  )
}

export default function AuditScreen() {
  const [params, setParams] = useSearchParams()
  const filters = new URLSearchParams()
  for (const k of filterKeys) {
    const v = params.get(k)
    if (v) filters.set(k, v)
  }
  const list = useAdmin<AuditPage>(`/audit?${filters}`)
  const set = filterSetter(setParams)
  return (
    <div>
      <PageTitle
        title="Audit log"
        intro="Every change made in this console, by whom and when, in words. Open an entry for the record as stored."
      />
      <div className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        <FilterSelect
          label="Person"
          all="Everyone"
          value={params.get('actor') ?? ''}
          onChange={(v) => set('actor', v)}
          options={(list.data?.people ?? []).map((p) => ({ value: p.id, label: p.name }))}
        />
        <FilterSelect
          label="What was changed"
          all="Everything"
          value={params.get('entity') ?? ''}
          onChange={(v) => set('entity', v)}
          options={entities.map((e) => ({ value: e, label: e }))}
        />
        <FilterSelect
          label="Kind of change"
          all="Any"
          value={params.get('action') ?? ''}
          onChange={(v) => set('action', v)}
          options={(list.data?.actions ?? []).map((a) => ({ value: a, label: a }))}
        />
        <label className="grid gap-1 text-sm font-semibold">
          From
          <input
            type="date"
            className={inputClass}
            value={params.get('from') ?? ''}
            onChange={(e) => set('from', e.target.value)}
          />
        </label>
        <label className="grid gap-1 text-sm font-semibold">
          To
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
      {list.data && list.data.items.length === 0 ? (
        <p className="text-sm text-ink/75">No changes match these filters.</p>
      ) : null}
      <ul className="grid gap-2">
        {(list.data?.items ?? []).map((e) => (
          <li key={e._id} className="rounded-lg border border-brand-200 bg-white p-3 text-sm">
            <p className="break-words font-semibold">{e.sentence}</p>
            <p className="text-xs text-ink/75">
              <time dateTime={e.createdAt}>{when(e.createdAt)}</time>
            </p>
            <details className="mt-1">
              <summary className="min-h-11 cursor-pointer py-2.5 text-brand-700">
                The record as stored
              </summary>
              <p className="mt-1 break-all text-xs text-ink/75">
                {e.action} by {e.actor}
                {e.entityId ? ` · ${e.entity} ${e.entityId}` : ''}
              </p>
              <div className="mt-1 grid gap-2 md:grid-cols-2">
                <div>
                  <p className="text-xs font-semibold">Before</p>
                  <Json value={e.before} />
                </div>
                <div>
                  <p className="text-xs font-semibold">After</p>
                  <Json value={e.after} />
                </div>
              </div>
            </details>
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
