import { z } from 'zod'
import { returnLimits, returnShippingPayers } from './return-rules.ts'

/** The return rules' API shapes (decision 137); the rules themselves are in return-rules.ts. */

export const returnRuleSchema = z.object({
  returnable: z.boolean(),
  windowDays: z.coerce
    .number({ error: 'The return window must be a number of days' })
    .int('The return window must be whole days')
    .min(returnLimits.windowDays.min, `The return window must be at least ${returnLimits.windowDays.min} day`)
    .max(returnLimits.windowDays.max, `The return window must be at most ${returnLimits.windowDays.max} days`)
    .meta({ description: 'Days from delivery within which a return is asked' }),
  exchange: z
    .boolean()
    .meta({ description: 'Whether another variant may be asked for instead of the money' }),
  returnShipping: z
    .enum(returnShippingPayers)
    .meta({ description: 'Who pays the return parcel when the customer changed their mind' }),
  restockingFeePercent: z.coerce
    .number({ error: 'The restocking fee must be a number' })
    .int('The restocking fee must be a whole percent')
    .min(0, 'The restocking fee must be 0 or more')
    .max(
      returnLimits.restockingFeePercent.max,
      `The restocking fee must be at most ${returnLimits.restockingFeePercent.max}%`,
    )
    .meta({ description: 'Percent of the returned goods kept when the customer changed their mind' }),
})

export const categoryReturnRuleSchema = z.object({
  categoryId: z.string(),
  title: z.string(),
  rule: returnRuleSchema.nullable().meta({ description: "null: the shop's rule" }),
})

/** The console's Settings, Returns: the shop's rule and each category's own, if it has one. */
export const returnSettingsSchema = z.object({
  shop: returnRuleSchema,
  categories: z.array(categoryReturnRuleSchema),
})
export type ReturnSettings = z.infer<typeof returnSettingsSchema>

export const returnSettingsBody = z.object({
  shop: returnRuleSchema,
  categories: z
    .array(z.object({ categoryId: z.string().trim().min(1).max(64), rule: returnRuleSchema.nullable() }))
    .max(500),
})
export type ReturnSettingsInput = z.infer<typeof returnSettingsBody>

/** A product's exception: its own rule, or null for its category's (or the shop's). */
export const productReturnRuleSchema = z.object({
  rule: returnRuleSchema.nullable(),
  /** The rule a plain piece of it is sold under now, and where that came from. */
  effective: returnRuleSchema.extend({
    source: z.enum(['product', 'kind', 'category', 'shop']),
    kind: z.enum(['made-to-measure', 'personalised', 'prasad']).nullable(),
  }),
})
export type ProductReturnRule = z.infer<typeof productReturnRuleSchema>

export const productReturnRuleBody = z.object({ rule: returnRuleSchema.nullable() })
