import type { IncomingHttpHeaders } from 'node:http'
import type { z } from 'zod'
import { AppError } from '../../http/errors.ts'

/**
 * The seam between the payments module and whoever moves the money (decision 116). The service speaks only
 * these names; each provider's file (`sandbox.ts`, `razorpay.ts`) owns its signatures, webhook headers and
 * bodies, the options its payment window opens with, and its settings. The spec's `razorpay_*` field
 * names are translated to these at the HTTP edge (`api-fields.ts`).
 */

export const paymentProviderNames = ['sandbox', 'razorpay'] as const
export type ProviderName = (typeof paymentProviderNames)[number]

/** An order opened with the provider for one payment: its id and the amount (paise) it asks for. */
export type ProviderOrder = { id: string; amount: number; currency: string }
export type ProviderRefund = { id: string; status: string }
/** One payment attempt on a provider order, as the provider's own books state it. */
export type ProviderPayment = {
  id: string
  providerOrderId: string
  /** 'captured' and 'failed' are the ones the shop acts on. */
  status: string
  amount: number
  currency?: string
  /** How it was paid, in the provider's word (upi, card, netbanking, wallet …), when it says. */
  method?: string
}

/** What the payment window hands back when the customer has paid: the proof the shop checks. */
export type CheckoutResult = { providerOrderId: string; paymentId: string; signature: string }

/** What the browser's payment window needs besides the order id and amount, answered in the session. */
export type PaymentWindow = {
  /** The public key id the window opens with. */
  key: string
}

/** A webhook delivery read by the provider that signed it, in the shop's terms. */
export type PaymentEvent = {
  /** The key it is applied once by: something its signature covers (decision 042). */
  key: string
  /** The provider's own name for the event, as `payment_events` records it. */
  name: string
  /** What it means for the payment: money received, an attempt failed, or nothing the shop acts on. */
  kind: 'captured' | 'failed' | 'other'
  providerOrderId?: string
  paymentId?: string
  /** The amount (paise) and currency the event states; a capture applies only when they are the payment's. */
  amount?: number
  currency?: string
  /** How the customer paid (upi, card, netbanking, wallet …), when the event says. */
  method?: string
  /** The body as received, kept with the event. */
  payload: unknown
}

/** A signed event for the shop's own webhook endpoint: the exact bytes and the headers that carry the signature. */
export type WebhookDelivery = { body: string; headers: Record<string, string> }

/** How the customer paid in the sandbox's dialog (decision 081). */
export type DialogChoice = { method?: 'upi' | 'card' | 'netbanking'; vpa?: string; bank?: string }
/** The error a payment window reports when a payment is declined, in the shape Razorpay's window uses. */
export type DialogDecline = {
  code: string
  description: string
  source: string
  step: string
  reason: string
  metadata: { order_id: string; payment_id: string }
}

/**
 * The sandbox's own checkout dialog (only the sandbox has one): what its Pay and Fail buttons answer, and
 * the signed events a real provider would send for them.
 */
export interface PaymentDialog {
  pay(order: ProviderOrder, choice: DialogChoice): { result: CheckoutResult; webhooks: WebhookDelivery[] }
  fail(order: ProviderOrder, choice: DialogChoice): { error: DialogDecline; webhooks: WebhookDelivery[] }
}

/** A payment provider: orders, the checked checkout result, refunds, the provider's books, signed webhooks. */
export interface PaymentProvider {
  readonly name: ProviderName
  createOrder(input: {
    amount: number
    currency: 'INR'
    /** The payable's short reference the provider keeps (at most 40 characters). */
    receipt: string
    notes?: Record<string, string>
  }): Promise<ProviderOrder>
  /** The options the browser's payment window opens this order with, passed through to the session. */
  paymentWindow(order: ProviderOrder): PaymentWindow
  /** Whether the checkout's signature proves this payment of this provider order (in constant time). */
  checkoutSigned(result: CheckoutResult): boolean
  refund(paymentId: string, amount: number, notes?: Record<string, string>): Promise<ProviderRefund>
  /** The provider's own record of a payment, when it keeps one the shop can ask (the sandbox does not). */
  fetchPayment?(paymentId: string): Promise<ProviderPayment>
  /** Every payment attempt made on a provider order, for reconciliation (decision 084). */
  fetchOrderPayments(providerOrderId: string): Promise<ProviderPayment[]>
  readonly webhook: {
    /** The headers a delivery carries, as the API document lists them. */
    headers: z.ZodObject
    /** How a delivery is authenticated, in the API document's words. */
    description: string
    /** Checks the signature on the raw bytes, then reads the event; a ValidationError when either fails. */
    read(rawBody: Buffer | string, headers: IncomingHttpHeaders): PaymentEvent
  }
  /** The sandbox's dialog; absent for a real provider, whose window is its own. */
  readonly dialog?: PaymentDialog
}

/** The provider could not be reached or refused the call; the customer may simply try again. */
export class PaymentProviderError extends AppError {
  constructor(message = 'The payment service is not reachable right now. Please try again in a minute.') {
    super(502, message)
  }
}
