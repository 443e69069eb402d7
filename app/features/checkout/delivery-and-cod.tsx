import { type CodTerms, codMessages, codRefusalText } from '../../../contracts/cod.ts'
import { longestLead } from '../../../contracts/made-to-order.ts'
import { DeliveryAnswer } from '../../components/delivery-check.tsx'
import { useT } from '../../i18n/i18n.tsx'
import type { CheckoutCart } from '../../lib/checkout-storage.ts'
import { isPin, useDeliveryEstimate } from '../../lib/delivery-api.ts'
import { useShippingQuote } from '../../lib/shipping-api.ts'
import type { ShippingForm } from './validate.ts'

export type DeliveryAndCod = ReturnType<typeof useDeliveryAndCod>

/**
 * The delivery promise for the shipping PIN as typed or chosen (decision 086), and cash on delivery: the
 * shop's terms for this cart and address, its fee and the total to pay. The server decides again on the order.
 */
export function useDeliveryAndCod({
  cart,
  form,
  paymentOption,
  codTerms,
  codForYou,
}: {
  cart: CheckoutCart | null
  form: ShippingForm
  paymentOption: string
  codTerms: CodTerms | null
  codForYou: string | null
}) {
  const t = useT()
  const goodsPaise = Math.round((cart?.total ?? 0) * 100)
  const codChosen = paymentOption === 'COD'
  const codNo = codTerms
    ? (codRefusalText(t, codTerms, { total: goodsPaise, state: form.state, postalCode: form.postalCode }) ??
      codForYou)
    : t(codMessages.off)
  const codFee = codChosen && codTerms ? codTerms.fee : 0
  // Made to order (decision 132): the cart's longest making time moves the dates.
  const delivery = useDeliveryEstimate(
    form.postalCode,
    longestLead(cart?.items.map((i) => i.madeToOrder) ?? []),
  )
  const unserved = delivery.estimate && !delivery.estimate.served ? delivery.estimate.pin : null
  // Shipping for this cart to this PIN (decision 134), asked again when the cart's lines change.
  const cartKey = cart?.items.map((i) => `${i.productId}:${i.variantId ?? ''}:${i.quantity}`).join(',') ?? ''
  const shipping = useShippingQuote(
    form.postalCode,
    cart && cart.items.length > 0
      ? { cart: { coupon: cart.couponCode, key: cartKey, state: form.state } }
      : null,
  )
  const shippingPaise = shipping.quote ? Math.round(shipping.quote.charge * 100) : 0
  return {
    codTerms,
    codChosen,
    codNo,
    codFee,
    estimate: delivery.estimate,
    unserved,
    shipping: shipping.quote,
    shippingPaise,
    /** The charge for the PIN typed is still being asked: Place Order waits for it. */
    shippingPending:
      isPin(form.postalCode) && cart !== null && cart.items.length > 0 && !shipping.quote && !shipping.failed,
    totalToPay: (goodsPaise + codFee + shippingPaise) / 100,
  }
}

const alertClass = 'mt-3 rounded border border-red-300 bg-red-50 p-3 text-sm text-red-800'

/** The delivery promise, and, once Place Order was tried, that the shop does not deliver to the PIN. */
export function DeliveryNotices({ dc, unservedTried }: { dc: DeliveryAndCod; unservedTried: boolean }) {
  const t = useT()
  return (
    <>
      {dc.estimate ? (
        <div
          className="mt-3 rounded border border-brand-100 bg-white p-3 text-sm"
          data-testid="checkout-delivery"
        >
          <DeliveryAnswer estimate={dc.estimate} />
        </div>
      ) : null}
      {dc.unserved && unservedTried && (
        <p role="alert" className={alertClass}>
          {t('We do not deliver to PIN {pin} yet. Please choose another delivery address.', {
            pin: dc.unserved,
          })}
        </p>
      )}
    </>
  )
}

/** Why cash on delivery is refused, beside the button after a Place Order with COD, while it still holds. */
export function CodRefusal({ dc, tried }: { dc: DeliveryAndCod; tried: boolean }) {
  if (!(dc.codChosen && tried && dc.codNo)) return null
  return (
    <p role="alert" className={alertClass}>
      {dc.codNo}
    </p>
  )
}
