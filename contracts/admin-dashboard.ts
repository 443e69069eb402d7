import { z } from 'zod'
import { dashboardSetupSchema } from './setup.ts'

/**
 * The console's dashboard (GET /api/v1/admin/overview): what the staff have to do today and how sales go.
 * Each part is sent only to a role that may open its screens (contracts/staff.ts): `orders` and `sales`
 * to a role with the orders area, `stock` to a role with the catalogue area; the others are null.
 * Money in rupees, days in India time (Asia/Kolkata) as YYYY-MM-DD.
 */

const count = (description: string) => z.number().int().min(0).meta({ description })
const rupees = (description: string) => z.number().meta({ description: `${description}, in rupees` })
const day = (description: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .meta({ description: `${description} (YYYY-MM-DD, India time)` })

/** How many orders of the work queues (contracts/order-states.ts `orderQueues`) and other to-dos. */
export const dashboardOrdersSchema = z.object({
  toShip: count('Paid orders to pack and ship (orders queue toShip)'),
  codToShip: count('Cash-on-delivery orders to ship; the courier collects the cash (orders queue codToShip)'),
  awaitingPayment: count('Orders placed but not paid yet; not to be shipped (orders queue awaitingPayment)'),
  refundsPending: count('Refunds not sent yet; failed ones are tried again (orders queue refundPending)'),
  returnsToAct: count('Return requests to decide, receive or refund (returns status open)'),
  unreadMessages: count('Contact Us messages nobody has read yet'),
  failedEmails: count('E-mails the shop gave up sending after repeated attempts (outbox status failed)'),
})

export const lowStockProductSchema = z.object({
  _id: z.string(),
  title: z.string(),
  quantity: count('Pieces in stock'),
})

/** Products running out, against the shop's low-stock threshold (Settings). */
export const dashboardStockSchema = z.object({
  threshold: count('The low-stock threshold set in Settings: a product at or below it is low'),
  low: count('Products at or below the threshold, out of stock ones included (archived ones left out)'),
  out: count('Products with nothing in stock (archived ones left out)'),
  products: z
    .array(lowStockProductSchema)
    .meta({ description: 'The products at or below the threshold, least stock first, at most 10' }),
  awaitingApproval: count('Products not yet shown in the shop, waiting for approval'),
  reviewsWaiting: count('Customer reviews waiting for staff to publish or hide them'),
})

export const salesTotalSchema = z.object({
  orders: count('Paid orders'),
  rupees: rupees('Their totals'),
})

export const salesDaySchema = z.object({
  date: day('The day'),
  orders: count('Paid orders placed that day'),
  rupees: rupees('Their totals'),
})

export const topProductSchema = z.object({
  _id: z.string(),
  title: z.string(),
  units: count('Pieces sold'),
  rupees: rupees('What they sold for, before any coupon'),
})

/**
 * Sales count paid orders by the day they were placed: paid online, or cash on delivery once delivered
 * (the order is then paid). Cancelled and refunded orders are left out.
 */
export const dashboardSalesSchema = z.object({
  date: day('Today'),
  weekStart: day('The Monday this week began'),
  monthStart: day('The first of this month'),
  today: salesTotalSchema.meta({ description: 'Today' }),
  yesterday: salesTotalSchema.meta({ description: 'Yesterday' }),
  thisWeek: salesTotalSchema.meta({ description: 'This week, from Monday' }),
  thisMonth: salesTotalSchema.meta({ description: 'This month, from the 1st' }),
  days: z.array(salesDaySchema).meta({ description: 'The last 30 days, oldest first, today last' }),
  topProducts: z
    .array(topProductSchema)
    .meta({ description: 'The best sellers of the last 30 days by rupees, at most 5' }),
})

export const sevaDaySchema = z.object({
  date: day('The day'),
  toPerform: count('Paid bookings of the day not yet marked performed'),
  performed: count('Bookings of the day marked performed'),
})

/** The seva bookings of today and tomorrow, for the staff who perform them and tell the devotees. */
export const dashboardSevasSchema = z.object({
  today: sevaDaySchema,
  tomorrow: sevaDaySchema,
})

export const adminDashboardSchema = z.object({
  orders: dashboardOrdersSchema
    .nullable()
    .meta({ description: 'Work on orders and messages; null for a role without the orders area' }),
  stock: dashboardStockSchema
    .nullable()
    .meta({ description: 'Low stock and approvals; null for a role without the catalogue area' }),
  sales: dashboardSalesSchema
    .nullable()
    .meta({ description: 'Sales; null for a role without the orders area' }),
  sevas: dashboardSevasSchema
    .nullable()
    .meta({ description: 'Seva bookings of today and tomorrow; null for a role without the orders area' }),
  setup: dashboardSetupSchema
    .nullable()
    .meta({ description: 'The set-up checklist (decision 123); null for a role without the settings area' }),
})

export type AdminDashboard = z.infer<typeof adminDashboardSchema>
export type DashboardOrders = z.infer<typeof dashboardOrdersSchema>
export type DashboardStock = z.infer<typeof dashboardStockSchema>
export type DashboardSales = z.infer<typeof dashboardSalesSchema>
export type DashboardSevas = z.infer<typeof dashboardSevasSchema>
