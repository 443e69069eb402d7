import { ApiError } from '../lib/api.ts'
import { paymentConstants } from '../lib/checkout-messages.ts'
import type { Payment } from '../lib/payable-api.ts'
import { PaymentWindowError } from '../lib/payment-checkout.ts'
import { useMutation } from '../lib/query.ts'
import { site } from '../lib/site.ts'
import { usePaymentWindow } from './use-payment-window.tsx'

/** How paying ended: `reason` is the provider's or the server's words, when it gave any. */
export type PayOutcome<P, V> =
  | { kind: 'paid'; payable: P; verified: V }
  | { kind: 'failed'; payable: P; reason?: string }
  | { kind: 'closed'; payable: P }

export type PayFlowOptions<I, P, V> = {
  /** Makes (or finds) the thing to pay; null when there is nothing to pay and the page has said why. */
  create: (input: I) => Promise<Payment<P, V> | null>
  /** Awaited before the flow stops being pending; the outcome is null when `create` answered null. */
  onSuccess?: (outcome: PayOutcome<P, V> | null, input: I) => unknown
  /** Creating it, opening its payment or loading the provider's window failed (a PaymentWindowError). */
  onError?: (error: Error, input: I) => unknown
  onSettled?: () => unknown
}

/**
 * The one pay flow (decision 114), for orders, seva bookings and donations alike: create the payable, have
 * the server open its payment, take it in the provider's window (Razorpay's or the sandbox dialog), have
 * the server verify the answer, and report paid, failed or closed. Render `element` once in the page.
 */
export function usePayFlow<I, P, V>({ create, ...callbacks }: PayFlowOptions<I, P, V>) {
  const paymentWindow = usePaymentWindow()
  const flow = useMutation({
    ...callbacks,
    mutationFn: async (input: I): Promise<PayOutcome<P, V> | null> => {
      const payment = await create(input)
      if (!payment) return null
      const { payable } = payment
      const session = await payment.open()
      const outcome = await paymentWindow
        .open(session, {
          key: session.key,
          amount: session.amount,
          currency: session.currency,
          name: site.name,
          description: payment.description,
          order_id: session.id,
          prefill: payment.prefill,
          theme: { color: paymentConstants.themeColor },
        })
        .catch((err) => {
          throw err instanceof Error ? new PaymentWindowError(err.message) : err
        })
      if (outcome.kind === 'dismissed') return { kind: 'closed', payable }
      if (outcome.kind === 'failed') return { kind: 'failed', payable, reason: outcome.error.description }
      try {
        return { kind: 'paid', payable, verified: await payment.verify(outcome.result) }
      } catch (err) {
        return { kind: 'failed', payable, reason: err instanceof ApiError ? err.message : undefined }
      }
    },
  })
  return {
    pay: flow.mutate,
    payAsync: flow.mutateAsync,
    isPending: flow.isPending,
    element: paymentWindow.element,
  }
}
