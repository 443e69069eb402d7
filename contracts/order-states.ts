/**
 * The one definition of an order's states, read by the orders module (which alone enforces it), the
 * console and the storefront. Fulfilment (what happens to the parcel) and payment (what happened to
 * the money) are kept apart: an order is 'Pending' and 'Awaiting payment' until it is paid.
 */

import { msg } from './languages.ts'

/** Fulfilment, with the spec's status words. */
export const fulfilmentStatuses = [
  'Pending',
  'Processing',
  'Shipped',
  'Out for delivery',
  'Delivered',
  'Cancelled',
  // The courier brought the parcel back and staff received it (decision 136): stock back, a payment refunded.
  'Returned to origin',
] as const
export type FulfilmentStatus = (typeof fulfilmentStatuses)[number]

/** Payment, as stored and as the API's `paymentInfo.status` says it ('Pending' is the spec's word). */
export const paymentStatuses = [
  'Pending',
  'Pay on delivery',
  'Paid',
  'Failed',
  'Expired',
  'Refund pending',
  'Refunded',
] as const
export type PaymentStatus = (typeof paymentStatuses)[number]

/** What a customer or a member of staff reads for each payment state. */
export const paymentStatusLabels: Record<PaymentStatus, string> = {
  Pending: msg('Awaiting payment'),
  // Cash on delivery: nothing is paid online; the courier collects the cash (decision 080).
  'Pay on delivery': msg('Pay on delivery'),
  Paid: msg('Paid'),
  Failed: msg('Payment failed'),
  Expired: msg('Expired unpaid'),
  'Refund pending': msg('Refund pending'),
  Refunded: msg('Refunded'),
}

export const paymentStatusLabel = (status: string) => paymentStatusLabels[status as PaymentStatus] ?? status

/** Fulfilment moves staff may make, before the payment rule below is applied. */
const fulfilmentMoves: Record<FulfilmentStatus, readonly FulfilmentStatus[]> = {
  Pending: ['Processing', 'Shipped', 'Cancelled'],
  Processing: ['Shipped', 'Cancelled'],
  // 'Out for delivery' is the courier's word (decision 135); staff may skip it.
  Shipped: ['Out for delivery', 'Delivered'],
  'Out for delivery': ['Delivered'],
  Delivered: [],
  Cancelled: [],
  // Reached only by receiving the returned parcel (its own console action), never by a status change.
  'Returned to origin': [],
}

/** Payment moves; each is made by the orders module when the provider, a customer or the clock says so. */
export const paymentMoves: Record<PaymentStatus, readonly PaymentStatus[]> = {
  // Expired: not paid within the reservation; Failed: the provider declined an attempt.
  Pending: ['Paid', 'Failed', 'Expired'],
  // Becomes Paid when staff mark the order Delivered (cash collected); never expires, never refunded.
  'Pay on delivery': ['Paid'],
  // A customer may try again after a failure; a failed order still lapses.
  Failed: ['Pending', 'Paid', 'Expired'],
  // A payment that arrives after the reservation lapsed is still taken (and refunded if sold out).
  Expired: ['Paid'],
  Paid: ['Refund pending', 'Refunded'],
  'Refund pending': ['Refunded'],
  Refunded: [],
}

export type OrderState = { status: string; paymentStatus: string }

/** Only a paid order is packed, shipped or delivered; a cash-on-delivery order is paid as it is delivered. */
const needsPayment = new Set<string>(['Processing', 'Shipped', 'Out for delivery', 'Delivered'])
const paidOrPayable = new Set<string>(['Paid', 'Pay on delivery'])

/**
 * Why an order cannot move to a fulfilment status, or null when it can. The words are shown to staff
 * as they are.
 */
export function fulfilmentRefusal(order: OrderState, next: string): string | null {
  const moves = fulfilmentMoves[order.status as FulfilmentStatus] ?? []
  if (!moves.includes(next as FulfilmentStatus)) {
    return moves.length
      ? `An order that is ${order.status} can only move to ${moves.join(', ')}.`
      : `This order is ${order.status}; its status cannot change any more.`
  }
  if (needsPayment.has(next) && !paidOrPayable.has(order.paymentStatus)) {
    return `This order is not paid (${paymentStatusLabel(order.paymentStatus).toLowerCase()}), so it cannot be marked ${next}.`
  }
  return null
}

/** The fulfilment statuses an order may move to now, payment considered. */
export function nextFulfilmentStatuses(order: OrderState): FulfilmentStatus[] {
  return (fulfilmentMoves[order.status as FulfilmentStatus] ?? []).filter(
    (next) => fulfilmentRefusal(order, next) === null,
  )
}

export const canMovePayment = (from: string, to: PaymentStatus) =>
  (paymentMoves[from as PaymentStatus] ?? []).includes(to)

/** How far an order has got towards its customer; the courier's word only ever moves it further. */
export const fulfilmentProgress: Partial<Record<string, number>> = {
  Pending: 0,
  Processing: 1,
  Shipped: 2,
  'Out for delivery': 3,
  Delivered: 4,
}

/** A customer may cancel until the order leaves the workshop. */
export const customerMayCancel = (order: OrderState) =>
  order.status === 'Pending' || order.status === 'Processing'

/** The console's order filters: what a member of staff has to do with an order. */
export const orderQueues = {
  awaitingPayment: 'Awaiting payment',
  toShip: 'Paid, to ship',
  codToShip: 'COD, to ship',
  refundPending: 'Refund pending',
  // A failed delivery to re-arrange, or a parcel coming back to receive (decision 136).
  deliveryProblems: 'Delivery problems',
} as const
export type OrderQueue = keyof typeof orderQueues
