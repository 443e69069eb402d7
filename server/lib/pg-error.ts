/** The SQLSTATE of a database error (23505 unique, 23503 foreign key), whichever driver raised it. */
export function pgErrorCode(e: unknown): string | undefined {
  let cur = e as { code?: unknown; cause?: unknown } | undefined
  for (let i = 0; i < 4 && cur; i++) {
    if (typeof cur.code === 'string' && /^[0-9A-Z]{5}$/.test(cur.code)) return cur.code
    cur = cur.cause as typeof cur
  }
  return undefined
}
