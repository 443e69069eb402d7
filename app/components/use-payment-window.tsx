import { useState } from 'react'
import type { PaymentSession } from '../../contracts/orders.ts'
import { type CheckoutOptions, type CheckoutOutcome, openRazorpayCheckout } from '../lib/payment-checkout.ts'
import { SandboxCheckout } from './sandbox-checkout.tsx'

/**
 * Opens the provider's checkout for a payment session: Razorpay's own window, or the sandbox
 * dialog (rendered through `element`). Settles once with how the payment ended.
 */
export function usePaymentWindow() {
  const [sandbox, setSandbox] = useState<{
    options: CheckoutOptions
    done: (o: CheckoutOutcome) => void
  } | null>(null)
  const open = (session: PaymentSession, options: CheckoutOptions): Promise<CheckoutOutcome> => {
    if (session.provider === 'razorpay') return openRazorpayCheckout(options)
    return new Promise<CheckoutOutcome>((resolve) => {
      setSandbox({
        options,
        done: (o) => {
          setSandbox(null)
          resolve(o)
        },
      })
    })
  }
  const element = sandbox ? <SandboxCheckout options={sandbox.options} onDone={sandbox.done} /> : null
  return { open, element }
}
