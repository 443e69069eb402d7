import { useState } from 'react'
import { Link, useLocation } from 'react-router'
import type { PersonalisationAnswer } from '../../contracts/personalisation.ts'
import { useT } from '../i18n/i18n.tsx'
import { ApiError } from '../lib/api.ts'
import { addToCart, cartQueryKey } from '../lib/cart-api.ts'
import { cartMessages, signInAction } from '../lib/cart-messages.ts'
import { addToCartFormAction, withoutNotice } from '../lib/cart-notice.ts'
import { useQueryClient } from '../lib/query.ts'
import { getAccessToken } from '../lib/session.ts'
import { signInHref } from '../lib/sign-in-return.ts'
import { TOAST_WITH_ACTION_MS, toast } from '../lib/toast.tsx'

/** The spec's add-to-cart failure, with a way to sign in when the shopper is a visitor (decision 028). */
function failureToast(
  message: string,
  kind: 'warning' | 'error',
  holder: HTMLDialogElement | null,
  signInLabel: string,
) {
  const visitor = !getAccessToken()
  if (!visitor) return toast[kind](message)
  // A modal (quick view) makes the rest of the page inert, the toast too: close it so Sign in can be tapped.
  if (holder?.open) holder.close()
  const id = `sign-in-to-add-${Date.now()}`
  const back = window.location.pathname + window.location.search
  toast[kind](message, {
    id,
    duration: TOAST_WITH_ACTION_MS,
    action: (
      <Link
        to={signInHref(back)}
        onClick={() => toast.dismiss(id)}
        className="ml-auto inline-flex min-h-11 shrink-0 items-center rounded bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800"
      >
        {signInLabel}
      </Link>
    ),
  })
}

type Props = {
  productId: string
  /** The variant chosen on the product page, for a product with options (decision 129). */
  variantId?: string
  /** 'home' cards warn 'Login first to add product.' on any failure (spec section 8). */
  variant?: 'home' | 'default'
  label?: string
  className?: string
  /** A sold-out product's button is disabled and says so. */
  soldOut?: boolean
  /** What the customer chose on the product page (decision 133); its fields name the form by `formId`. */
  personalisation?: PersonalisationAnswer
  formId?: string
}

/**
 * Adds one of a product; the header count updates at once through the shared 'cart' query.
 * Before the page's code has run, the button sends a plain form the server answers (docs/decisions/018).
 */
export function AddToCartButton({
  productId,
  variantId,
  variant = 'default',
  label,
  className,
  soldOut = false,
  personalisation,
  formId,
}: Props) {
  const t = useT()
  const queryClient = useQueryClient()
  const { pathname, search } = useLocation()
  const [busy, setBusy] = useState(false)
  const add = async (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const holder = e.currentTarget.closest('dialog')
    if (busy) return
    setBusy(true)
    try {
      await addToCart(productId, variantId, personalisation)
      toast.success(t(cartMessages.added))
      void queryClient.invalidateQueries({ queryKey: cartQueryKey })
    } catch (err) {
      // A visitor's refusal (401) is expected, not an error worth logging.
      if (!(err instanceof ApiError && err.status === 401)) console.error(err)
      // A personalisation refused (a text to fill in, too long) is told in the shop's words.
      if (personalisation && err instanceof ApiError && err.status === 400) toast.error(err.text)
      else if (variant === 'home')
        failureToast(t(cartMessages.loginFirst), 'warning', holder, t(signInAction))
      else failureToast(t(cartMessages.addFailed), 'error', holder, t(signInAction))
    } finally {
      setBusy(false)
    }
  }
  return (
    // `contents`: the form adds no box, so the button sits in its row as before.
    <form id={formId} method="post" action={addToCartFormAction} onSubmit={add} className="contents">
      <input type="hidden" name="productId" value={productId} />
      {variantId ? <input type="hidden" name="variantId" value={variantId} /> : null}
      <input type="hidden" name="back" value={withoutNotice(pathname + search)} />
      {variant === 'home' ? <input type="hidden" name="variant" value="home" /> : null}
      <button
        type="submit"
        aria-busy={busy}
        disabled={soldOut}
        className={`${
          className ??
          'mt-2 w-full rounded bg-brand-600 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-700 aria-busy:opacity-70'
        } disabled:cursor-not-allowed disabled:bg-ink/40 disabled:hover:bg-ink/40`}
      >
        {soldOut ? t(cartMessages.soldOutButton) : (label ?? t('Add to Cart'))}
      </button>
    </form>
  )
}
