import { sql } from 'drizzle-orm'
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { type PaymentPurpose, paymentPurposes } from '../../../contracts/payments.ts'
import { createdAt, id, updatedAt } from '../../db/columns.ts'
import { users } from '../accounts/tables.ts'
import { orders } from '../orders/tables.ts'

/**
 * What a payment pays (decision 100): an order (order_id), or another module's payable, such as a seva
 * booking or a donation (payable_id, that module's own id). Exactly one of the two is set.
 */
export type { PaymentPurpose }

export const payments = pgTable(
  'payments',
  {
    id: id(),
    purpose: text('purpose', { enum: paymentPurposes }).notNull().default('order'),
    orderId: text('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    payableId: text('payable_id'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    provider: text('provider').notNull(),
    providerOrderId: text('provider_order_id').notNull(),
    providerPaymentId: text('provider_payment_id'),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('INR'),
    method: text('method').notNull().default('Credit Card'),
    status: text('status').notNull().default('created'),
    refundId: text('refund_id'),
    // What has gone back so far (paise): a returned line refunds part of the payment (decision 138).
    refunded: integer('refunded').notNull().default(0),
    // When reconciliation may next ask the provider about this payment (a lease; decision 084).
    checkAfter: timestamp('check_after', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payments_provider_order_idx').on(t.providerOrderId),
    index('payments_order_idx').on(t.orderId),
    index('payments_payable_idx').on(t.purpose, t.payableId),
    check(
      'payments_pays_one_thing',
      sql`(${t.purpose} = 'order' and ${t.orderId} is not null and ${t.payableId} is null) or (${t.purpose} in ('booking', 'donation', 'exchange') and ${t.orderId} is null and ${t.payableId} is not null)`,
    ),
  ],
)

export const paymentEvents = pgTable('payment_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  payload: jsonb('payload').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})
