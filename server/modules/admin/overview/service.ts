import type {
  AdminDashboard,
  DashboardOrders,
  DashboardSales,
  DashboardStock,
} from '../../../../contracts/admin-dashboard.ts'
import { mayOpen, type StaffRole } from '../../../../contracts/staff.ts'
import type { Db } from '../../../db/client.ts'
import type { MailService } from '../../mail/service.ts'
import { rupees } from '../kit.ts'
import { createOverviewRepo } from './repo.ts'

const LOW_STOCK_LISTED = 10
const TOP_PRODUCTS = 5

/**
 * The console's first screen: what to do today and how sales go, shaped per staff role (decision 091):
 * the order work and the sales to a role with the orders area, the stock to a role with the catalogue
 * area. A part a role may not see is not even read.
 */
export function createAdminOverviewService(deps: { db: Db; mail: Pick<MailService, 'settings'> }) {
  const repo = createOverviewRepo(deps.db)

  async function orderWork(): Promise<DashboardOrders> {
    const [queues, unreadMessages, failedEmails] = await Promise.all([
      repo.orderWork(),
      repo.unreadMessages(),
      repo.failedEmails(),
    ])
    return {
      toShip: Number(queues.toShip),
      codToShip: Number(queues.codToShip),
      awaitingPayment: Number(queues.awaitingPayment),
      refundsPending: Number(queues.refundPending),
      unreadMessages,
      failedEmails,
    }
  }

  async function stock(): Promise<DashboardStock> {
    const { lowStockThreshold: threshold } = await deps.mail.settings.get()
    const [low, awaitingApproval, reviewsWaiting] = await Promise.all([
      repo.lowStock(threshold, LOW_STOCK_LISTED),
      repo.awaitingApproval(),
      repo.reviewsWaiting(),
    ])
    return {
      threshold,
      low: low.low,
      out: low.out,
      products: low.rows.map((p) => ({ _id: p.id, title: p.title, quantity: Math.max(0, p.quantity) })),
      awaitingApproval,
      reviewsWaiting,
    }
  }

  async function sales(now: Date): Promise<DashboardSales> {
    const [days, top] = await Promise.all([repo.salesDays(now), repo.topProducts(now, TOP_PRODUCTS)])
    const total = (rows: typeof days) => ({
      orders: rows.reduce((n, d) => n + d.orders, 0),
      rupees: rupees(rows.reduce((n, d) => n + d.paise, 0)),
    })
    const today = days.at(-1)!
    return {
      date: today.day,
      weekStart: days.find((d) => d.inWeek)!.day,
      monthStart: days.find((d) => d.inMonth)!.day,
      today: total([today]),
      thisWeek: total(days.filter((d) => d.inWeek)),
      thisMonth: total(days.filter((d) => d.inMonth)),
      days: days
        .filter((d) => d.inChart)
        .map((d) => ({ date: d.day, orders: d.orders, rupees: rupees(d.paise) })),
      topProducts: top.map((p) => ({ _id: p.id, title: p.title, units: p.units, rupees: rupees(p.paise) })),
    }
  }

  return {
    async overview(role: StaffRole | null, now = new Date()): Promise<AdminDashboard> {
      const seesOrders = mayOpen(role, 'orders')
      const [o, st, sa] = await Promise.all([
        seesOrders ? orderWork() : null,
        mayOpen(role, 'catalogue') ? stock() : null,
        seesOrders ? sales(now) : null,
      ])
      return { orders: o, stock: st, sales: sa }
    },
  }
}
export type AdminOverviewService = ReturnType<typeof createAdminOverviewService>
