import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { AppError } from '../../http/errors.ts'

export type ProviderName = 'sandbox' | 'razorpay'
export type ProviderOrder = { id: string; amount: number; currency: string }
export type ProviderRefund = { id: string; status: string }
export type ProviderPayment = {
  id: string
  order_id: string
  status: string
  amount: number
  currency?: string
  method?: string
}

/** A payment provider shaped like Razorpay: orders, signed checkout results, refunds, signed webhooks. */
export interface PaymentProvider {
  readonly name: ProviderName
  /** The public key id the browser's checkout needs. */
  readonly keyId: string
  createOrder(input: {
    amount: number
    currency: 'INR'
    receipt: string
    notes?: Record<string, string>
  }): Promise<ProviderOrder>
  refund(paymentId: string, amount: number, notes?: Record<string, string>): Promise<ProviderRefund>
  /** The provider's own record of a payment, when it keeps one (the sandbox does not). */
  fetchPayment?(paymentId: string): Promise<ProviderPayment>
  /** Every payment attempt made on a provider order (Razorpay: GET /orders/:id/payments), for reconciliation. */
  fetchOrderPayments(providerOrderId: string): Promise<ProviderPayment[]>
  /** The sandbox's own record of a payment made or failed in its dialog, so it can answer the same question. */
  remember?(payment: ProviderPayment): void
}

/** The provider could not be reached or refused the call; the customer may simply try again. */
export class PaymentProviderError extends AppError {
  constructor(message = 'The payment service is not reachable right now. Please try again in a minute.') {
    super(502, message)
  }
}

export function hmacHex(secret: string, data: string | Buffer): string {
  return createHmac('sha256', secret).update(data).digest('hex')
}

/** Constant-time comparison of two hex signatures. */
export function signatureMatches(expectedHex: string, givenHex: string): boolean {
  if (!/^[0-9a-f]+$/i.test(givenHex)) return false
  const a = Buffer.from(expectedHex, 'hex')
  const b = Buffer.from(givenHex.toLowerCase(), 'hex')
  return a.length === b.length && timingSafeEqual(a, b)
}

/** The checkout signature: HMAC-SHA256(order id + '|' + payment id) with the key secret. */
export function checkoutSignature(keySecret: string, providerOrderId: string, paymentId: string): string {
  return hmacHex(keySecret, `${providerOrderId}|${paymentId}`)
}

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
/** Ids shaped like the provider's: a prefix and 14 letters or digits (`order_…`, `pay_…`). */
export function providerId(prefix: 'order' | 'pay' | 'rfnd' | 'evt'): string {
  const bytes = randomBytes(14)
  let s = ''
  for (const b of bytes) s += alphabet[b % alphabet.length]
  return `${prefix}_${s}`
}
