import { cartMessages, wishlistMessages } from './cart-messages.ts'

/** Where the page's own Add To Cart form posts before the page's code has run (docs/decisions/018). */
export const addToCartFormAction = '/cart/add'

/** Where the wishlist heart's form posts before the page's code has run. */
export const addToWishlistFormAction = '/wishlist/add'

/** The query parameter the form's answer adds to the page it returns to. */
export const cartNoticeParam = 'cart'

/** What the form's answer says, as the hydrated button's toasts would (spec section 8). */
export const cartNotices = {
  added: cartMessages.added,
  failed: cartMessages.addFailed,
  'login-first': cartMessages.loginFirst,
} as const
export type CartNotice = keyof typeof cartNotices

export function cartNoticeOf(value: string | null): CartNotice | null {
  return value && Object.hasOwn(cartNotices, value) ? (value as CartNotice) : null
}

/** The same for the wishlist heart's form. */
export const wishlistNoticeParam = 'wishlist'

export const wishlistNotices = {
  added: wishlistMessages.added,
  failed: wishlistMessages.addFailed,
} as const
export type WishlistNotice = keyof typeof wishlistNotices

export function wishlistNoticeOf(value: string | null): WishlistNotice | null {
  return value && Object.hasOwn(wishlistNotices, value) ? (value as WishlistNotice) : null
}

/** The page's address without an earlier notice (of either form), so a second add does not stack them. */
export function withoutNotice(pathAndSearch: string): string {
  const url = new URL(pathAndSearch, 'http://shop.invalid')
  url.searchParams.delete(cartNoticeParam)
  url.searchParams.delete(wishlistNoticeParam)
  return url.pathname + url.search
}

export function withNotice(pathAndSearch: string, notice: CartNotice): string {
  const url = new URL(withoutNotice(pathAndSearch), 'http://shop.invalid')
  url.searchParams.set(cartNoticeParam, notice)
  return url.pathname + url.search
}

export function withWishlistNotice(pathAndSearch: string, notice: WishlistNotice): string {
  const url = new URL(withoutNotice(pathAndSearch), 'http://shop.invalid')
  url.searchParams.set(wishlistNoticeParam, notice)
  return url.pathname + url.search
}
