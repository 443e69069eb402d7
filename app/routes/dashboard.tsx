import { Link } from 'react-router'
import { AddressLines } from '../features/account/address-card.tsx'
import { Avatar } from '../features/account/avatar.tsx'
import { shopName } from '../features/catalogue/seo.ts'
import { useT } from '../i18n/i18n.tsx'
import { metaI18n } from '../i18n/meta.ts'
import { useDashboard } from '../lib/account-api.ts'
import { appLoadContext } from '../lib/context.ts'
import type { Route } from './+types/dashboard'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${metaI18n(matches).t('Dashboard')} | ${shopName}` },
]

export async function loader({ context }: Route.LoaderArgs) {
  const { services, viewer } = appLoadContext(context)
  if (!viewer) return { dashboard: null }
  try {
    const [user, address, orders] = await Promise.all([
      services.accounts.profile(viewer.id),
      services.addresses.first(viewer.id),
      services.orders.countsForCustomer(viewer.id),
    ])
    return { dashboard: { user, address, orders } }
  } catch (err) {
    services.log.error({ err }, 'dashboard failed to load')
    return { dashboard: null }
  }
}

function Count({ label, testId, value }: { label: string; testId: string; value: number | undefined }) {
  return (
    <div className="rounded-lg border border-brand-100 bg-white p-4 text-center shadow-sm">
      <p className="text-3xl font-bold text-brand-700" data-testid={`count-${testId}`}>
        {value ?? '–'}
      </p>
      <p className="mt-1 text-sm font-medium">{label}</p>
    </div>
  )
}

export default function DashboardPage({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const { data } = useDashboard(loaderData.dashboard)
  const user = data?.user
  const row = (label: string, value: string | undefined) => (
    <div className="flex gap-2">
      <dt className="w-24 shrink-0 text-ink/70">{label}</dt>
      <dd className="min-w-0 font-medium wrap-anywhere">{value || '—'}</dd>
    </div>
  )
  return (
    <div className="grid gap-4">
      <h1 className="font-serif text-2xl font-bold text-brand-800">{t('Dashboard')}</h1>
      <div className="grid grid-cols-3 gap-2 sm:gap-4">
        <Count label={t('Total Orders')} testId="total" value={data?.orders.total} />
        <Count label={t('Pending Orders')} testId="pending" value={data?.orders.pending} />
        <Count label={t('Completed Orders')} testId="completed" value={data?.orders.completed} />
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <section
          className="rounded-lg border border-brand-100 bg-white p-4 shadow-sm"
          aria-labelledby="account-info"
        >
          <div className="flex items-center justify-between gap-2">
            <h2 id="account-info" className="text-lg font-bold text-brand-800">
              {t('Account Information')}
            </h2>
            <Link to="/profile" className="text-sm font-semibold text-brand-700 underline">
              {t('Edit Account')}
            </Link>
          </div>
          <div className="mt-3 flex items-start gap-4">
            <Avatar src={user?.avatar} name={user?.fullName || t('Your')} size={64} />
            <dl className="grid min-w-0 gap-1 text-sm">
              {row(t('Full name'), user?.fullName)}
              {row(t('Username'), user?.userName)}
              {row(t('Email'), user?.email)}
              {row(t('Phone'), user?.mobile)}
            </dl>
          </div>
        </section>
        <section
          className="rounded-lg border border-brand-100 bg-white p-4 text-sm shadow-sm"
          aria-labelledby="default-address"
        >
          <div className="flex items-center justify-between gap-2">
            <h2 id="default-address" className="text-lg font-bold text-brand-800">
              {t('Address')}
            </h2>
            <Link to="/Address" className="text-sm font-semibold text-brand-700 underline">
              {t('Manage Addresses')}
            </Link>
          </div>
          <div className="mt-3" data-testid="dashboard-address">
            {data?.address ? (
              <AddressLines address={data.address} />
            ) : (
              <p className="text-ink/80">{t('No saved address yet.')}</p>
            )}
          </div>
        </section>
      </div>
    </div>
  )
}
