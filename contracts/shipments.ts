/**
 * A booked parcel as the shop speaks of it, whoever carries it (decision 135): the courier's tracking
 * states in the shop's words, what each does to the order, and the shape the order answers carry.
 */
import { z } from 'zod'
import { msg } from './languages.ts'
import { trackingStatuses } from './tracking-statuses.ts'

export {
  finalTrackingStatuses,
  type TrackingStatus,
  trackingRank,
  trackingStatuses,
  trackingStatusLabels,
} from './tracking-statuses.ts'

export const shipmentEventSchema = z.object({
  status: z.enum(trackingStatuses),
  /** When the courier says it happened (ISO 8601). */
  at: z.string(),
  location: z.string().nullable(),
  /** The courier's own words for it, when they add something. */
  detail: z.string().nullable(),
})
export type ShipmentEvent = z.infer<typeof shipmentEventSchema>

export const shipmentSchema = z.object({
  provider: z.string(),
  awb: z.string().nullable(),
  courier: z.string().nullable(),
  status: z.enum(trackingStatuses),
  trackingUrl: z.string().nullable(),
  events: z.array(shipmentEventSchema),
  /** After a failed attempt: when another was asked for, and by whom (decision 136). */
  reattemptAskedAt: z.string().nullable(),
  reattemptAskedBy: z.enum(['customer', 'shop']).nullable(),
  /** False while a request for another attempt is saved but the courier has not taken it yet. */
  courierTold: z.boolean(),
  /** Staff asked the courier to bring the parcel back. */
  returnAskedAt: z.string().nullable(),
  /** Staff confirmed the returned parcel arrived (stock back, an online payment refunded). */
  returnReceivedAt: z.string().nullable(),
})
export type ShipmentView = z.infer<typeof shipmentSchema>

/** A consignment worth more than this (paise) travels with an e-way bill (CGST Rule 138: ₹50,000). */
export const ewayBillThreshold = 50_000_00
/** An e-way bill number: twelve digits. */
export const ewayBillPattern = /^\d{12}$/

export const bookShipmentBody = z.object({
  /** A package preset's name (Settings, Shipping); without one, the order's own weight and a default box. */
  packageName: z.string().trim().max(60).optional(),
  /** The packed weight in grams, when staff weighed the parcel. */
  weightGrams: z.number().int().min(1).max(100_000).optional(),
  ewayBill: z.string().trim().regex(ewayBillPattern, 'An e-way bill number has twelve digits.').optional(),
})
export type BookShipmentInput = z.infer<typeof bookShipmentBody>

/**
 * What a customer sends after a failed delivery (decision 136): the corrected phone or address lines, or
 * neither, and another attempt is asked for. The city and PIN stay: the parcel's route is fixed by them.
 */
export const deliveryRequestBody = z.object({
  phoneNumber: z
    .string()
    .trim()
    .regex(/^\d{10}$/, 'Phone number must be exactly 10 digits')
    .optional(),
  address: z.string().trim().min(5, 'Address must be at least 5 characters').max(300).optional(),
  apartment: z.string().trim().max(200).optional(),
  /** A word for the courier: a landmark, a time someone is at home. */
  note: z.string().trim().max(200).optional(),
})
export type DeliveryRequestInput = z.infer<typeof deliveryRequestBody>

/** What staff send with 'Another attempt' or 'Return to the shop'. */
export const deliveryActionBody = z.object({ note: z.string().trim().max(200).optional() })

/** Days after delivery by which a courier normally remits the cash it collected; later, staff are told. */
export const remittanceDueDays = 14

/** Money in rupees, as the console shows it. */
const rupeesField = z.number()

/** The couriers' cash-on-delivery remittances matched to the shop's parcels (decision 136). */
export const remittanceReportSchema = z.object({
  /** Who carries the parcels: `sandbox` offers its 'remit' button. */
  provider: z.string(),
  remittances: z.array(
    z.object({
      reference: z.string(),
      date: z.string(),
      total: rupeesField,
      parcels: z.array(
        z.object({
          awb: z.string(),
          orderId: z.string().nullable(),
          orderNumber: z.string().nullable(),
          /** What the courier paid for it. */
          amount: rupeesField,
          /** What it collected at the door by the shop's record; null for a parcel the shop does not know. */
          expected: rupeesField.nullable(),
          match: z.enum(['matched', 'differs', 'unknown']),
        }),
      ),
    }),
  ),
  /** Delivered cash-on-delivery parcels that no remittance pays yet, oldest delivery first. */
  unpaid: z.array(
    z.object({
      awb: z.string(),
      orderId: z.string(),
      orderNumber: z.string(),
      expected: rupeesField,
      deliveredAt: z.string().nullable(),
      /** Delivered more than `remittanceDueDays` ago. */
      overdue: z.boolean(),
    }),
  ),
})
export type RemittanceReport = z.infer<typeof remittanceReportSchema>

export const shipmentMessages = {
  ewayBillNeeded: msg(
    'This consignment is worth more than ₹50,000: enter its e-way bill number (twelve digits) before booking the courier.',
  ),
  alreadyBooked: msg('This order already has a courier booked.'),
  notShippable: msg(
    'Only a paid or cash-on-delivery order that has not left the shop can be booked with the courier.',
  ),
  courierDown: msg(
    'The courier service did not answer. Nothing was booked twice: press Ship again and the shop will check first.',
  ),
  notFailed: msg(
    'The courier has not reported a failed delivery for this parcel, so there is nothing to re-arrange.',
  ),
  alreadyReturning: msg('This parcel is already on its way back to the shop.'),
  reattemptAsked: msg('Thank you. The courier will try again; the details you gave are on the parcel.'),
  reattemptSaved: msg('Thank you. Your request is saved and the shop will pass it to the courier shortly.'),
  notReturning: msg('The courier has not said this parcel is coming back, so it cannot be received yet.'),
  alreadyReceived: msg('This returned parcel was already received.'),
}
