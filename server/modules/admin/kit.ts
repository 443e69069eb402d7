import { idPattern } from '../../db/ids.ts'
import { NotFoundError } from '../../http/errors.ts'

/** What every console domain shares: who acts, money, ids and list pages. */

/** The member of staff making a change; the audit log names them. */
export type Actor = { id: string }

export const paise = (rupees: number) => Math.round(rupees * 100)
export const rupees = (p: number) => Math.round(p) / 100

/** A malformed id names nothing: 404, as for an id that does not exist. */
export function mustId(id: string, what: string) {
  if (!idPattern.test(id)) throw new NotFoundError(`No such ${what}.`)
}

/** The rows of one page of a console list: the query's page and size as offset and limit. */
export const pageWindow = (q: { page: number; pageSize: number }) => ({
  offset: (q.page - 1) * q.pageSize,
  limit: q.pageSize,
})

/** One page of a console list, as every list answers it. */
export const page = <T>(rows: T[], total: number, q: { page: number; pageSize: number }) => ({
  items: rows,
  total,
  page: q.page,
  pageSize: q.pageSize,
  pages: Math.max(1, Math.ceil(total / q.pageSize)),
})

/** An ILIKE pattern finding the text anywhere, its own % _ and \ taken literally. */
export const containing = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
