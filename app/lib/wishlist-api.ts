import type { WishlistResponse } from '../../contracts/cart.ts'
import { ApiError, api } from './api.ts'

export const wishlistQueryKey = ['wishlist'] as const

/**
 * The wishlist; an answer without its items (`200 { success: false }` from a proxy or an old server) is a
 * failed fetch, as the page and the header count treat any other, never a page that breaks.
 */
export async function fetchWishlist(): Promise<WishlistResponse> {
  const res = await api<Omit<Partial<WishlistResponse>, 'success'> & { success?: boolean; message?: string }>(
    '/wishlist',
    {
      auth: true,
    },
  )
  if (res?.success === false || !Array.isArray(res?.wishlist?.items))
    throw new ApiError(200, res?.message || 'The wishlist answer holds no items.', res)
  return res as WishlistResponse
}

export const addToWishlist = (productId: string, variantId?: string | null) =>
  api('/wishlist/add', { method: 'POST', body: { productId, variantId: variantId || undefined }, auth: true })

export const removeFromWishlist = (productId: string, variantId?: string | null) =>
  api('/wishlist/remove', {
    method: 'POST',
    body: { productId, variantId: variantId || undefined },
    auth: true,
  })
