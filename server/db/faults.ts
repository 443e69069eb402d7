/**
 * Telling a database that is down or too slow apart from a bug (docs/decisions/064).
 *
 * A refused or dropped connection, a connection or query timeout, a server shutting down or out of
 * connection slots: the request may succeed in a moment, so callers answer 503 with Retry-After
 * instead of 500. Drizzle wraps driver errors, so the whole `cause` chain is searched.
 */

// SQLSTATEs: admin/crash shutdown, starting up, statement timeout, idle-in-transaction timeout, out of connections.
const unavailableSqlStates = new Set(['57P01', '57P02', '57P03', '57014', '25P03', '53300'])
const unavailableSocketCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
])
// node-postgres and pg-pool say these in words only.
const unavailableMessages =
  /timeout exceeded when trying to connect|Connection terminated|Query read timeout|is not queryable|timeout expired/

export class DatabaseUnavailableError extends Error {}

function isUnavailableHere(err: unknown): boolean {
  if (err instanceof DatabaseUnavailableError) return true
  if (!(err instanceof Error)) return false
  const code = (err as { code?: unknown }).code
  if (typeof code === 'string') {
    if (unavailableSocketCodes.has(code) || unavailableSqlStates.has(code)) return true
    // Class 08: connection exceptions.
    if (/^08[0-9A-Z]{3}$/.test(code)) return true
  }
  return unavailableMessages.test(err.message)
}

export function isDatabaseUnavailable(err: unknown): boolean {
  const seen = new Set<unknown>()
  const queue: unknown[] = [err]
  while (queue.length) {
    const e = queue.shift()
    if (!e || seen.has(e)) continue
    seen.add(e)
    if (isUnavailableHere(e)) return true
    if (e instanceof Error) {
      queue.push(e.cause)
      // A host name with two addresses fails with an AggregateError of both attempts.
      if (e instanceof AggregateError) queue.push(...e.errors)
    }
  }
  return false
}

/** Runs `work`, failing with DatabaseUnavailableError when it takes longer than `ms`. */
export async function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DatabaseUnavailableError(`${what} took longer than ${ms} ms`)), ms)
  })
  try {
    return await Promise.race([work, late])
  } finally {
    clearTimeout(timer)
  }
}

/** The address in DATABASE_URL without its password, for messages. */
export function describeDatabaseUrl(url: string): string {
  try {
    const u = new URL(url)
    u.password = ''
    return `${u.protocol}//${u.username ? `${u.username}@` : ''}${u.host}${u.pathname}`
  } catch {
    return 'the address given'
  }
}
