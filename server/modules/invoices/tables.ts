import { sql } from 'drizzle-orm'
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, id, updatedAt } from '../../db/columns.ts'
import { orders } from '../orders/tables.ts'

/**
 * GST invoices and credit notes (decision 083): everything printed is kept as issued, so a later change
 * to a product, the shop's address or the order never changes a document already given.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: ['invoice', 'credit-note'] }).notNull(),
    number: text('number').notNull(),
    financialYear: text('financial_year').notNull(),
    serial: integer('serial').notNull(),
    // A credit note names the invoice it reverses.
    invoiceId: text('invoice_id'),
    // A credit note for returned lines names its return request (decision 138), and so does the invoice of an
    // exchange's replacement (decision 140); null: the order's own.
    returnId: text('return_id'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    supplier: jsonb('supplier').$type<Record<string, string>>().notNull(),
    recipient: jsonb('recipient').$type<Record<string, string>>().notNull(),
    placeOfSupply: text('place_of_supply').notNull(),
    intraState: boolean('intra_state').notNull(),
    lines: jsonb('lines').notNull(),
    taxable: integer('taxable').notNull(),
    cgst: integer('cgst').notNull(),
    sgst: integer('sgst').notNull(),
    igst: integer('igst').notNull(),
    total: integer('total').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('invoices_number_idx').on(t.number),
    // One invoice and one whole-order credit note per order; a credit note and an invoice per return besides.
    uniqueIndex('invoices_order_kind_idx').on(t.orderId, t.kind).where(sql`${t.returnId} is null`),
    uniqueIndex('invoices_return_idx').on(t.returnId, t.kind).where(sql`${t.returnId} is not null`),
  ],
)

/**
 * The last serial used per number series ('KS/26-27', 'KSC/26-27': prefix, kind and financial year), one
 * row each, taken under its lock; a new prefix or year starts a new series at 1.
 */
export const invoiceCounters = pgTable('invoice_counters', {
  series: text('series').primaryKey(),
  last: integer('last').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

/**
 * Orders owed a tax invoice that could not be issued yet because the supplier's details are incomplete
 * (decision 123): each is issued, in the order they came, as soon as staff complete the details.
 */
export const invoiceWaits = pgTable(
  'invoice_waits',
  {
    orderId: text('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('invoice_waits_created_idx').on(t.createdAt)],
)

/**
 * GST rates by HSN code (decision 128): a prefix (chapter, heading or full code), the day from which the rule
 * applies, and a rate, or a rate up to a value per piece (paise, before tax) and another above it. A new rule
 * for the same prefix from a later day replaces it from then; invoices already issued keep what they printed.
 */
export const gstRules = pgTable(
  'gst_rules',
  {
    id: id(),
    hsnPrefix: text('hsn_prefix').notNull(),
    validFrom: text('valid_from').notNull(),
    rate: integer('rate').notNull(),
    threshold: integer('threshold'),
    aboveRate: integer('above_rate'),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('gst_rules_prefix_from_idx').on(t.hsnPrefix, t.validFrom)],
)
