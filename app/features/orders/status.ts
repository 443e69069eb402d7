import { msg } from '../../../contracts/languages.ts'
import { paymentStatusLabel } from '../../../contracts/order-states.ts'

/** Canceled (old records) and Cancelled show red, Delivered green (spec section 4). */
export function statusClass(status: string): string {
  if (status === 'Cancelled' || status === 'Canceled' || status === 'Returned to origin')
    return 'text-red-700'
  if (status === 'Delivered') return 'text-leaf'
  return 'text-ink'
}

/** A customer may cancel only before the order ships. */
export function canCancel(status: string): boolean {
  return ![
    'Shipped',
    'Out for delivery',
    'Delivered',
    'Cancelled',
    'Canceled',
    'Returned to origin',
  ].includes(status)
}

/** What a customer reads for each stored fulfilment status (the stored words stay as they are). */
const statusLabels: Record<string, string> = {
  Pending: msg('Pending'),
  Processing: msg('Processing'),
  Shipped: msg('Shipped'),
  'Out for delivery': msg('Out for delivery'),
  Delivered: msg('Delivered'),
  Cancelled: msg('Cancelled'),
  'Returned to origin': msg('Returned to the shop'),
  // Old records spell it so.
  Canceled: msg('Canceled'),
}

/** The English label of a stored status, for `t()`; an unknown status shows as it is stored. */
export const statusLabel = (status: string) => statusLabels[status] ?? status

export function pageCount(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage))
}

/**
 * The payment state a customer reads beside the status (contracts/order-states.ts), except that an
 * order cancelled before it was paid reads 'Not paid' rather than 'Awaiting payment'.
 */
export function customerPaymentLabel(order: { status: string; paymentInfo: { status: string } }): string {
  const payment = order.paymentInfo.status
  if (
    (order.status === 'Cancelled' || order.status === 'Canceled') &&
    (payment === 'Pending' || payment === 'Failed' || payment === 'Pay on delivery')
  ) {
    return msg('Not paid')
  }
  return paymentStatusLabel(payment)
}

/** Paid reads green, money owed or lost reads amber, money on its way back reads neutral. */
export function paymentBadgeClass(order: { status: string; paymentInfo: { status: string } }): string {
  const payment = order.paymentInfo.status
  if (payment === 'Paid') return 'bg-green-100 text-green-900'
  if (
    order.status !== 'Cancelled' &&
    (payment === 'Pending' || payment === 'Failed' || payment === 'Pay on delivery')
  ) {
    return 'bg-amber-100 text-amber-900'
  }
  return 'bg-ink/10 text-ink'
}
