/** Cart, wishlist and coupon words of spec sections 2, 4 and 8, written once; tests import them. */
import { msg } from '../../contracts/languages.ts'

export { couponMessages, maxCartQuantity } from '../../contracts/cart-rules.ts'

export const cartMessages = {
  /** Home carousel: any failure to add. */
  loginFirst: msg('Login first to add product.'),
  added: msg('Product added to cart!'),
  addFailed: msg('Failed to add product to cart.'),
  /** Logged only (spec section 8). */
  fetchFailed: 'Failed to fetch cart',
  fetchCouponsFailed: 'Failed to fetch coupons',
  removeFailed: 'Failed to remove product',
  empty: msg('Your cart is empty.'),
  title: msg('Your Cart'),
  redeem: msg('Redeem'),
  proceed: msg('Proceed to Checkout'),
  /** Add To Cart of a sold-out product, disabled. */
  soldOutButton: msg('Out of stock'),
} as const

/** The action a visitor's add-to-cart toast offers. */
export const signInAction = msg('Sign in')

export const wishlistMessages = {
  loginRequired: msg('You must be logged in to add items to your wishlist.'),
  addFailed: msg('Failed to add product to wishlist.'),
  /** The heart's answer before the page's code has run, when no filled heart can say so yet. */
  added: msg('Added to your wishlist.'),
  removed: msg('remove item from wishlist!'),
  /** Stored, not shown (spec section 8). */
  removeFailed: 'Failed to remove item from wishlist',
  fetchFailed: 'Failed to retrieve wishlist',
  empty: msg('Your wishlist is empty.'),
  /** The spec's loading text, spelling and all. */
  loading: msg('loadiing'),
  available: msg('Available'),
  outOfStock: msg('Out Of Stock'),
  shopNow: msg('Shop Now'),
} as const

/** Column headings of the wishlist table (spec section 2). */
export const wishlistColumns = [
  msg('ID'),
  msg('Image'),
  msg('Date'),
  msg('Price'),
  msg('Status'),
  msg('Actions'),
] as const
