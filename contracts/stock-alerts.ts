import { z } from 'zod'
import { productIdSchema } from './cart.ts'

export { stockAlertMessages } from './stock-alert-text.ts'

export const stockAlertBodySchema = z.object({
  productId: productIdSchema,
  variantId: productIdSchema
    .optional()
    .meta({ description: 'The sold-out variant; required when the product has several (decision 129)' }),
})

export const stockAlertQuerySchema = z.object({ productId: productIdSchema })

export const myStockAlertsSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.array(
    z.object({
      variantId: z.string().nullable().meta({ description: 'null: the product itself (it has no variants)' }),
    }),
  ),
})

export const waitingSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.array(
    z.object({
      variantId: z.string().nullable(),
      waiting: z.number().int().meta({ description: 'Customers waiting to be e-mailed when it is back' }),
    }),
  ),
})
export type Waiting = z.infer<typeof waitingSchema>['data']
