import type { Product } from './catalogue.ts'

/**
 * What a product tile shows; pages send only this for lists, to keep their data small on phones. The
 * discount is not sent: the tile works it out from the two prices.
 */
export type ProductCardData = Pick<Product, '_id' | 'title' | 'image' | 'price' | 'cutPrice'> & {
  /** Present only when the piece is sold out: a card shows no more of its stock than that. */
  soldOut?: true
  /** Present only when the product has ratings. */
  rating?: Product['rating']
  /** The lowest variant's price where the variants' prices differ: the card says 'from ₹X' (decision 129). */
  priceFrom?: number
  /** The first option's name where the product has options: its card's button chooses on the product page. */
  choose?: string
}

export function toCard(
  p: Pick<Product, '_id' | 'title' | 'image' | 'price' | 'cutPrice' | 'quantity' | 'rating'> &
    Pick<ProductCardData, 'priceFrom' | 'choose'> & {
      options?: Product['options']
      variants?: Product['variants']
    },
): ProductCardData {
  const { _id, title, image, price, cutPrice, quantity, rating } = p
  // Only what the card shows: every page carries its cards in its data, often dozens of them.
  const card: ProductCardData = { _id, title, image, price, cutPrice }
  if (quantity <= 0) card.soldOut = true
  if (rating) card.rating = rating
  const prices = (p.variants ?? []).map((v) => v.price)
  const low = prices.length > 0 ? Math.min(...prices) : undefined
  if (low !== undefined && prices.some((x) => x !== low)) card.priceFrom = low
  else if (p.priceFrom !== undefined) card.priceFrom = p.priceFrom
  const first = p.options?.[0]?.name ?? p.choose
  if (first) card.choose = first
  return card
}

/** A product's name with its variant's option values, as carts, orders and invoices name it: 'Kurta (M / Indigo)'. */
export function withVariant(title: string, variantTitle: string | null | undefined): string {
  return variantTitle ? `${title} (${variantTitle})` : title
}

/**
 * What a card and a product page say about stock: sold out, only a few left, or in stock (the spec's
 * 'IN STOCK' while any is left; a sold-out piece never reads as in stock).
 */
export function stockState(quantity: number): { kind: 'soldOut' | 'few' | 'inStock'; left: number } {
  if (quantity <= 0) return { kind: 'soldOut', left: 0 }
  return { kind: quantity <= 3 ? 'few' : 'inStock', left: quantity }
}
