/** Cart and coupon rules and server messages both sides need; no zod here, so the browser can import it. */

import { msg } from './languages.ts'

/** The most of one product a cart line may hold (the spec gives no maximum; a sane one stops typos). */
export const maxCartQuantity = 20

/** Coupon refusals, exactly as spec section 8 words them; the server answers with these. */
export const couponMessages = {
  invalid: msg('Invalid coupon code'),
  expired: msg('Coupon code has expired'),
} as const

/** Coupon refusals the spec does not word. */
export const couponServerMessages = {
  perCustomer: (limit: number) =>
    limit === 1
      ? 'You have already used this coupon. It can be used once per customer.'
      : `You have already used this coupon ${limit} times, as many as one customer may.`,
  freeOrder:
    'This coupon would make the order free, which the shop cannot take online. Please remove the coupon or contact us.',
} as const

/** Stock refusals, naming the product and what is left. */
export const stockMessages = {
  soldOut: (title: string) => `${title} is out of stock.`,
  onlyLeft: (title: string, left: number) =>
    left <= 0 ? `${title} is out of stock.` : `Only ${left} of ${title} ${left === 1 ? 'is' : 'are'} left.`,
} as const

/** A product with variants needs one chosen (decision 129): 'Please choose a size.', naming its options. */
export const variantMessages = {
  choose: (options: string[]) => {
    const names = options.map((o) => o.toLocaleLowerCase('en-IN'))
    const list =
      names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? 'option')
    return `Please choose a ${list}.`
  },
  notSold: 'That choice of this product is not sold.',
  single: 'This product has no choices to make: send it without a variantId.',
} as const

export const cartServerMessages = {
  /** Read after the field name: 'Invalid body: quantity must be a whole number from 1 to 20.' */
  quantity: `must be a whole number from 1 to ${maxCartQuantity}.`,
  atMaximum: `You can add at most ${maxCartQuantity} of one product.`,
  notInCart: 'That product is not in your cart.',
  notInWishlist: 'That product is not in your wishlist.',
} as const
