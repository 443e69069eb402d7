import { sql } from 'drizzle-orm'
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import type { ShipmentEvent } from '../../../contracts/shipments.ts'
import { createdAt, id, updatedAt } from '../../db/columns.ts'
import { orders } from '../orders/tables.ts'

/**
 * A parcel booked with a courier for an order (decision 135). The row is written before the provider is
 * called and read before any retry: the provider has no idempotency key, so this record (its `reference`,
 * which the provider keeps as its own order id) is what stops a timeout from booking a parcel twice.
 */
export const shipments = pgTable(
  'shipments',
  {
    id: id(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** The shop's id for this booking, given to the provider ('KS-2026-000123-1'). */
    reference: text('reference').notNull(),
    /** 'booking' until the courier is assigned and the pickup asked, then 'booked'. */
    state: text('state').notNull().default('booking'),
    /** How many times staff pressed Ship for it; a second try asks the provider first. */
    attempts: integer('attempts').notNull().default(0),
    /** While a booking call is under way: no second one starts before this time. */
    busyUntil: timestamp('busy_until', { withTimezone: true }),
    providerOrderId: text('provider_order_id'),
    providerShipmentId: text('provider_shipment_id'),
    awb: text('awb'),
    courier: text('courier'),
    /** The courier's state in the shop's words (contracts/shipments.ts). */
    status: text('status').notNull().default('Booked'),
    events: jsonb('events').$type<ShipmentEvent[]>().notNull().default([]),
    packageName: text('package_name'),
    grams: integer('grams').notNull(),
    lengthCm: integer('length_cm').notNull(),
    breadthCm: integer('breadth_cm').notNull(),
    heightCm: integer('height_cm').notNull(),
    ewayBill: text('eway_bill'),
    /** Cash the courier collects at the door (paise); 0 for a prepaid parcel. */
    codAmount: integer('cod_amount').notNull().default(0),
    pickupOn: text('pickup_on'),
    /** How many failed delivery attempts the customer has been told of (one e-mail each). */
    failuresTold: integer('failures_told').notNull().default(0),
    /** Another attempt asked for, since the last failed one: when, by whom ('customer' or 'shop'). */
    reattemptAskedAt: timestamp('reattempt_asked_at', { withTimezone: true }),
    reattemptAskedBy: text('reattempt_asked_by'),
    /** When the courier took that request; null while it is saved but the courier was not reached. */
    courierToldAt: timestamp('courier_told_at', { withTimezone: true }),
    /** Staff asked the courier to bring the parcel back. */
    returnAskedAt: timestamp('return_asked_at', { withTimezone: true }),
    /** Staff confirmed the returned parcel arrived: its stock went back, an online payment was refunded. */
    returnReceivedAt: timestamp('return_received_at', { withTimezone: true }),
    /** When the provider was last asked about the parcel (the poll's clock). */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    createdBy: text('created_by'),
    /** An exchange's replacement parcel (decision 140): the return request it carries; null for the order's own. */
    returnId: text('return_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('shipments_reference_idx').on(t.reference),
    // One live parcel per order, and one per exchange; a cancelled booking leaves room for the next.
    uniqueIndex('shipments_live_order_idx')
      .on(t.orderId)
      .where(sql`${t.status} <> 'Cancelled' and ${t.returnId} is null`),
    uniqueIndex('shipments_live_return_idx')
      .on(t.returnId)
      .where(sql`${t.status} <> 'Cancelled' and ${t.returnId} is not null`),
    uniqueIndex('shipments_awb_idx').on(t.provider, t.awb),
    // The poll: parcels still travelling, least recently asked first.
    index('shipments_travelling_idx')
      .on(t.checkedAt)
      .where(
        sql`${t.state} = 'booked' and ${t.status} not in ('Delivered', 'Returned to origin', 'Cancelled')`,
      ),
  ],
)

/**
 * The couriers' cash-on-delivery remittances as they reported them (decision 136): which parcels each pays and
 * how much for each (paise). Matched to the shop's parcels when staff look; kept as told.
 */
export const codRemittances = pgTable(
  'cod_remittances',
  {
    id: id(),
    provider: text('provider').notNull(),
    /** The courier's reference for the transfer (a UTR, a CRF id). */
    reference: text('reference').notNull(),
    /** The day it was sent (YYYY-MM-DD). */
    date: text('date').notNull(),
    total: integer('total').notNull(),
    parcels: jsonb('parcels').$type<Array<{ awb: string; amount: number }>>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('cod_remittances_reference_idx').on(t.provider, t.reference)],
)

/**
 * The sandbox courier's own books (decision 135): what a real provider would hold about each parcel it
 * was given, kept in the shop's database so every instance behind the proxy sees the same parcels.
 */
export const sandboxParcels = pgTable('sandbox_parcels', {
  reference: text('reference').primaryKey(),
  /** The provider's order and shipment ids the sandbox gave ('SBX-O-…', 'SBX-S-…'). */
  orderId: text('order_id').notNull().unique(),
  shipmentId: text('shipment_id').notNull().unique(),
  awb: text('awb').unique(),
  /** What the shop asked it to carry, for the label it prints. */
  booking: jsonb('booking').$type<Record<string, unknown>>().notNull(),
  payment: text('payment').notNull(),
  codAmount: integer('cod_amount').notNull().default(0),
  events: jsonb('events').$type<ShipmentEvent[]>().notNull().default([]),
  pickupOn: text('pickup_on'),
  remittanceReference: text('remittance_reference'),
  remittedOn: text('remitted_on'),
  bookedAt: timestamp('booked_at', { withTimezone: true }).notNull().defaultNow(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})
