import type { Order } from '../../contracts/orders.ts'
import { api } from './api.ts'

export const ordersQueryKey = ['orders'] as const

export const fetchOrders = () => api<{ data: Order[] }>('/order/allorder', { auth: true }).then((r) => r.data)

export const fetchOrder = (id: string) =>
  api<{ data: Order }>(`/order/singleorder/${encodeURIComponent(id)}`, { auth: true }).then((r) => r.data)

export const cancelOrder = (orderID: string) =>
  api<{ data: Order; message: string }>('/order/updateorder', {
    method: 'PATCH',
    body: { orderID, status: 'Cancelled' },
    auth: true,
  })
