import type {
  AdminDashboard,
  DashboardOrders,
  DashboardSales,
  DashboardSevas,
  DashboardStock,
} from '../../../../contracts/admin-dashboard.ts'
import type { DashboardSetup } from '../../../../contracts/setup.ts'
import { addDays, indianToday } from '../../../../contracts/seva-text.ts'
import { mayOpen, type StaffRole } from '../../../../contracts/staff.ts'
import type { Db } from '../../../db/client.ts'
import { writeAudit } from '../../audit/repo.ts'
import type { CatalogueService } from '../../catalogue/service.ts'
import type { DonationsService } from '../../donations/service.ts'
import type { InvoicesService } from '../../invoices/service.ts'
import type { MailService } from '../../mail/service.ts'
import type { MessagesService } from '../../messages/service.ts'
import type { OrdersService } from '../../orders/service.ts'
import type { PaymentsService } from '../../payments/service.ts'
import type { ReviewsService } from '../../reviews/service.ts'
import type { SettingsService } from '../../settings/service.ts'
import type { SevasService } from '../../sevas/service.ts'
import { rupees } from '../kit.ts'

const LOW_STOCK_LISTED = 10
const TOP_PRODUCTS = 5

/**
 * The console's first screen: what to do today and how sales go, shaped per staff role (decision 091):
 * the order work and the sales to a role with the orders area, the stock to a role with the catalogue
 * area. A part a role may not see is not even read.
 */
