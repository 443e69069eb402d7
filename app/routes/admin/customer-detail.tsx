import { Link, useParams } from 'react-router'
import type { AdminCustomer } from '../../../contracts/admin-people.ts'
import { adminSend, problemText, useAdmin } from '../../features/admin/admin-api.ts'
import { money, when, whenShort } from '../../features/admin/format.ts'
import {
  Badge,
  ConfirmButton,
  Loading,
  LoadProblem,
  PageTitle,
  statusTone,
} from '../../features/admin/ui.tsx'
import { useQueryClient } from '../../lib/query.ts'
import { toast } from '../../lib/toast.tsx'

export const meta = () => [{ title: 'Customer | Shop console' }]

export default function CustomerDetailScreen() {
  const { id } = useParams()
  const q = useAdmin<AdminCustomer>(`/customers/${id}`)
  const queryClient = useQueryClient()
  if (q.isPending) return <Loading />
  if (q.isError) return <LoadProblem error={q.error} retry={() => q.refetch()} />
  const c = q.data
  return (
    <div>
      <p className="mb-2 text-sm">
        <Link to="/admin/customers" className="text-brand-700 underline">
          ← All customers
        </Link>
      </p>
      <PageTitle
        title={c.fullName}
        intro={`Account since ${whenShort(c.createdAt)}.`}
        action={
          <span className="flex flex-wrap items-center gap-2">
            {c.role === 'admin' ? <Badge tone="blue">Staff</Badge> : null}
            {c.disabled ? (
              <Badge tone="red">Disabled {whenShort(c.disabledAt)}</Badge>
            ) : (
              <Badge tone="green">Active</Badge>
            )}
            <ConfirmButton
              small={false}
              tone={c.disabled ? 'primary' : 'danger'}
              question={c.disabled ? 'Enable this account again?' : 'Disable this account?'}
              detail={
                c.disabled
                  ? 'They can sign in again.'
                  : 'They are signed out everywhere at once and cannot sign in. Their orders stay.'
              }
              confirmLabel={c.disabled ? 'Yes, enable' : 'Yes, disable'}
              onConfirm={async () => {
                try {
                  const r = await adminSend(`/customers/${c._id}/disable`, 'POST', { disabled: !c.disabled })
                  toast.success(r.message)
                  await queryClient.invalidateQueries({ queryKey: ['admin'] })
                } catch (err) {
                  toast.error(problemText(err), { duration: 8000 })
                }
              }}
            >
              {c.disabled ? 'Enable account' : 'Disable account'}
            </ConfirmButton>
          </span>
        }
      />
      <div className="grid gap-4 lg:grid-cols-2">
        <section aria-labelledby="contact-title" className="rounded-lg border border-brand-200 bg-white p-4">
          <h2 id="contact-title" className="mb-2 text-lg font-bold text-brand-800">
            Contact
          </h2>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="font-semibold">E-mail</dt>
            <dd className="break-all">
              <a href={`mailto:${c.email}`}>{c.email}</a>
            </dd>
            <dt className="font-semibold">Mobile</dt>
            <dd>{c.mobile ? <a href={`tel:${c.mobile}`}>{c.mobile}</a> : '—'}</dd>
            <dt className="font-semibold">Username</dt>
            <dd>{c.userName ?? '—'}</dd>
          </dl>
        </section>
        <section
          aria-labelledby="addresses-title"
          className="rounded-lg border border-brand-200 bg-white p-4"
        >
          <h2 id="addresses-title" className="mb-2 text-lg font-bold text-brand-800">
            Addresses
          </h2>
          {c.addresses.length === 0 ? <p className="text-sm">No saved addresses.</p> : null}
          <ul className="grid gap-2">
            {c.addresses.map((a) => (
              <li key={a._id} className="text-sm">
                <Badge>{a.addressType}</Badge> {a.fullName}, {a.streetAddress}, {a.city}, {a.state}{' '}
                {a.postalCode} · {a.phoneNumber}
              </li>
            ))}
          </ul>
        </section>
        <section
          aria-labelledby="orders-title"
          className="rounded-lg border border-brand-200 bg-white p-4 lg:col-span-2"
        >
          <h2 id="orders-title" className="mb-2 text-lg font-bold text-brand-800">
            Orders
          </h2>
          {c.orders.length === 0 ? <p className="text-sm">No orders yet.</p> : null}
          <ul className="grid gap-2">
            {c.orders.map((o) => (
              <li key={o._id}>
                <Link
                  to={`/admin/orders/${o._id}`}
                  className="flex flex-wrap items-center gap-3 text-sm hover:underline"
                >
                  <span className="font-semibold text-brand-800">{o.orderNumber}</span>
                  <Badge tone={statusTone(o.status)}>{o.status}</Badge>
                  <span>{money(o.total)}</span>
                  <span className="text-ink/75">
                    {o.paymentStatus} · {when(o.createdAt)}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  )
}
