import { fetchCart } from '../../lib/cart-api.ts'
import { cartSubtotal, totalAfterCoupon } from '../../lib/cart-totals.ts'
import { type CheckoutCart, couponCodeKey } from '../../lib/checkout-storage.ts'
import { readStorage, storageKeys } from '../../lib/session.ts'

/**
 * The cart as the server holds it (GET /cart/product with the bearer token), with the coupon the
 * cart page stored, for a checkout opened without 'Proceed to Checkout' (a link, a reload elsewhere).
 */
export async function fetchServerCheckoutCart(): Promise<CheckoutCart> {
  const { cart } = await fetchCart()
  const couponCode = readStorage(couponCodeKey)
  const discount = couponCode ? Number(readStorage(storageKeys.couponDiscount) ?? 0) || 0 : 0
  return {
    items: cart.items,
    total: totalAfterCoupon(cartSubtotal(cart.items), discount),
    discount,
    couponCode: discount > 0 ? couponCode : null,
  }
}
