import { z } from 'zod'
import { pageOf } from './admin.ts'
import { adminChoiceSchema } from './admin-personalisation.ts'

/**
 * What the console's product operations answer (/api/v1/admin/products…). The console's screens use the
 * inferred types only (`import type`), so zod stays out of their code.
 */

const rupees = (what: string) => z.number().meta({ description: `${what}, in rupees` })
const when = z.string().meta({ format: 'date-time' })

/** A row of the product list. */
export const adminProductItemSchema = z.object({
  _id: z.string(),
  title: z.string(),
  sku: z.string(),
  price: rupees('What the customer pays'),
  cutPrice: rupees('The list price shown struck through'),
  discount: z.number().int().meta({ description: 'Percent off the cut price, rounded down (decision 014)' }),
  quantity: z.number().int(),
  isApproved: z.boolean(),
  archivedAt: when.nullable(),
  category: z.string().nullable(),
  state: z.string().nullable(),
  image: z.string().nullable().meta({ description: 'The main picture, 200 px' }),
  variantCount: z.number().int().meta({
    description: 'How many variants it is sold in (decision 129); 0 for a product sold as one piece',
  }),
  updatedAt: when,
})
export type AdminProductItem = z.infer<typeof adminProductItemSchema>

export const adminProductPageSchema = pageOf(adminProductItemSchema)
export type AdminProductPage = z.infer<typeof adminProductPageSchema>

export const adminProductImageSchema = z.object({
  _id: z.string(),
  url: z.string().meta({ description: 'The 800 px picture; -200 and -400 sizes sit beside it' }),
  width: z.number().int(),
  height: z.number().int(),
})

/** One variant of a product as its edit screen shows it (decision 129). */
export const adminVariantSchema = z.object({
  _id: z.string(),
  options: z
    .array(z.string())
    .meta({ description: "One value per option of the product, in the options' order" }),
  title: z.string().meta({ description: "The values as the shop names the variant: 'M / Indigo'" }),
  sku: z.string(),
  price: rupees('What the customer pays'),
  cutPrice: rupees('The list price shown struck through'),
  discount: z.number().int(),
  quantity: z.number().int().meta({ description: 'Pieces of this variant in stock' }),
  weight: z.number().int().nullable().meta({ description: 'Grams; null where none is given' }),
  madeToOrder: z
    .string()
    .meta({ description: "Made to order: its own days until it ships ('10-14'); '' follows the product" }),
  imageId: z.string().nullable().meta({ description: 'The product picture it shows first; null for none' }),
  image: z.string().nullable().meta({ description: 'That picture, 800 px' }),
  effectiveGstRate: z.number().int().meta({
    description:
      'The rate the next invoice takes for one piece of this variant at its price today (decision 128)',
  }),
})
export type AdminVariant = z.infer<typeof adminVariantSchema>

/** An attribute's values as staff wrote them, which the listings filter by (decision 130). */
const attributeValuesOf = (what: string) =>
  z.array(z.string()).meta({ description: `${what}, as the listings' filters offer it ('Silk', 'Zari')` })

/** One product as its edit screen shows it, with its pictures in order (the first is the main one). */
export const adminProductSchema = z.object({
  _id: z.string(),
  title: z.string(),
  price: rupees('What the customer pays'),
  cutPrice: rupees('The list price shown struck through'),
  discount: z.number().int().meta({ description: 'Percent off the cut price, rounded down (decision 014)' }),
  isApproved: z.boolean(),
  archivedAt: when.nullable(),
  categoryId: z.string().nullable(),
  subcategoryId: z.string().nullable(),
  stateId: z.string().nullable(),
  templeId: z
    .string()
    .nullable()
    .meta({ description: 'The temple whose prasad package this is (decision 099)' }),
  sku: z.string(),
  shortDescription: z.string(),
  description: z.string().meta({ description: 'Sanitised HTML' }),
  titleHi: z.string().meta({ description: 'The title in Hindi; empty shows the English' }),
  shortDescriptionHi: z.string(),
  descriptionHi: z.string().meta({ description: 'Sanitised HTML in Hindi; empty shows the English' }),
  youtubeVideoLink: z.string().nullable(),
  view360Link: z.string().nullable(),
  quantity: z.number().int().meta({ description: 'Pieces in stock' }),
  soldCount: z.number().int(),
  hsnCode: z.string(),
  gstRate: z.number().int().meta({ description: 'GST percent included in the price (decision 083)' }),
  gstRateFixed: z
    .boolean()
    .meta({ description: 'The product’s own rate applies even where an HSN rule would (decision 128)' }),
  effectiveGstRate: z.number().int().meta({
    description:
      'The rate the next invoice takes for one piece at this price today: the HSN rule (per piece above a threshold) or the product’s own rate',
  }),
  uqc: z.string().meta({ description: 'Unit quantity code for GST returns (PCS, SET, MTR…)' }),
  weight: z
    .number()
    .int()
    .nullable()
    .meta({ description: 'Grams a piece weighs packed (decision 134); null where none is given' }),
  packageSize: z.string().meta({
    description: "The box it ships in, length × breadth × height in cm ('35 × 28 × 6'); '' for none",
  }),
  madeToOrder: z.string().meta({
    description:
      "Made to order: the days until it ships as staff write them ('10–14', '7'); '' when ready to ship",
  }),
  personalisation: z.array(adminChoiceSchema).meta({
    description: 'Texts customers type and paid add-ons, in the order shown (decision 133)',
  }),
  materials: attributeValuesOf('What it is made of'),
  techniques: attributeValuesOf('How it is made'),
  colours: attributeValuesOf('Its colours'),
  images: z.array(adminProductImageSchema),
  options: z
    .array(z.object({ name: z.string(), values: z.array(z.string()) }))
    .meta({ description: 'Up to three options; empty for a product sold as one piece (decision 129)' }),
  variants: z.array(adminVariantSchema).meta({
    description:
      'The variants, the default first; with variants, price, cutPrice and discount are the default’s and quantity their sum',
  }),
  createdAt: when,
  updatedAt: when,
})
export type AdminProduct = z.infer<typeof adminProductSchema>

