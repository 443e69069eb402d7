import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import type { NavCategory } from '../../contracts/catalogue.ts'
import {
  type Language,
  languageNames,
  languages,
  msg,
  switchLanguageHref,
} from '../../contracts/languages.ts'
import { useI18n } from '../i18n/i18n.tsx'
import { island } from '../lib/island.tsx'
import { site } from '../lib/site.ts'
import { useHeaderCounts } from '../lib/use-header-counts.ts'
import { useIsStaff, useSignedIn } from '../lib/use-signed-in.ts'
import {
  CartIcon,
  ChatIcon,
  ChevronDown,
  HeartIcon,
  MenuIcon,
  PhoneIcon,
  SearchIcon,
  UserIcon,
} from './icons.tsx'
import { Logo } from './logo.tsx'

/** The six shop entries of the mobile drawer (spec section 2). */
export const drawerShopCategories = [
  msg('Art & Painting'),
  msg('Handloom'),
  msg('Handicraft'),
  msg('Traditional'),
  msg('Eco-friendly'),
  msg('Gift Items'),
]

// The header is rendered once per page, so fixed ids are unique.
export const menuId = 'site-menu'
export const searchId = 'site-search-dialog'

// The search and the phone menu are closed dialogs on the first screen: sent whole, their code at idle.
const SearchDialog = island(() => import('./header-menus.tsx').then((m) => ({ default: m.SearchDialog })))
const MenuDrawer = island(() => import('./header-menus.tsx').then((m) => ({ default: m.MenuDrawer })))
// The signed-in account menu is drawn only once opened; its code comes with theirs.
const AccountMenu = lazy(() => import('./header-menus.tsx').then((m) => ({ default: m.AccountMenu })))

export const categoryHref = (title: string) => `/product/${encodeURIComponent(title)}`
export const subcategoryHref = (category: string, sub: string) =>
  `/product/${encodeURIComponent(category)}/${encodeURIComponent(sub)}`

/**
 * Opens one of the header's dialogs where the browser does not do it itself for the button's `command`
 * (older browsers): opening it twice would only warn.
 */
function openDialog(id: string) {
  if ('command' in HTMLButtonElement.prototype) return
  const dialog = document.getElementById(id)
  if (dialog instanceof HTMLDialogElement && !dialog.open) dialog.showModal()
}

function CountBadge({ count, label }: { count: number; label: string }) {
  return (
    <span
      aria-hidden="true"
      className="absolute -top-1.5 -right-2 min-w-5 rounded-full bg-brand-600 px-1 text-center text-[11px] leading-5 font-semibold text-white"
      data-testid={`${label.split(' ')[0]}-count`}
    >
      {count}
    </span>
  )
}

type HeaderProps = { categories: NavCategory[]; signedInGuess: boolean; isAdmin?: boolean }

/** The shop's header with live cart and wishlist counts (needs the query client's provider). */
export function Header(props: HeaderProps) {
  const counts = useHeaderCounts(useSignedIn(props.signedInGuess))
  return <HeaderView {...props} counts={counts} />
}

/**
 * The header itself; without counts (the error page, which has no query client) the badges are left out.
 */
