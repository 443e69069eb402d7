import type { Db } from '../../../db/client.ts'
import { rupees } from '../kit.ts'
import { createOverviewRepo } from './repo.ts'

const IST_MS = 5.5 * 3600_000

/** The console's first screen: today's and this month's orders and money, and the work waiting. */
export function createAdminOverviewService(deps: { db: Db }) {
  const repo = createOverviewRepo(deps.db)
  return {
    async overview(now = new Date()) {
      const ist = new Date(now.getTime() + IST_MS)
      const todayStart = new Date(
        Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth(), ist.getUTCDate()) - IST_MS,
      )
      const monthStart = new Date(Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth(), 1) - IST_MS)
      const o = await repo.overview(now, todayStart, monthStart)
      const byStatus: Record<string, number> = {
        Pending: 0,
        Processing: 0,
        Shipped: 0,
        Delivered: 0,
        Cancelled: 0,
      }
      for (const s of o.byStatus) byStatus[s.status] = (byStatus[s.status] ?? 0) + Number(s.n)
      return {
        ordersToday: Number(o.orders.today),
        ordersThisMonth: Number(o.orders.month),
        revenueToday: rupees(Number(o.orders.revenueToday)),
        revenueThisMonth: rupees(Number(o.orders.revenueMonth)),
        revenueAllTime: rupees(Number(o.orders.revenueAll)),
        ordersByStatus: byStatus,
        awaitingPayment: Number(o.orders.awaitingPayment),
        paidToShip: Number(o.orders.toShip),
        codToShip: Number(o.orders.codToShip),
        refundsPending: Number(o.orders.refundPending),
        productsAwaitingApproval: Number(o.pendingProducts),
        newContactMessages: Number(o.newMessages),
        newNewsletterSignups: Number(o.newSubscribers),
      }
    },
  }
}
export type AdminOverviewService = ReturnType<typeof createAdminOverviewService>
