import { z } from 'zod'
import { gstRates } from './gst.ts'

const rate = (what: string) =>
  z.coerce
    .number({ error: `Choose the ${what}.` })
    .refine((r) => (gstRates as readonly number[]).includes(r), {
      message: `The ${what} must be one of ${gstRates.join(', ')} percent.`,
    })

/**
 * A GST rule as staff write it (decision 128): money in rupees, as the console shows it. With a threshold, the
 * rate applies up to that value per piece before tax and the rate above beyond it.
 */
export const gstRuleBody = z
  .object({
    hsnPrefix: z
      .string()
      .trim()
      .regex(/^\d{2}(\d{2}){0,3}$/, 'The HSN code is a chapter (2 digits) or a code of 4, 6 or 8 digits.'),
    validFrom: z
      .string()
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'Give the day the rule applies from as YYYY-MM-DD.')
      .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), 'That day does not exist.'),
    rate: rate('GST rate'),
    threshold: z.coerce
      .number()
      .positive('The value per piece must be more than ₹0.')
      .max(10_000_000, 'The value per piece is at most ₹1,00,00,000.')
      .nullable()
      .default(null),
    aboveRate: rate('rate above the value').nullable().default(null),
    note: z.string().trim().max(200, 'The note is at most 200 characters.').default(''),
  })
  .superRefine((r, ctx) => {
    if ((r.threshold === null) !== (r.aboveRate === null))
      ctx.addIssue({
        code: 'custom',
        path: [r.threshold === null ? 'threshold' : 'aboveRate'],
        message: 'Give both the value per piece and the rate above it, or neither.',
      })
    if (r.threshold !== null && r.aboveRate !== null && r.aboveRate <= r.rate)
      ctx.addIssue({
        code: 'custom',
        path: ['aboveRate'],
        message: 'The rate above the value must be higher than the rate up to it.',
      })
  })
export type GstRuleBody = z.infer<typeof gstRuleBody>

/** A rule as the API answers it: money in rupees. */
export const gstRuleSchema = z.object({
  _id: z.string(),
  hsnPrefix: z.string(),
  validFrom: z.string(),
  rate: z.number().int(),
  threshold: z
    .number()
    .nullable()
    .meta({ description: 'Value per piece before tax, rupees; null for one rate' }),
  aboveRate: z.number().int().nullable(),
  note: z.string(),
  inForce: z.boolean().meta({ description: 'The rule that applies today to its prefix' }),
})
export type GstRuleView = z.infer<typeof gstRuleSchema>
