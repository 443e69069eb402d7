import { z } from 'zod'
import { cartServerMessages, maxCartQuantity } from './cart-rules.ts'

/** A product id as the client sends it; unknown ids answer 404, so only the size is checked here. */
export const productIdSchema = z.string().trim().min(1).max(64)

export const productIdBodySchema = z.object({ productId: productIdSchema })

/** A customer's personalisation of a line (decision 133): texts by choice id, add-ons ticked by id. */
export const personalisationAnswerSchema = z
  .object({
    text: z
      .record(z.string().max(40), z.string().max(1000))
      .optional()
      .meta({ description: "The text typed for each of the product's text choices, by the choice's id" }),
    addons: z
      .array(z.string().max(40))
      .max(20)
      .optional()
      .meta({ description: "The ids of the product's paid add-ons chosen" }),
    measurements: z
      .record(z.string().max(40), z.record(z.string().max(40), z.number()))
      .optional()
      .meta({
        description:
          "Each measurement form's values by field id, in the form's unit; a form may be left out and given after ordering",
      }),
  })
  .meta({
    description: "Personalisation chosen for the line (decision 133); checked against the product's choices",
  })

/** A product, and which of its variants where it has them (decision 129). */
export const productLineBodySchema = z.object({
  productId: productIdSchema,
  variantId: productIdSchema
    .optional()
    .meta({ description: 'The variant chosen; required when the product has several (decision 129)' }),
})

/** A line added to the cart: a product, its variant, and its personalisation where it takes one. */
export const cartAddBodySchema = productLineBodySchema.extend({
  personalisation: personalisationAnswerSchema.optional().meta({
    description: "Personalisation for the line (decision 133); absent keeps the line's earlier choice",
  }),
})

/** A chosen text or add-on as a line shows it (decision 133). */
export const personalisationLineSchema = z.object({
  id: z.string(),
  kind: z.enum(['text', 'addon', 'measurements']),
  label: z.string(),
  value: z.string().nullable().meta({
    description:
      "The text typed, or the measurements ('Bust 86 cm, Waist 72 cm'); null for an add-on and for measurements awaited",
  }),
  price: z.number().nullable().meta({ description: "An add-on's rupees for each piece; null for a text" }),
})

export const cartQuantityBodySchema = z.object({
  productId: productIdSchema,
  variantId: productIdSchema.optional().meta({ description: "The line's variant, where it has one" }),
  quantity: z
    .number({ error: cartServerMessages.quantity })
    .int({ error: cartServerMessages.quantity })
    .min(1, { error: cartServerMessages.quantity })
    .max(maxCartQuantity, { error: cartServerMessages.quantity }),
})

/** One cart line (spec section 3): the product's price is copied into it, as the spec's client expects. */
export const cartItemSchema = z.object({
  _id: z.string(),
  productId: z.string(),
  product: z.object({ _id: z.string(), title: z.string(), image: z.string().nullable(), price: z.number() }),
  price: z.number(),
  quantity: z.number().int(),
  variantId: z
    .string()
    .optional()
    .meta({ description: 'The variant chosen; absent for a product sold as one piece' }),
  variantTitle: z.string().optional().meta({ description: "The variant's option values: 'M / Indigo'" }),
  madeToOrder: z.object({ minDays: z.number().int(), maxDays: z.number().int() }).optional().meta({
    description: 'Made to order: its days until it ships (decision 132); absent when ready to ship',
  }),
  personalisation: personalisationAnswerSchema
    .optional()
    .meta({ description: 'What was chosen (decision 133), as the order takes it back; absent when nothing' }),
  personalisationLines: z.array(personalisationLineSchema).optional().meta({
    description: "The chosen texts and add-ons to show; the line's price includes the add-ons' prices",
  }),
})
export type CartItem = z.infer<typeof cartItemSchema>

export const cartSchema = z.object({ items: z.array(cartItemSchema), total: z.number() })
export type Cart = z.infer<typeof cartSchema>

export const cartResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  cart: cartSchema,
})
export type CartResponse = z.infer<typeof cartResponseSchema>

/** One wishlist entry (spec section 3); quantity is the product's stock, for 'Available' / 'Out Of Stock'. */
export const wishlistItemSchema = z.object({
  _id: z.string(),
  productId: z.string(),
  title: z.string(),
  url: z.string().nullable(),
  addedAt: z.string(),
  price: z.number(),
  quantity: z.number().int(),
  variantId: z
    .string()
    .optional()
    .meta({ description: 'The variant wished for; absent for a product sold as one piece' }),
  variantTitle: z.string().optional(),
})
export type WishlistItem = z.infer<typeof wishlistItemSchema>

export const wishlistResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  wishlist: z.object({ items: z.array(wishlistItemSchema) }),
})
export type WishlistResponse = z.infer<typeof wishlistResponseSchema>

/** A public coupon; status is 'active', or why it no longer is ('inactive', 'expired'). */
export const couponSchema = z.object({
  _id: z.string(),
  code: z.string(),
  discount: z.number().int(),
  status: z.string(),
})
export type Coupon = z.infer<typeof couponSchema>

export const couponListResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.array(couponSchema),
})

/** Any short text; an empty or unknown code answers 'Invalid coupon code'. */
export const applyCouponBodySchema = z.object({ code: z.string().max(200) })

export const applyCouponResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  code: z.string(),
  discount: z.number().int(),
})
export type ApplyCouponResponse = z.infer<typeof applyCouponResponseSchema>
