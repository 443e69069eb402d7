import { sql } from 'drizzle-orm'
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import type {
  RefundTo,
  ReturnMethod,
  ReturnResolution,
  ReturnStatus,
} from '../../../contracts/return-requests.ts'
import type { ReturnReason, ReturnRule, ReturnShippingPayer } from '../../../contracts/return-rules.ts'
import { createdAt, id, updatedAt } from '../../db/columns.ts'
import { users } from '../accounts/tables.ts'
import { orderItems, orders } from '../orders/tables.ts'

/**
 * Return rules staff set (decision 137): the shop's own (scope 'shop', target 'shop'), a category's (target:
 * the category's id) and a product's exception (target: the product's id). No row: the scope above applies;
 * a category or product deleted leaves a row nothing reads.
 */
export const returnRules = pgTable(
  'return_rules',
  {
    id: id(),
    scope: text('scope', { enum: ['shop', 'category', 'product'] }).notNull(),
    targetId: text('target_id').notNull(),
    returnable: boolean('returnable').notNull(),
    windowDays: integer('window_days').notNull(),
    exchange: boolean('exchange').notNull(),
    returnShipping: text('return_shipping').$type<ReturnShippingPayer>().notNull(),
    restockingFeePercent: integer('restocking_fee_percent').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('return_rules_scope_target_idx').on(t.scope, t.targetId)],
)

/**
 * Customers' return requests (decision 138): one per ask, of some lines of one delivered order. The amounts
 * are worked out when it is made (the customer sees them) and kept; the refund's progress is on the row, with
 * its retries, as an order's own refund is.
 */
export const returnRequests = pgTable(
  'return_requests',
  {
    id: id(),
    number: text('number').notNull(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    status: text('status').$type<ReturnStatus>().notNull().default('requested'),
    reason: text('reason').$type<ReturnReason>().notNull(),
    description: text('description').notNull().default(''),
    resolution: text('resolution').$type<ReturnResolution>().notNull().default('refund'),
    /** The customer's photos: addresses without a size, as review photos are kept. */
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    /** A cash-on-delivery order's refund destination (UPI ID or bank account); null for online payments. */
    refundTo: jsonb('refund_to').$type<RefundTo>(),
    goodsAmount: integer('goods_amount').notNull(),
    restockingFee: integer('restocking_fee').notNull().default(0),
    /** Shipping and the COD fee given back (every piece back, for the shop's fault). */
    chargesRefunded: integer('charges_refunded').notNull().default(0),
    refundAmount: integer('refund_amount').notNull(),
    /** Paise of the refund added to store credit when it was made (decision 139); the rest went as money. */
    refundCredit: integer('refund_credit').notNull().default(0),
    method: text('method').$type<ReturnMethod>(),
    pickupAwb: text('pickup_awb'),
    pickupCourier: text('pickup_courier'),
    pickupTrackingUrl: text('pickup_tracking_url'),
    rejectReason: text('reject_reason'),
    inspectionNote: text('inspection_note'),
    inspectionPhotos: jsonb('inspection_photos').$type<string[]>(),
    resaleable: boolean('resaleable'),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    /** Null until staff refund it: 'pending' while the provider has not taken it, then 'refunded'. */
    refundState: text('refund_state').$type<'pending' | 'refunded'>(),
    refundReference: text('refund_reference'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    refundAttempts: integer('refund_attempts').notNull().default(0),
    refundRetryAt: timestamp('refund_retry_at', { withTimezone: true }),
    creditNoteNumber: text('credit_note_number'),
    /** An exchange (decision 140): paise the customer pays for a dearer choice, and when they paid it. */
    exchangeDue: integer('exchange_due').notNull().default(0),
    exchangePaidAt: timestamp('exchange_paid_at', { withTimezone: true }),
    /** The replacement parcel, booked with the courier as a shipment of the same order. */
    replacementSentAt: timestamp('replacement_sent_at', { withTimezone: true }),
    replacementAwb: text('replacement_awb'),
    replacementCourier: text('replacement_courier'),
    replacementTrackingUrl: text('replacement_tracking_url'),
    exchangeInvoiceNumber: text('exchange_invoice_number'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('return_requests_number_idx').on(t.number),
    index('return_requests_order_idx').on(t.orderId, t.createdAt),
    index('return_requests_status_idx').on(t.status, t.createdAt),
    index('return_requests_refund_due_idx').on(t.refundRetryAt).where(sql`${t.refundState} = 'pending'`),
  ],
)

/** The lines of a request: which order line, how many, what they refund and the rule they were judged by. */
export const returnRequestLines = pgTable(
  'return_request_lines',
  {
    id: id(),
    returnId: text('return_id')
      .notNull()
      .references(() => returnRequests.id, { onDelete: 'cascade' }),
    orderItemId: text('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
    /** The pieces of this order line in earlier requests not rejected, when this one was made. */
    before: integer('before').notNull(),
    amount: integer('amount').notNull(),
    rule: jsonb('rule').$type<ReturnRule>().notNull(),
    /** An exchange's choice (decision 140): the variant sent instead and its price per piece then (paise). */
    exchangeVariantId: text('exchange_variant_id'),
    exchangeVariantTitle: text('exchange_variant_title'),
    exchangePrice: integer('exchange_price'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('return_request_lines_return_idx').on(t.returnId),
    index('return_request_lines_item_idx').on(t.orderItemId),
  ],
)

/** Each step of a request, for the customer's timeline (who did it is in the audit log). */
export const returnEvents = pgTable(
  'return_events',
  {
    id: id(),
    returnId: text('return_id')
      .notNull()
      .references(() => returnRequests.id, { onDelete: 'cascade' }),
    status: text('status').$type<ReturnStatus>().notNull(),
    note: text('note'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('return_events_return_idx').on(t.returnId, t.createdAt)],
)

/** The last request number per year ('RET-2026-'), taken under its row's lock. */
export const returnCounters = pgTable('return_counters', {
  prefix: text('prefix').primaryKey(),
  last: integer('last').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})
