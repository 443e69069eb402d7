import type { DashboardOrders, DashboardStock } from '../../../contracts/admin-dashboard.ts'

/**
 * Where each count of the dashboard leads: the list screen filtered to exactly the items counted (the
 * API test checks that each list's total is the count).
 */
export const orderWorkLinks: Record<keyof DashboardOrders, string> = {
  toShip: '/admin/orders?queue=toShip',
  codToShip: '/admin/orders?queue=codToShip',
  awaitingPayment: '/admin/orders?queue=awaitingPayment',
  refundsPending: '/admin/orders?queue=refundPending',
  returnsToAct: '/admin/returns?status=open',
  unreadMessages: '/admin/messages?kind=contact&status=new',
  failedEmails: '/admin/outbox?status=failed',
}

export const stockLinks: Record<
  keyof Pick<DashboardStock, 'low' | 'out' | 'awaitingApproval' | 'reviewsWaiting'>,
  string
> = {
  low: '/admin/products?stock=low',
  out: '/admin/products?stock=out',
  awaitingApproval: '/admin/products?approval=pending',
  reviewsWaiting: '/admin/reviews?status=pending',
}

export const productLink = (id: string) => `/admin/products/${id}`
