import { z } from 'zod'
import { addonChoiceSchema, measurementChoiceSchema, textChoiceSchema } from './catalogue.ts'
import { gstRates } from './gst.ts'
import { personalisationLimits as limits, measurementUnits } from './personalisation.ts'

/**
 * The console's personalisation choices for one product (decision 133): what PUT
 * /api/v1/admin/products/{id}/personalisation takes and the product's edit screen shows. Money in rupees.
 */

const label = z
  .string()
  .trim()
  .min(1, 'Give each choice a name customers will read, such as “Name to weave”.')
  .max(limits.label, `A choice's name can be at most ${limits.label} characters.`)
const help = z
  .string()
  .trim()
  .max(limits.help, `A choice's help can be at most ${limits.help} characters.`)
  .default('')
const choiceId = z.string().trim().min(1).max(40).optional().meta({
  description: 'The choice kept from before; absent for a new one (carts and orders name choices by it)',
})

export const textChoiceInputSchema = z.object({
  id: choiceId,
  kind: z.literal('text'),
  label,
  help,
  maxLength: z
    .number()
    .int()
    .min(1, `A text can be 1 to ${limits.text} characters long.`)
    .max(limits.text, `A text can be 1 to ${limits.text} characters long.`)
    .default(40),
  required: z.boolean().default(false),
})

export const addonChoiceInputSchema = z.object({
  id: choiceId,
  kind: z.literal('addon'),
  label,
  help,
  price: z
    .number()
    .min(1, 'An add-on costs at least ₹1.')
    .max(limits.addonPrice, `An add-on costs at most ₹${limits.addonPrice.toLocaleString('en-IN')}.`)
    .refine(
      (n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6,
      'Give the price in rupees and paise, such as 150 or 149.50.',
    )
    .meta({ description: 'Rupees for each piece of the line' }),
  hsnCode: z
    .string()
    .trim()
    .regex(/^(\d{4}|\d{6}|\d{8})?$/, 'An HSN or SAC code is 4, 6 or 8 digits, or empty for the product’s.')
    .default('')
    .meta({ description: "HSN or SAC code of the add-on's own invoice line; empty takes the product's" }),
  gstRate: z
    .union([z.literal(gstRates), z.null()], {
      error: `The GST rate is one of ${gstRates.join(', ')}, or empty.`,
    })
    .default(null)
    .meta({ description: "Staff's own GST percent for it; null takes its HSN code's rule at its own price" }),
})

export const measurementChoiceInputSchema = z.object({
  id: choiceId,
  kind: z.literal('measurements'),
  label,
  help,
  unit: z.enum(measurementUnits, { error: 'Measure in cm or in inches (in).' }).default('cm'),
  fields: z
    .array(
      z.object({
        id: choiceId,
        label: z
          .string()
          .trim()
          .min(1, 'Name each measurement, such as “Bust”.')
          .max(limits.label, `A measurement's name can be at most ${limits.label} characters.`),
      }),
    )
    .min(1, 'A measurement form asks for at least one measurement.')
    .max(limits.fields, `A measurement form asks for at most ${limits.fields} measurements.`),
  required: z.boolean().default(true),
  forAddon: z.number().int().min(0).nullable().default(null).meta({
    description:
      'The position (from 0) in `choices` of the paid add-on that asks for these measurements (blouse stitching); null when always asked',
  }),
})

export const personalisationInputSchema = z.object({
  choices: z
    .array(
      z.discriminatedUnion('kind', [
        textChoiceInputSchema,
        addonChoiceInputSchema,
        measurementChoiceInputSchema,
      ]),
    )
    .max(limits.choices, `A product takes at most ${limits.choices} choices.`),
})
export type PersonalisationInput = z.input<typeof personalisationInputSchema>
export type PersonalisationBody = z.output<typeof personalisationInputSchema>

/** A kept choice as the console reads it (rupees). */
export const adminChoiceSchema = z.discriminatedUnion('kind', [
  textChoiceSchema,
  addonChoiceSchema.extend({ hsnCode: z.string(), gstRate: z.number().int().nullable() }),
  measurementChoiceSchema.extend({
    image: z.string().nullable().meta({ description: 'The help picture (400 px); null for none' }),
  }),
])
export type AdminChoice = z.infer<typeof adminChoiceSchema>
