import { and, asc, count, desc, eq, gte, inArray, lt, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { containing, phoneDigits } from '../../lib/text-search.ts'
import { orderItems, orders } from './tables.ts'

/**
 * The accounts a search names by their e-mail or name (an ILIKE pattern) or their mobile's digits (a LIKE
 * pattern): the accounts module's subquery (accounts.idsMatching).
 */
export type CustomersMatching = (pattern: string, digitsLike?: string | null) => SQLWrapper

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
 * and the account's name, e-mail or mobile (the accounts' subquery). A phone is found by its digits however
 * it was typed or kept (+91 98290 12345, 098290-12345). The two halves are asked apart, one query each, so
 * each can use its trigram indexes (migration 0013).
 */
export function searchConditions(q: string, customersMatching: CustomersMatching) {
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
  const onAccount = inArray(orders.userId, customersMatching(p, phoneLike)) as SQL
  return { onOrder: anyOf(onOrder), onAccount }
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

/** Orders whose money the shop has: paid (online, or cash on delivery once delivered), not cancelled. */
const paid = sql`(${orders.paymentStatus} = 'Paid' and ${orders.status} <> 'Cancelled')`

/** Calendar days in India; `now` is a parameter, so each bound is computed once and the index on created_at serves. */
const shopZone = sql.raw(`'Asia/Kolkata'`)
const localNow = (now: Date) => sql`(${now.toISOString()}::timestamptz at time zone ${shopZone})`
const localToday = (now: Date) => sql`date_trunc('day', ${localNow(now)})`
/** The instant a local (India) date and time begins. */
const instant = (local: SQL) => sql`((${local}) at time zone ${shopZone})`
/** The 30 days of the chart, or this month when it began earlier (a 31st), up to the end of today. */
const windowStart = (now: Date) =>
  sql`least(date_trunc('month', ${localNow(now)}), ${localToday(now)} - interval '29 days')`
const tomorrow = (now: Date) => sql`(${localToday(now)} + interval '1 day')`

type SalesDayRow = {
  day: string
  orders: number | string
  paise: number | string
  in_week: boolean
  in_month: boolean
  in_chart: boolean
}

// node-postgres answers { rows }, PGlite's driver may answer the rows themselves.
const resultRows = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? (result as T[])

export type ListRow = {
  id: string
  orderNumber: string
  status: string
  total: number
  paymentStatus: string
  createdAt: Date
  customerId: string
  phone: string
  city: string
}

/**
 * The console's order list (decisions 050, 103, 106), read only, through the orders service's
 * `consoleList`, which names each order's customer through the accounts service.
 */
export function createOrdersList(
  db: DbOrTx,
  customersMatching: CustomersMatching,
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
    customerId: orders.userId,
    phone: orders.shippingPhone,
    city: orders.shippingCity,
  }

  /** The listed rows of these orders, newest first. */
  async function rowsOf(ids: string[]): Promise<ListRow[]> {
    if (ids.length === 0) return []
    return db
      .select(columns)
      .from(orders)
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
    const [{ total, paise }] = await db
      .select({ total: count(), paise: sql<string>`coalesce(sum(${orders.total}), 0)` })
      .from(orders)
      .where(where)
    const fromEnd = offset + limit > total / 2 && offset < total
    const ids = await db
      .select({ id: orders.id })
      .from(orders)
      .where(where)
      .orderBy(...(fromEnd ? oldestFirst : newestFirst))
      .limit(fromEnd ? Math.min(limit, total - offset) : limit)
      .offset(fromEnd ? Math.max(0, total - offset - limit) : offset)
    return { rows: await rowsOf(ids.map((r) => r.id)), total, paise: Number(paise), capped: false }
  }

  /**
   * One page of the orders a search finds. Each half of the search is asked for at most `searchCap` + 1
   * matches; when together they are no more than the cap, they are every match, and the page is read from
   * them. Otherwise the search is common: its newest matches are looked for among the newest orders
   * (a range of the created_at index), widening the range until the page is full.
   */
  async function searchPage(text: string, filters: SQL | undefined, offset: number, limit: number) {
    const { onOrder, onAccount } = searchConditions(text, customersMatching)
    const [byOrder, byAccount] = await Promise.all([
      db
        .select({ id: orders.id })
        .from(orders)
        .where(and(onOrder, filters))
        .limit(cap + 1),
      db
        .select({ id: orders.id })
        .from(orders)
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
      const [{ paise }] = await db
        .select({ paise: sql<string>`coalesce(sum(${orders.total}), 0)` })
        .from(orders)
        .where(sql`${orders.id} = any(${sql.param(found)}::text[])`)
      return {
        rows: await rowsOf(ids.map((r) => r.id)),
        total: found.length,
        paise: Number(paise),
        capped: false,
      }
    }
    if (offset >= cap) return { rows: [], total: cap, paise: null, capped: true }
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
        .where(and(matching, since))
        .orderBy(...newestFirst)
        .limit(take)
        .offset(offset)
      if (rows.length === take || !since) return { rows, total: cap, paise: null, capped: true }
    }
    return { rows: [], total: cap, paise: null, capped: true }
  }

  return {
    async orderPage(opts: {
      q?: string
      status?: string
      payment?: string
      queue?: keyof typeof queueConditions
      /** Only these orders: another module's subquery of order ids (the shipping module's problem parcels). */
      idsIn?: SQLWrapper
      from?: Date
      to?: Date
      offset: number
      limit: number
    }) {
      const conds = []
      if (opts.status) conds.push(eq(orders.status, opts.status))
      if (opts.payment) conds.push(eq(orders.paymentStatus, opts.payment))
      if (opts.queue) conds.push(queueConditions[opts.queue])
      if (opts.idsIn) conds.push(inArray(orders.id, opts.idsIn as SQL))
      if (opts.from) conds.push(gte(orders.createdAt, opts.from))
      if (opts.to) conds.push(lt(orders.createdAt, opts.to))
      const filters = conds.length ? and(...conds) : undefined
      return opts.q
        ? searchPage(opts.q, filters, opts.offset, opts.limit)
        : plainPage(filters, opts.offset, opts.limit)
    },
  }
}

