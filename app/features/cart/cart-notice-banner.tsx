import { useSearchParams } from 'react-router'
import { useT } from '../../i18n/i18n.tsx'
import { cartNoticeOf, cartNoticeParam, cartNotices } from './cart-notice.ts'

/**
 * The answer of an Add To Cart sent before the page's code ran (docs/decisions/018), in the page itself
 * so it shows at once. Only for a signed-in customer: a visitor's form goes to the sign-in page instead.
 */
export function CartNoticeBanner({ signedIn }: { signedIn: boolean }) {
  const t = useT()
  const [params] = useSearchParams()
  const notice = cartNoticeOf(params.get(cartNoticeParam))
  if (!signedIn || !notice) return null
  const ok = notice === 'added'
  return (
    <div className="mx-auto max-w-7xl px-3 pt-3">
      <p
        role="status"
        data-testid="cart-notice"
        className={`rounded-md border px-4 py-3 text-sm font-medium ${
          ok ? 'border-leaf/40 bg-leaf/10 text-ink' : 'border-red-300 bg-red-50 text-red-900'
        }`}
      >
        {t(cartNotices[notice])}
      </p>
    </div>
  )
}
