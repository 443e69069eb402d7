import { z } from 'zod'
import { measurementUnits } from './personalisation.ts'

/** One option of a product (Size, Colour, Frame) and its values in the order offered (decision 129). */
export const productOptionSchema = z.object({ name: z.string(), values: z.array(z.string()) })
export type ProductOption = z.infer<typeof productOptionSchema>

/** Made to order (decision 132): days from the order until it ships; null for a piece ready to ship. */
export const leadTimeSchema = z
  .object({ minDays: z.number().int(), maxDays: z.number().int() })
  .nullable()
  .meta({
    description: 'Made to order: days from the order until it ships (decision 132); null when ready to ship',
  })

/** A text the customer types (decision 133). */
export const textChoiceSchema = z.object({
  id: z.string(),
  kind: z.literal('text'),
  label: z.string(),
  help: z.string(),
  maxLength: z.number().int(),
  required: z.boolean(),
})
/** A paid add-on as customers see it (decision 133). */
export const addonChoiceSchema = z.object({
  id: z.string(),
  kind: z.literal('addon'),
  label: z.string(),
  help: z.string(),
  price: z.number().meta({ description: 'Rupees for each piece of the line' }),
})
/** A measurement form (decision 133): its fields in one unit, with a help picture. */
export const measurementChoiceSchema = z.object({
  id: z.string(),
  kind: z.literal('measurements'),
  label: z.string(),
  help: z.string(),
  unit: z.enum(measurementUnits),
  fields: z.array(z.object({ id: z.string(), label: z.string() })),
  required: z
    .boolean()
    .meta({ description: 'The piece is made to them; they may still be given after ordering' }),
  image: z
    .string()
    .nullable()
    .meta({ description: 'The help picture showing where to measure; null for none' }),
  forAddon: z.string().nullable().meta({
    description: 'The id of the paid add-on that asks for these measurements; null when always asked',
  }),
})
/** A personalisation choice as customers see it (decision 133): a text, a paid add-on or measurements. */
export const personalisationChoiceSchema = z.discriminatedUnion('kind', [
  textChoiceSchema,
  addonChoiceSchema,
  measurementChoiceSchema,
])

/** A combination of option values that is sold, with its own SKU, price, stock and pictures (decision 129). */
export const productVariantSchema = z.object({
  _id: z.string(),
  options: z
    .array(z.string())
    .meta({ description: "One value per option of the product, in the options' order" }),
  title: z.string().meta({ description: "The values as the shop names the variant: 'M / Indigo'" }),
  sku: z.string(),
  price: z.number(),
  cutPrice: z.number(),
  discount: z.number().int(),
  quantity: z.number().int(),
  image: z.string().nullable(),
  thumbnail: z.array(z.string()).meta({ description: "Its pictures first, then the product's others" }),
  madeToOrder: leadTimeSchema,
})
export type ProductVariant = z.infer<typeof productVariantSchema>

/** Product as the API sends it (spec section 3): rupees, names as strings, image URLs. */
export const productSchema = z.object({
  _id: z.string(),
  title: z.string(),
  image: z.string().nullable(),
  price: z.number(),
  cutPrice: z.number(),
  discount: z.number().int(),
  IsApproved: z.boolean(),
  categories: z.string().nullable(),
  subcategory: z.string().nullable(),
  state: z.string().nullable(),
  sku: z.string(),
  thumbnail: z.array(z.string()),
  youtubeVideoLink: z.string().nullable(),
  view360Link: z.string().nullable(),
  shortDescription: z.string(),
  description: z.string().optional(),
  quantity: z.number().int(),
  madeToOrder: leadTimeSchema,
  personalisation: z.array(personalisationChoiceSchema).meta({
    description:
      'Texts to type and paid add-ons, in the order shown (decision 133); the cart and the order take the answers',
  }),
  rating: z
    .object({
      average: z.number().meta({ description: 'Average stars of its published reviews, one decimal' }),
      count: z.number().int().meta({ description: 'How many published reviews' }),
    })
    .nullable()
    .meta({ description: 'Real ratings from verified buyers (decision 096); null when it has none yet' }),
  createdAt: z.string(),
  options: z
    .array(productOptionSchema)
    .meta({ description: 'Up to three options; empty for a product sold as one piece (decision 129)' }),
  variants: z.array(productVariantSchema).meta({
    description:
      "The variants sold, the default first; empty for a product sold as one piece. The product's price, cutPrice and discount are its default variant's, its quantity their sum",
  }),
})
export type Product = z.infer<typeof productSchema>

// Tile data and stock wording live in a module without zod, so pages that show cards do not ship it.
export { type ProductCardData, stockState, toCard } from './product-card.ts'

export const subcategorySchema = z.object({ _id: z.string(), subCategoryTitle: z.string() })

export const categorySchema = z.object({
  _id: z.string(),
  categoriesTitle: z.string(),
  status: z.string(),
  isCollectionCategory: z.boolean(),
  isHeaderCategory: z.boolean(),
  image: z.string().nullable(),
  subcategories: z.array(subcategorySchema),
})
export type Category = z.infer<typeof categorySchema>

export const stateSchema = z.object({ _id: z.string(), State: z.string(), image: z.string().nullable() })
export type State = z.infer<typeof stateSchema>

/**
 * Categories and states as pages show them (decision 097): `label` is the name in the reader's language;
 * the English name stays the page's address (/product/{categoriesTitle}, /StateProduct/{State}).
 */
export type LabelledCategory = Omit<Category, 'subcategories'> & {
  label: string
  subcategories: Array<Category['subcategories'][number] & { label: string }>
}
export type LabelledState = State & { label: string }

/**
 * A category as the header, the footer and the home page's tiles show it: its address, its name, its
 * picture and its subcategories' names, nothing else. Every page carries the header's categories in its
 * data, so they travel without the ids and flags nobody shows.
 */
export type NavCategory = {
  categoriesTitle: string
  label: string
  image?: string | null
  subcategories: Array<{ subCategoryTitle: string; label: string }>
}

/**
 * A category reduced to what a page shows of it (`NavCategory`); subcategories and the picture unless told
 * not to (the header and footer show neither picture, and every page carries their data).
 */
export function navCategory(c: LabelledCategory, { subcategories = true, image = true } = {}): NavCategory {
  return {
    categoriesTitle: c.categoriesTitle,
    label: c.label,
    ...(image && c.image ? { image: c.image } : {}),
    subcategories: subcategories
      ? c.subcategories.map((s) => ({ subCategoryTitle: s.subCategoryTitle, label: s.label }))
      : [],
  }
}
