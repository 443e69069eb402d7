import { z } from 'zod'
import { personalisationAnswerSchema, personalisationLineSchema } from './cart.ts'
import { maxCartQuantity } from './cart-rules.ts'
import { checkoutUpdatesField } from './messaging.ts'
import { measurementUnits } from './personalisation.ts'
import { shipmentSchema } from './shipments.ts'

/** Order statuses (spec section 4), defined with the payment states in order-states.ts. */
export { type FulfilmentStatus as OrderStatus, fulfilmentStatuses as orderStatuses } from './order-states.ts'

const digits = (n: number) => new RegExp(`^\\d{${n}}$`)

/** Shipping information as the checkout sends it; 'Country' (the spec's literal) is stored as INDIA. */
export const shippingInfoInputSchema = z.object({
  firstName: z.string().trim().max(80).optional(),
  lastName: z.string().trim().max(80).optional(),
  email: z.string().trim().max(200).optional(),
  address: z.string().trim().min(1, 'Address is required').max(300),
  apartment: z.string().trim().max(200).optional(),
  city: z.string().trim().min(1, 'City is required').max(100),
  state: z.string().trim().min(1, 'State is required').max(100),
  postalCode: z.string().trim().regex(digits(6), 'Postal code must be 6 digits'),
  country: z.string().trim().max(60).optional(),
  phoneNumber: z.string().trim().regex(digits(10), 'Phone number is required must be exactly 10 digits'),
})

export const placeOrderSchema = z.object({
  customerId: z.string().min(1).max(64),
  products: z
    .array(
      z.object({
        productId: z.string().min(1).max(64),
        variantId: z
          .string()
          .min(1)
          .max(64)
          .optional()
          .nullable()
          .meta({ description: 'The variant ordered; required when the product has several (decision 129)' }),
        quantity: z.number().int().min(1).max(maxCartQuantity),
        price: z
          .number()
          .min(0)
          .max(10_000_000)
          .meta({ description: "Rupees for each piece, its add-ons' prices included (decision 133)" }),
        personalisation: personalisationAnswerSchema.optional(),
      }),
    )
    .min(1, 'Your cart is empty.')
    .max(50),
  totalAmount: z.number().min(0).max(100_000_000),
  shippingInfo: shippingInfoInputSchema,
  paymentInfo: z
    .object({ method: z.string().max(40).default('Credit Card'), status: z.string().max(40).optional() })
    .optional(),
  couponCode: z.string().trim().max(60).optional().nullable(),
  storeCredit: z.number().min(0).max(100_000_000).default(0).meta({
    description:
      "Rupees of the total paid with the caller's store credit (decision 139), as the checkout showed it; the rest is paid online",
  }),
  idempotencyKey: z.string().min(8).max(100).optional(),
  updates: checkoutUpdatesField,
})
export type PlaceOrderInput = z.infer<typeof placeOrderSchema>

/** Where an order goes, as stored: the customer's and the console's answers both carry it. */
export const shippingPlace = {
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string(),
  apartment: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  country: z.string(),
}

/** An order as the API answers it (spec section 3); money in rupees. */
/** Measurements given after ordering (decision 133), for one form of one line. */
export const giveMeasurementsSchema = z.object({
  formId: z.string().min(1).max(40),
  values: z
    .record(z.string().max(40), z.number())
    .meta({ description: "A number for each of the form's fields, by field id, in the form's unit" }),
})

