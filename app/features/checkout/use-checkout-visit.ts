import { useEffect, useState } from 'react'
import type { CodTerms } from '../../../contracts/cod.ts'
import type { Order } from '../../../contracts/orders.ts'
import {
  fetchAccountEmail,
  fetchAddresses,
  fetchCodChoice,
  fetchCodTerms,
  type SavedAddress,
} from '../../lib/checkout-api.ts'
import { type CheckoutCart, readCheckoutCart } from '../../lib/checkout-storage.ts'
import { fetchOrder } from '../../lib/orders-api.ts'
import { getUserId } from '../../lib/session.ts'
import type { CheckoutStart } from './checkout-start.ts'
import { fetchServerCheckoutCart, withStoredCoupon } from './server-cart.ts'
import { awaitingPayment, forgetUnpaidOrder, formFromOrder, keptUnpaidOrder } from './unpaid-order.ts'
import type { ShippingFormState } from './use-shipping-form.ts'

export type CheckoutVisit = ReturnType<typeof useCheckoutVisit>

/**
 * What the checkout reads once it is in the browser: the customer, the cart, the unpaid order kept from an
 * earlier attempt (its address fills the form), the address book, the account's e-mail and the COD terms.
 */
export function useCheckoutVisit(
  shipping: Pick<ShippingFormState, 'setFormOpen' | 'fillFromOrder' | 'fillEmail'>,
  start: CheckoutStart | null = null,
) {
  // Rendered by the server with what it read (decision 127), or read here once the code runs.
  const [mounted, setMounted] = useState(start !== null)
  const [userId, setUserId] = useState<string | null>(start?.userId ?? null)
  const [cart, setCart] = useState<CheckoutCart | null>(start?.cart ?? null)
  const [cartLoading, setCartLoading] = useState(false)
  // The order placed earlier and not paid yet: Place Order pays it rather than placing a second one.
  const [unpaid, setUnpaid] = useState<Order | null>(null)
  const [addresses, setAddresses] = useState<SavedAddress[]>(start?.addresses ?? [])
  const [codTerms, setCodTerms] = useState<CodTerms | null>(start?.codTerms ?? null)
  // Why this account may not pay on delivery now (a first COD order, one on its way), from the server.
  const [codForYou, setCodForYou] = useState<string | null>(start?.codForYou ?? null)
  const { setFormOpen, fillFromOrder, fillEmail } = shipping

  // biome-ignore lint/correctness/useExhaustiveDependencies: read once, when the checkout opens; the form's setters only set state
  useEffect(() => {
    const id = getUserId()
    const stored = readCheckoutCart()
    // The server's reading stands for the account it rendered for: only what this browser keeps is read here,
    // the cart as 'Proceed to Checkout' left it (else the server's with the coupon the cart page stored) and
    // the unpaid order.
    if (start && id === start.userId) {
      if (stored && stored.items.length > 0) setCart(stored)
      else if (start.cart.items.length > 0) setCart(withStoredCoupon(start.cart.items))
      keepUnpaid(id)
      return
    }
    fetchCodTerms().then(setCodTerms)
    setUserId(id)
    setCart(stored)
    setMounted(true)
    if (!id) {
      setFormOpen(true)
      return
    }
    fetchCodChoice().then((choice) => setCodForYou(choice?.reason ?? null))
    if (!stored || stored.items.length === 0) {
      // Opened directly (a link, a bookmark): the cart the server holds, not an empty one.
      setCartLoading(true)
      fetchServerCheckoutCart()
        .then((serverCart) => setCart(serverCart.items.length > 0 ? serverCart : stored))
        .catch((err) => console.error(err))
        .finally(() => setCartLoading(false))
    }
    keepUnpaid(id)
    fetchAddresses(id)
      .then((list) => {
        setAddresses(list)
        if (list.length === 0) setFormOpen(true)
      })
      .catch((err) => {
        console.error(err)
        setFormOpen(true)
      })
    fetchAccountEmail(id)
      .then((email) => {
        if (email) fillEmail(email)
      })
      .catch(() => {})
  }, [])

  /** The order placed earlier from this browser and still awaiting payment, with the address typed for it. */
  function keepUnpaid(id: string) {
    const kept = keptUnpaidOrder(id)
    if (!kept) return
    fetchOrder(kept.id)
      .then((order) => {
        if (!awaitingPayment(order)) {
          forgetUnpaidOrder()
          return
        }
        setUnpaid(order)
        // The address as typed for that order, so 'Try again' starts where the customer left off.
        fillFromOrder(formFromOrder(order))
        setFormOpen(true)
      })
      .catch(() => forgetUnpaidOrder())
  }

  return { mounted, userId, cart, cartLoading, unpaid, setUnpaid, addresses, codTerms, codForYou }
}