const valuesInUse = z
  .array(z.object({ value: z.string(), count: z.number().int().meta({ description: 'Products giving it' }) }))
  .meta({ description: 'Most used first' })

/** The values products not archived already give each attribute (decision 130), for staff to spell alike. */
export const productAttributeValuesSchema = z.object({
  materials: valuesInUse,
  techniques: valuesInUse,
  colours: valuesInUse,
})
export type ProductAttributeValues = z.infer<typeof productAttributeValuesSchema>

/** What deleting a product did: deleted, or archived because past orders hold it. */
export const productRemovalSchema = z.object({ outcome: z.enum(['deleted', 'archived']) })
export type ProductRemoval = z.infer<typeof productRemovalSchema>

const bulkFailureSchema = z.object({
  _id: z.string(),
  title: z.string().nullable().meta({ description: 'Null when no product has this id' }),
  reason: z.string().meta({ description: 'Why this product was not changed, in words' }),
})

/** What a bulk action did: how many products changed, how many already were so, and why others were not. */
export const productBulkResultSchema = z.object({
  changed: z.number().int().meta({ description: 'Products changed' }),
  unchanged: z.number().int().meta({ description: 'Products that already were as asked' }),
  failed: z
    .array(bulkFailureSchema)
    .meta({ description: 'Products left as they were, each with its reason' }),
  changeId: z.string().nullable().meta({
    description:
      'The change as a whole, to undo it (POST /admin/products/bulk/{id}/undo); null when nothing changed',
  }),
})
export type ProductBulkResult = z.infer<typeof productBulkResultSchema>

/** What a bulk change touches of a product, before or after it (prices in rupees). */
export const productBulkStateSchema = z.object({
  price: z.number(),
  cutPrice: z.number().meta({ description: 'The MRP' }),
  discount: z.number().int().meta({ description: 'The discount badge, in percent' }),
  quantity: z.number().int(),
  isApproved: z.boolean(),
})
export type ProductBulkState = z.infer<typeof productBulkStateSchema>

/** A bulk change shown before it is made (POST /admin/products/bulk/preview): nothing is written. */
export const productBulkPreviewSchema = z.object({
  count: z
    .number()
    .int()
    .meta({ description: 'Products the change covers (ticked, or matching the filters)' }),
  changes: z.number().int().meta({ description: 'Products it would change' }),
  unchanged: z.number().int().meta({ description: 'Products that already are as asked' }),
  discountsChanged: z.number().int().meta({ description: 'Products whose discount badge would change' }),
  failed: z.array(bulkFailureSchema),
  rows: z
    .array(
      z.object({
        _id: z.string(),
        title: z.string(),
        before: productBulkStateSchema,
        after: productBulkStateSchema,
      }),
    )
    .meta({ description: 'The first products it would change, before and after' }),
  notes: z.array(z.string()).meta({ description: 'What happens to MRPs, discounts and rounding, in words' }),
})
export type ProductBulkPreview = z.infer<typeof productBulkPreviewSchema>

/** One row of a product CSV file as the import would apply it. */
export const productImportRowSchema = z.object({
  row: z
    .number()
    .int()
    .meta({ description: 'The row in the file as a spreadsheet numbers it (headings are 1)' }),
  _id: z.string().nullable().meta({ description: 'The product the row updates; null for a new one' }),
  title: z.string(),
  outcome: z
    .enum(['create', 'update', 'unchanged', 'error'])
    .meta({ description: 'What the import does with the row' }),
  changes: z
    .array(z.string())
    .meta({ description: "What an update changes, in words: 'price ₹1,650.00 → ₹1,850.00'" }),
  errors: z
    .array(
      z.object({
        column: z.string().meta({ description: 'The column heading, or "Row" for the row as a whole' }),
        message: z.string(),
      }),
    )
    .meta({ description: 'What is wrong with the row; any error stops the whole import' }),
})
export type ProductImportRow = z.infer<typeof productImportRowSchema>

/** The dry run of a product import: every row's outcome, nothing written. */
export const productImportPreviewSchema = z.object({
  rows: z.array(productImportRowSchema),
  creates: z.number().int(),
  updates: z.number().int(),
  unchanged: z.number().int(),
  errors: z.number().int().meta({ description: 'Rows with errors' }),
  notes: z.array(z.string()).meta({ description: 'Things to know about the file as a whole' }),
})
export type ProductImportPreview = z.infer<typeof productImportPreviewSchema>

/** What an import wrote, in one transaction. */
export const productImportResultSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
})
export type ProductImportResult = z.infer<typeof productImportResultSchema>
