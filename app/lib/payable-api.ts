import type { Translate } from '../../contracts/i18n/translate.ts'
import type { Order, PaymentSession } from '../../contracts/orders.ts'
import type { PayablePurpose } from '../../contracts/payments.ts'
import { ApiError, api } from './api.ts'
import { type CheckoutResult, createPayment, verifyPayment } from './checkout-api.ts'
import { checkoutMessages, paymentConstants } from './checkout-messages.ts'
import { PaymentWindowError } from './payment-checkout.ts'

/** Opens a payment for one of the caller's bookings or donations; the server states the amount. */
export function startPayable(purpose: PayablePurpose, payableId: string) {
  return api<PaymentSession>('/payments/payable/create', {
    method: 'POST',
    body: { purpose, payableId },
    auth: true,
  })
}

/** Hands the checkout's answer to the server, which checks its signature and records the payment. */
export function confirmPayable(purpose: PayablePurpose, payableId: string, result: CheckoutResult) {
  return api<{ success: boolean; payment: { paymentId: string; status: string } }>(
    '/payments/payable/verify',
    { method: 'POST', body: { purpose, payableId, ...result }, auth: true },
  )
}

/** What the provider's window shows of the payment. */
export type PaymentShown = {
  description: string
  prefill?: { name?: string; email?: string; contact?: string }
}

/**
 * One thing to pay, as the pay flow (app/components/use-pay-flow.tsx) takes it: the server opens its
 * payment for its own amount, and verifies what the provider's window handed back, answering `V`.
 */
export type Payment<P, V> = PaymentShown & {
  payable: P
  open: () => Promise<PaymentSession>
  verify: (result: CheckoutResult) => Promise<V>
}

/** An order's payment (decision 041): verified, it answers the order as paid. */
export function orderPayment(order: Order, userId: string, shown: PaymentShown): Payment<Order, Order> {
  return {
    ...shown,
    payable: order,
    open: () =>
      createPayment({
        orderId: order._id,
        amount: Math.round(order.totalAmount * 100),
        currency: paymentConstants.currency,
        paymentMethod: paymentConstants.method,
        userId,
      }),
    verify: async (result) => (await verifyPayment(order._id, result)).payment.order,
  }
}

/** A seva booking's or a donation's payment (decision 100): verified, it answers the payment's id. */
export function payablePayment<P>(
  purpose: PayablePurpose,
  payableId: string,
  payable: P,
  shown: PaymentShown,
): Payment<P, string> {
  return {
    ...shown,
    payable,
    open: () => startPayable(purpose, payableId),
    verify: async (result) => (await confirmPayable(purpose, payableId, result)).payment.paymentId,
  }
}

/** What /payment-failed is told by the page whose payment failed. */
export type PaymentFailedState = { reason?: string; orderID?: string }

/** What the checkout and an order's Pay button say when an order's payment could not be opened. */
export function orderPaymentProblem(t: Translate, err: unknown): string {
  if (err instanceof PaymentWindowError) return t(err.message)
  const server = err instanceof ApiError ? (err.body as { message?: string } | null)?.message : null
  return server || t(checkoutMessages.paymentCreateFailed)
}
