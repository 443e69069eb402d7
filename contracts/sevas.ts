import { z } from 'zod'
import { bookingPaymentStatuses, bookingStatuses, nakshatras, sevaLimits, sevaText } from './seva-text.ts'

/** The seva and booking API's payloads (docs/decisions/102). Money is paise, dates are YYYY-MM-DD in India. */

const when = z.string().meta({ format: 'date-time' })
const day = z.string().meta({ format: 'date', description: 'A day in India, YYYY-MM-DD' })

/** A seva as devotees see it, in the page's language. */
export const publicSevaSchema = z.object({
  _id: z.string(),
  templeId: z.string(),
  templeName: z.string(),
  templeSlug: z.string(),
  name: z.string(),
  description: z.string(),
  price: z.number().int().meta({ description: 'Paise' }),
  weekdays: z.array(z.number().int()).meta({ description: 'Days offered, 0 Sunday … 6 Saturday' }),
  dailyLimit: z.number().int(),
  cancelHours: z
    .number()
    .int()
    .meta({ description: 'Hours before the day until which a cancel is refunded' }),
  policy: z.string().nullable().meta({ description: "Staff's own policy words; null: the shop's rule" }),
})
export type PublicSeva = z.infer<typeof publicSevaSchema>

/** One bookable day and how many places are left on it. */
export const sevaDaySchema = z.object({ date: day, left: z.number().int() })
export type SevaDay = z.infer<typeof sevaDaySchema>

export const sevaWithDaysSchema = publicSevaSchema.extend({
  days: z.array(sevaDaySchema).meta({ description: 'The days offered from tomorrow up to 90 days ahead' }),
})
export type SevaWithDays = z.infer<typeof sevaWithDaysSchema>

export const sevaListQuerySchema = z.object({
  temple: z.string().trim().max(100).optional().meta({ description: "A temple's web name" }),
})

const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, { error: tooLong })
    .nullish()
    .transform((v) => (v ? v : null))

export const bookingInputSchema = z.object({
  sevaId: z.string({ error: 'Which seva is this booking for?' }).min(1).max(64),
  date: z
    .string({ error: 'Please choose the day of the seva.' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Please choose the day of the seva.' })
    .meta({ format: 'date' }),
  devoteeName: z
    .string({ error: 'Please enter the devotee’s name.' })
    .trim()
    .min(2, { error: 'Please enter the devotee’s name.' })
    .max(sevaLimits.maxName, { error: 'Please keep the name under 100 characters.' }),
  gotra: optionalText(sevaLimits.maxGotra, 'Please keep the gotra under 60 characters.'),
  nakshatra: z
    .enum(nakshatras, { error: 'Please choose the nakshatra from the list.' })
    .nullish()
    .or(z.literal(''))
    .transform((v) => (v ? v : null)),
  note: optionalText(sevaLimits.maxNote, 'Please keep the note under 500 characters.'),
  // Checked by the service (422 with the policy message) so the answer names what to do.
  acceptPolicy: z
    .boolean({ error: sevaText.policyNotAccepted })
    .default(false)
    .meta({ description: 'The devotee read and accepted the cancellation policy; required to be true' }),
})
export type BookingInput = z.input<typeof bookingInputSchema>

/** A booking as its devotee sees it; the photo and video appear once staff add them. */
export const bookingSchema = z.object({
  _id: z.string(),
  bookingNumber: z.string(),
  sevaId: z.string(),
  sevaName: z.string(),
  templeName: z.string(),
  templeSlug: z.string(),
  date: day,
  devoteeName: z.string(),
  gotra: z.string().nullable(),
  nakshatra: z.string().nullable(),
  note: z.string().nullable(),
  amount: z.number().int().meta({ description: 'Paise' }),
  status: z.enum(bookingStatuses),
  paymentStatus: z.enum(bookingPaymentStatuses),
  cancelHours: z.number().int(),
  policy: z.string().nullable(),
  refundUntil: when.meta({ description: 'A cancellation until then is refunded in full' }),
  reservedUntil: when.nullable().meta({ description: 'An unpaid booking holds its place until then' }),
  mayCancel: z.boolean(),
  performedAt: when.nullable(),
  photo: z.string().nullable().meta({ description: 'Picture URL (800 px WebP)' }),
  videoUrl: z.string().nullable(),
  createdAt: when,
})
export type Booking = z.infer<typeof bookingSchema>
