import { and, asc, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client.ts'
import { orders, users } from '../../../db/schema.ts'
import { containing } from '../kit.ts'
import { phoneDigits } from '../people/repo.ts'

/** The console's work queues (contracts/order-states.ts names them); the overview counts them too. */
export const queueConditions = {
  awaitingPayment: sql`${orders.status} = 'Pending' and ${orders.paymentStatus} in ('Pending', 'Failed')`,
  toShip: sql`${orders.status} in ('Pending', 'Processing') and ${orders.paymentStatus} = 'Paid'`,
  refundPending: sql`${orders.paymentStatus} = 'Refund pending'`,
  // Cash on delivery: shipped without payment, so it is its own queue (decision 080).
  codToShip: sql`${orders.status} in ('Pending', 'Processing') and ${orders.paymentStatus} = 'Pay on delivery'`,
}

const anyOf = (conds: SQL[]) => sql`(${sql.join(conds, sql` or `)})`

/**
 * What a search looks for (decision 094): the order number, the delivery name, e-mail or phone on the order,
 * and the account's name, e-mail or mobile. A phone is found by its digits however it was typed or kept
 * (+91 98290 12345, 098290-12345). The two halves are asked apart, one query per table, so each can use its
 * trigram indexes (migration 0013); an OR across the join could use none.
 */
export function searchConditions(q: string) {
  const p = containing(q.replace(/^#/, '').trim())
  const digits = phoneDigits(q)
  const phoneLike = digits ? `%${digits}%` : null
  const onOrder = [
    sql`${orders.id} = ${q}`,
    sql`${orders.orderNumber} ilike ${p}`,
    sql`${orders.shippingEmail} ilike ${p}`,
    sql`(coalesce(${orders.shippingFirstName}, '') || ' ' || coalesce(${orders.shippingLastName}, '')) ilike ${p}`,
  ]
  if (phoneLike) onOrder.push(sql`regexp_replace(${orders.shippingPhone}, '\\D', '', 'g') like ${phoneLike}`)
  const onAccount = [sql`${users.email} ilike ${p}`, sql`${users.fullName} ilike ${p}`]
  if (phoneLike)
    onAccount.push(sql`regexp_replace(coalesce(${users.mobile}, ''), '\\D', '', 'g') like ${phoneLike}`)
  return { onOrder: anyOf(onOrder), onAccount: anyOf(onAccount) }
}

/**
 * A search lists at most this many orders, the newest: counting every match of a word found in most of a
 * million orders took seconds, and nobody reads past the first pages of such a list. The answer says when
 * more match (`capped`), and the console asks for more words. It is also the most an export can hold.
 */
export const searchCap = 10_000

// The newest orders a capped search looks through first, then more: a word found that often is found there.
const searchWindows = [20_000, 200_000]

/** The limits above; tests set small ones. */
export type SearchLimits = { cap: number; windows: number[] }

const newestFirst = [desc(orders.createdAt), desc(orders.id)]
const oldestFirst = [asc(orders.createdAt), asc(orders.id)]

type ListRow = {
  id: string
  orderNumber: string
  status: string
  total: number
  paymentStatus: string
  createdAt: Date
  customerId: string
  customerName: string
  customerEmail: string
  phone: string
  city: string
}

/** The console's order list (decisions 050, 103, 106): its own query over the orders module's tables, read only. */
export function createOrdersListRepo(
  db: DbOrTx,
  limits: SearchLimits = { cap: searchCap, windows: searchWindows },
) {
  const { cap, windows } = limits
  const columns = {
    id: orders.id,
    orderNumber: orders.orderNumber,
    status: orders.status,
    total: orders.total,
    paymentStatus: orders.paymentStatus,
    createdAt: orders.createdAt,
    customerId: users.id,
    customerName: users.fullName,
    customerEmail: users.email,
    phone: orders.shippingPhone,
    city: orders.shippingCity,
  }

  /** The listed rows of these orders, newest first. */
  async function rowsOf(ids: string[]): Promise<ListRow[]> {
    if (ids.length === 0) return []
    return db
      .select(columns)
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(sql`${orders.id} = any(${sql.param(ids)}::text[])`)
      .orderBy(...newestFirst)
  }

  /**
   * One page of every order the filters let through. Its ids are read first from the (created_at, id)
   * index alone, then those few rows whole: a page in the middle of a million orders skips half a million
   * index entries (about 50 ms), not half a million joined rows (2.8 s). A page past the middle is read
   * from the other end, oldest first, then turned round.
   */
  async function plainPage(where: SQL | undefined, offset: number, limit: number) {
    const [{ total }] = await db.select({ total: count() }).from(orders).where(where)
    const fromEnd = offset + limit > total / 2 && offset < total
    const ids = await db
      .select({ id: orders.id })
      .from(orders)
      .where(where)
      .orderBy(...(fromEnd ? oldestFirst : newestFirst))
      .limit(fromEnd ? Math.min(limit, total - offset) : limit)
      .offset(fromEnd ? Math.max(0, total - offset - limit) : offset)
    return { rows: await rowsOf(ids.map((r) => r.id)), total, capped: false }
  }

  /**
   * One page of the orders a search finds. Each half of the search is asked for at most `searchCap` + 1
   * matches; when together they are no more than the cap, they are every match, and the page is read from
   * them. Otherwise the search is common: its newest matches are looked for among the newest orders
   * (a range of the created_at index), widening the range until the page is full.
   */
  async function searchPage(text: string, filters: SQL | undefined, offset: number, limit: number) {
    const { onOrder, onAccount } = searchConditions(text)
    const [byOrder, byAccount] = await Promise.all([
      db
        .select({ id: orders.id })
        .from(orders)
        .where(and(onOrder, filters))
        .limit(cap + 1),
      db
        .select({ id: orders.id })
        .from(orders)
        .innerJoin(users, eq(users.id, orders.userId))
        .where(and(onAccount, filters))
        .limit(cap + 1),
    ])
    const found = [...new Set([...byOrder, ...byAccount].map((r) => r.id))]
    if (found.length <= cap) {
      const ids = await db
        .select({ id: orders.id })
        .from(orders)
        .where(sql`${orders.id} = any(${sql.param(found)}::text[])`)
        .orderBy(...newestFirst)
        .limit(limit)
        .offset(offset)
      return { rows: await rowsOf(ids.map((r) => r.id)), total: found.length, capped: false }
    }
    if (offset >= cap) return { rows: [], total: cap, capped: true }
    const take = Math.min(limit, cap - offset)
    const matching = and(filters, sql`(${onOrder} or ${onAccount})`)
    for (const window of [...windows, null]) {
      let since: SQL | undefined
      if (window !== null) {
        // The window's oldest order, as the database keeps its time (a JavaScript date drops microseconds).
        const [edge] = await db
          .select({ at: sql<string>`${orders.createdAt}::text`, id: orders.id })
          .from(orders)
          .where(filters)
          .orderBy(...newestFirst)
          .offset(window - 1)
          .limit(1)
        since = edge
          ? sql`(${orders.createdAt}, ${orders.id}) >= (${edge.at}::timestamptz, ${edge.id})`
          : undefined
        if (!edge && window !== windows[0]) continue
      }
      const rows = await db
        .select(columns)
        .from(orders)
        .innerJoin(users, eq(users.id, orders.userId))
        .where(and(matching, since))
        .orderBy(...newestFirst)
        .limit(take)
        .offset(offset)
      if (rows.length === take || !since) return { rows, total: cap, capped: true }
    }
    return { rows: [], total: cap, capped: true }
  }

  return {
    async orderPage(opts: {
      q?: string
      status?: string
      payment?: string
      queue?: keyof typeof queueConditions
      from?: Date
      to?: Date
      offset: number
      limit: number
    }) {
      const conds = []
      if (opts.status) conds.push(eq(orders.status, opts.status))
      if (opts.payment) conds.push(eq(orders.paymentStatus, opts.payment))
      if (opts.queue) conds.push(queueConditions[opts.queue])
      if (opts.from) conds.push(gte(orders.createdAt, opts.from))
      if (opts.to) conds.push(lt(orders.createdAt, opts.to))
      const filters = conds.length ? and(...conds) : undefined
      return opts.q
        ? searchPage(opts.q, filters, opts.offset, opts.limit)
        : plainPage(filters, opts.offset, opts.limit)
    },
  }
}
