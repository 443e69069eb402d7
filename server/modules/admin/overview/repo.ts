import { and, count, eq, isNull, lt, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client.ts'
import { contactMessages, orders, products } from '../../../db/schema.ts'
import { queueConditions } from '../orders/repo.ts'

/** Orders whose money the shop keeps: paid and not cancelled. */
const kept = sql`${orders.status} <> 'Cancelled' and ${orders.paymentStatus} = 'Paid'`

/** The console's overview: counts over orders, products and messages in a few queries; read only. */
export function createOverviewRepo(db: DbOrTx) {
  return {
    async overview(now: Date, todayStart: Date, monthStart: Date) {
      const [o] = await db
        .select({
          today: sql<number>`count(*) filter (where ${orders.createdAt} >= ${todayStart.toISOString()}::timestamptz)::int`,
          month: sql<number>`count(*) filter (where ${orders.createdAt} >= ${monthStart.toISOString()}::timestamptz)::int`,
          revenueToday: sql<number>`coalesce(sum(${orders.total}) filter (where ${orders.createdAt} >= ${todayStart.toISOString()}::timestamptz and ${kept}), 0)::bigint`,
          revenueMonth: sql<number>`coalesce(sum(${orders.total}) filter (where ${orders.createdAt} >= ${monthStart.toISOString()}::timestamptz and ${kept}), 0)::bigint`,
          revenueAll: sql<number>`coalesce(sum(${orders.total}) filter (where ${kept}), 0)::bigint`,
          awaitingPayment: sql<number>`count(*) filter (where ${queueConditions.awaitingPayment})::int`,
          toShip: sql<number>`count(*) filter (where ${queueConditions.toShip})::int`,
          refundPending: sql<number>`count(*) filter (where ${queueConditions.refundPending})::int`,
          codToShip: sql<number>`count(*) filter (where ${queueConditions.codToShip})::int`,
        })
        .from(orders)
        .where(lt(orders.createdAt, new Date(now.getTime() + 60_000)))
      const byStatus = await db
        .select({ status: orders.status, n: count() })
        .from(orders)
        .groupBy(orders.status)
      const [{ pending }] = await db
        .select({ pending: count() })
        .from(products)
        .where(and(eq(products.isApproved, false), isNull(products.archivedAt)))
      const [{ unread }] = await db
        .select({ unread: count() })
        .from(contactMessages)
        .where(and(eq(contactMessages.status, 'new'), eq(contactMessages.kind, 'contact')))
      const [{ subscribers }] = await db
        .select({ subscribers: count() })
        .from(contactMessages)
        .where(and(eq(contactMessages.status, 'new'), eq(contactMessages.kind, 'newsletter')))
      return {
        orders: o,
        byStatus,
        pendingProducts: pending,
        newMessages: unread,
        newSubscribers: subscribers,
      }
    },
  }
}
