import { cartMessages } from './messages.ts'

/** Where the page's own Add To Cart form posts before the page's code has run (docs/decisions/018). */
export const addToCartFormAction = '/cart/add'

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

/** The page's address without an earlier notice, so a second add does not stack them. */
export function withoutNotice(pathAndSearch: string): string {
  const url = new URL(pathAndSearch, 'http://shop.invalid')
  url.searchParams.delete(cartNoticeParam)
  return url.pathname + url.search
}

export function withNotice(pathAndSearch: string, notice: CartNotice): string {
  const url = new URL(withoutNotice(pathAndSearch), 'http://shop.invalid')
  url.searchParams.set(cartNoticeParam, notice)
  return url.pathname + url.search
}
