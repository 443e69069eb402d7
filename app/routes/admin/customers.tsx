import { Link, useSearchParams } from 'react-router'
import type { AdminCustomerPage } from '../../../contracts/admin-people.ts'
import { useAdmin } from '../../features/admin/admin-api.ts'
import { filterSetter } from '../../features/admin/filter-params.ts'
import { whenShort } from '../../features/admin/format.ts'
import {
  Badge,
  inputClass,
  Loading,
  LoadProblem,
  Pager,
  PageTitle,
  useDebounced,
} from '../../features/admin/ui.tsx'

export const meta = () => [{ title: 'Customers | Shop console' }]

export default function CustomersScreen() {
  const [params, setParams] = useSearchParams()
  const q = params.get('q') ?? ''
  const search = useDebounced(q)
  const filters = new URLSearchParams()
  if (search) filters.set('q', search)
  if (params.get('page')) filters.set('page', params.get('page')!)
  const list = useAdmin<AdminCustomerPage>(`/customers?${filters}`)
  const set = filterSetter(setParams)
  return (
    <div>
      <PageTitle
        title="Customers"
        intro="Everyone with an account. Open one to see their orders and addresses, or to disable the account."
      />
      <label className="mb-4 grid max-w-md gap-1 text-sm font-semibold">
        Search name, e-mail or mobile
        <input type="search" className={inputClass} value={q} onChange={(e) => set('q', e.target.value)} />
      </label>
      {list.isPending ? <Loading /> : null}
      {list.isError ? <LoadProblem error={list.error} retry={() => list.refetch()} /> : null}
      <ul className="grid gap-2">
        {(list.data?.items ?? []).map((c) => (
          <li key={c._id}>
            <Link
              to={`/admin/customers/${c._id}`}
              className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-brand-200 bg-white p-3 hover:border-brand-600"
            >
              <span className="font-semibold text-brand-800">{c.fullName}</span>
              <span className="break-all text-sm">{c.email}</span>
              {c.mobile ? <span className="text-sm">{c.mobile}</span> : null}
              <span className="text-sm text-ink/75">
                {c.orderCount} order{c.orderCount === 1 ? '' : 's'} · joined {whenShort(c.createdAt)}
              </span>
              {c.role === 'admin' ? <Badge tone="blue">Staff</Badge> : null}
              {c.disabled ? <Badge tone="red">Disabled</Badge> : null}
            </Link>
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
