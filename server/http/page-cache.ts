import { createHash, randomBytes } from 'node:crypto'
import { promisify } from 'node:util'
import { brotliCompress, constants, gunzipSync, gzip } from 'node:zlib'
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
 * and served to everyone who asks next, compressed once (gzip and brotli) when it is kept. Its inline
 * scripts are allowed by their hashes in the Content-Security-Policy rather than by a per-response nonce,
 * so the kept bytes are sent as they are. Every catalogue write drops the whole cache (the same signal
 * that clears the catalogue cache), and entries also expire.
 */
export type PageCacheOptions = {
  cache: CatalogueCache
  /** How long an entry may be served, as a safety net beside invalidation. */
  ttlMs?: number
  maxEntries?: number
  maxBytes?: number
}

type Entry = {
  status: number
  contentType: string
  /** The render's Content-Security-Policy with its nonce replaced by the hashes of the page's inline scripts. */
  csp: string
  /** The page as rendered; dropped once the compressed forms are kept (a client that takes neither is rare). */
  raw: Buffer | null
  gzip: Buffer | null
  br: Buffer | null
  bytes: number
  expires: number
}

const gzipAsync = promisify(gzip)
const brotliAsync = promisify(brotliCompress)

/** Inline scripts the browser runs: not those with a src, nor JSON data blocks. */
const inlineScript = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi

/**
 * The CSP of a kept page: the render's policy with its per-response nonce replaced by the hash of each
 * inline script the page holds, so the same bytes can be sent to everyone while only those scripts run.
 */
export function hashedPolicy(policy: string, nonce: string, html: string): string | null {
  if (!policy.includes(`'nonce-${nonce}'`)) return null
  const hashes = new Set<string>()
  for (const [, attrs, body] of html.matchAll(inlineScript)) {
    if (/\ssrc=/i.test(attrs) || /type=["']?application\/(?:ld\+)?json/i.test(attrs)) continue
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`)
  }
  // A page without inline scripts allows none: 'self' alone still covers the script files.
  return policy.replace(`'nonce-${nonce}'`, [...hashes].join(' '))
}

// Pages whose HTML depends only on the catalogue and the URL (search and account pages are not here).
// Case-insensitive like the router, so /Product/{id} is covered by product/.
const publicPage =
  /^\/(?:$|\?|product\/|StateProduct(?:$|[/?])|Productdetails\/|artisan\/|cluster\/|temple\/|temple(?:details)?(?:$|\?)|Support(?:$|\?)|ContactUs(?:$|\?)|AboutUs(?:$|\?)|Privacy(?:$|\?)|TermsCondition(?:$|\?)|ReturnPolicy(?:$|\?))/i

// Rendered for each request, whoever asks: a staff preview (decision 095), and the page an Add To Cart
// or a wishlist heart sent before the page's code ran comes back to, which answers the customer who sent
// it (`?cart=`, `?wishlist=`: app/lib/cart-notice.ts; decision 018).
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
    if (old) bytes -= old.bytes
    touch(key, entry)
    bytes += entry.bytes
    for (const [k, e] of entries) {
      if (entries.size <= maxEntries && bytes <= maxBytes) break
      entries.delete(k)
      bytes -= e.bytes
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
    const csp = hashedPolicy(String(res.headers['content-security-policy']), nonce, res.body)
    if (!csp) return null
    const raw = res.rawPayload
    const entry: Entry = {
      status: res.statusCode,
      contentType,
      csp,
      raw,
      gzip: null,
      br: null,
      bytes: raw.length,
      expires: Date.now() + ttlMs,
    }
    // A 'not found' page is served once but not kept, so unknown addresses cannot crowd out real pages.
    if (entry.status !== 200) return entry
    // Compressed once here, in the thread pool, rather than for every response (brotli 6: about 8 ms for
    // the home page, and smaller than the quality 4 used for answers compressed as they are sent).
    const [gz, br] = await Promise.all([
      gzipAsync(raw, { level: 9 }),
      brotliAsync(raw, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 6, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
      }),
    ])
    const kept: Entry = { ...entry, raw: null, gzip: gz, br, bytes: gz.length + br.length }
    if (startedIn === generation) remember(key, kept)
    return kept
  }

  function send(request: FastifyRequest, reply: FastifyReply, entry: Entry, state: 'hit' | 'miss' | 'stale') {
    if (entry.status === 503)
      reply.header('retry-after', String(retryAfterSeconds)).header('cache-control', 'no-store')
    reply
      .code(entry.status)
      .header('content-type', entry.contentType)
      .header('content-security-policy', entry.csp)
      .header('x-page-cache', state)
      .header('vary', 'accept-encoding')
    const accept = String(request.headers['accept-encoding'] ?? '')
    if (entry.br && /\bbr\b/.test(accept)) return reply.header('content-encoding', 'br').send(entry.br)
    if (entry.gzip && /\bgzip\b/.test(accept))
      return reply.header('content-encoding', 'gzip').send(entry.gzip)
    // Not kept (a 'not found' page): compressed as it is sent, like any answer.
    return reply.send(entry.raw ?? gunzipSync(entry.gzip ?? Buffer.alloc(0)))
  }

  /** One render per page at a time, however many visitors ask for it at once. */
  function fill(request: FastifyRequest, key: string): Promise<Entry | null> {
    let filling = pending.get(key)
    if (!filling) {
      const map = pending
      filling = render(request, key).finally(() => map.delete(key))
      map.set(key, filling)
    }
    return filling.catch((err) => {
      request.log.warn({ err }, 'page cache: render failed')
      return null
    })
  }

  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' || !isCacheablePage(request.url)) return
    if (request.headers['x-page-cache-fill'] === fillToken) return
    // One copy of each page per language (docs/decisions/097).
    const key = `${request.language} ${request.url}`
    const hit = entries.get(key)
    if (hit && hit.expires > Date.now()) {
      touch(key, hit)
      return send(request, reply, hit, 'hit')
    }
    // Past its time but not dropped by a catalogue change: sent once more while one render in the
    // background replaces it, so no visitor waits for a page the shop already has (the expiry only bounds
    // how stale a page can be should a change's notice be lost, decision 066).
    if (hit && hit.status === 200) {
      void fill(request, key)
      return send(request, reply, hit, 'stale')
    }
    const entry = await fill(request, key)
    // The database is unavailable: the last good copy, however old, beats an error (decision 064).
    if (hit && entry?.status === 503) return send(request, reply, hit, 'stale')
    // Not usable (a redirect, an error): render it for this visitor as usual.
    if (!entry) return
    return send(request, reply, entry, 'miss')
  })
}
