import './lib/no-eval.ts'
import { useEffect, useState } from 'react'
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useLoaderData,
  useRouteError,
  useRouteLoaderData,
} from 'react-router'
import sonnerCss from 'sonner/dist/styles.css?url'
import { type NavCategory, navCategory } from '../contracts/catalogue.ts'
import type { Route } from './+types/root'
import appCss from './app.css?url'
import { Header, HeaderView } from './components/header.tsx'
import { SessionCheck } from './features/account/session-check.tsx'
import { MessagesScript, useI18n } from './i18n/i18n.tsx'
import { appLoadContext } from './lib/context.ts'
import { island, islandsSettled } from './lib/island.tsx'
import { QueryClient, QueryClientProvider } from './lib/query.ts'
import { ShopToaster } from './lib/toast.tsx'

// Stylesheets with a precedence are written before the script preloads (docs/decisions/016): on a slow
// link the first paint waits for them, not for the page's code.
export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: appCss, precedence: 'default' },
  { rel: 'stylesheet', href: sonnerCss, precedence: 'default' },
  { rel: 'icon', href: '/logo.svg', type: 'image/svg+xml' },
  { rel: 'manifest', href: '/manifest.webmanifest' },
  // Safari's home-screen icon: it reads no manifest icons (decision 142).
  { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png' },
]

// What went wrong, on the error page only: its code is not part of every page's.
const ErrorView = island(() => import('./components/error-view.tsx'))

// The answer of a form sent before the page's code ran (decision 018), shown whole by the server; on most pages
// there is none, so its code is not part of every page's first visit.
const CartNoticeBanner = island(() => import('./features/cart/cart-notice-banner.tsx'))

type FooterProps = { categories: NavCategory[] }
// The footer is below every page's first screen: sent whole, its code (and the newsletter form's) fetched
// once the page is idle. After a navigation the root's data comes anew with the same categories.
const Footer = island(
  () => import('./components/footer.tsx'),
  (a: FooterProps, b: FooterProps) =>
    a.categories.length === b.categories.length &&
    a.categories.every(
      (c, i) => c.categoriesTitle === b.categories[i].categoriesTitle && c.label === b.categories[i].label,
    ),
)

export async function loader({ context }: Route.LoaderArgs) {
  const { services, nonce, viewer, i18n } = appLoadContext(context)
  let categories: Awaited<ReturnType<typeof services.catalogue.categoriesIn>> = []
  try {
    ;[categories] = await Promise.all([
      services.catalogue.categoriesIn(i18n.language),
      Footer.preload(),
      CartNoticeBanner.preload(),
    ])
  } catch (err) {
    // Header and footer categories failing must not take the page down (spec section 8: logged only).
    services.log.error({ err }, 'categories for header and footer failed to load')
  }
  return {
    nonce,
    language: i18n.language,
    signedIn: Boolean(viewer),
    isAdmin: viewer?.role === 'admin',
    headerCategories: categories
      .filter((c) => c.isHeaderCategory)
      .map((c) => navCategory(c, { image: false })),
    footerCategories: categories
      .filter((c) => c.status === 'active')
      .slice(0, 4)
      .map((c) => navCategory(c, { subcategories: false, image: false })),
  }
}

/**
 * The shell's data (the menu's categories, the signed-in guess the header corrects itself) is not fetched
 * again for each page opened in the app: a page whose own data cannot be fetched then says so in the page,
 * as the spec's 'Failed to fetch product details.' does, instead of the whole shop's error page. A change
 * sent by a form, and a language switch (a whole-page load), still bring it fresh.
 */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod.toUpperCase() !== 'GET') return defaultShouldRevalidate
  return false
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root')
  const nonce = data?.nonce
  const { t, locale, language } = useI18n()
  return (
    <html lang={locale} data-language={language}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#6e2b17" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:z-50 focus:bg-white focus:p-2"
        >
          {t('Skip to content')}
        </a>
        {children}
        <MessagesScript nonce={nonce} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

// In the browser, the shop's last header and footer data: a failed navigation can lose the root's own
// data (its loader is fetched with the page's), and the error page still shows the shop's categories.
let lastShell: Awaited<ReturnType<typeof loader>> | undefined

/**
 * Says the page's code has taken over (its buttons answer from now on), its islands included (they come
 * when the page is idle: app/lib/island.tsx); browser tests wait for it.
 */
function useHydratedMark() {
  useEffect(() => {
    void islandsSettled().then(() => {
      document.documentElement.dataset.hydrated = 'true'
    })
  }, [])
}

export default function App() {
  const data = useLoaderData<typeof loader>()
  if (typeof document !== 'undefined') lastShell = data
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { staleTime: 10_000, retry: 1 } } }),
  )
  useHydratedMark()
  return (
    <QueryClientProvider client={queryClient}>
      <Header categories={data.headerCategories} signedInGuess={data.signedIn} isAdmin={data.isAdmin} />
      <main id="main" className="flex-1">
        <CartNoticeBanner signedIn={data.signedIn} />
        <Outlet />
      </main>
      <Footer categories={data.footerCategories} />
      <ShopToaster />
      <SessionCheck />
    </QueryClientProvider>
  )
}

/**
 * The page shown when anything below (or the root loader) fails. It renders with nothing it cannot have:
 * no query client (the header without counts), possibly no root data, and never the error's details.
 */
export function ErrorBoundary() {
  const error = useRouteError()
  const data = useRouteLoaderData<typeof loader>('root') ?? lastShell
  useHydratedMark()
  return (
    <>
      <HeaderView
        categories={data?.headerCategories ?? []}
        signedInGuess={data?.signedIn ?? false}
        isAdmin={data?.isAdmin ?? false}
        counts={null}
      />
      <main id="main" className="flex-1">
        <ErrorView error={error} />
      </main>
      <Footer categories={data?.footerCategories ?? []} />
    </>
  )
}
