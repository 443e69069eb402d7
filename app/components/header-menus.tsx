import { useRef } from 'react'
import { Link, useNavigate } from 'react-router'
import { useT } from '../i18n/i18n.tsx'
import { site } from '../lib/site.ts'
import { categoryHref, drawerShopCategories, menuId, searchId } from './header.tsx'
import { CloseIcon } from './icons.tsx'
import { SearchPending } from './search-pending.tsx'

// The header's search and its phone menu: closed dialogs until a tap opens them, natively before the page's
// code has run (docs/decisions/019). Islands (app/components/header.tsx): their code comes at idle.

/** The search dialog: a plain search of /products?search= until its code runs, then an in-app navigation. */
export function SearchDialog() {
  const t = useT()
  const navigate = useNavigate()
  const searchDialog = useRef<HTMLDialogElement>(null)

  const submitSearch = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    // Read from the form, which the page's code leaves as it is: words typed before it ran stay there.
    const text = String(new FormData(e.currentTarget).get('search') ?? '').trim()
    if (!text) return
    searchDialog.current?.close()
    navigate(`/products?search=${encodeURIComponent(text)}`)
  }

  return (
    <>
      <dialog
        ref={searchDialog}
        id={searchId}
        aria-label={t('Search products')}
        className="mx-auto mt-20 w-[min(40rem,92vw)] rounded-lg p-0 shadow-2xl backdrop:bg-black/50"
        onClick={(e) => e.target === searchDialog.current && searchDialog.current?.close()}
        onKeyDown={() => {}}
      >
        <search>
          {/* A plain search of /products?search= until the page's code runs, then an in-app navigation. */}
          <form
            action="/products"
            method="get"
            onSubmit={submitSearch}
            className="flex items-center gap-2 p-3"
          >
            <label htmlFor="site-search" className="sr-only">
              {t('Search products')}
            </label>
            <input
              id="site-search"
              name="search"
              type="search"
              placeholder={t('Search sarees, pottery, Madhubani...')}
              className="min-w-0 flex-1 rounded border border-brand-200 px-3 py-2 text-base focus:border-brand-600 focus:outline-none"
            />
            <button
              type="submit"
              className="rounded bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700"
            >
              {t('Search')}
            </button>
            <button
              type="button"
              className="rounded p-2"
              aria-label={t('Close search')}
              commandfor={searchId}
              command="close"
              onClick={() => searchDialog.current?.close()}
            >
              <CloseIcon />
            </button>
          </form>
        </search>
      </dialog>
      <SearchPending />
    </>
  )
}

/** The phone menu: a drawer of the shop's sections (spec section 2). */
export function MenuDrawer() {
  const t = useT()
  const drawer = useRef<HTMLDialogElement>(null)
  return (
    <dialog
      ref={drawer}
      id={menuId}
      aria-label={t('Menu')}
      className="m-0 h-full max-h-none w-72 max-w-[85vw] bg-white p-0 shadow-xl backdrop:bg-black/50"
      onClick={(e) => e.target === drawer.current && drawer.current?.close()}
      onKeyDown={() => {}}
    >
      <div className="flex items-center justify-between border-b border-brand-100 p-3">
        <span className="font-serif font-bold text-brand-800">{site.shortName}</span>
        <button
          type="button"
          aria-label={t('Close menu')}
          className="p-2"
          commandfor={menuId}
          command="close"
          onClick={() => drawer.current?.close()}
        >
          <CloseIcon />
        </button>
      </div>
      <nav aria-label={t('Mobile')} onClick={() => drawer.current?.close()} onKeyDown={() => {}}>
        <ul className="p-2 text-base">
          <li>
            <Link className="block rounded px-3 py-2 hover:bg-brand-50" to="/">
              {t('Home')}
            </Link>
          </li>
          <li className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-brand-700 uppercase">
            {t('Shop')}
          </li>
          {drawerShopCategories.map((title) => (
            <li key={title}>
              <Link className="block rounded py-2 pr-3 pl-6 hover:bg-brand-50" to={categoryHref(title)}>
                {t(title)}
              </Link>
            </li>
          ))}
          {[
            [t('State Wise'), '/StateProduct'],
            [t('About Us'), '/AboutUs'],
            [t('Contact-Us'), '/ContactUs'],
            [t('Temple'), '/temple'],
            [t('Support'), '/Support'],
          ].map(([label, to]) => (
            <li key={to}>
              <Link className="block rounded px-3 py-2 hover:bg-brand-50" to={to}>
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </dialog>
  )
}

/** The signed-in customer's account menu under the account icon. */
export function AccountMenu({
  isAdmin,
  close,
  onLogOut,
}: {
  isAdmin: boolean
  close: () => void
  onLogOut: () => void
}) {
  const t = useT()
  return (
    <ul
      aria-label={t('Account')}
      className="absolute right-0 z-40 mt-1 w-48 rounded-md border border-brand-100 bg-white py-1 text-sm shadow-lg"
    >
      <li>
        <Link className="block px-4 py-3 hover:bg-brand-50" to="/profile" onClick={close}>
          {t('Profile')}
        </Link>
      </li>
      <li>
        <Link className="block px-4 py-3 hover:bg-brand-50" to="/Order-History" onClick={close}>
          {t('My Orders')}
        </Link>
      </li>
      {isAdmin ? (
        <li>
          <Link
            className="block px-4 py-3 font-semibold text-brand-700 hover:bg-brand-50"
            to="/admin"
            onClick={close}
          >
            {t('Shop console')}
          </Link>
        </li>
      ) : null}
      <li>
        <Link className="block px-4 py-3 hover:bg-brand-50" to="/Support" onClick={close}>
          {t('Support')}
        </Link>
      </li>
      <li>
        <button
          type="button"
          className="block w-full px-4 py-3 text-left hover:bg-brand-50"
          onClick={onLogOut}
        >
          {t('Log Out')}
        </button>
      </li>
    </ul>
  )
}
