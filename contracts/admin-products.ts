import { z } from 'zod'
import { pageOf } from './admin.ts'

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
  sku: z.string(),
  shortDescription: z.string(),
  description: z.string().meta({ description: 'Sanitised HTML' }),
  youtubeVideoLink: z.string().nullable(),
  view360Link: z.string().nullable(),
  quantity: z.number().int().meta({ description: 'Pieces in stock' }),
  soldCount: z.number().int(),
  hsnCode: z.string(),
  gstRate: z.number().int().meta({ description: 'GST percent included in the price (decision 083)' }),
  images: z.array(adminProductImageSchema),
  createdAt: when,
  updatedAt: when,
})
export type AdminProduct = z.infer<typeof adminProductSchema>

/** What deleting a product did: deleted, or archived because past orders hold it. */
export const productRemovalSchema = z.object({ outcome: z.enum(['deleted', 'archived']) })
export type ProductRemoval = z.infer<typeof productRemovalSchema>
