import { z } from 'zod'
import { calendarDate, pageOf } from './admin.ts'
import { bookingPaymentStatuses, bookingStatuses, sevaLimits } from './seva-text.ts'

/**
 * The console's sevas (the content part, beside the temples) and their bookings (the orders part):
 * /api/v1/admin/sevas… and /api/v1/admin/seva-bookings… (docs/decisions/102). Money in rupees, as the
 * console's other forms.
 */

const when = z.string().meta({ format: 'date-time' })
const rupees = z.number().meta({ description: 'Rupees' })

const wholeNumber = (label: string, min: number, max: number) =>
  z
    .number({ error: `Enter the ${label} as a number.` })
    .int(`The ${label} must be a whole number.`)
    .min(min, `The ${label} must be at least ${min}.`)
    .max(max, `The ${label} must be at most ${max}.`)

export const sevaInputSchema = z.object({
  templeId: z.string({ error: 'Choose the temple.' }).regex(/^[0-9a-f]{24}$/, 'Choose the temple.'),
  name: z
    .string({ error: 'Enter the name.' })
    .trim()
    .min(1, 'Enter the name.')
    .max(200, 'The name can be at most 200 characters.'),
  description: z.string().trim().max(5000, 'The description can be at most 5000 characters.').default(''),
  nameHi: z.string().trim().max(200, 'The Hindi name can be at most 200 characters.').default(''),
  descriptionHi: z
    .string()
    .trim()
    .max(5000, 'The Hindi description can be at most 5000 characters.')
    .default(''),
  price: z
    .number({ error: 'Enter the price in rupees.' })
    .min(1, 'The price must be at least ₹1.')
    .max(10_000_000, 'The price is too large.')
    .refine((v) => Math.round(v * 100) === Math.round(v * 100 * 1000) / 1000, {
      message: 'The price can have at most 2 decimals (paise).',
    }),
  weekdays: z
    .array(z.coerce.number().int().min(0).max(6), { error: 'Tick the days it is offered.' })
    .min(1, 'Tick at least one day it is offered.')
    .transform((days) => [...new Set(days)].sort()),
  dailyLimit: wholeNumber('daily limit', 1, sevaLimits.maxDailyLimit),
  active: z.boolean().default(true),
  cancelHours: wholeNumber('hours for a refund', 0, sevaLimits.maxCancelHours).default(
    sevaLimits.defaultCancelHours,
  ),
  policy: z
    .string()
    .trim()
    .max(sevaLimits.maxPolicy, `The cancellation policy can be at most ${sevaLimits.maxPolicy} characters.`)
    .default(''),
  position: wholeNumber('position', 0, 100_000).optional(),
})
export type SevaInput = z.input<typeof sevaInputSchema>

export const adminSevaRowSchema = z.object({
  id: z.string(),
  templeId: z.string(),
  templeName: z.string(),
  name: z.string(),
  description: z.string(),
  nameHi: z.string(),
  descriptionHi: z.string(),
  price: rupees,
  weekdays: z.array(z.number().int()),
  dailyLimit: z.number().int(),
  active: z.boolean(),
  cancelHours: z.number().int(),
  policy: z.string(),
  position: z.number().int(),
  upcoming: z.number().int().meta({ description: 'Bookings holding a place from today on' }),
  createdAt: when,
  updatedAt: when,
})
export type AdminSevaRow = z.infer<typeof adminSevaRowSchema>

export const bookingListQuerySchema = z.object({
  date: calendarDate.optional().meta({ description: 'Only bookings for this day (YYYY-MM-DD)' }),
  status: z.enum(bookingStatuses).optional(),
  q: z.string().trim().max(100).optional().meta({ description: 'Booking number, devotee, e-mail or seva' }),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
})
export type BookingListQuery = z.output<typeof bookingListQuerySchema>

export const adminBookingSchema = z.object({
  _id: z.string(),
  bookingNumber: z.string(),
  sevaId: z.string(),
  sevaName: z.string(),
  templeName: z.string(),
  date: z.string().meta({ format: 'date' }),
  devoteeName: z.string(),
  gotra: z.string().nullable(),
  nakshatra: z.string().nullable(),
  note: z.string().nullable(),
  customerName: z.string(),
  customerEmail: z.string(),
  amount: rupees,
  status: z.enum(bookingStatuses),
  paymentStatus: z.enum(bookingPaymentStatuses),
  performedAt: when.nullable(),
  photo: z.string().nullable(),
  videoUrl: z.string().nullable(),
  createdAt: when,
})
export type AdminBooking = z.infer<typeof adminBookingSchema>

export const adminBookingPageSchema = pageOf(adminBookingSchema)
export type AdminBookingPage = z.infer<typeof adminBookingPageSchema>

/** A video of the seva: a full https address (YouTube, Drive, the temple's own site), or empty for none. */
export const bookingVideoSchema = z.object({
  videoUrl: z
    .string()
    .trim()
    .max(500, 'The video link can be at most 500 characters.')
    .nullish()
    .transform((v) => (v ? v : null))
    .refine(
      (v) => {
        if (v === null) return true
        try {
          const u = new URL(v)
          return u.protocol === 'https:' && u.hostname.includes('.') && !u.username && !u.password
        } catch {
          return false
        }
      },
      { message: 'The video link must be a full web address starting with https://' },
    ),
})

/** What the console's booking steps answer. */
export const bookingStaffText = {
  performed: 'Marked performed: the devotee has been e-mailed.',
  photoAdded: 'Photo added: the devotee sees it on their booking and has been e-mailed.',
  videoSaved: 'Video link saved: the devotee sees it on their booking and has been e-mailed.',
  /** Before the seva is performed, nothing is sent yet: the devotee gets it with the 'performed' e-mail. */
  photoKept:
    'Photo added: the devotee sees it on their booking once you mark it performed, and in that e-mail.',
  videoKept:
    'Video link saved: the devotee sees it on their booking once you mark it performed, and in that e-mail.',
  videoRemoved: 'Video link removed.',
  cancelled: 'Booking cancelled; a paid booking is refunded in full.',
  notConfirmed: 'Only a confirmed (paid) booking can be marked performed.',
  /** A seva is performed on its day: staff cannot tell the devotee it is done before then. */
  notYetDay: (day: string) => `This seva is booked for ${day}: mark it performed on or after that day.`,
  mediaNeedsBooking: 'Add a photo or video to a confirmed or performed booking only.',
  cannotCancel: 'Only a booking awaiting payment or confirmed can be cancelled.',
} as const
