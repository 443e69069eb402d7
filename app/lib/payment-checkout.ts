import { msg } from '../../contracts/languages.ts'
import type { CheckoutResult, PaymentError } from './checkout-api.ts'
import { paymentConstants } from './checkout-messages.ts'

/** The options a Razorpay checkout takes; the sandbox dialog reads the same ones. */
export type CheckoutOptions = {
  key: string
  amount: number
  currency: string
  name: string
  description: string
  order_id: string
  prefill?: { name?: string; email?: string; contact?: string }
  theme: { color: string }
}

/** The provider's window could not be opened (its script did not load); the message is a spec string. */
export class PaymentWindowError extends Error {}

export type CheckoutOutcome =
  | { kind: 'paid'; result: CheckoutResult }
  | { kind: 'failed'; error: PaymentError }
  | { kind: 'dismissed' }

type RazorpayInstance = {
  open(): void
  on(event: 'payment.failed', cb: (r: { error: PaymentError }) => void): void
}
type RazorpayConstructor = new (
  options: CheckoutOptions & {
    handler: (r: CheckoutResult) => void
    modal: { ondismiss: () => void }
  },
) => RazorpayInstance

declare global {
  interface Window {
    Razorpay?: RazorpayConstructor
  }
}

let loading: Promise<void> | null = null

/** Loads Razorpay's checkout script once (allowed by the shop's CSP). */
export function loadRazorpayScript(): Promise<void> {
  if (typeof window === 'undefined') return Promise.reject(new Error('No browser'))
  if (window.Razorpay) return Promise.resolve()
  loading ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script')
    script.src = paymentConstants.razorpayScript
    script.async = true
    script.onload = () => resolve()
    script.onerror = () => {
      loading = null
      reject(new Error(msg('The payment window could not be loaded. Check your connection and try again.')))
    }
    document.body.appendChild(script)
  })
  return loading
}

/** Opens Razorpay's own checkout and settles once with how it ended. */
export async function openRazorpayCheckout(options: CheckoutOptions): Promise<CheckoutOutcome> {
  await loadRazorpayScript()
  const Razorpay = window.Razorpay
  if (!Razorpay) throw new Error(msg('The payment window could not be loaded.'))
  return new Promise<CheckoutOutcome>((resolve) => {
    let settled = false
    const settle = (o: CheckoutOutcome) => {
      if (!settled) {
        settled = true
        resolve(o)
      }
    }
    const rzp = new Razorpay({
      ...options,
      handler: (result) => settle({ kind: 'paid', result }),
      modal: { ondismiss: () => settle({ kind: 'dismissed' }) },
    })
    rzp.on('payment.failed', (r) => settle({ kind: 'failed', error: r.error }))
    rzp.open()
  })
}
