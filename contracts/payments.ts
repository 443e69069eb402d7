import { z } from 'zod'

/**
 * What a payment can pay (decision 100): an order, a seva booking or a donation. Orders keep their own
 * endpoints (`/payments/create`, `/payments/verify`); the others are paid through `/payments/payable/*`.
 */
export const paymentPurposes = ['order', 'booking', 'donation', 'exchange'] as const
export type PaymentPurpose = (typeof paymentPurposes)[number]
export const payablePurposes = ['booking', 'donation', 'exchange'] as const
export type PayablePurpose = (typeof payablePurposes)[number]

export const startPayableSchema = z.object({
  purpose: z.enum(payablePurposes),
  payableId: z.string().min(1).max(64),
  paymentMethod: z.string().max(40).optional(),
})
export type StartPayable = z.input<typeof startPayableSchema>

export const confirmPayableSchema = z.object({
  purpose: z.enum(payablePurposes),
  payableId: z.string().min(1).max(64),
  razorpay_order_id: z.string().min(1).max(100),
  razorpay_payment_id: z.string().min(1).max(100),
  razorpay_signature: z.string().min(1).max(200),
})
export type ConfirmPayable = z.input<typeof confirmPayableSchema>

export const payableConfirmedSchema = z.object({
  purpose: z.enum(payablePurposes),
  payableId: z.string(),
  paymentId: z.string(),
  status: z.string(),
})

/**
 * How a customer paid online, as the provider's payment names it (Razorpay's `method`), in the words the
 * order, the console and the packing slip use. Until the provider says, an online order reads 'Credit Card'
 * (the spec's placeholder); an unknown method is kept under its own name.
 */
const paidWith: Record<string, string> = {
  upi: 'UPI',
  card: 'Card',
  netbanking: 'Netbanking',
  wallet: 'Wallet',
  emi: 'EMI',
  cardless_emi: 'Cardless EMI',
  paylater: 'Pay later',
}
export function paymentMethodLabel(method: string): string {
  const known = paidWith[method.toLowerCase()]
  if (known) return known
  const plain = method
    .replace(/[^a-z0-9 _-]/gi, '')
    .replace(/_/g, ' ')
    .trim()
    .slice(0, 40)
  return plain ? plain[0]!.toUpperCase() + plain.slice(1) : 'Online'
}
