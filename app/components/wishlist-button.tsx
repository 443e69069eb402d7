import { useState } from 'react'
import { useLocation } from 'react-router'
import type { WishlistResponse } from '../../contracts/cart.ts'
import { useT } from '../i18n/i18n.tsx'
import { wishlistMessages } from '../lib/cart-messages.ts'
import { addToWishlistFormAction, withoutNotice } from '../lib/cart-notice.ts'
import { useQuery, useQueryClient } from '../lib/query.ts'
import { getAccessToken } from '../lib/session.ts'
import { toast } from '../lib/toast.tsx'
import { retryUnlessSignedOut } from '../lib/use-cart.ts'
import { useSignedIn } from '../lib/use-signed-in.ts'
import { addToWishlist, fetchWishlist, wishlistQueryKey } from '../lib/wishlist-api.ts'
import { HeartIcon } from './icons.tsx'

/**
 * Adds a product to the wishlist. No stored token: the spec's warning and no call. The heart fills
 * when the product is in the wishlist the header already keeps fresh. Before the page's code has run,
 * the heart sends a plain form the server answers, as Add To Cart does (docs/decisions/018).
 */
export function WishlistButton({
  productId,
  variantId,
  className,
}: {
  productId: string
  /** The variant chosen on the product page, for a product with options (decision 129). */
  variantId?: string
  className?: string
}) {
  const t = useT()
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState(false)
  const signedIn = useSignedIn()
  const { pathname, search } = useLocation()
  const { data: saved = false } = useQuery({
    queryKey: wishlistQueryKey,
    queryFn: fetchWishlist,
    enabled: signedIn,
    retry: retryUnlessSignedOut,
    select: (r: WishlistResponse) =>
      r.wishlist.items.some((i) => i.productId === productId && (!variantId || i.variantId === variantId)),
  })
  const add = async (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    if (!getAccessToken()) {
      toast.warning(t(wishlistMessages.loginRequired))
      return
    }
    if (busy) return
    setBusy(true)
    try {
      const res = await addToWishlist(productId, variantId)
      console.log(res)
      void queryClient.invalidateQueries({ queryKey: wishlistQueryKey })
    } catch (err) {
      console.error(err)
      toast.error(t(wishlistMessages.addFailed))
    } finally {
      setBusy(false)
    }
  }
  return (
    // `contents`: the form adds no box, so the heart sits in its row as before.
    <form method="post" action={addToWishlistFormAction} onSubmit={add} className="contents">
      <input type="hidden" name="productId" value={productId} />
      {variantId ? <input type="hidden" name="variantId" value={variantId} /> : null}
      <input type="hidden" name="back" value={withoutNotice(pathname + search)} />
      <button
        type="submit"
        aria-label={saved ? t('In your wishlist') : t('Add to wishlist')}
        aria-pressed={saved}
        aria-busy={busy}
        className={className ?? 'rounded-full bg-white/90 p-2 text-brand-700 shadow hover:text-brand-600'}
      >
        <HeartIcon width={18} height={18} fill={saved ? 'currentColor' : 'none'} />
      </button>
    </form>
  )
}
