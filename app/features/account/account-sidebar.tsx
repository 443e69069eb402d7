import { NavLink, useNavigate } from 'react-router'
import { msg } from '../../../contracts/languages.ts'
import { useT } from '../../i18n/i18n.tsx'
import type { Account } from '../../lib/account-api.ts'
import { useQueryClient } from '../../lib/query.ts'
import { signOut } from '../../lib/sign-out.ts'
import { Avatar } from './avatar.tsx'
import { sidebarDefaults } from './messages.ts'

/** The account pages' links (spec section 2, account sidebar). */
export const accountLinks = [
  { to: '/Dashboard', label: msg('Dashboard') },
  { to: '/Order-History', label: msg('My Order') },
  { to: '/seva-bookings', label: msg('My Sevas') },
  { to: '/Cart', label: msg('My Cart') },
  { to: '/Wishlist', label: msg('Wishlist') },
  { to: '/store-credit', label: msg('Store credit') },
  { to: '/Address', label: msg('Address') },
  { to: '/Change-Password', label: msg('Change Password') },
  { to: '/profile', label: msg('Settings') },
] as const

export function AccountSidebar({ user }: { user: Account | null | undefined }) {
  const t = useT()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const fullName = user?.fullName || t(sidebarDefaults.fullName)
  const email = user?.email || sidebarDefaults.email

  const onSignOut = async () => {
    await signOut()
    queryClient.removeQueries()
    navigate('/login')
  }

  return (
    <aside
      aria-label={t('Your account')}
      className="min-w-0 self-start rounded-lg border border-brand-100 bg-white p-3 shadow-sm lg:p-4"
    >
      <div className="flex items-center gap-3 lg:flex-col lg:text-center" data-testid="account-card">
        <Avatar src={user?.avatar} name={fullName} size={56} />
        {/* Full width in the centred column too, or a long e-mail spills out instead of truncating. */}
        <div className="min-w-0 lg:w-full">
          <p className="truncate font-semibold text-brand-800" data-testid="sidebar-name">
            {fullName}
          </p>
          <p className="truncate text-sm text-ink/80" data-testid="sidebar-email">
            {email}
          </p>
        </div>
      </div>
      <nav aria-label={t('Account')} className="mt-3 border-t border-brand-100 pt-3">
        <ul className="-mx-1 flex gap-1 overflow-x-auto pb-1 lg:mx-0 lg:flex-col lg:overflow-visible lg:pb-0">
          {accountLinks.map((l) => (
            <li key={l.to} className="shrink-0">
              <NavLink
                to={l.to}
                className={({ isActive }) =>
                  `block rounded px-3 py-2 text-sm font-medium whitespace-nowrap ${
                    isActive ? 'bg-brand-700 text-white' : 'text-ink hover:bg-brand-50 hover:text-brand-700'
                  }`
                }
              >
                {t(l.label)}
              </NavLink>
            </li>
          ))}
          <li className="shrink-0">
            <button
              type="button"
              onClick={onSignOut}
              className="block w-full rounded px-3 py-2 text-left text-sm font-medium whitespace-nowrap text-brand-700 hover:bg-brand-50"
            >
              {t('Sign Out')}
            </button>
          </li>
        </ul>
      </nav>
    </aside>
  )
}
