import type { IncomingHttpHeaders } from 'node:http'
import type { z } from 'zod'
import type { TrackingStatus } from '../../../contracts/shipments.ts'
import { AppError } from '../../http/errors.ts'

/**
 * The seam between the shipping module and whoever carries the parcel (decisions 116 and 135). The service
 * speaks only these names; each provider's file (`sandbox.ts`, `shiprocket.ts`) owns its authentication,
 * its requests and answers, its tracking words and its webhook. A second courier (India Post) is one more
 * file implementing `ShippingProvider`, a name below, and a case in `providers.ts`.
 */

export const shippingProviderNames = ['sandbox', 'shiprocket'] as const
export type ShippingProviderName = (typeof shippingProviderNames)[number]

/** Everything a courier needs to carry one parcel of one order. Money in paise, weight in grams. */
export type ParcelBooking = {
  /** The shop's own id for this booking, unique, kept by the provider: it is how a retry finds it again. */
  reference: string
  orderNumber: string
  placedAt: Date
  to: {
    firstName: string
    lastName: string
    address: string
    apartment: string | null
    city: string
    state: string
    postalCode: string
    country: string
    phone: string
    email: string | null
  }
  items: { name: string; sku: string; units: number; price: number }[]
  /** 'cod' collects `total` at the door. */
  payment: 'cod' | 'prepaid'
  /** What the consignment is worth: the order's total. */
  total: number
  shippingCharge: number
  discount: number
  parcel: { grams: number; lengthCm: number; breadthCm: number; heightCm: number }
  /** The e-way bill number, above the threshold (contracts/shipments.ts). */
  ewayBill: string | null
}

/**
 * A reverse pickup (decision 135, 'Reverse pickups'): the courier collects a returned parcel at the customer's
 * address and brings it to the shop's own pickup address, the one forward parcels leave from (each provider
 * knows it: Shiprocket's `pickup_location`). Money in paise, weight in grams; always prepaid.
 */
export type ReturnPickupBooking = {
  /** The shop's own id for this pickup, unique ('RET-2026-00012'): a retry with it books nothing twice. */
  reference: string
  /** The order the pieces were bought in. */
  orderNumber: string
  /** When the shop books the pickup (the return order's date at the provider). */
  placedAt: Date
  /** Where the courier collects it: the customer's address, in the shape of a parcel's `to`. */
  from: ParcelBooking['to']
  items: { name: string; sku: string; units: number; price: number }[]
  /** What the returned pieces are worth. */
  total: number
  parcel: { grams: number; lengthCm: number; breadthCm: number; heightCm: number }
}

/** The provider's record of a booking, as far as it has got. */
export type ProviderShipment = {
  providerOrderId: string
  providerShipmentId: string
  /** Null until a courier is assigned. */
  awb: string | null
  courier: string | null
}

/** One courier scan, in the shop's words (the provider maps its own). */
export type ProviderTrackingEvent = {
  status: TrackingStatus
  /** When it happened (ISO 8601). */
  at: string
  location: string | null
  detail: string | null
}

/** What the provider says of a parcel now: its state and every scan it knows. */
export type ProviderTracking = { status: TrackingStatus; events: ProviderTrackingEvent[] }

/** One remittance of cash collected on delivery: which parcels it pays and how much for each (paise). */
export type ProviderRemittance = {
  reference: string
  /** The day the money was sent (YYYY-MM-DD). */
  date: string
  total: number
  parcels: { awb: string; amount: number }[]
}

/**
 * What the shop asks the courier after a failed delivery (decision 136): another attempt, with the
 * customer's corrected phone or address when they gave one, or the parcel brought back to the shop.
 */
export type DeliveryAction =
  | { kind: 'reattempt'; phone: string | null; address: string | null; note: string | null }
  | { kind: 'return'; note: string | null }

/** A tracking callback read by the provider that sent it: the parcel it is about (its word is re-read). */
export type TrackingNotice = { awb: string; payload: unknown }

export interface ShippingProvider {
  readonly name: ShippingProviderName
  /** The provider's booking made under this reference, if there is one (checked before any retry). */
  findByReference(reference: string): Promise<ProviderShipment | null>
  /** Opens the booking with the provider (an order and its shipment). */
  createShipment(booking: ParcelBooking): Promise<ProviderShipment>
  /**
   * Books a courier to collect a returned parcel from the customer for the shop: the return order and its
   * AWB. Asked again with the same reference, it answers the booking already made.
   */
  bookReturnPickup(booking: ReturnPickupBooking): Promise<ProviderShipment>
  /** Assigns a courier and its AWB number to a created shipment. */
  assignCourier(providerShipmentId: string): Promise<{ awb: string; courier: string }>
  /** Asks the courier to collect the parcels; answers the day they will come, when it says. */
  requestPickup(providerShipmentIds: string[]): Promise<{ pickupOn: string | null }>
  /** The shipping labels of these shipments, as one PDF. */
  labels(providerShipmentIds: string[]): Promise<Buffer>
  /** The manifest the courier signs at pickup for these shipments, as a PDF. */
  manifest(providerShipmentIds: string[]): Promise<Buffer>
  /** The parcel's state and scans as the provider knows them now. */
  track(awb: string): Promise<ProviderTracking>
  /** Acts on a parcel the courier could not deliver: another attempt, or back to the shop. */
  deliveryAction(awb: string, action: DeliveryAction): Promise<void>
  /** Cash-on-delivery remittances sent to the shop since a day (YYYY-MM-DD). */
  remittances(since: string): Promise<ProviderRemittance[]>
  /** The page a customer follows the parcel on, if the provider has one (the order page shows the scans anyway). */
  trackingUrl(awb: string): string | null
  readonly webhook: {
    /** The headers a callback carries, as the API document lists them. */
    headers: z.ZodObject
    /** How a callback is authenticated, in the API document's words. */
    description: string
    /** Checks the callback's token, then reads which parcel it is about; a ValidationError when either fails. */
    read(rawBody: Buffer | string, headers: IncomingHttpHeaders): TrackingNotice
  }
}

/** The courier service could not be reached or refused the call; staff may simply try again. */
export class ShippingProviderError extends AppError {
  constructor(message = 'The courier service is not reachable right now. Please try again in a minute.') {
    super(502, message)
  }
}
