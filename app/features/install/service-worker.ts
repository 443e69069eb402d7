/**
 * The shop's service worker, served at /sw.js (decision 142). Built on its own by scripts/build-worker.ts,
 * which puts the build's version in place of `__SHOP_WORKER_VERSION__`; it is never part of a page's code.
 *
 * Pages the rules allow are asked of the network first and kept, so a customer offline can open again the
 * products and listings they saw; the build's hashed files and public pictures are kept as they are fetched
 * and served from the phone; anything else (the API, the cart, account pages) is left to the browser, never
 * kept. A page that cannot be reached and was never kept is answered with the offline page, listing what was.
 */
import {
  cacheNames,
  isBuildFile,
  type KeptPage,
  keepsPage,
  keepsPicture,
  keptHeaders,
  maxAssets,
  maxPages,
  maxPictures,
  mayKeep,
  notificationUrl,
  offlineLanguage,
  offlinePage,
  oldestBeyond,
  pageLanguage,
  pageOfRouteData,
  pageTitle,
  pushNotification,
  shellFiles,
  staleCaches,
  wantsPublicCopy,
  withKeptPages,
} from './keep-rules.ts'

declare const __SHOP_WORKER_VERSION__: string

// The worker's own global, typed here: the project's types are the page's (DOM), not a worker's.
type ExtendableEvent = Event & { waitUntil(work: Promise<unknown>): void }
type FetchEvent = ExtendableEvent & {
  request: Request
  preloadResponse: Promise<Response | undefined>
  respondWith(answer: Promise<Response>): void
}
type PushEvent = ExtendableEvent & { data: { text(): string } | null }
type NotificationEvent = ExtendableEvent & { notification: Notification }
type WindowClient = { url: string; focus(): Promise<unknown>; navigate(url: string): Promise<unknown> }
type WorkerGlobal = {
  location: Location
  registration: {
    navigationPreload?: { enable(): Promise<void> }
    showNotification(title: string, options: NotificationOptions): Promise<void>
  }
  clients: {
    claim(): Promise<void>
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClient[]>
    openWindow(url: string): Promise<unknown>
  }
  skipWaiting(): Promise<void>
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void
  addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void
}
const worker = self as unknown as WorkerGlobal
const names = cacheNames(__SHOP_WORKER_VERSION__)

worker.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const shell = await caches.open(names.shell)
      // Past the browser's own cache: the offline page of this version, not one it kept earlier.
      await shell.addAll(shellFiles.map((path) => new Request(path, { cache: 'reload' })))
      await worker.skipWaiting()
    })(),
  )
})

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      await Promise.all(
        staleCaches(await caches.keys(), __SHOP_WORKER_VERSION__).map((n) => caches.delete(n)),
      )
      // The page is asked for while the worker starts, so a phone does not wait for the worker first.
      await worker.registration.navigationPreload?.enable()
      await worker.clients.claim()
    })(),
  )
})

worker.addEventListener('fetch', (event) => {
  const { request } = event
  if (request.method !== 'GET') return
  const url = new URL(request.url)
  if (url.origin !== worker.location.origin) return
  if (request.mode === 'navigate') return event.respondWith(openPage(event, url))
  const page = pageOfRouteData(url)
  if (page) return event.respondWith(routeData(request, page))
  if (isBuildFile(url)) return event.respondWith(fromPhoneFirst(event, names.assets, maxAssets))
  if (request.destination === 'image' && keepsPicture(url))
    return event.respondWith(fromPhoneFirst(event, names.pictures, maxPictures))
})

// An order update by web push (decision 144): the payload the shop encrypted, `{title, body, url, tag}`.
worker.addEventListener('push', (event) => {
  const push = pushNotification(event.data?.text() ?? '', worker.location.origin)
  event.waitUntil(
    worker.registration.showNotification(push.title, {
      body: push.body,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      tag: push.tag,
      data: { url: push.url },
    }),
  )
})

// A tap opens the order's page: in a window of the shop already open, else a new one.
worker.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const url = notificationUrl(event.notification.data, worker.location.origin)
  event.waitUntil(
    (async () => {
      const open = await worker.clients.matchAll({ type: 'window', includeUncontrolled: true })
      const same = open.find((c) => c.url === url) ?? open[0]
      if (!same) return worker.clients.openWindow(url)
      await same.focus()
      if (same.url !== url) await same.navigate(url)
    })(),
  )
})

