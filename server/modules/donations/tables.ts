import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { createdAt, id, updatedAt } from '../../db/columns.ts'
import { users } from '../accounts/tables.ts'
import { temples } from '../content/tables.ts'

/**
 * A gift to the foundation's work or to a temple (decision 101), paid online through the payments module
 * (purpose 'donation'). It gets its receipt number, in a gap-free series per financial year, in the
 * transaction that records its payment; the donor's 80G details are kept only when they asked for a receipt.
 */
export const donations = pgTable(
  'donations',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    cause: text('cause', { enum: ['road-safety', 'culture', 'temple'] }).notNull(),
    templeId: text('temple_id').references(() => temples.id, { onDelete: 'set null' }),
    // The temple's name when the gift was made, for the receipt and the console.
    templeName: text('temple_name'),
    amount: integer('amount').notNull(),
    donorName: text('donor_name').notNull(),
    donorEmail: text('donor_email').notNull(),
    donorPhone: text('donor_phone').notNull(),
    wants80g: boolean('wants_80g').notNull().default(false),
    donorAddress: text('donor_address'),
    donorPan: text('donor_pan'),
    language: text('language').notNull().default('en'),
    status: text('status', { enum: ['pending', 'failed', 'paid'] })
      .notNull()
      .default('pending'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paymentReference: text('payment_reference'),
    receiptNumber: text('receipt_number'),
    financialYear: text('financial_year'),
    receiptSerial: integer('receipt_serial'),
    // The foundation's details printed on the receipt, as they were when it was issued.
    issuer: jsonb('issuer').$type<Record<string, string>>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('donations_receipt_idx').on(t.receiptNumber),
    uniqueIndex('donations_serial_idx').on(t.financialYear, t.receiptSerial),
    index('donations_user_idx').on(t.userId),
    index('donations_paid_idx').on(t.paidAt),
    check(
      'donations_80g_details',
      sql`not ${t.wants80g} or (${t.donorPan} is not null and ${t.donorAddress} is not null)`,
    ),
  ],
)
