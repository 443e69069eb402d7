import type { CartItem } from '../../../contracts/cart.ts'
import { fetchCart } from '../../lib/cart-api.ts'
import { cartSubtotal, totalAfterCoupon } from '../../lib/cart-totals.ts'
import { type CheckoutCart, couponCodeKey } from '../../lib/checkout-storage.ts'
import { readStorage, storageKeys } from '../../lib/session.ts'

/** The server's cart lines with the coupon the cart page stored, if any, and the total after it. */
export function withStoredCoupon(items: CartItem[]): CheckoutCart {
  const couponCode = readStorage(couponCodeKey)
  const discount = couponCode ? Number(readStorage(storageKeys.couponDiscount) ?? 0) || 0 : 0
  return {
    items,
    total: totalAfterCoupon(cartSubtotal(items), discount),
    discount,
    couponCode: discount > 0 ? couponCode : null,
  }
}

/**
 * The cart as the server holds it (GET /cart/product with the bearer token), with the coupon the
 * cart page stored, for a checkout opened without 'Proceed to Checkout' (a link, a reload elsewhere).
 */
export async function fetchServerCheckoutCart(): Promise<CheckoutCart> {
  const { cart } = await fetchCart()
  return withStoredCoupon(cart.items)
}
