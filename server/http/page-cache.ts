import { randomBytes } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { languageCookie } from '../../contracts/languages.ts'
import type { CatalogueCache } from '../lib/cache.ts'
import { retryAfterSeconds } from './unavailable.ts'

/**
 * Rendered public pages, kept in memory (docs/decisions/007).
 *
 * Public catalogue and content pages are the same for everyone, signed in or not: they are rendered
 * as for a visitor, and what is personal (the header's account menu and counts, wishlist hearts, a
 * customer's own review) is filled in by the browser from the API. So the HTML rendered once is kept
 * and served to everyone who asks next. Each response still gets its own CSP
 * nonce: the nonce of the render is swapped for the request's own. Every catalogue write drops
 * the whole cache (the same signal that clears the catalogue cache), and entries also expire.
 */
export type PageCacheOptions = {
  cache: CatalogueCache
  /** How long an entry may be served, as a safety net beside invalidation. */
  ttlMs?: number
  maxEntries?: number
  maxBytes?: number
}

type Entry = { status: number; body: string; nonce: string; contentType: string; expires: number }
type CspResponse = import('node:http').ServerResponse & { cspNonce?: string }

// Pages whose HTML depends only on the catalogue and the URL (search and account pages are not here).
// Case-insensitive like the router, so /Product/{id} is covered by product/.
const publicPage =
  /^\/(?:$|\?|product\/|StateProduct(?:$|[/?])|Productdetails\/|artisan\/|cluster\/|temple\/|temple(?:details)?(?:$|\?)|Support(?:$|\?)|ContactUs(?:$|\?)|AboutUs(?:$|\?)|Privacy(?:$|\?)|TermsCondition(?:$|\?)|ReturnPolicy(?:$|\?))/i

// Rendered for each request, whoever asks: a staff preview (decision 095), and the page an Add To Cart
// or a wishlist heart sent before the page's code ran comes back to, which answers the customer who sent
// it (`?cart=`, `?wishlist=`: app/features/cart/cart-notice.ts; decision 018).
const personalQuery = /[?&](?:preview|cart|wishlist)=/i

export function isCacheablePage(url: string): boolean {
  if (url.length > 300 || url.includes('.data') || personalQuery.test(url)) return false
  return publicPage.test(url)
}

export function registerPageCache(app: FastifyInstance, opts: PageCacheOptions) {
  const ttlMs = opts.ttlMs ?? 60_000
  const maxEntries = opts.maxEntries ?? 300
  const maxBytes = opts.maxBytes ?? 64 * 1024 * 1024
  // The internal render that fills the cache carries this token, so it is not served from the cache.
  const fillToken = randomBytes(18).toString('base64url')
  let entries = new Map<string, Entry>()
  let pending = new Map<string, Promise<Entry | null>>()
  let bytes = 0
  let generation = 0

  opts.cache.onInvalidate(() => {
    generation++
    entries = new Map()
    pending = new Map()
    bytes = 0
  })

  /** Moves a page to the newest end: a Map iterates in insertion order, oldest first. */
  function touch(key: string, entry: Entry) {
    entries.delete(key)
    entries.set(key, entry)
  }

  function remember(key: string, entry: Entry) {
    const old = entries.get(key)
    if (old) bytes -= old.body.length
    touch(key, entry)
    bytes += entry.body.length
    for (const [k, e] of entries) {
      if (entries.size <= maxEntries && bytes <= maxBytes) break
      entries.delete(k)
      bytes -= e.body.length
    }
  }

  async function render(request: FastifyRequest, key: string): Promise<Entry | null> {
    const startedIn = generation
    const res = await app.inject({
      method: 'GET',
      url: request.url,
      headers: {
        accept: 'text/html',
        cookie: `${languageCookie}=${request.language}`,
        'user-agent': request.headers['user-agent'] ?? '',
        'x-page-cache-fill': fillToken,
      },
    })
    const contentType = String(res.headers['content-type'] ?? '')
    const nonce = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy'] ?? ''))?.[1]
    // Only a plain page, a plain 'not found' page or the database's 503 page is used; anything else
    // renders as usual.
    const plain = contentType.startsWith('text/html') && nonce && !res.headers['set-cookie']
    if (!plain || ![200, 404, 503].includes(res.statusCode)) return null
    const entry = { status: res.statusCode, body: res.body, nonce, contentType, expires: Date.now() + ttlMs }
    // A 'not found' page is served once but not kept, so unknown addresses cannot crowd out real pages.
    if (startedIn === generation && entry.status === 200) remember(key, entry)
    return entry
  }

  function send(reply: FastifyReply, entry: Entry, state: 'hit' | 'miss' | 'stale') {
    const nonce = (reply.raw as CspResponse).cspNonce
    if (!nonce) return false
    if (entry.status === 503)
      reply.header('retry-after', String(retryAfterSeconds)).header('cache-control', 'no-store')
    reply
      .code(entry.status)
      .header('content-type', entry.contentType)
      .header('x-page-cache', state)
      .send(entry.body.replaceAll(entry.nonce, nonce))
    return true
  }

  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' || !isCacheablePage(request.url)) return
    if (request.headers['x-page-cache-fill'] === fillToken) return
    // One copy of each page per language (docs/decisions/097).
    const key = `${request.language} ${request.url}`
    const hit = entries.get(key)
    if (hit && hit.expires > Date.now()) {
      touch(key, hit)
      if (send(reply, hit, 'hit')) return reply
      return
    }
    // One render per page at a time, however many visitors ask for it at once.
    let filling = pending.get(key)
    if (!filling) {
      const map = pending
      filling = render(request, key).finally(() => map.delete(key))
      map.set(key, filling)
    }
    const entry = await filling.catch((err) => {
      request.log.warn({ err }, 'page cache: render failed')
      return null
    })
    // The database is unavailable: the last good copy, however old, beats an error (decision 064).
    if (hit && entry?.status === 503 && send(reply, hit, 'stale')) return reply
    // Not usable (a redirect, an error): render it for this visitor as usual.
    if (!entry) return
    if (send(reply, entry, 'miss')) return reply
  })
}
