import { z } from 'zod'
import { pageOf } from './admin.ts'
import { personalisationLineSchema } from './cart.ts'
import { shippingPlace } from './orders.ts'
import { shipmentSchema } from './shipments.ts'

/** What the console's order operations answer (/api/v1/admin/orders…); money in rupees. */

const when = z.string().meta({ format: 'date-time' })
const rupees = z.number().meta({ description: 'Rupees' })
const status = z.string().meta({ description: 'Fulfilment status (contracts/order-states.ts)' })
const paymentStatus = z.string().meta({ description: 'Payment status (contracts/order-states.ts)' })

/** A row of the order list. */
export const adminOrderItemSchema = z.object({
  _id: z.string(),
  orderNumber: z.string(),
  status,
  total: rupees,
  paymentStatus,
  paymentLabel: z.string().meta({ description: 'The payment status as staff read it' }),
  createdAt: when,
  customer: z.object({ _id: z.string(), fullName: z.string(), email: z.string() }),
  phone: z.string(),
  city: z.string(),
  mayShip: z.boolean().meta({
    description: 'Whether it may be marked Shipped now (paid, or cash on delivery, and not yet shipped)',
  }),
})
export type AdminOrderItem = z.infer<typeof adminOrderItemSchema>

export const adminOrderPageSchema = pageOf(adminOrderItemSchema).extend({
  value: z.number().nullable().meta({
    description:
      'Every matching order’s total added up, in rupees (all pages, whatever their payment; filter by payment for paid ones); null when `capped`',
  }),
  capped: z.boolean().meta({
    description:
      'A search matched more orders than a list holds (10,000): `total` is that many, the newest of the matches',
  }),
})
export type AdminOrderPage = z.infer<typeof adminOrderPageSchema>

/** One order with everything staff act on: items, address, payment and its records, history. */
export const adminOrderSchema = z.object({
  _id: z.string(),
  orderNumber: z.string(),
  invoiceNumber: z.string().nullable().meta({ description: 'The GST invoice, once issued (decision 083)' }),
  shipment: shipmentSchema
    .nullable()
    .meta({ description: 'The parcel booked with the courier (decision 135)' }),
  creditNoteNumber: z.string().nullable(),
  status,
  paymentStatus,
  nextStatuses: z.array(z.string()).meta({ description: 'The statuses staff may move the order to now' }),
  subtotal: rupees,
  discountAmount: rupees,
  codFee: rupees,
  shippingCharge: rupees,
  total: rupees,
  couponCode: z.string().nullable(),
  couponPercent: z.number().int(),
  createdAt: when,
  codConfirmedAt: when.nullable().meta({
    description: 'When the customer confirmed a cash-on-delivery order from its link (decision 143)',
  }),
  customer: z.object({
    _id: z.string(),
    fullName: z.string(),
    email: z.string(),
    mobile: z.string().nullable(),
  }),
  items: z.array(
    z.object({
      _id: z.string(),
      productId: z.string(),
      title: z.string(),
      variantTitle: z
        .string()
        .nullable()
        .meta({ description: "The variant sold: 'M / Indigo' (decision 129)" }),
      sku: z.string().nullable(),
      image: z.string().nullable(),
      price: rupees,
      quantity: z.number().int(),
      personalisation: z.array(personalisationLineSchema).meta({
        description:
          "The texts typed, measurements and paid add-ons chosen (decision 133); `price` is the piece's alone",
      }),
      finishedPhoto: z.string().nullable().meta({
        description: 'The photo of the finished piece (800 px), e-mailed to the customer; null for none',
      }),
    }),
  ),
  shipping: z.object({
    ...shippingPlace,
    phone: z.string(),
    shippingLink: z.string().nullable().meta({ description: 'The courier’s tracking link' }),
  }),
  payment: z.object({
    method: z.string(),
    status: paymentStatus,
    label: z.string(),
    paid: z.boolean(),
    refundAttempts: z.number().int(),
    refundRetryAt: when.nullable().meta({ description: 'When a pending refund is tried again by itself' }),
    reservedUntil: when.nullable().meta({ description: 'An unpaid order holds its items until then' }),
    records: z.array(
      z.object({
        _id: z.string(),
        provider: z.string(),
        providerOrderId: z.string(),
        providerPaymentId: z.string().nullable(),
        amount: rupees,
        status: z.string(),
        refundId: z.string().nullable(),
        createdAt: when,
      }),
    ),
  }),
  history: z.array(
    z.object({
      _id: z.string(),
      status,
      note: z.string().nullable(),
      changedAt: when,
      changedBy: z.string().nullable().meta({ description: 'The e-mail of the member of staff, if one' }),
    }),
  ),
})
export type AdminOrder = z.infer<typeof adminOrderSchema>

/** What became of each order of a bulk 'Mark Shipped', in the order they were sent. */
export const adminShipOrdersResultSchema = z.object({
  shipped: z.number().int().meta({ description: 'How many orders were marked Shipped' }),
  refused: z.number().int().meta({ description: 'How many were not, each with its reason' }),
  results: z.array(
    z.object({
      _id: z.string(),
      orderNumber: z.string().nullable().meta({ description: 'Null when no such order exists' }),
      shipped: z.boolean(),
      shippingLink: z.string().nullable(),
      reason: z.string().nullable().meta({ description: 'Why it was not shipped, in words staff read' }),
    }),
  ),
})
export type AdminShipOrdersResult = z.infer<typeof adminShipOrdersResultSchema>

/** The answer's message to a bulk 'Mark Shipped'. */
export function shipOrdersMessage(r: Pick<AdminShipOrdersResult, 'shipped' | 'refused'>): string {
  const orders = (n: number) => `${n} ${n === 1 ? 'order' : 'orders'}`
  if (r.refused === 0) return `${orders(r.shipped)} marked Shipped.`
  if (r.shipped === 0) return `No order was shipped: see the reason beside each.`
  return `${orders(r.shipped)} marked Shipped; ${orders(r.refused)} not shipped: see the reason beside each.`
}
