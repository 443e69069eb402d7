/** Cart, wishlist and coupon words of spec sections 2, 4 and 8, written once; tests import them. */
export { couponMessages, maxCartQuantity } from '../../../contracts/cart-rules.ts'

export const cartMessages = {
  /** Home carousel: any failure to add. */
  loginFirst: 'Login first to add product.',
  added: 'Product added to cart!',
  addFailed: 'Failed to add product to cart.',
  /** Logged only (spec section 8). */
  fetchFailed: 'Failed to fetch cart',
  fetchCouponsFailed: 'Failed to fetch coupons',
  removeFailed: 'Failed to remove product',
  empty: 'Your cart is empty.',
  title: 'Your Cart',
  redeem: 'Redeem',
  proceed: 'Proceed to Checkout',
  /** Add To Cart of a sold-out product, disabled. */
  soldOutButton: 'Out of stock',
} as const

/** The action a visitor's add-to-cart toast offers. */
export const signInAction = 'Sign in'

export const wishlistMessages = {
  loginRequired: 'You must be logged in to add items to your wishlist.',
  addFailed: 'Failed to add product to wishlist.',
  removed: 'remove item from wishlist!',
  /** Stored, not shown (spec section 8). */
  removeFailed: 'Failed to remove item from wishlist',
  fetchFailed: 'Failed to retrieve wishlist',
  empty: 'Your wishlist is empty.',
  /** The spec's loading text, spelling and all. */
  loading: 'loadiing',
  available: 'Available',
  outOfStock: 'Out Of Stock',
  shopNow: 'Shop Now',
} as const

/** Column headings of the wishlist table (spec section 2). */
export const wishlistColumns = ['ID', 'Image', 'Date', 'Price', 'Status', 'Actions'] as const
