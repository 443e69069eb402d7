import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { toast } from '../../lib/toast.tsx'
import { addToCart, cartQueryKey } from './cart-api.ts'
import { cartMessages } from './messages.ts'

type Props = {
  productId: string
  /** 'home' cards warn 'Login first to add product.' on any failure (spec section 8). */
  variant?: 'home' | 'default'
  label?: string
  className?: string
  /** A sold-out product's button is disabled and says so. */
  soldOut?: boolean
}

/** Adds one of a product; the header count updates at once through the shared 'cart' query. */
export function AddToCartButton({
  productId,
  variant = 'default',
  label = 'Add to Cart',
  className,
  soldOut = false,
}: Props) {
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState(false)
  const add = async () => {
    if (busy) return
    setBusy(true)
    try {
      await addToCart(productId)
      toast.success(cartMessages.added)
      void queryClient.invalidateQueries({ queryKey: cartQueryKey })
    } catch (err) {
      console.error(err)
      if (variant === 'home') toast.warning(cartMessages.loginFirst)
      else toast.error(cartMessages.addFailed)
    } finally {
      setBusy(false)
    }
  }
  return (
    <button
      type="button"
      onClick={add}
      aria-busy={busy}
      disabled={soldOut}
      className={`${
        className ??
        'mt-2 w-full rounded bg-brand-600 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-700 aria-busy:opacity-70'
      } disabled:cursor-not-allowed disabled:bg-ink/40 disabled:hover:bg-ink/40`}
    >
      {soldOut ? cartMessages.soldOutButton : label}
    </button>
  )
}