async function openPage(event: FetchEvent, url: URL): Promise<Response> {
  try {
    const answer = (await event.preloadResponse) ?? (await fetch(event.request))
    if (keepsPage(url)) event.waitUntil(keepWhatMayBeKept(url, answer.clone()))
    return answer
  } catch {
    const kept = keepsPage(url) ? await (await caches.open(names.pages)).match(url.href) : undefined
    return kept ?? offline(url)
  }
}

/** Keeps the page, or for a signed-in customer the same page as every visitor sees it. */
async function keepWhatMayBeKept(url: URL, answer: Response) {
  if (mayKeep(answer, 'page')) return keepPage(url, answer)
  const kept = await (await caches.open(names.pages)).match(url.href)
  const keptAt = kept ? Number(kept.headers.get(keptHeaders.at)) || 0 : null
  if (!wantsPublicCopy(answer, keptAt, Date.now())) return
  try {
    const copy = await fetch(url.href, { credentials: 'omit', redirect: 'error' })
    if (mayKeep(copy, 'page')) await keepPage(url, copy)
  } catch {}
}

/** Keeps a page with when it was kept, its title and language (for the offline page's list), then trims. */
async function keepPage(url: URL, answer: Response) {
  const html = await answer.text()
  const headers = new Headers(answer.headers)
  // The body is kept as the text it was decoded to.
  headers.delete('content-encoding')
  headers.delete('content-length')
  headers.set(keptHeaders.at, String(Date.now()))
  headers.set(keptHeaders.title, encodeURIComponent(pageTitle(html)))
  headers.set(keptHeaders.language, pageLanguage(html))
  const cache = await caches.open(names.pages)
  await cache.put(
    url.href,
    new Response(html, { status: answer.status, statusText: answer.statusText, headers }),
  )
  const kept = await keptPages()
  await Promise.all(oldestBeyond(kept, maxPages).map((page) => cache.delete(page.url)))
}

async function keptPages(): Promise<(KeptPage & { language: string | null })[]> {
  const cache = await caches.open(names.pages)
  // By their requests: an answer made here has no address of its own.
  const kept = await Promise.all(
    (await cache.keys()).map(async (key) => ({ key, answer: await cache.match(key) })),
  )
  return kept.map(({ key, answer }) => ({
    url: key.url,
    title: decodeURIComponent(answer?.headers.get(keptHeaders.title) ?? ''),
    at: Number(answer?.headers.get(keptHeaders.at) ?? 0),
    language: answer?.headers.get(keptHeaders.language) ?? null,
  }))
}

/** The offline page in the customer's language, listing the pages kept that can be opened now. */
async function offline(url: URL): Promise<Response> {
  const kept = await keptPages()
  const newest = kept.reduce<(typeof kept)[number] | undefined>(
    (a, b) => (a && a.at > b.at ? a : b),
    undefined,
  )
  const shell = await caches.open(names.shell)
  const template = await shell.match(offlinePage(offlineLanguage(url, newest?.language)))
  if (!template) return Response.error()
  const html = withKeptPages(await template.text(), kept, worker.location.origin)
  const headers = new Headers(template.headers)
  headers.delete('content-encoding')
  headers.delete('content-length')
  return new Response(html, { status: 200, headers })
}

/**
 * A page's data asked for within the app. Offline, React Router is told to open the page as a document
 * (a redirect to itself with X-Remix-Reload-Document), which the worker answers as any page it opens.
 */
async function routeData(request: Request, page: string): Promise<Response> {
  try {
    return await fetch(request)
  } catch {
    return new Response(null, {
      status: 204,
      headers: { 'X-Remix-Redirect': page, 'X-Remix-Status': '302', 'X-Remix-Reload-Document': 'true' },
    })
  }
}

/** Build files and pictures: from the phone when kept, else fetched and kept within the bound. */
async function fromPhoneFirst(event: FetchEvent, name: string, max: number): Promise<Response> {
  const cache = await caches.open(name)
  const kept = await cache.match(event.request)
  if (kept) return kept
  const answer = await fetch(event.request)
  if (mayKeep(answer, 'file'))
    event.waitUntil(
      (async () => {
        await cache.put(event.request, answer.clone())
        // The cache lists its entries in the order they were put: the first are the oldest.
        const keys = await cache.keys()
        await Promise.all(keys.slice(0, Math.max(0, keys.length - max)).map((key) => cache.delete(key)))
      })(),
    )
  return answer
}
