import { z } from 'zod'

/**
 * What a payment can pay (decision 100): an order, a seva booking or a donation. Orders keep their own
 * endpoints (`/payments/create`, `/payments/verify`); the others are paid through `/payments/payable/*`.
 */
export const paymentPurposes = ['order', 'booking', 'donation'] as const
export type PaymentPurpose = (typeof paymentPurposes)[number]
export const payablePurposes = ['booking', 'donation'] as const
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
