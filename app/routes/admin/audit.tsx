import { useSearchParams } from 'react-router'
import type { AuditPage } from '../../../contracts/admin-audit.ts'
import { useAdmin } from '../../features/admin/admin-api.ts'
import { when } from '../../features/admin/format.ts'
import { inputClass, Loading, LoadProblem, Pager, PageTitle } from '../../features/admin/ui.tsx'

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
  for (const k of ['entity', 'page']) {
    const v = params.get(k)
    if (v) filters.set(k, v)
  }
  const list = useAdmin<AuditPage>(`/audit?${filters}`)
  const set = (key: string, value: string) =>
    setParams((old) => {
      const next = new URLSearchParams(old)
      if (value) next.set(key, value)
      else next.delete(key)
      if (key !== 'page') next.delete('page')
      return next
    })
  return (
    <div>
      <PageTitle
        title="Audit log"
        intro="Every change made in this console: who, when, what, and the values before and after."
      />
      <label className="mb-4 grid max-w-xs gap-1 text-sm font-semibold">
        What was changed
        <select
          className={inputClass}
          value={params.get('entity') ?? ''}
          onChange={(e) => set('entity', e.target.value)}
        >
          <option value="">Everything</option>
          {entities.map((e) => (
            <option key={e} value={e}>
              {e}
            </option>
          ))}
        </select>
      </label>
      {list.isPending ? <Loading /> : null}
      {list.isError ? <LoadProblem error={list.error} retry={() => list.refetch()} /> : null}
      <ul className="grid gap-2">
        {(list.data?.items ?? []).map((e) => (
          <li key={e._id} className="rounded-lg border border-brand-200 bg-white p-3 text-sm">
            <div className="flex flex-wrap gap-x-3">
              <span className="font-semibold">{e.action}</span>
              <span className="break-all">by {e.actor}</span>
              <span className="text-ink/75">{when(e.createdAt)}</span>
              {e.entityId ? (
                <span className="break-all text-ink/75">
                  {e.entity} {e.entityId}
                </span>
              ) : null}
            </div>
            <details className="mt-1">
              <summary className="cursor-pointer text-brand-700">Before and after</summary>
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
