import { z } from 'zod'

/** What the console's overview answers (/api/v1/admin/overview); times are India time, money in rupees. */

const count = (description: string) => z.number().int().meta({ description })
const rupees = (description: string) => z.number().meta({ description: `${description}, in rupees` })

export const adminOverviewSchema = z.object({
  ordersToday: count('Orders placed today'),
  ordersThisMonth: count('Orders placed this month'),
  revenueToday: rupees('Paid today, not cancelled'),
  revenueThisMonth: rupees('Paid this month, not cancelled'),
  revenueAllTime: rupees('Paid ever, not cancelled'),
  ordersByStatus: z.record(z.string(), z.number().int()).meta({
    description: 'Orders per fulfilment status: Pending, Processing, Shipped, Delivered, Cancelled',
  }),
  awaitingPayment: count('Orders to be paid before they ship'),
  paidToShip: count('Paid orders to pack and ship'),
  codToShip: count('Cash-on-delivery orders to ship'),
  refundsPending: count('Refunds waiting to go out'),
  productsAwaitingApproval: count('Products not yet shown in the shop'),
  newContactMessages: count('Contact Us messages not yet read'),
  newNewsletterSignups: count('Newsletter sign-ups not yet seen'),
})
export type AdminOverview = z.infer<typeof adminOverviewSchema>
