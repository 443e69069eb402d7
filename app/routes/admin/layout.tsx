import { useEffect } from 'react'
import {
  data,
  isRouteErrorResponse,
  Link,
  NavLink,
  Outlet,
  redirect,
  useNavigate,
  useRevalidator,
  useRouteError,
} from 'react-router'
import { areaOfPath, navFor } from '../../../contracts/admin-nav.ts'
import { paymentsSimulated } from '../../../contracts/payment-mode.ts'
import { mayOpen } from '../../../contracts/staff.ts'
import { refreshSession } from '../../features/account/refresh.ts'
import { adminTexts } from '../../features/admin/nav.ts'
import { ConsoleNotices } from '../../features/admin/notices.tsx'
import { useHeaderClearance } from '../../features/admin/scroll-clearance.ts'
import { SimulatedPaymentsNotice } from '../../features/checkout/simulated-payments-notice.tsx'
import { appLoadContext } from '../../lib/context.ts'
import type { Route } from './+types/layout'

const hasRefreshCookie = (cookie: string | null) => /(?:^|;\s*)refreshToken=[^;\s]/.test(cookie ?? '')

export const meta = () => [{ title: 'Shop console | Kalaa Setu' }, { name: 'robots', content: 'noindex' }]

/**
 * The console's guard, on the server: the signed-in account (accessToken cookie) must be an enabled
 * admin in the database; a customer gets 403, nobody at all goes to /login. The API checks again on
 * every call (/api/v1/admin is guarded in one place).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { viewer, services } = appLoadContext(context)
  if (!viewer) {
    // An expired access token with a refresh token left: the browser renews it, then asks again.
    if (hasRefreshCookie(request.headers.get('cookie'))) return { state: 'renew' as const }
    throw redirect('/login')
  }
  // viewer comes from the database (an enabled account with a live sign-in), not from the token's claims.
  if (viewer.role !== 'admin') throw data(adminTexts.forbidden, { status: 403 })
  // Each screen belongs to a part of the console; a role without it gets 403, as from the API (decision 091).
  // A move within the console loads `/admin/orders.data`: the screen is the address without `.data`.
  const area = areaOfPath(new URL(request.url).pathname.replace(/\.data$/, ''))
  if (!area || !mayOpen(viewer.staffRole, area)) throw data(adminTexts.notYourArea, { status: 403 })
  return {
    state: 'ok' as const,
    paymentsSimulated: paymentsSimulated(services.config),
    staffRole: viewer.staffRole,
  }
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const revalidator = useRevalidator()
  const navigate = useNavigate()
  useHeaderClearance()
  useEffect(() => {
    if (loaderData.state !== 'renew') return
    refreshSession()
      .then((token) => (token ? revalidator.revalidate() : navigate('/login')))
      .catch(() => navigate('/login'))
  }, [loaderData.state, revalidator, navigate])

  if (loaderData.state === 'renew') {
    return (
      <p role="status" className="p-8 text-center">
        Checking your session…
      </p>
    )
  }
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-4 px-3 py-4 md:flex-row md:px-6">
      <nav aria-label="Shop console" className="md:w-48 md:shrink-0">
        <p className="mb-2 hidden text-xs font-bold uppercase tracking-wide text-brand-700 md:block">
          Shop console
        </p>
        <ul className="-mx-3 flex gap-1 overflow-x-auto px-3 pb-2 md:mx-0 md:flex-col md:overflow-visible md:px-0">
          {navFor(loaderData.staffRole).map((item) => (
            <li key={item.to} className="shrink-0">
              <NavLink
                to={item.to}
                end={'end' in item}
                className={({ isActive }) =>
                  `flex min-h-11 items-center rounded px-3 py-2 text-sm font-semibold whitespace-nowrap ${isActive ? 'bg-brand-700 text-white' : 'bg-white text-brand-800 hover:bg-brand-100 md:bg-transparent'}`
                }
              >
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0 flex-1">
        {loaderData.paymentsSimulated && (
          <div className="mb-4">
            <SimulatedPaymentsNotice where="console" />
          </div>
        )}
        <Outlet />
      </div>
      <ConsoleNotices />
    </div>
  )
}

export function ErrorBoundary() {
  const error = useRouteError()
  const forbidden = isRouteErrorResponse(error) && error.status === 403
  // A member of staff whose role lacks this screen is told so, not taken for a customer.
  const notTheirs = forbidden && error.data === adminTexts.notYourArea
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="font-serif text-2xl font-bold text-brand-800">
        {notTheirs ? 'Not part of your role' : forbidden ? 'Staff only' : 'Something went wrong'}
      </h1>
      <p className="mt-3">
        {notTheirs
          ? adminTexts.notYourArea
          : forbidden
            ? adminTexts.forbidden
            : 'Please reload the page in a moment.'}
      </p>
      <p className="mt-6">
        <Link to={notTheirs ? '/admin' : '/'} className="font-semibold text-brand-700 underline">
          {notTheirs ? 'Back to the console' : 'Back to the shop'}
        </Link>
      </p>
    </div>
  )
}
