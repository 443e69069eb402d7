import { sql } from 'drizzle-orm'
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import type { OrderedPersonalisation } from '../../../contracts/personalisation.ts'
import { createdAt, id, updatedAt } from '../../db/columns.ts'
import { users } from '../accounts/tables.ts'
import { products, productVariants } from '../catalogue/tables.ts'

export const orders = pgTable(
  'orders',
  {
    id: id(),
    orderNumber: text('order_number').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    status: text('status').notNull().default('Pending'),
    subtotal: integer('subtotal').notNull(),
    discountAmount: integer('discount_amount').notNull().default(0),
    /** The cash-on-delivery fee, its own line and part of the total; 0 for online payment. */
    codFee: integer('cod_fee').notNull().default(0),
    // Paise of the total paid with the customer's store credit (decision 139); the rest is paid online.
    storeCredit: integer('store_credit').notNull().default(0),
    // Shipping (decision 134): its own line and part of the total, and the weight it was charged on.
    shippingCharge: integer('shipping_charge').notNull().default(0),
    shippingGrams: integer('shipping_grams'),
    total: integer('total').notNull(),
    couponCode: text('coupon_code'),
    couponPercent: integer('coupon_percent').notNull().default(0),
    idempotencyKey: text('idempotency_key'),
    shippingFirstName: text('shipping_first_name'),
    shippingLastName: text('shipping_last_name'),
    shippingEmail: text('shipping_email'),
    shippingAddress: text('shipping_address').notNull(),
    shippingApartment: text('shipping_apartment'),
    shippingCity: text('shipping_city').notNull(),
    shippingState: text('shipping_state').notNull(),
    shippingPostalCode: text('shipping_postal_code').notNull(),
    shippingCountry: text('shipping_country').notNull().default('INDIA'),
    shippingPhone: text('shipping_phone').notNull(),
    shippingLink: text('shipping_link'),
    // The language the customer ordered in (contracts/languages.ts): their e-mails about it use it.
    language: text('language').notNull().default('en'),
    paymentMethod: text('payment_method').notNull().default('Credit Card'),
    // contracts/order-states.ts: Pending (awaiting payment), Paid, Failed, Expired, Refund pending, Refunded.
    paymentStatus: text('payment_status').notNull().default('Pending'),
    // Hash of the placed payload, so a reused idempotency key with another payload is refused.
    idempotencyHash: text('idempotency_hash'),
    // An unpaid online order holds its stock until then; the sweeper expires it afterwards.
    reservedUntil: timestamp('reserved_until', { withTimezone: true }),
    // Whether the order's quantities are taken from stock now (released on cancel or expiry).
    stockHeld: boolean('stock_held').notNull().default(false),
    // Whether the store credit is spent for this order now: a cancelled or expired order gives it back once.
    creditHeld: boolean('credit_held').notNull().default(false),
    // Whether the coupon's use is counted (from payment until a cancellation gives it back).
    couponCounted: boolean('coupon_counted').notNull().default(false),
    // A cash-on-delivery order the customer confirmed (or not yet) from the link in its message, before
    // dispatch (docs/decisions/143): staff see it in the console; a cancellation by the link cancels it.
    codConfirmedAt: timestamp('cod_confirmed_at', { withTimezone: true }),
    refundAttempts: integer('refund_attempts').notNull().default(0),
    refundRetryAt: timestamp('refund_retry_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_number_idx').on(t.orderNumber),
    uniqueIndex('orders_user_idempotency_idx').on(t.userId, t.idempotencyKey),
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_status_idx').on(t.status),
    index('orders_payment_status_idx').on(t.paymentStatus, t.reservedUntil),
    index('orders_coupon_idx').on(t.couponCode),
    // The dashboard's sales by day (a month of orders, not all of them) and the console's list, newest first.
    index('orders_created_idx').on(t.createdAt),
    // The console's list in either direction: its last pages are read oldest first (decision 103).
    index('orders_created_id_idx').on(t.createdAt, t.id),
    // The console's work queues, newest first (queueConditions in server/modules/orders/console-repo.ts, the
    // same conditions word for word so the planner can use them): few orders in a shop that keeps up, so
    // counting and paging a queue reads a small index, not every order of that status.
    index('orders_awaiting_payment_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.status} = 'Pending' and ${t.paymentStatus} in ('Pending', 'Failed')`),
    index('orders_to_ship_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.status} in ('Pending', 'Processing') and ${t.paymentStatus} = 'Paid'`),
    index('orders_refund_pending_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.paymentStatus} = 'Refund pending'`),
    index('orders_cod_to_ship_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.status} in ('Pending', 'Processing') and ${t.paymentStatus} = 'Pay on delivery'`),
  ],
)

/**
 * Phones that may not receive cash-on-delivery orders (decision 136): staff set one after parcels to it were
 * refused at the door and came back. Kept by the phone's last ten digits, however it was typed.
 */
export const codPhoneBlocks = pgTable('cod_phone_blocks', {
  phone: text('phone').primaryKey(),
  reason: text('reason').notNull(),
  blockedBy: text('blocked_by'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

/**
 * The last order number issued per yearly prefix ('KS-2026-'), one row each. Taking the next one locks
 * the row until the order's transaction ends, so two placements at once never take the same number, and
 * one that rolls back gives its number back.
 */
export const orderCounters = pgTable('order_counters', {
  prefix: text('prefix').primaryKey(),
  last: integer('last').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

export const orderItems = pgTable(
  'order_items',
  {
    id: id(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    // The variant sold (decision 129) and its option values as the order shows them ('M / Indigo'): kept
    // when staff later delete the variant.
    variantId: text('variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
    variantTitle: text('variant_title'),
    sku: text('sku'),
    image: text('image'),
    price: integer('price').notNull(),
    quantity: integer('quantity').notNull(),
    // Personalisation (decision 133): the texts and add-ons as ordered; each add-on is its own invoice line
    // and is in the order's subtotal, not in `price`.
    personalisation: jsonb('personalisation').$type<OrderedPersonalisation>(),
    // Staff's photo of the finished piece (decision 133): its address without a size; null until added.
    finishedPhoto: text('finished_photo'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('order_items_order_idx').on(t.orderId), index('order_items_product_idx').on(t.productId)],
)

export const orderHistory = pgTable(
  'order_history',
  {
    id: id(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    note: text('note'),
    changedBy: text('changed_by'),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('order_history_order_idx').on(t.orderId, t.changedAt)],
)
