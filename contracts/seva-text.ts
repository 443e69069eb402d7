import { msg } from './languages.ts'

/**
 * Sevas and pooja bookings (docs/decisions/102): the words, limits and calendar rules the pages, the
 * e-mails and the API share. No zod here, so the booking page does not ship it; the schemas are in sevas.ts.
 */

export const sevaLimits = {
  /** A booking is for a day from tomorrow up to this many days ahead (India's calendar). */
  daysAhead: 90,
  maxName: 100,
  maxGotra: 60,
  maxNote: 500,
  maxPolicy: 2000,
  /** Hours before the day (midnight in India) until which a cancellation is refunded in full, by default. */
  defaultCancelHours: 48,
  maxCancelHours: 30 * 24,
  maxDailyLimit: 10_000,
} as const

/** Weekdays as JavaScript counts them (0 Sunday … 6 Saturday), with the names the pages show. */
export const weekdays = [0, 1, 2, 3, 4, 5, 6] as const
export const weekdayNames: Record<number, string> = {
  0: msg('Sunday'),
  1: msg('Monday'),
  2: msg('Tuesday'),
  3: msg('Wednesday'),
  4: msg('Thursday'),
  5: msg('Friday'),
  6: msg('Saturday'),
}

/** The 27 nakshatras, in their order; the English name is what is stored. */
export const nakshatras = [
  msg('Ashwini'),
  msg('Bharani'),
  msg('Krittika'),
  msg('Rohini'),
  msg('Mrigashira'),
  msg('Ardra'),
  msg('Punarvasu'),
  msg('Pushya'),
  msg('Ashlesha'),
  msg('Magha'),
  msg('Purva Phalguni'),
  msg('Uttara Phalguni'),
  msg('Hasta'),
  msg('Chitra'),
  msg('Swati'),
  msg('Vishakha'),
  msg('Anuradha'),
  msg('Jyeshtha'),
  msg('Mula'),
  msg('Purva Ashadha'),
  msg('Uttara Ashadha'),
  msg('Shravana'),
  msg('Dhanishta'),
  msg('Shatabhisha'),
  msg('Purva Bhadrapada'),
  msg('Uttara Bhadrapada'),
  msg('Revati'),
] as const
export type Nakshatra = (typeof nakshatras)[number]

/**
 * A booking's life: awaiting payment (its place held for a while), confirmed once paid, performed by the
 * temple on the day; cancelled by the devotee or staff, or expired unpaid.
 */
export const bookingStatuses = ['pending', 'confirmed', 'performed', 'cancelled', 'expired'] as const
export type BookingStatus = (typeof bookingStatuses)[number]
export const bookingStatusLabels: Record<BookingStatus, string> = {
  pending: msg('Awaiting payment'),
  confirmed: msg('Confirmed'),
  performed: msg('Performed'),
  cancelled: msg('Cancelled'),
  expired: msg('Expired unpaid'),
}

export const bookingPaymentStatuses = ['pending', 'paid', 'refund_pending', 'refunded', 'not_paid'] as const
export type BookingPaymentStatus = (typeof bookingPaymentStatuses)[number]
export const bookingPaymentLabels: Record<BookingPaymentStatus, string> = {
  pending: msg('Awaiting payment'),
  paid: msg('Paid'),
  refund_pending: msg('Refund pending'),
  refunded: msg('Refunded'),
  not_paid: msg('Not paid'),
}

/** The shop's own cancellation rule, in words, when staff have written none for a seva. */
export const defaultPolicy = msg(
  'Full refund when you cancel at least {hours} hours before the day of the seva; no refund after that.',
)

/** What devotees read and are told; the API, the pages and the tests share these words. */
export const sevaText = {
  heading: msg('Sevas and poojas'),
  none: msg('This temple has no sevas to book online yet.'),
  book: msg('Book'),
  perDay: msg('{price} per seva'),
  offeredOn: msg('Offered on {days}'),
  everyDay: msg('Offered every day'),
  notFound: msg('No such seva.'),
  bookingNotFound: msg('No such booking.'),
  inactive: msg('This seva is not offered for booking at the moment.'),
  dayNotOffered: msg('This seva is not offered on that day. Please choose one of the days listed.'),
  dayOutOfRange: msg('Please choose a day from tomorrow up to 90 days ahead.'),
  dayFull: msg('This day is fully booked. Please choose another day.'),
  policyNotAccepted: msg('Please read and accept the cancellation policy before you pay.'),
  booked: msg('Your place is held. Please pay to confirm the booking.'),
  cancelled: msg('Your booking is cancelled.'),
  cancelledRefund: msg('Your booking is cancelled. Your payment is being refunded in full.'),
  cancelledNoRefund: msg(
    'Your booking is cancelled. As the cancellation policy says, this late cancellation is not refunded.',
  ),
  notCancellable: msg('This booking can no longer be cancelled.'),
  dayPassed: msg('The day of this seva has come, so it can no longer be cancelled.'),
  notPayable: msg('This booking is not awaiting payment.'),
  signInToBook: msg('Please sign in to book a seva.'),
} as const

/** The policy shown for a seva: staff's own words, or the shop's rule with its hours. */
export const policyWords = (policyText: string | null | undefined) => policyText?.trim() || null

const dayMs = 86_400_000
/** India has one time zone and no daylight saving: midnight there is 18:30 UTC the day before. */
const indiaOffsetMs = 330 * 60_000

/** Today's date in India, as YYYY-MM-DD. */
export function indianToday(now = new Date()): string {
  return new Date(now.getTime() + indiaOffsetMs).toISOString().slice(0, 10)
}

/** The date `days` after a YYYY-MM-DD date. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * dayMs).toISOString().slice(0, 10)
}

/** The weekday (0 Sunday … 6 Saturday) of a YYYY-MM-DD date. */
export const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay()

/** The first bookable day (tomorrow in India) and the last (90 days ahead). */
export function bookingWindow(now = new Date()): { first: string; last: string } {
  const today = indianToday(now)
  return { first: addDays(today, 1), last: addDays(today, sevaLimits.daysAhead) }
}

/** Midnight in India at the start of a YYYY-MM-DD day. */
export const startOfIndianDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) - indiaOffsetMs)

/** Until when a cancellation is refunded: the day's start in India less the policy's hours. */
export const refundDeadline = (date: string, cancelHours: number) =>
  new Date(startOfIndianDay(date).getTime() - cancelHours * 3_600_000)
