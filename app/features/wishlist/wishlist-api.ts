import type { WishlistResponse } from '../../../contracts/cart.ts'
import { api } from '../../lib/api.ts'

export const wishlistQueryKey = ['wishlist'] as const

export const fetchWishlist = () => api<WishlistResponse>('/wishlist', { auth: true })

export const addToWishlist = (productId: string) =>
  api('/wishlist/add', { method: 'POST', body: { productId }, auth: true })

export const removeFromWishlist = (productId: string) =>
  api('/wishlist/remove', { method: 'POST', body: { productId }, auth: true })
