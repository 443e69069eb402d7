/**
 * What the shop's service worker may keep on the phone, and how it names what it keeps (decision 142). Pure
 * functions of addresses and headers, so they are tested on their own; the worker (service-worker.ts) is
 * built with them (scripts/build-worker.ts).
 *
 * The worker keeps only what is the same for everyone: the catalogue pages a visitor saw (as the server's
 * page cache does, decision 007), the build's hashed files and the public pictures. Nothing personal: no API
 * answer, no cart, checkout, account, order or console page, and no answer the server marked private.
 */

/** How many pages, pictures and build files are kept at most; the oldest go first. */
export const maxPages = 30
export const maxPictures = 60
export const maxAssets = 200

/** The offline page, one per language, kept when the worker is installed (server/http/app-install.ts). */
export const offlinePath = '/offline'
export const offlineLanguages = ['en', 'hi'] as const
export type OfflineLanguage = (typeof offlineLanguages)[number]
// In the path, not `?lang=`: that would also set the visitor's language cookie (server/http/language.ts).
export const offlinePage = (language: OfflineLanguage) => `${offlinePath}/${language}`
/** Where the offline page wants the list of kept pages. */
export const keptListMark = '<!--kept-pages-->'

/** The app shell the offline page needs: itself in each language and the logo it shows. */
export const shellFiles = [...offlineLanguages.map(offlinePage), '/logo.svg']

/** The names of this version's caches; a new worker deletes every `shop-` cache not among them. */
export function cacheNames(version: string) {
  return {
    shell: `shop-shell-${version}`,
    pages: `shop-pages-${version}`,
    assets: `shop-assets-${version}`,
    pictures: `shop-pictures-${version}`,
  }
}

/** Caches a worker of `version` no longer uses: those of other versions. */
export function staleCaches(names: readonly string[], version: string): string[] {
  const current = new Set(Object.values(cacheNames(version)))
  return names.filter((name) => name.startsWith('shop-') && !current.has(name))
}

// Catalogue pages: the home page, product pages, listings, state pages and search results. Case-sensitive
// where the router is (/Product/{id} and /product/{category}), as app/routes.ts declares them.
const cataloguePage =
  /^\/(?:$|Productdetails\/[^/]+$|Product\/[^/]+$|product\/[^/]+(?:\/[^/]+)?$|StateProduct(?:\/[^/]+)?$|products$)/

// Answers that speak to the customer who sent them (app/lib/cart-notice.ts, a staff preview): never kept.
const personalQuery = new Set(['cart', 'wishlist', 'preview'])

/** Whether a page at this address may be kept, before its answer is seen. */
export function keepsPage(url: URL): boolean {
  const path = url.pathname.replace(/\/$/, '') || '/'
  // A page's route data (`.data`) is not the page: a kept page is only ever a whole document.
  if (!cataloguePage.test(path) || path.endsWith('.data') || url.href.length > 300) return false
  for (const key of url.searchParams.keys()) if (personalQuery.has(key)) return false
  return true
}

/** The part of an answer the worker looks at before keeping it. */
export type Answer = {
  status: number
  type: string
  headers: { get(name: string): string | null }
}

/**
 * Whether an answer may be kept: a whole, plain answer from the shop itself that the server did not mark as
 * personal. The server sends `no-store` on every page rendered for a signed-in customer (server/http/no-store.ts),
 * so those are never kept. A browser hides Set-Cookie from the worker; it is checked for the day it does not.
 */
export function mayKeep(answer: Answer, kind: 'page' | 'file'): boolean {
  if (answer.status !== 200 || answer.type !== 'basic') return false
  const caching = (answer.headers.get('cache-control') ?? '').toLowerCase()
  if (/\b(?:no-store|private)\b/.test(caching)) return false
  if (answer.headers.get('set-cookie')) return false
  const type = answer.headers.get('content-type') ?? ''
  return kind === 'page' ? type.startsWith('text/html') : !type.startsWith('text/html')
}

/** How often a signed-in customer's page is fetched again as everyone sees it, to keep (see below). */
export const publicCopyEveryMs = 60 * 60 * 1000

/**
 * Whether to fetch a page again without the customer's cookies and keep that copy instead. A page rendered
 * for a signed-in customer is theirs alone (the server marks it no-store, server/http/no-store.ts) and is
 * never kept; the same page as every visitor sees it is, so a signed-in customer offline still opens the
 * products they saw. At most once an hour for each page: on mobile data the second fetch is not free.
 */
export function wantsPublicCopy(answer: Answer, keptAt: number | null, now: number): boolean {
  if (mayKeep(answer, 'page')) return false
  if (answer.status !== 200 || answer.type !== 'basic') return false
  if (!(answer.headers.get('content-type') ?? '').startsWith('text/html')) return false
  return keptAt === null || now - keptAt >= publicCopyEveryMs
}

/** The build's own files: their names change with their content, so a kept copy never goes stale. */
export function isBuildFile(url: URL): boolean {
  return url.pathname.startsWith('/assets/')
}

