import type { PaymentSession } from '../../../contracts/orders.ts'
import type { PayablePurpose } from '../../../contracts/payments.ts'
import { api } from '../../lib/api.ts'
import type { CheckoutResult } from '../checkout/checkout-api.ts'

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
