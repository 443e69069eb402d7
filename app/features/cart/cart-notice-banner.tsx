import { useSearchParams } from 'react-router'
import { useT } from '../../i18n/i18n.tsx'
import {
  cartNoticeOf,
  cartNoticeParam,
  cartNotices,
  wishlistNoticeOf,
  wishlistNoticeParam,
  wishlistNotices,
} from '../../lib/cart-notice.ts'

/**
 * The answer of an Add To Cart or a wishlist heart sent before the page's code ran (docs/decisions/018),
 * in the page itself so it shows at once. Only for a signed-in customer: a visitor's form goes to the
 * sign-in page instead. An island of app/root.tsx: the server sends it whole, its code comes at idle (it is
 * text and nothing to tap, and most pages have none).
 */
export default function CartNoticeBanner({ signedIn }: { signedIn: boolean }) {
  const t = useT()
  const [params] = useSearchParams()
  const cart = cartNoticeOf(params.get(cartNoticeParam))
  const wishlist = wishlistNoticeOf(params.get(wishlistNoticeParam))
  if (!signedIn || (!cart && !wishlist)) return null
  return (
    <div className="mx-auto grid max-w-7xl gap-2 px-3 pt-3">
      {cart ? <Notice ok={cart === 'added'} text={t(cartNotices[cart])} testId="cart-notice" /> : null}
      {wishlist ? (
        <Notice ok={wishlist === 'added'} text={t(wishlistNotices[wishlist])} testId="wishlist-notice" />
      ) : null}
    </div>
  )
}

function Notice({ ok, text, testId }: { ok: boolean; text: string; testId: string }) {
  return (
    <p
      role="status"
      data-testid={testId}
      className={`rounded-md border px-4 py-3 text-sm font-medium ${
        ok ? 'border-leaf/40 bg-leaf/10 text-ink' : 'border-red-300 bg-red-50 text-red-900'
      }`}
    >
      {text}
    </p>
  )
}
