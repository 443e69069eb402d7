import { createRequire } from 'node:module'
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit'
import { hashedKey, type SharedLimits } from '../lib/shared-limits.ts'

type Counted = { current: number; ttl: number }
type Done = (error: Error | null, result?: Counted) => void
type StoreOptions = {
  continueExceeding?: boolean
  exponentialBackoff?: boolean
  cache?: number
  routeInfo?: { method?: string | string[]; url?: string }
}
type Store = { incr(key: string, done: Done, timeWindow: number, max: number): void }

// The plugin's own in-memory store, so a limit counted in memory behaves exactly as without REDIS_URL.
const LocalStore = createRequire(import.meta.url)('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding?: boolean,
  exponentialBackoff?: boolean,
  cache?: number,
) => Store

/**
 * A `store` for @fastify/rate-limit that counts in Redis, shared by every instance, and in memory while
 * Redis does not answer (docs/decisions/069). Each route with its own limit counts under its own keys,
 * as the plugin's stores do. The shop sets neither `continueExceeding` nor `exponentialBackoff`, so the
 * Redis count is a plain fixed window.
 */
export function sharedRateLimitStore(limits: SharedLimits): FastifyRateLimitStoreCtor {
  class SharedRateLimitStore {
    private readonly local: Store
    private readonly keyStart: string

    constructor(options: StoreOptions, keyStart = `${limits.prefix}rl:all:`) {
      this.local = new LocalStore(options.continueExceeding, options.exponentialBackoff, options.cache)
      this.keyStart = keyStart
    }

    incr(key: string, done: Done, timeWindow: number, max: number) {
      limits
        .attempt(
          async (redis) => {
            const [current, ttl] = await redis.shopCountRequest(this.keyStart + hashedKey(key), timeWindow)
            return { current, ttl }
          },
          () =>
            new Promise<Counted>((resolve, reject) =>
              this.local.incr(
                key,
                (err, counted) => (counted ? resolve(counted) : reject(err)),
                timeWindow,
                max,
              ),
            ),
        )
        .then(
          (counted) => done(null, counted),
          (err: Error) => done(err),
        )
    }

    child(routeOptions: StoreOptions) {
      const { method = '', url = '' } = routeOptions.routeInfo ?? {}
      return new SharedRateLimitStore(routeOptions, `${limits.prefix}rl:${String(method)}${url}:`)
    }
  }
  // The plugin hands `child` the route's merged limit settings (with `routeInfo`), not bare route options.
  return SharedRateLimitStore as unknown as FastifyRateLimitStoreCtor
}

/**
 * The key a request is counted under: its address. A request whose connection closed before the limiter
 * ran has no address (Node drops it with the socket); the plugin's own key would then throw and answer 500
 * to nobody, logged as an unhandled error. Such a request is counted under one key of its own.
 */
export const rateLimitKey = (request: { ip: string | undefined }): string => request.ip ?? 'connection-closed'
