import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import type { Translations } from '../../../contracts/languages.ts'
import { createdAt, id, updatedAt } from '../../db/columns.ts'
import { users } from '../accounts/tables.ts'
import { temples } from '../content/tables.ts'

/**
 * A seva or pooja a temple offers for booking (decision 102): its price in paise, the weekdays it is
 * offered (0 Sunday … 6 Saturday), how many bookings one day takes, and the cancellation rule devotees accept.
 */
export const sevas = pgTable(
  'sevas',
  {
    id: id(),
    // Restrict: the console refuses to delete a temple that still has sevas.
    templeId: text('temple_id')
      .notNull()
      .references(() => temples.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    price: integer('price').notNull(),
    weekdays: integer('weekdays').array().notNull(),
    dailyLimit: integer('daily_limit').notNull(),
    active: boolean('active').notNull().default(true),
    // A cancellation this many hours before the day (midnight in India) is refunded in full; none after.
    cancelHours: integer('cancel_hours').notNull().default(48),
    // Staff's own words for the policy; empty: the shop's rule in the devotee's language.
    policy: text('policy').notNull().default(''),
    // Staff's Hindi of the name and description (docs/decisions/097); the English where one is empty.
    translations: jsonb('translations').$type<Translations<'name' | 'description'>>().notNull().default({}),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('sevas_temple_idx').on(t.templeId, t.position)],
)

/**
 * Places taken on one day of a seva: the booking takes one with a conditional update
 * (`taken < daily limit`), so the limit holds under any number of devotees booking at once.
 */
export const sevaDays = pgTable(
  'seva_days',
  {
    sevaId: text('seva_id')
      .notNull()
      .references(() => sevas.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    taken: integer('taken').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.sevaId, t.day] })],
)

/** Booking numbers (SEVA-<year>-<n>): their own series, apart from the orders'. */
export const sevaBookingNumbers = pgSequence('seva_booking_number_seq', { startWith: 1 })

/** A devotee's booking of a seva for one day (decision 102). */
export const sevaBookings = pgTable(
  'seva_bookings',
  {
    id: id(),
    bookingNumber: text('booking_number').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    sevaId: text('seva_id')
      .notNull()
      .references(() => sevas.id, { onDelete: 'restrict' }),
    day: date('day', { mode: 'string' }).notNull(),
    // The seva's name and price when booked: what the devotee agreed to pay for.
    sevaName: text('seva_name').notNull(),
    amount: integer('amount').notNull(),
    devoteeName: text('devotee_name').notNull(),
    gotra: text('gotra'),
    nakshatra: text('nakshatra'),
    note: text('note'),
    // contracts/seva-text.ts: pending (awaiting payment), confirmed, performed, cancelled, expired.
    status: text('status').notNull().default('pending'),
    // pending, paid, refund_pending, refunded, not_paid.
    paymentStatus: text('payment_status').notNull().default('pending'),
    // The cancellation policy the devotee accepted (hours and staff's words, as they were then).
    cancelHours: integer('cancel_hours').notNull(),
    policy: text('policy').notNull().default(''),
    policyAcceptedAt: timestamp('policy_accepted_at', { withTimezone: true }).notNull(),
    // Whether this booking counts in its day's taken places (from booking until cancelled or expired).
    placeHeld: boolean('place_held').notNull().default(true),
    // An unpaid booking holds its place until then; the sweeper expires it afterwards.
    reservedUntil: timestamp('reserved_until', { withTimezone: true }),
    language: text('language').notNull().default('en'),
    performedAt: timestamp('performed_at', { withTimezone: true }),
    // A picture base URL (/uploads/sevas/<name>, sizes per contracts/images.ts) and a video link.
    photo: text('photo'),
    videoUrl: text('video_url'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    refundAttempts: integer('refund_attempts').notNull().default(0),
    refundRetryAt: timestamp('refund_retry_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('seva_bookings_number_idx').on(t.bookingNumber),
    index('seva_bookings_user_idx').on(t.userId, t.createdAt),
    // The console's day list and each seva's upcoming bookings.
    index('seva_bookings_day_idx').on(t.day, t.status),
    index('seva_bookings_seva_idx').on(t.sevaId, t.day),
    // The sweeper: unpaid bookings past their hold; refunds to retry.
    index('seva_bookings_pending_idx').on(t.status, t.reservedUntil),
    index('seva_bookings_refund_idx').on(t.paymentStatus, t.refundRetryAt),
  ],
)
