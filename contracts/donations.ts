import { z } from 'zod'
import { msg } from './languages.ts'

/**
 * Giving (decision 101): one-off donations to the foundation's work or to a temple, each with a numbered
 * receipt once paid; the donor's address and PAN only when they want the receipt to claim 80G.
 */

/** The foundation's own causes; a temple is given to by its web name (`/donate?for=<slug>`). */
export const foundationCauses = ['road-safety', 'culture'] as const
export type FoundationCause = (typeof foundationCauses)[number]
export type DonationCause = FoundationCause | 'temple'

export const causeNames: Record<FoundationCause, string> = {
  'road-safety': msg('Road safety: Count Safety First'),
  culture: msg('Indian culture for young people'),
}

/** Suggested amounts in rupees; the donor may give any whole amount between the limits. */
export const suggestedAmounts = [501, 1100, 2100, 5100] as const
export const donationLimits = { min: 10, max: 500_000 } as const

/** A PAN: five letters, four digits, a letter (ABCDE1234F). */
export const panPattern = /^[A-Z]{5}[0-9]{4}[A-Z]$/

export const givingMessages = {
  panInvalid: msg('Enter your PAN as 10 characters: 5 letters, 4 digits and a letter, such as ABCDE1234F.'),
  panRequired: msg('Enter your PAN for an 80G receipt.'),
  addressRequired: msg('Enter your address for an 80G receipt.'),
  nameRequired: msg('Enter your name.'),
  emailInvalid: msg('Enter a valid e-mail address.'),
  phoneInvalid: msg('Enter a 10-digit mobile number.'),
  amountInvalid: msg('Choose an amount, or enter a whole amount from ₹10 to ₹5,00,000.'),
  causeUnknown: msg('Choose what to give to.'),
  notFound: msg('Donation not found.'),
  noReceipt: msg('This donation has no receipt yet: it is issued once the donation is paid.'),
  alreadyPaid: msg('This donation is already paid. Thank you!'),
} as const

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : undefined))

/** What the donate form sends; the server reads the amount from here and nothing else. */
export const donationBody = z
  .object({
    for: z.string().trim().min(1, givingMessages.causeUnknown).max(80),
    amount: z
      .number(givingMessages.amountInvalid)
      .int(givingMessages.amountInvalid)
      .min(donationLimits.min, givingMessages.amountInvalid)
      .max(donationLimits.max, givingMessages.amountInvalid),
    name: z.string().trim().min(1, givingMessages.nameRequired).max(120),
    email: z.string().trim().max(254).pipe(z.email(givingMessages.emailInvalid)),
    phone: z
      .string()
      .trim()
      .regex(/^[6-9][0-9]{9}$/, givingMessages.phoneInvalid),
    wants80g: z.boolean().default(false),
    address: optionalText(500),
    pan: z
      .string()
      .trim()
      .toUpperCase()
      .max(20)
      .optional()
      .transform((v) => (v ? v : undefined)),
  })
  .superRefine((d, ctx) => {
    if (d.pan && !panPattern.test(d.pan)) {
      ctx.addIssue({ code: 'custom', path: ['pan'], message: givingMessages.panInvalid })
    }
    if (!d.wants80g) return
    if (!d.pan) ctx.addIssue({ code: 'custom', path: ['pan'], message: givingMessages.panRequired })
    if (!d.address)
      ctx.addIssue({ code: 'custom', path: ['address'], message: givingMessages.addressRequired })
  })
export type DonationBody = z.input<typeof donationBody>

/** A donation as its donor sees it. */
export const donationSchema = z.object({
  _id: z.string(),
  cause: z.enum(['road-safety', 'culture', 'temple']),
  templeName: z.string().nullable(),
  /** Rupees. */
  amount: z.number(),
  donorName: z.string(),
  wants80g: z.boolean(),
  status: z.enum(['pending', 'failed', 'paid']),
  paidAt: z.string().nullable(),
  receiptNumber: z.string().nullable(),
  createdAt: z.string(),
})
export type Donation = z.infer<typeof donationSchema>

/** The causes a donor may choose on the donate page: the foundation's and each temple. */
export const donationCauseSchema = z.object({ for: z.string(), name: z.string(), temple: z.boolean() })
export type DonationCauseOption = z.infer<typeof donationCauseSchema>

/** A financial year as the console names it: 2026-27. */
export const financialYearPattern = /^[0-9]{4}-[0-9]{2}$/

export const donationListQuery = z.object({
  year: z.string().regex(financialYearPattern, 'must be a financial year such as 2026-27').optional(),
  cause: z.enum(['road-safety', 'culture', 'temple']).optional(),
  status: z.enum(['pending', 'failed', 'paid']).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
})

export const staffDonationSchema = z.object({
  _id: z.string(),
  cause: z.enum(['road-safety', 'culture', 'temple']),
  templeName: z.string().nullable(),
  amount: z.number(),
  donorName: z.string(),
  donorEmail: z.string(),
  donorPhone: z.string(),
  wants80g: z.boolean(),
  /** Only the last characters: the full PAN is in the Form 10BD file. */
  panShown: z.string().nullable(),
  status: z.enum(['pending', 'failed', 'paid']),
  paidAt: z.string().nullable(),
  receiptNumber: z.string().nullable(),
  financialYear: z.string().nullable(),
  createdAt: z.string(),
})
export type StaffDonation = z.infer<typeof staffDonationSchema>

export const donationPageSchema = z.object({
  items: z.array(staffDonationSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  pages: z.number(),
  /** Rupees received in what the filters match (paid donations only). */
  received: z.number(),
  years: z.array(z.string()),
  /** The foundation's receipt details still missing (decision 123): while any is, receipts wait. */
  detailsMissing: z.array(z.string()),
  /** Paid gifts whose receipt waits for those details. */
  receiptsWaiting: z.number(),
})
export type DonationPage = z.infer<typeof donationPageSchema>

const dateText = z
  .string()
  .trim()
  .refine((v) => v === '' || /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(v), { message: 'must be a date' })

/** The foundation as registered under section 80G, printed on every receipt (set in the console). */
export const donationSettingsBody = z.object({
  donationName: z.string().trim().max(200, 'must be at most 200 characters'),
  donationAddress: z.string().trim().max(500, 'must be at most 500 characters'),
  donationPan: z
    .string()
    .trim()
    .toUpperCase()
    .refine((v) => v === '' || panPattern.test(v), { message: 'must be a PAN such as AAATK1234F' }),
  registration80g: z.string().trim().toUpperCase().max(100, 'must be at most 100 characters'),
  registration80gIssued: dateText,
  registration80gFrom: dateText,
  registration80gUntil: dateText,
})
export type DonationSettings = z.infer<typeof donationSettingsBody>

/** The columns of Form 10BD's Part B (details of donors and donations), in the portal's order. */
export const form10bdColumns = [
  'Sl. No.',
  'Pre Acknowledgement Number',
  'ID Code',
  'Unique Identification Number',
  'Section Code',
  'Unique Registration Number (URN)',
  'Date of Issuance of Unique Registration Number',
  'Name of donor',
  'Address of donor',
  'Donation Type',
  'Mode of receipt',
  'Amount of donation (Indian rupees)',
] as const
