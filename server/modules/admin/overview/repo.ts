import { and, asc, count, eq, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client.ts'
import { contactMessages, mailOutbox, orderItems, orders, products, reviews } from '../../../db/schema.ts'
import { queueConditions } from '../orders/repo.ts'

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
const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? (result as T[])

/**
 * The dashboard's counts and sums, read only (decision 090). Every query is bounded by what is open or
 * recent, not by the whole order history: the queues by status (indexed, and open orders are few), sales
 * by the order date (indexed) within the last month.
 */
export function createOverviewRepo(db: DbOrTx) {
  return {
    async orderWork() {
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

    async unreadMessages() {
      const [row] = await db
        .select({ n: count() })
        .from(contactMessages)
        .where(and(eq(contactMessages.kind, 'contact'), eq(contactMessages.status, 'new')))
      return Number(row?.n ?? 0)
    },

    async failedEmails() {
      const [row] = await db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.status, 'failed'))
      return Number(row?.n ?? 0)
    },

    /** Products at or below the threshold (archived ones are not sold), least stock first. */
    async lowStock(threshold: number, limit: number) {
      const low = and(isNull(products.archivedAt), lte(products.quantity, threshold))
      const [totals] = await db
        .select({
          low: sql<number>`count(*)::int`,
          out: sql<number>`count(*) filter (where ${products.quantity} <= 0)::int`,
        })
        .from(products)
        .where(low)
      const rows = await db
        .select({ id: products.id, title: products.title, quantity: products.quantity })
        .from(products)
        .where(low)
        .orderBy(asc(products.quantity), asc(products.title), asc(products.id))
        .limit(limit)
      return { low: Number(totals?.low ?? 0), out: Number(totals?.out ?? 0), rows }
    },

    async reviewsWaiting() {
      const [row] = await db.select({ n: count() }).from(reviews).where(eq(reviews.status, 'pending'))
      return Number(row?.n ?? 0)
    },

    async awaitingApproval() {
      const [row] = await db
        .select({ n: count() })
        .from(products)
        .where(and(eq(products.isApproved, false), isNull(products.archivedAt)))
      return Number(row?.n ?? 0)
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
      return rowsOf<SalesDayRow>(result).map((r) => ({
        day: r.day,
        orders: Number(r.orders),
        paise: Number(r.paise),
        inWeek: r.in_week,
        inMonth: r.in_month,
        inChart: r.in_chart,
      }))
    },

    /** The best sellers of the last 30 days (today included), by what they sold for. */
    async topProducts(now: Date, limit: number) {
      // The lateral subquery (kept apart by `offset 0`) reads each recent order's lines by its index;
      // joined plainly, the planner scans every line ever sold once a shop has a few years of orders.
      const result = await db.execute(sql`
        select line.product_id as id, ${products.title} as title,
               sum(line.quantity)::int as units,
               sum(line.price * line.quantity)::bigint as paise
        from ${orders}
        cross join lateral (
          select ${orderItems.productId} as product_id, ${orderItems.quantity} as quantity, ${orderItems.price} as price
          from ${orderItems} where ${orderItems.orderId} = ${orders.id} offset 0
        ) as line
        join ${products} on ${products.id} = line.product_id
        where ${paid}
          and ${orders.createdAt} >= ${instant(sql`${localToday(now)} - interval '29 days'`)}
          and ${orders.createdAt} < ${instant(tomorrow(now))}
        group by line.product_id, ${products.title}
        order by paise desc, units desc, ${products.title}
        limit ${limit}`)
      return rowsOf<{ id: string; title: string; units: number | string; paise: number | string }>(
        result,
      ).map((r) => ({ id: r.id, title: r.title, units: Number(r.units), paise: Number(r.paise) }))
    },
  }
}
