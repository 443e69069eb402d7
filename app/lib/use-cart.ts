import { ApiError } from './api.ts'
import { cartQueryKey, fetchCart } from './cart-api.ts'
import { useQuery } from './query.ts'

/** A refused token will not work on a second try; anything else gets one retry. */
export const retryUnlessSignedOut = (failures: number, error: Error) =>
  !(error instanceof ApiError && (error.status === 401 || error.status === 403)) && failures < 1

/** The signed-in customer's cart, shared with the header count. */
export function useCartQuery(enabled: boolean, opts: { poll?: boolean; refetchOnMount?: 'always' } = {}) {
  return useQuery({
    queryKey: cartQueryKey,
    queryFn: fetchCart,
    enabled,
    retry: retryUnlessSignedOut,
    ...(opts.poll ? { refetchInterval: 5000, refetchIntervalInBackground: false } : {}),
    ...(opts.refetchOnMount ? { refetchOnMount: opts.refetchOnMount } : {}),
  })
}
