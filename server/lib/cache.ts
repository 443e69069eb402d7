import { createHash } from 'node:crypto'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

/** A cached JSON answer with its compressed forms, so hot reads skip serialising and compressing. */
export type CachedBody = { json: Buffer; gzip: Buffer; br: Buffer; etag: string }

/**
 * What changed, when only the stock of some products did (an order placed, paid, cancelled or expired):
 * what keeps the listings' narrow rows (decision 130) refreshes those products' rows instead of reading
 * every listing again. No change given means anything may have changed.
 */
export type CatalogueChange = { stockOf: string[] }

export interface CatalogueCache {
  get<T>(key: string, load: () => Promise<T>): Promise<T>
  body(key: string, load: () => Promise<unknown>): Promise<CachedBody>
  /**
   * Drops every entry; writes to catalogue data call this (and, with several servers, it is broadcast).
   * Listeners hear the change, when it was only stock.
   */
  invalidate(change?: CatalogueChange): void
  onInvalidate(listener: (change?: CatalogueChange) => void): void
}

function encodeBody(value: unknown): CachedBody {
  // Kept as bytes: a large answer is not encoded again for every response.
  const json = Buffer.from(JSON.stringify(value))
  return {
    json,
    gzip: gzipSync(json, { level: 6 }),
    br: brotliCompressSync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
    // From the bytes (weak: the same answer goes out in three encodings), so every instance names it alike
    // and an answer a catalogue write did not change still answers a browser's check with 304.
    etag: `W/"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`,
  }
}

/** `onLookup` hears whether each read found its entry (the metrics count hits and misses). */
export function createMemoryCache(opts: { onLookup?: (hit: boolean) => void } = {}): CatalogueCache {
  let values = new Map<string, Promise<unknown>>()
  let bodies = new Map<string, Promise<CachedBody>>()
  const listeners: Array<(change?: CatalogueChange) => void> = []
  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      let hit = values.get(key) as Promise<T> | undefined
      opts.onLookup?.(hit !== undefined)
      if (!hit) {
        const generation = values
        hit = load()
        values.set(key, hit)
        hit.catch(() => generation.delete(key))
      }
      return hit
    },
    body(key, load) {
      let hit = bodies.get(key)
      opts.onLookup?.(hit !== undefined)
      if (!hit) {
        const generation = bodies
        hit = load().then(encodeBody)
        bodies.set(key, hit)
        hit.catch(() => generation.delete(key))
      }
      return hit
    },
    invalidate(change) {
      values = new Map()
      bodies = new Map()
      for (const l of listeners) l(change)
    },
    onInvalidate(listener) {
      listeners.push(listener)
    },
  }
}