// Pictures every visitor sees. Not avatars, nor the photos of an order, a return or a seva booking.
const publicPicture =
  /^\/(?:uploads\/(?:products|categories|states|sliders|banners|temples|artisans|clusters|reviews)\/[\w./-]+|media\/[\w.-]+|logo)\.(?:webp|avif|png|jpe?g|svg)$/

/** Whether a picture at this address may be kept. */
export function keepsPicture(url: URL): boolean {
  return publicPicture.test(url.pathname) && !url.pathname.includes('..') && url.search === ''
}

/**
 * The page a request for a page's data belongs to (React Router's `/path.data` and `/_.data`, fetched when
 * a link is followed within the app), or null for anything else. Offline, the worker answers these by asking
 * the browser to open that page as a whole document, which it then answers with its kept copy or the offline
 * page, instead of the page saying its data could not be fetched.
 */
export function pageOfRouteData(url: URL): string | null {
  if (!url.pathname.endsWith('.data')) return null
  const params = new URLSearchParams(url.search)
  params.delete('_routes')
  const query = params.toString()
  // A folder's own page ('/' and any address ending in '/') asks for '<folder>/_.data'; older releases
  // asked for '/_root.data'.
  const path =
    url.pathname === '/_root.data'
      ? '/'
      : url.pathname.endsWith('/_.data')
        ? url.pathname.slice(0, -'_.data'.length)
        : url.pathname.slice(0, -'.data'.length)
  return `${path}${query ? `?${query}` : ''}`
}

/** The headers a kept page carries beside the server's: when it was kept, its title and its language. */
export const keptHeaders = { at: 'x-kept-at', title: 'x-kept-title', language: 'x-kept-language' } as const

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'" }

/** A page's title as text (React escapes it in the HTML). */
export function pageTitle(html: string): string {
  const raw = /<title[^>]*>([^<]*)<\/title>/i.exec(html)?.[1] ?? ''
  return raw
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith('#x')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16))
      if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)))
      return entities[name.toLowerCase()] ?? whole
    })
    .trim()
}

/** The language a page was rendered in (the root's `data-language`, decision 097); English when unsaid. */
export function pageLanguage(html: string): OfflineLanguage {
  const language = /<html[^>]*\sdata-language="([a-z]+)"/i.exec(html)?.[1]
  return language === 'hi' ? 'hi' : 'en'
}

/** The language the offline page is shown in: the one asked for, else the last kept page's. */
export function offlineLanguage(url: URL, lastKept: string | null | undefined): OfflineLanguage {
  const asked = url.searchParams.get('lang')
  if (asked === 'hi' || asked === 'en') return asked
  return lastKept === 'hi' ? 'hi' : 'en'
}

export type KeptPage = { url: string; title: string; at: number }

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  )

/** The offline page with the kept pages listed, newest first, each a link to open it. */
export function withKeptPages(template: string, pages: readonly KeptPage[], origin: string): string {
  const items = [...pages]
    .sort((a, b) => b.at - a.at)
    .map((page) => {
      const url = new URL(page.url, origin)
      const href = url.origin === origin ? `${url.pathname}${url.search}` : '/'
      return `<li><a href="${escapeHtml(href)}">${escapeHtml(page.title || url.pathname)}</a></li>`
    })
  return template.replace(keptListMark, items.join(''))
}

/** The kept entries to drop so that at most `max` remain, oldest first. */
export function oldestBeyond<T extends { at: number }>(entries: readonly T[], max: number): T[] {
  if (entries.length <= max) return []
  return [...entries].sort((a, b) => a.at - b.at).slice(0, entries.length - max)
}

/** What a push notification shows (decision 144), read from the payload the shop sent: `{title, body, url, tag}`. */
export type PushNotice = { title: string; body: string; url: string; tag: string | undefined }

const shopName = 'Kalaa Setu'

/**
 * The notification of a push payload. A payload that is not the shop's shape still shows something (a
 * browser may end a subscription whose push shows nothing): the shop's name and 'Open the shop'. Only a page
 * of the shop's own origin is opened by a tap.
 */
export function pushNotification(text: string, origin: string): PushNotice {
  let data: Record<string, unknown> = {}
  try {
    const parsed: unknown = JSON.parse(text)
    if (parsed && typeof parsed === 'object') data = parsed as Record<string, unknown>
  } catch {}
  const words = (v: unknown, max: number) =>
    typeof v === 'string' && v.trim() ? v.trim().slice(0, max) : undefined
  return {
    title: words(data.title, 100) ?? shopName,
    body: words(data.body, 500) ?? 'Open the shop',
    url: notificationUrl({ url: data.url }, origin),
    tag: words(data.tag, 200),
  }
}

/** The page a tap on a notification opens: its `url` when it is the shop's own, else the home page. */
export function notificationUrl(data: unknown, origin: string): string {
  const url = data && typeof data === 'object' && 'url' in data ? data.url : undefined
  if (typeof url !== 'string') return `${origin}/`
  try {
    const target = new URL(url, origin)
    return target.origin === origin ? target.href : `${origin}/`
  } catch {
    return `${origin}/`
  }
}