export function createAdminOverviewService(deps: {
  db: Db
  mail: Pick<MailService, 'settings' | 'failedCount'>
  orders: Pick<OrdersService, 'reports'>
  catalogue: Pick<CatalogueService, 'lowStock' | 'awaitingApproval' | 'titlesOf'>
  messages: Pick<MessagesService, 'unreadCount'>
  reviews: Pick<ReviewsService, 'consoleList'>
  sevas: Pick<SevasService, 'store'>
  returnRequests: { openCount(): Promise<number> }
  invoices: Pick<InvoicesService, 'missing' | 'waiting' | 'settings'>
  donations: { staff: Pick<DonationsService['staff'], 'missing' | 'waiting'> }
  payments: Pick<PaymentsService, 'providerName'>
  settings: Pick<SettingsService, 'read' | 'save'>
}) {
  const { orders, catalogue } = deps

  /** The best sellers of the last 30 days by what they sold for; ties by pieces, then by title. */
  async function topProducts(now: Date, limit: number) {
    const sold = await orders.reports.sellers(now)
    const titles = await catalogue.titlesOf(sold.map((p) => p.id))
    const place = new Map(titles.map((t, i) => [t.id, { i, title: t.title }]))
    return sold
      .filter((p) => place.has(p.id))
      .sort((a, b) => b.paise - a.paise || b.units - a.units || place.get(a.id)!.i - place.get(b.id)!.i)
      .slice(0, limit)
      .map((p) => ({ ...p, title: place.get(p.id)!.title }))
  }

  async function orderWork(): Promise<DashboardOrders> {
    const [queues, unreadMessages, failedEmails, returnsToAct] = await Promise.all([
      orders.reports.work(),
      deps.messages.unreadCount(),
      deps.mail.failedCount(),
      deps.returnRequests.openCount(),
    ])
    return {
      toShip: Number(queues.toShip),
      codToShip: Number(queues.codToShip),
      awaitingPayment: Number(queues.awaitingPayment),
      refundsPending: Number(queues.refundPending),
      returnsToAct,
      unreadMessages,
      failedEmails,
    }
  }

  async function stock(): Promise<DashboardStock> {
    const { lowStockThreshold: threshold } = await deps.mail.settings.get()
    const [low, awaitingApproval, reviewsWaiting] = await Promise.all([
      catalogue.lowStock(threshold, LOW_STOCK_LISTED),
      catalogue.awaitingApproval(),
      deps.reviews.consoleList().waiting(),
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
    const [days, top] = await Promise.all([orders.reports.salesDays(now), topProducts(now, TOP_PRODUCTS)])
    const total = (rows: typeof days) => ({
      orders: rows.reduce((n, d) => n + d.orders, 0),
      rupees: rupees(rows.reduce((n, d) => n + d.paise, 0)),
    })
    const today = days.at(-1)!
    return {
      date: today.day,
      yesterday: total([days.at(-2)!]),
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

  async function sevaDays(now: Date): Promise<DashboardSevas> {
    const today = indianToday(now)
    const tomorrow = addDays(today, 1)
    const rows = await deps.sevas.store().dayCounts([today, tomorrow])
    const of = (date: string) => {
      const n = (status: string) => rows.find((r) => r.day === date && r.status === status)?.n ?? 0
      return { date, toPerform: n('confirmed'), performed: n('performed') }
    }
    return { today: of(today), tomorrow: of(tomorrow) }
  }

  /** The set-up checklist (decision 123): each item done or not, and what waits for it. */
  async function setup(): Promise<DashboardSetup> {
    const [invoiceMissing, receiptMissing, row, invoice, invoicesWaiting, receiptsWaiting] =
      await Promise.all([
        deps.invoices.missing(),
        deps.donations.staff.missing(),
        deps.settings.read(),
        deps.invoices.settings.get(),
        deps.invoices.waiting(),
        deps.donations.staff.waiting(),
      ])
    const provider = deps.payments.providerName
    const items: DashboardSetup['items'] = [
      {
        id: 'supplier',
        done: !invoiceMissing.some((f) => f === 'legalName' || f === 'legalAddress' || f === 'legalState'),
        value: invoice.legalName || null,
      },
      { id: 'gstin', done: !invoiceMissing.includes('gstin'), value: invoice.gstin || null },
      {
        id: 'invoicePrefix',
        done: !invoiceMissing.includes('invoicePrefix'),
        value: invoice.invoicePrefix || null,
      },
      {
        id: 'foundation',
        done: !receiptMissing.includes('donationName') && !receiptMissing.includes('donationAddress'),
        value: row?.donationName || null,
      },
      { id: 'pan', done: !receiptMissing.includes('donationPan'), value: row?.donationPan || null },
      {
        id: 'registration80g',
        done:
          !receiptMissing.includes('registration80g') && !receiptMissing.includes('registration80gIssued'),
        value: row?.registration80g || null,
      },
      {
        id: 'notificationEmail',
        done: Boolean(row?.notificationEmail),
        value: row?.notificationEmail || null,
      },
      { id: 'payments', done: provider !== 'sandbox' || Boolean(row?.sandboxChosen), value: provider },
    ]
    return { complete: items.every((i) => i.done), items, invoicesWaiting, receiptsWaiting }
  }

  return {
    async overview(role: StaffRole | null, now = new Date()): Promise<AdminDashboard> {
      const seesOrders = mayOpen(role, 'orders')
      const [o, st, sa, se, su] = await Promise.all([
        seesOrders ? orderWork() : null,
        mayOpen(role, 'catalogue') ? stock() : null,
        seesOrders ? sales(now) : null,
        seesOrders ? sevaDays(now) : null,
        mayOpen(role, 'settings') ? setup() : null,
      ])
      return { orders: o, stock: st, sales: sa, sevas: se, setup: su }
    },

    /** Staff keep the payment sandbox on purpose (a demonstration, a trial): the checklist stops asking. */
    async chooseSandbox(actorId: string, chosen: boolean): Promise<DashboardSetup> {
      await deps.db.transaction(async (tx) => {
        const before = Boolean((await deps.settings.read(tx))?.sandboxChosen)
        await deps.settings.save({ sandboxChosen: chosen }, tx)
        await writeAudit(tx, {
          actorId,
          action: 'settings.setup',
          entity: 'settings',
          entityId: 'shop',
          before: { sandboxChosen: before },
          after: { sandboxChosen: chosen },
        })
      })
      return setup()
    },
  }
}
export type AdminOverviewService = ReturnType<typeof createAdminOverviewService>