export const orderSchema = z.object({
  _id: z.string(),
  orderID: z.string(),
  customer: z.object({ _id: z.string() }),
  status: z.string(),
  totalAmount: z.number(),
  subtotal: z.number(),
  discountAmount: z.number(),
  /** Cash-on-delivery fee in the total (0 for online payment). */
  codFee: z.number(),
  shippingCharge: z
    .number()
    .meta({ description: 'Shipping in the total, in rupees (decision 134); 0 when it shipped free' }),
  couponCode: z.string().nullable(),
  couponDiscount: z.number(),
  storeCredit: z.number().meta({
    description: 'Rupees of the total paid with store credit (decision 139); the rest is paid online',
  }),
  createdAt: z.string(),
  products: z.array(
    z.object({
      _id: z.string(),
      product: z.object({ _id: z.string(), title: z.string(), image: z.string().nullable() }),
      quantity: z.number().int(),
      price: z.number(),
      variantId: z.string().nullable().meta({ description: 'The variant sold; null for one piece' }),
      variantTitle: z.string().nullable().meta({ description: "Its option values: 'M / Indigo'" }),
      personalisation: z.array(personalisationLineSchema).meta({
        description:
          "The texts, measurements and paid add-ons chosen (decision 133); `price` is the piece's, each add-on's is its own and in the subtotal",
      }),
      measurements: z
        .array(
          z.object({
            id: z.string(),
            label: z.string(),
            unit: z.enum(measurementUnits),
            fields: z.array(
              z.object({
                id: z.string(),
                label: z.string(),
                value: z.number().nullable().meta({ description: 'Null until given' }),
              }),
            ),
          }),
        )
        .meta({
          description:
            'The measurement forms of the line (decision 133), with the values given; those awaited may be given with PUT /order/{id}/items/{itemId}/measurements while the order is Pending',
        }),
      finishedPhoto: z
        .string()
        .nullable()
        .meta({ description: "Staff's photo of the finished piece (decision 133); null until they add one" }),
    }),
  ),
  shippingInfo: z.object({
    ...shippingPlace,
    phoneNumber: z.string(),
    shippingLink: z.string().nullable(),
  }),
  paymentInfo: z.object({ method: z.string(), status: z.string() }),
  /** 'Pending' or 'Refunded' while the payment state is 'Refund pending' or 'Refunded'; else null. */
  refundStatus: z.string().nullable(),
  /** Until when an unpaid order holds its items; null once paid or for orders placed before reservations. */
  reservedUntil: z.string().nullable(),
  orderHistory: z.array(z.object({ status: z.string(), changedAt: z.string(), note: z.string().nullable() })),
  /** The GST invoice's number once issued (paid, or a cash-on-delivery order delivered); else null. */
  invoiceNumber: z.string().nullable(),
  /** The credit note's number once a refund issued one; else null. */
  creditNoteNumber: z.string().nullable(),
  /** The parcel booked with the courier, with its scans, oldest first (decision 135); null before. */
  shipment: shipmentSchema.nullable(),
})
export type Order = z.infer<typeof orderSchema>

export const updateOrderSchema = z.object({
  orderID: z.string().min(1).max(64),
  status: z.literal('Cancelled'),
})

export const createPaymentSchema = z.object({
  orderId: z.string().min(1).max(64),
  amount: z.number().min(0).optional(),
  currency: z.literal('INR').default('INR'),
  paymentMethod: z.string().max(40).default('Credit Card'),
  userId: z.string().min(1).max(64).optional(),
})

export const paymentSessionSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  id: z.string(),
  razorpayOrderId: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  key: z.string(),
  provider: z.enum(['sandbox', 'razorpay']),
  orderId: z.string(),
  orderID: z.string(),
})
export type PaymentSession = z.infer<typeof paymentSessionSchema>

/** The sandbox's payment methods, as Razorpay's checkout offers them, and its test UPI IDs. */
export const sandboxMethods = ['upi', 'card', 'netbanking'] as const
export type SandboxMethod = (typeof sandboxMethods)[number]
export const sandboxUpi = { success: 'success@razorpay', failure: 'failure@razorpay' } as const
export const sandboxBanks = ['SBIN', 'HDFC', 'ICIC', 'UTIB'] as const

/** What the sandbox dialog sends for Pay or Fail: how the customer paid (card when not said). */
export const sandboxChoiceSchema = z
  .object({
    razorpay_order_id: z.string().min(1).max(100),
    method: z.enum(sandboxMethods).default('card'),
    vpa: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9._-]{2,64}@[a-z]{2,64}$/, 'Enter a UPI ID such as success@razorpay')
      .optional(),
    bank: z.enum(sandboxBanks).optional(),
  })
  .refine((c) => c.method !== 'upi' || Boolean(c.vpa), {
    message: 'Enter a UPI ID such as success@razorpay',
    path: ['vpa'],
  })
  .refine((c) => c.method !== 'netbanking' || Boolean(c.bank), {
    message: 'Choose your bank',
    path: ['bank'],
  })
export type SandboxChoice = z.input<typeof sandboxChoiceSchema>

export const verifyPaymentSchema = z.object({
  orderId: z.string().min(1).max(64),
  razorpay_order_id: z.string().min(1).max(100),
  razorpay_payment_id: z.string().min(1).max(100),
  razorpay_signature: z.string().min(1).max(200),
})