export function HeaderView({
  categories,
  signedInGuess,
  isAdmin: isAdminGuess = false,
  counts,
}: HeaderProps & { counts: { cart: number; wishlist: number } | null }) {
  const signedIn = useSignedIn(signedInGuess)
  const isAdmin = useIsStaff(isAdminGuess)
  const navigate = useNavigate()
  const { t, language } = useI18n()
  const [accountOpen, setAccountOpen] = useState(false)
  const account = useRef<HTMLDivElement>(null)
  // How the last press on the account icon came: a touch opens the menu, a mouse click goes to /profile.
  const accountPointer = useRef('mouse')

  // A tap or Escape outside the open menu closes it (a phone has no mouse leaving it).
  useEffect(() => {
    if (!accountOpen) return
    const outside = (e: PointerEvent) => {
      if (!account.current?.contains(e.target as Node)) setAccountOpen(false)
    }
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setAccountOpen(false)
    document.addEventListener('pointerdown', outside)
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('pointerdown', outside)
      document.removeEventListener('keydown', onKey)
    }
  }, [accountOpen])

  const logOut = async () => {
    setAccountOpen(false)
    const { signOut } = await import('../lib/sign-out.ts')
    await signOut()
    navigate('/login')
  }

  return (
    <header className="sticky top-0 z-30 bg-white/95 shadow-sm backdrop-blur">
      <div className="bg-brand-800 text-brand-50 text-xs sm:text-sm">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-2 px-3 py-1.5">
          <div className="flex items-center gap-3">
            <a href={site.phoneHref} className="flex items-center gap-1 hover:underline">
              <PhoneIcon width={14} height={14} /> <span>{site.phone}</span>
            </a>
            <a
              href={`https://wa.me/${site.whatsappNumber}`}
              className="hidden items-center gap-1 hover:underline sm:flex"
              target="_blank"
              rel="noreferrer"
            >
              <ChatIcon width={14} height={14} /> <span>WhatsApp {site.whatsapp}</span>
            </a>
          </div>
          <nav aria-label={t('Foundation')} className="flex items-center gap-3">
            <Link to="/AboutUs" className="hover:underline">
              {t('About Us')}
            </Link>
            <Link to="/ContactUs" className="hover:underline">
              {t('Contact Us')}
            </Link>
            <LanguageSwitch current={language} />
          </nav>
        </div>
      </div>

      <div className="mx-auto flex max-w-7xl items-center gap-2 px-3 py-2">
        <button
          type="button"
          className="rounded p-2 text-brand-800 lg:hidden"
          aria-label={t('Open menu')}
          // Opens the drawer natively before the page's code has run (docs/decisions/019).
          commandfor={menuId}
          command="show-modal"
          onClick={() => openDialog(menuId)}
        >
          <MenuIcon />
        </button>
        <Link
          to="/"
          className="flex shrink-0 items-center gap-2"
          aria-label={t('{name} home', { name: site.name })}
        >
          <Logo className="h-10 w-10" />
          <span className="hidden font-serif text-lg leading-tight font-bold text-brand-800 sm:block">
            {site.shortName}
          </span>
        </Link>

        <nav aria-label={t('Shop categories')} className="ml-4 hidden flex-1 items-center gap-1 lg:flex">
          {categories.map((c) => (
            <div key={c.categoriesTitle} className="group relative">
              <Link
                to={categoryHref(c.categoriesTitle)}
                className="flex items-center gap-0.5 rounded px-2 py-2 text-sm font-medium text-ink hover:text-brand-700"
              >
                {c.label}
                {c.subcategories.length > 0 ? <ChevronDown width={14} height={14} /> : null}
              </Link>
              {c.subcategories.length > 0 ? (
                <ul className="invisible absolute top-full left-0 z-40 min-w-52 rounded-md border border-brand-100 bg-white py-1 opacity-0 shadow-lg transition group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100">
                  {c.subcategories.map((s) => (
                    <li key={s.subCategoryTitle}>
                      <Link
                        to={subcategoryHref(c.categoriesTitle, s.subCategoryTitle)}
                        className="block px-4 py-2 text-sm hover:bg-brand-50 hover:text-brand-700"
                      >
                        {s.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
          ))}
          <Link to="/StateProduct" className="rounded px-2 py-2 text-sm font-medium hover:text-brand-700">
            {t('State Wise')}
          </Link>
        </nav>

        <div className="ml-auto flex items-center gap-1 sm:gap-3">
          <button
            type="button"
            className="rounded p-2 hover:text-brand-700"
            aria-label={t('Search')}
            commandfor={searchId}
            command="show-modal"
            onClick={() => openDialog(searchId)}
          >
            <SearchIcon />
          </button>
          <div
            ref={account}
            className="relative"
            onPointerLeave={(e) => e.pointerType === 'mouse' && setAccountOpen(false)}
          >
            {/* The whole 44 px icon is the touch target (decision 029): a tap opens the menu, whose
                first entry is Profile; a mouse click still goes to /profile and hovering opens it. */}
            <Link
              to={signedIn ? '/profile' : '/Login'}
              className="flex size-11 items-center justify-center rounded hover:text-brand-700"
              aria-label={signedIn ? t('My account') : t('Sign in')}
              aria-expanded={signedIn ? accountOpen : undefined}
              data-testid="account-control"
              onPointerDown={(e) => {
                accountPointer.current = e.pointerType
              }}
              onPointerEnter={(e) => signedIn && e.pointerType === 'mouse' && setAccountOpen(true)}
              onClick={(e) => {
                const touched = accountPointer.current !== 'mouse'
                // The next click may come from the keyboard, which has no pointer: it follows the link.
                accountPointer.current = 'mouse'
                if (!signedIn || !touched) return
                e.preventDefault()
                setAccountOpen((o) => !o)
              }}
            >
              <UserIcon />
            </Link>
            {signedIn ? (
              <button
                type="button"
                className="absolute right-0 bottom-0.5 rounded-full bg-white p-0.5 text-brand-800"
                aria-label={t('Account menu')}
                aria-expanded={accountOpen}
                onClick={() => setAccountOpen((o) => !o)}
              >
                <ChevronDown width={12} height={12} />
              </button>
            ) : null}
            {signedIn && accountOpen ? (
              <Suspense>
                <AccountMenu isAdmin={isAdmin} close={() => setAccountOpen(false)} onLogOut={logOut} />
              </Suspense>
            ) : null}
          </div>
          {/* The name is the link's own (hidden) text, which holds the count the badge shows (WCAG 2.5.3). */}
          <Link to="/wishlist" className="relative rounded p-2 hover:text-brand-700">
            <span className="sr-only">
              {counts
                ? t('Wishlist ({count, plural, one {# item} other {# items}})', { count: counts.wishlist })
                : t('Wishlist')}
            </span>
            <HeartIcon />
            {counts ? <CountBadge count={counts.wishlist} label="wishlist items" /> : null}
          </Link>
          <Link to="/Cart" className="relative rounded p-2 hover:text-brand-700">
            <span className="sr-only">
              {counts
                ? t('Cart ({count, plural, one {# item} other {# items}})', { count: counts.cart })
                : t('Cart')}
            </span>
            <CartIcon />
            {counts ? <CountBadge count={counts.cart} label="cart items" /> : null}
          </Link>
        </div>
      </div>

      <SearchDialog />
      <MenuDrawer />
    </header>
  )
}

/**
 * The other languages of this page, as plain links: the server renders the page in the chosen language and
 * remembers the choice (docs/decisions/097). A whole-page load, so no text is ever shown in two languages.
 */
function LanguageSwitch({ current }: { current: Language }) {
  const location = useLocation()
  const here = `${location.pathname}${location.search}`
  return (
    <>
      {languages
        .filter((l) => l !== current)
        .map((l) => (
          <a
            key={l}
            href={switchLanguageHref(here, l)}
            hrefLang={l}
            lang={l}
            className="inline-flex min-h-6 items-center rounded border border-brand-200/60 px-1.5 hover:underline"
            data-testid="language-switch"
          >
            {languageNames[l]}
          </a>
        ))}
    </>
  )
}
