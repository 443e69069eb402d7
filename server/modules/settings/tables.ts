import { sql } from 'drizzle-orm'
import { boolean, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core'
import { createdAt, updatedAt } from '../../db/columns.ts'

/** The shop's own settings staff change in the console; one row, id 'shop'. */
export const shopSettings = pgTable('shop_settings', {
  id: text('id').primaryKey(),
  notificationEmail: text('notification_email'),
  lowStockThreshold: integer('low_stock_threshold').notNull().default(3),
  // Cash on delivery (decision 080): on or off, the largest order total and the fee in paise, where not offered.
  codEnabled: boolean('cod_enabled').notNull().default(true),
  codMaxTotal: integer('cod_max_total').notNull().default(1_000_000),
  codFee: integer('cod_fee').notNull().default(0),
  codExcludedStates: text('cod_excluded_states').array().notNull().default(sql`'{}'::text[]`),
  codExcludedPins: text('cod_excluded_pins').array().notNull().default(sql`'{}'::text[]`),
  // The supplier on GST invoices (decision 083); empty until staff fill them in.
  legalName: text('legal_name').notNull().default(''),
  legalAddress: text('legal_address').notNull().default(''),
  legalState: text('legal_state').notNull().default(''),
  gstin: text('gstin').notNull().default(''),
  invoicePrefix: text('invoice_prefix').notNull().default('KS'),
  // The delivery promise by PIN (decision 086): dispatch days, zones, PIN codes not served; null = defaults.
  delivery: jsonb('delivery'),
  // Shipping charges (decision 134): rates by zone and weight slab, free threshold, packages; null = free.
  shipping: jsonb('shipping'),
  // Donation receipts (decision 101): the foundation as registered under section 80G; empty until set.
  donationName: text('donation_name').notNull().default(''),
  donationAddress: text('donation_address').notNull().default(''),
  donationPan: text('donation_pan').notNull().default(''),
  registration80g: text('registration_80g').notNull().default(''),
  registration80gIssued: text('registration_80g_issued').notNull().default(''),
  registration80gFrom: text('registration_80g_from').notNull().default(''),
  registration80gUntil: text('registration_80g_until').notNull().default(''),
  // What one account may hold at once (decision 110): unpaid online orders and the pieces they reserve,
  // open cash-on-delivery orders (per account and per delivery phone), unpaid seva bookings, and coupon
  // uses held by unpaid orders. Who may take a first COD order: 'anyone', 'confirmed-email' (an address
  // proved by its link) or 'paid-history' (a paid or delivered order before).
  maxUnpaidOrders: integer('max_unpaid_orders').notNull().default(2),
  maxHeldPieces: integer('max_held_pieces').notNull().default(10),
  maxOpenCodOrders: integer('max_open_cod_orders').notNull().default(1),
  maxOpenCodPerPhone: integer('max_open_cod_per_phone').notNull().default(1),
  codFirstOrder: text('cod_first_order', { enum: ['anyone', 'confirmed-email', 'paid-history'] })
    .notNull()
    .default('confirmed-email'),
  maxUnpaidSevaBookings: integer('max_unpaid_seva_bookings').notNull().default(2),
  maxHeldCouponUses: integer('max_held_coupon_uses').notNull().default(1),
  // The set-up checklist (decision 123): staff chose to keep the payment sandbox, so it is not asked again.
  sandboxChosen: boolean('sandbox_chosen').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})
