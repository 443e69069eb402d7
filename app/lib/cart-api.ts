import type { ApplyCouponResponse, CartResponse, Coupon } from '../../contracts/cart.ts'
import type { PersonalisationAnswer } from '../../contracts/personalisation.ts'
import { api } from './api.ts'

/** Query keys shared by the header counts and the pages, so one fetch serves both. */
export const cartQueryKey = ['cart'] as const
export const couponsQueryKey = ['coupons'] as const

/** Header counts poll every 5000 ms (spec section 9). */
export const HEADER_REFRESH_MS = 5000

export const fetchCart = () => api<CartResponse>('/cart/product', { auth: true })

// A line's variant where it has one (decision 129); a product sold as one piece sends none (undefined
// leaves the JSON body).
// Its personalisation where the product takes one (decision 133); none keeps the line's earlier choice.
export const addToCart = (
  productId: string,
  variantId?: string | null,
  personalisation?: PersonalisationAnswer,
) =>
  api<{ success: true; quantity: number }>('/cart/add', {
    method: 'POST',
    body: { productId, variantId: variantId || undefined, personalisation },
    auth: true,
  })

export const removeFromCart = (productId: string, variantId?: string | null) =>
  api('/cart/removeproduct', {
    method: 'DELETE',
    body: { productId, variantId: variantId || undefined },
    auth: true,
  })

export const setCartQuantity = (productId: string, quantity: number, variantId?: string | null) =>
  api('/cart/quantity', {
    method: 'PATCH',
    body: { productId, quantity, variantId: variantId || undefined },
    auth: true,
  })

export const fetchCoupons = () => api<{ data: Coupon[] }>('/coupon/coupons').then((r) => r.data)

export const applyCoupon = (code: string) =>
  api<ApplyCouponResponse>('/coupon/apply', { method: 'POST', body: { code } })
