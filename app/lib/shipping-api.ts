import { useEffect, useState } from 'react'
import type { ShippingQuote } from '../../contracts/shipping.ts'
import { api } from './api.ts'
import { isPin } from './delivery-api.ts'

type State = { pin: string; quote: ShippingQuote | null; checking: boolean; failed: boolean }

/**
 * What shipping costs to a 6-digit PIN (decision 134): for the signed-in customer's cart (`cart`, the coupon
 * the cart applies judged first) or for one piece of a product. `key` changes when the cart does, so the quote
 * is asked again; the latest PIN's answer wins.
 */
export type ShippingFor =
  | { cart: { coupon: string | null; key: string; state?: string } }
  | { piece: { productId: string; variantId?: string } }
  | null

export function useShippingQuote(pin: string, what: ShippingFor): State {
  const [state, setState] = useState<State>({ pin: '', quote: null, checking: false, failed: false })
  const path = !what
    ? null
    : 'cart' in what
      ? `/shipping/quote?pin=${encodeURIComponent(pin)}${what.cart.state ? `&state=${encodeURIComponent(what.cart.state)}` : ''}${what.cart.coupon ? `&coupon=${encodeURIComponent(what.cart.coupon)}` : ''}`
      : `/shipping/quote/piece?pin=${encodeURIComponent(pin)}&productId=${encodeURIComponent(what.piece.productId)}${what.piece.variantId ? `&variantId=${encodeURIComponent(what.piece.variantId)}` : ''}`
  const auth = !!what && 'cart' in what
  const key = what && 'cart' in what ? what.cart.key : ''
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` asks again when the cart changes
  useEffect(() => {
    if (!path || !isPin(pin)) {
      setState({ pin, quote: null, checking: false, failed: false })
      return
    }
    let current = true
    setState((s) => ({ pin, quote: s.pin === pin ? s.quote : null, checking: true, failed: false }))
    api<{ data: ShippingQuote }>(path, { auth })
      .then((res) => current && setState({ pin, quote: res.data, checking: false, failed: false }))
      .catch(() => current && setState({ pin, quote: null, checking: false, failed: true }))
    return () => {
      current = false
    }
  }, [path, pin, auth, key])
  return state
}
