import type { CartItem } from '../../contracts/cart.ts'
import { readStorage, removeStorage, storageKeys, writeStorage } from './session.ts'

/** Not a spec key: the applied code itself, so the order can name it and the server can check it again. */
export const couponCodeKey = 'couponCode'

export type CheckoutCart = {
  items: CartItem[]
  /** Total after the coupon, rupees with 2 decimals. */
  total: number
  /** Coupon percent, 0 when none. */
  discount: number
  couponCode: string | null
}

/** 'Proceed to Checkout': cartProducts (the cart lines as JSON), cartTotal (after coupon), couponDiscount. */
export function saveCheckoutCart(c: CheckoutCart) {
  writeStorage(storageKeys.cartProducts, JSON.stringify(c.items))
  writeStorage(storageKeys.cartTotal, c.total.toFixed(2))
  writeStorage(storageKeys.couponDiscount, String(c.discount))
  if (c.couponCode) writeStorage(couponCodeKey, c.couponCode)
  else removeStorage(couponCodeKey)
}

/** What the cart page left for checkout, or null when nothing (or something unreadable) is stored. */
export function readCheckoutCart(): CheckoutCart | null {
  const raw = readStorage(storageKeys.cartProducts)
  if (!raw) return null
  try {
    const items = JSON.parse(raw) as CartItem[]
    if (!Array.isArray(items)) return null
    return {
      items,
      total: Number(readStorage(storageKeys.cartTotal) ?? 0) || 0,
      discount: Number(readStorage(storageKeys.couponDiscount) ?? 0) || 0,
      couponCode: readStorage(couponCodeKey),
    }
  } catch {
    return null
  }
}

/** After a verified payment (spec section 4): the cart storage goes. */
export function clearCheckoutCart() {
  for (const key of [
    storageKeys.cartProducts,
    storageKeys.cartTotal,
    storageKeys.couponDiscount,
    couponCodeKey,
  ])
    removeStorage(key)
}
