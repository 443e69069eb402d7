import { data } from 'react-router'
import { isSortValue, type SortValue } from '../../../contracts/catalogue-sort.ts'

type Logger = { error(obj: unknown, msg: string): void }

/** Runs one part of a page's data; a failure is logged and the page renders with the fallback (spec section 8). */
export async function safeLoad<T>(
  log: Logger,
  what: string,
  load: () => Promise<T>,
  fallback: T,
): Promise<T> {
  try {
    return await load()
  } catch (err) {
    log.error({ err }, `${what} failed to load`)
    return fallback
  }
}

export function sortFrom(url: URL): SortValue {
  const n = Number(url.searchParams.get('sort') ?? 1)
  return isSortValue(n) ? n : 1
}

export function pageFrom(url: URL): number {
  const n = Number(url.searchParams.get('page') ?? 1)
  return Number.isInteger(n) && n >= 1 && n <= 10_000 ? n : 1
}

/**
 * A 404 answer the route renders itself (with the shop's not-found view), rather than a thrown
 * response, so the page keeps its full layout.
 */
export function notFoundPage(publicUrl: string) {
  return data({ notFound: true as const, publicUrl }, { status: 404 })
}

export const notFoundMeta = [{ title: 'Page not found | Kalaa Setu' }, { name: 'robots', content: 'noindex' }]
