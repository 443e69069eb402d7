import type { PayablePurpose } from '../../../contracts/payments.ts'
import { ApiError } from '../../lib/api.ts'
import { site } from '../../lib/site.ts'
import { paymentConstants } from '../checkout/messages.ts'
import { usePaymentWindow } from '../checkout/use-payment-window.tsx'
import { confirmPayable, startPayable } from './payable-api.ts'

/** How paying a booking or donation ended; `reason` is the provider's or the server's words. */
export type PayableOutcome =
  | { kind: 'paid'; paymentId: string }
  | { kind: 'failed'; reason?: string }
  | { kind: 'dismissed' }

/**
 * Pays a seva booking or a donation the way the checkout pays an order (decision 100): the server opens
 * the payment for its own amount, the provider's window (Razorpay's or the sandbox dialog) takes it, and
 * the server verifies what the window handed back. Render `element` once in the page for the sandbox.
 */
export function usePayablePayment() {
  const paymentWindow = usePaymentWindow()
  const pay = async (
    purpose: PayablePurpose,
    payableId: string,
    details: { description: string; prefill?: { name?: string; email?: string; contact?: string } },
  ): Promise<PayableOutcome> => {
    const session = await startPayable(purpose, payableId)
    const outcome = await paymentWindow.open(session, {
      key: session.key,
      amount: session.amount,
      currency: session.currency,
      name: site.name,
      description: details.description,
      order_id: session.id,
      prefill: details.prefill,
      theme: { color: paymentConstants.themeColor },
    })
    if (outcome.kind === 'dismissed') return outcome
    if (outcome.kind === 'failed') return { kind: 'failed', reason: outcome.error.description }
    try {
      const res = await confirmPayable(purpose, payableId, outcome.result)
      return { kind: 'paid', paymentId: res.payment.paymentId }
    } catch (err) {
      return { kind: 'failed', reason: err instanceof ApiError ? err.message : undefined }
    }
  }
  return { pay, element: paymentWindow.element }
}
