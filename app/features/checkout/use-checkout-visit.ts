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
import { fetchServerCheckoutCart } from './server-cart.ts'
import { awaitingPayment, forgetUnpaidOrder, formFromOrder, keptUnpaidOrder } from './unpaid-order.ts'
import type { ShippingFormState } from './use-shipping-form.ts'

export type CheckoutVisit = ReturnType<typeof useCheckoutVisit>

/**
 * What the checkout reads once it is in the browser: the customer, the cart, the unpaid order kept from an
 * earlier attempt (its address fills the form), the address book, the account's e-mail and the COD terms.
 */
export function useCheckoutVisit(
  shipping: Pick<ShippingFormState, 'setFormOpen' | 'fillFromOrder' | 'fillEmail'>,
) {
  const [mounted, setMounted] = useState(false)
  const [userId, setUserId] = useState<string | null>(null)
  const [cart, setCart] = useState<CheckoutCart | null>(null)
  const [cartLoading, setCartLoading] = useState(false)
  // The order placed earlier and not paid yet: Place Order pays it rather than placing a second one.
  const [unpaid, setUnpaid] = useState<Order | null>(null)
  const [addresses, setAddresses] = useState<SavedAddress[]>([])
  const [codTerms, setCodTerms] = useState<CodTerms | null>(null)
  // Why this account may not pay on delivery now (a first COD order, one on its way), from the server.
  const [codForYou, setCodForYou] = useState<string | null>(null)
  const { setFormOpen, fillFromOrder, fillEmail } = shipping

  // biome-ignore lint/correctness/useExhaustiveDependencies: read once, when the checkout opens; the form's setters only set state
  useEffect(() => {
    fetchCodTerms().then(setCodTerms)
    const id = getUserId()
    setUserId(id)
    const stored = readCheckoutCart()
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
    const kept = keptUnpaidOrder(id)
    if (kept) {
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

  return { mounted, userId, cart, cartLoading, unpaid, setUnpaid, addresses, codTerms, codForYou }
}
