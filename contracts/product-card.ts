import type { Product } from './catalogue.ts'

/** What a product tile shows; pages send only this for lists, to keep their data small on phones. */
export type ProductCardData = Pick<
  Product,
  '_id' | 'title' | 'image' | 'price' | 'cutPrice' | 'discount' | 'quantity' | 'rating'
>

export function toCard({
  _id,
  title,
  image,
  price,
  cutPrice,
  discount,
  quantity,
  rating,
}: ProductCardData): ProductCardData {
  return { _id, title, image, price, cutPrice, discount, quantity, rating }
}

/**
 * What a card and a product page say about stock: sold out, only a few left, or in stock (the spec's
 * 'IN STOCK' while any is left; a sold-out piece never reads as in stock).
 */
export function stockState(quantity: number): { kind: 'soldOut' | 'few' | 'inStock'; left: number } {
  if (quantity <= 0) return { kind: 'soldOut', left: 0 }
  return { kind: quantity <= 3 ? 'few' : 'inStock', left: quantity }
}
