import { useEffect, useRef, useSyncExternalStore } from 'react'
import { cartQueryKey } from './cart-api.ts'
import { useQueryClient } from './query.ts'
import { getAccessToken, onSessionChange } from './session.ts'
import { useCartQuery } from './use-cart.ts'
import { useWishlistQuery } from './use-wishlist.ts'
import { wishlistQueryKey } from './wishlist-api.ts'

/**
 * Cart and wishlist counts for the header icons: polled every 5000 ms while the tab is visible
 * (app/lib/query.ts pauses interval refetches in a hidden tab), and refreshed at once whenever an add or
 * remove anywhere invalidates the 'cart' or 'wishlist' query. The counts are lines, not units.
 */
export function useHeaderCounts(signedIn: boolean): { cart: number; wishlist: number } {
  const queryClient = useQueryClient()
  const token = useSyncExternalStore(onSessionChange, getAccessToken, () => null)
  const previous = useRef(token)
  useEffect(() => {
    const before = previous.current
    previous.current = token
    // Signed out, or another customer now: forget the previous customer's lists. (From no token to one,
    // as when the page hydrates, there is nothing to forget: the queries simply start.)
    if (before === token || before === null) return
    void queryClient.resetQueries({ queryKey: cartQueryKey })
    void queryClient.resetQueries({ queryKey: wishlistQueryKey })
  }, [token, queryClient])

  const active = signedIn && Boolean(token)
  const cart = useCartQuery(active, { poll: true })
  const wishlist = useWishlistQuery(active, { poll: true })
  if (!active) return { cart: 0, wishlist: 0 }
  return {
    cart: cart.data?.cart.items.length ?? 0,
    wishlist: wishlist.data?.wishlist.items.length ?? 0,
  }
}
