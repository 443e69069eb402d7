import { z } from 'zod'

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
  createdAt: z.string(),
})
export type Product = z.infer<typeof productSchema>

/** What a product tile shows; pages send only this for lists, to keep their data small on phones. */
export type ProductCardData = Pick<
  Product,
  '_id' | 'title' | 'image' | 'price' | 'cutPrice' | 'discount' | 'quantity'
>

export function toCard({
  _id,
  title,
  image,
  price,
  cutPrice,
  discount,
  quantity,
}: ProductCardData): ProductCardData {
  return { _id, title, image, price, cutPrice, discount, quantity }
}

/**
 * What a card and a product page say about stock: sold out, only a few left, or in stock (the spec's
 * 'IN STOCK' while any is left; a sold-out piece never reads as in stock).
 */
export function stockState(quantity: number): { kind: 'soldOut' | 'few' | 'inStock'; left: number } {
  if (quantity <= 0) return { kind: 'soldOut', left: 0 }
  return { kind: quantity <= 3 ? 'few' : 'inStock', left: quantity }
}

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
