import { useQuery } from './query.ts'
import { retryUnlessSignedOut } from './use-cart.ts'
import { fetchWishlist, wishlistQueryKey } from './wishlist-api.ts'

/** The signed-in customer's wishlist, shared with the header count and the wishlist buttons. */
export function useWishlistQuery(enabled: boolean, opts: { poll?: boolean; refetchOnMount?: 'always' } = {}) {
  return useQuery({
    queryKey: wishlistQueryKey,
    queryFn: fetchWishlist,
    enabled,
    retry: retryUnlessSignedOut,
    ...(opts.poll ? { refetchInterval: 5000, refetchIntervalInBackground: false } : {}),
    ...(opts.refetchOnMount ? { refetchOnMount: opts.refetchOnMount } : {}),
  })
}
