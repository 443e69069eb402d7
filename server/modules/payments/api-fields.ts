import type { z } from 'zod'
import type { PaymentSession, sandboxChoiceSchema } from '../../../contracts/orders.ts'
import type { CheckoutResult, DialogChoice } from './provider.ts'
import type { OpenedPayment } from './service.ts'

/**
 * The API's field names for the payments module's own, in one place (decision 116). The spec's checkout
 * fields carry Razorpay's name (`razorpay_order_id`, `razorpay_payment_id`, `razorpay_signature`) and the
 * session answers `razorpayOrderId` and `key`; the routes translate here, and the service and providers
 * never see those names.
 */

/** The three fields the payment window hands back, as the browser sends them to verify. */
export type ApiCheckout = {
  razorpay_order_id: string
  razorpay_payment_id: string
  razorpay_signature: string
}

export const checkoutFromApi = (body: ApiCheckout): CheckoutResult => ({
  providerOrderId: body.razorpay_order_id,
  paymentId: body.razorpay_payment_id,
  signature: body.razorpay_signature,
})

export const checkoutToApi = (result: CheckoutResult): ApiCheckout => ({
  razorpay_order_id: result.providerOrderId,
  razorpay_payment_id: result.paymentId,
  razorpay_signature: result.signature,
})

/** The session `/payments/create` and `/payments/payable/create` answer; the window's options as given. */
export const sessionToApi = (opened: OpenedPayment): PaymentSession => ({
  success: true,
  message: 'Payment created',
  id: opened.providerOrderId,
  razorpayOrderId: opened.providerOrderId,
  amount: opened.amount,
  currency: opened.currency,
  ...opened.window,
  provider: opened.provider,
  orderId: opened.payableId,
  orderID: opened.payableNumber,
})

/** The sandbox dialog's Pay or Fail: which provider order, and how the customer chose to pay. */
export const dialogChoiceFromApi = ({
  razorpay_order_id,
  ...choice
}: z.output<typeof sandboxChoiceSchema>): { providerOrderId: string; choice: DialogChoice } => ({
  providerOrderId: razorpay_order_id,
  choice,
})