/**
 * What the console's dashboard and export read of the orders (decision 090), read only: every query is
 * bounded by what is open or recent, not by the whole order history: the queues by status (indexed, and open
 * orders are few), sales by the order date (indexed) within the last month.
 */
export function createOrdersReports(db: DbOrTx) {
  return {
    /** The orders with these ids, whole, and their lines in the order they were written (the CSV export). */
    async details(ids: string[]) {
      if (ids.length === 0) return { rows: [], items: [] }
      const rows = await db.select().from(orders).where(inArray(orders.id, ids))
      const items = await db
        .select({
          orderId: orderItems.orderId,
          title: orderItems.title,
          variantTitle: orderItems.variantTitle,
          quantity: orderItems.quantity,
        })
        .from(orderItems)
        .where(inArray(orderItems.orderId, ids))
        .orderBy(asc(orderItems.createdAt), asc(orderItems.id))
      return { rows, items }
    },

    async work() {
      const [row] = await db
        .select({
          awaitingPayment: sql<number>`count(*) filter (where ${queueConditions.awaitingPayment})::int`,
          toShip: sql<number>`count(*) filter (where ${queueConditions.toShip})::int`,
          codToShip: sql<number>`count(*) filter (where ${queueConditions.codToShip})::int`,
          refundPending: sql<number>`count(*) filter (where ${queueConditions.refundPending})::int`,
        })
        .from(orders)
        // Every queue lies within these two indexed sets; delivered and cancelled history is never read.
        .where(
          or(inArray(orders.status, ['Pending', 'Processing']), eq(orders.paymentStatus, 'Refund pending')),
        )
      return row!
    },
    /**
     * Paid orders per day in India from the start of the window to today, every day listed (0 when none),
     * each marked whether it belongs to this week (from Monday), this month and the 30-day chart.
     */
    async salesDays(now: Date) {
      const result = await db.execute(sql`
        select to_char(d.day, 'YYYY-MM-DD') as day,
               coalesce(s.orders, 0) as orders,
               coalesce(s.paise, 0) as paise,
               d.day >= date_trunc('week', ${localNow(now)}) as in_week,
               d.day >= date_trunc('month', ${localNow(now)}) as in_month,
               d.day > ${localToday(now)} - interval '30 days' as in_chart
        from generate_series(${windowStart(now)}, ${localToday(now)}, interval '1 day') as d(day)
        left join (
          select date_trunc('day', ${orders.createdAt} at time zone ${shopZone}) as day,
                 count(*)::int as orders,
                 sum(${orders.total})::bigint as paise
          from ${orders}
          where ${paid}
            and ${orders.createdAt} >= ${instant(windowStart(now))}
            and ${orders.createdAt} < ${instant(tomorrow(now))}
          group by 1
        ) s on s.day = d.day
        order by d.day`)
      return resultRows<SalesDayRow>(result).map((r) => ({
        day: r.day,
        orders: Number(r.orders),
        paise: Number(r.paise),
        inWeek: r.in_week,
        inMonth: r.in_month,
        inChart: r.in_chart,
      }))
    },

    /**
     * What each product sold in the last 30 days (today included), by what it sold for: the product's id,
     * the pieces and the paise, most first (the caller breaks ties by the product's title).
     */
    async sellers(now: Date) {
      // The lateral subquery (kept apart by `offset 0`) reads each recent order's lines by its index;
      // joined plainly, the planner scans every line ever sold once a shop has a few years of orders.
      const result = await db.execute(sql`
        select line.product_id as id,
               sum(line.quantity)::int as units,
               sum(line.price * line.quantity)::bigint as paise
        from ${orders}
        cross join lateral (
          select ${orderItems.productId} as product_id, ${orderItems.quantity} as quantity, ${orderItems.price} as price
          from ${orderItems} where ${orderItems.orderId} = ${orders.id} offset 0
        ) as line
        where ${paid}
          and ${orders.createdAt} >= ${instant(sql`${localToday(now)} - interval '29 days'`)}
          and ${orders.createdAt} < ${instant(tomorrow(now))}
        group by line.product_id
        order by paise desc, units desc`)
      return resultRows<{ id: string; units: number | string; paise: number | string }>(result).map((r) => ({
        id: r.id,
        units: Number(r.units),
        paise: Number(r.paise),
      }))
    },
  }
}
