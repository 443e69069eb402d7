import { useEffect, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { codMethod } from '../../../contracts/cod.ts'
import type { Order } from '../../../contracts/orders.ts'
import { creditText } from '../../../contracts/store-credit.ts'
import { usePayFlow } from '../../components/use-pay-flow.tsx'
import { useT } from '../../i18n/i18n.tsx'
import { ApiError } from '../../lib/api.ts'
import { type PlaceOrderBody, postOrder } from '../../lib/checkout-api.ts'
import {
  checkoutLabels,
  checkoutMessages as m,
  paymentConstants,
  paymentTexts,
} from '../../lib/checkout-messages.ts'
import { clearCheckoutCart } from '../../lib/checkout-storage.ts'
import { cancelOrder, fetchOrder } from '../../lib/orders-api.ts'
import { orderPayment, orderPaymentProblem, type PaymentFailedState } from '../../lib/payable-api.ts'
import { useMutation, useQueryClient } from '../../lib/query.ts'
import { getUserId, storageKeys, writeStorage } from '../../lib/session.ts'
import { storeCreditKey } from '../../lib/store-credit-api.ts'
import { toast } from '../../lib/toast.tsx'
import { checkoutAttempt } from './checkout-attempt.ts'
import type { DeliveryAndCod } from './delivery-and-cod.tsx'
import { awaitingPayment, forgetUnpaidOrder, isSameOrder, keepUnpaidOrder } from './unpaid-order.ts'
import type { CheckoutVisit } from './use-checkout-visit.ts'
import type { ShippingFormState } from './use-shipping-form.ts'
import { hashText, nationalPhone } from './validate.ts'

/**
 * Place Order: checks the form, the PIN and cash on delivery, then places a COD order, or places (or pays
 * again) the order and pays it through the one pay flow (decisions 045, 114).
 */
export function usePlaceOrder({
  shipping,
  visit,
  dc,
  credit = 0,
  updates,
  problem: refusedProblem = null,
}: {
  shipping: ShippingFormState
  visit: CheckoutVisit
  dc: DeliveryAndCod
  /** Rupees of the total paid with store credit (decision 139). */
  credit?: number
  /** WhatsApp or SMS updates to the delivery number (decision 143), as ticked at the checkout. */
  updates?: Array<'whatsapp' | 'sms'>
  /** The server's refusal of a Place Order sent before the page's code ran. */
  problem?: string | null
}) {
  const t = useT()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const { cart, unpaid, setUnpaid } = visit
  // Set by a refused Place Order with COD: the reason then shows beside the button while it still holds.
  const [codTried, setCodTried] = useState(false)
  // Set by Place Order to a PIN the shop does not deliver to: said plainly beside the button.
  const [unservedTried, setUnservedTried] = useState(false)
  const [problem, setProblem] = useState<string | null>(refusedProblem)
  // One key per checkout attempt and payload: a double tap, or 'Try again' after a failed payment, pays the same order.
  const visitKey = useRef('')
  useEffect(() => {
    visitKey.current = checkoutAttempt()
  }, [])

  /** Cancels the kept order if it still awaits payment (a paid one is left alone), then forgets it. */
  const replaceUnpaid = async (old: Order) => {
    try {
      if (awaitingPayment(await fetchOrder(old._id))) await cancelOrder(old._id)
    } catch (err) {
      console.error(err)
    }
    forgetUnpaidOrder()
    setUnpaid(null)
    visitKey.current = checkoutAttempt(true)
  }

  /** Places the order once per attempt and payload; null when refused, said in a toast (and on screen for `shown`). */
  const post = async (body: PlaceOrderBody, shown: number[]): Promise<Order | null> => {
    const res = await postOrder(body, `${visitKey.current}-${hashText(JSON.stringify(body))}`)
    if (!res.ok) {
      toast.error(
        t('Failed to create order: {status} {text}', { status: String(res.status), text: res.text }),
      )
      if (shown.includes(res.status)) setProblem(res.text)
      return null
    }
    const order: Order | undefined = Array.isArray(res.json?.data) ? res.json.data[0] : undefined
    if (!order?._id) {
      toast.error(t(m.noOrders))
      return null
    }
    // The order spent store credit: the balance shown is read again.
    if (order.storeCredit > 0) void queryClient.invalidateQueries({ queryKey: storeCreditKey })
    return order
  }

  /** The order is placed (COD) or paid: the cart is done with, and the order history shows it. */
  const finish = (order: Order, said?: string) => {
    clearCheckoutCart()
    forgetUnpaidOrder()
    checkoutAttempt(true)
    writeStorage(storageKeys.orderId, order._id)
    void queryClient.invalidateQueries()
    if (said) toast.success(said)
    navigate('/Order-History')
  }

  const payment = usePayFlow({
    create: async (body: PlaceOrderBody) => {
      let order: Order | null = unpaid
      if (!(unpaid && isSameOrder(body, unpaid))) {
        // A changed address or cart replaces the unpaid order, whose pieces go back on sale first.
        if (unpaid) await replaceUnpaid(unpaid)
        order = await post(body, [409])
        if (!order) return null
        keepUnpaidOrder({ id: order._id, orderID: order.orderID, userId: body.customerId })
        setUnpaid(order)
      }
      if (!order) return null
      const s = body.shippingInfo
      return orderPayment(order, body.customerId, {
        description: t('Order {orderID}', { orderID: order.orderID }),
        prefill: { name: `${s.firstName} ${s.lastName}`.trim(), email: s.email, contact: s.phoneNumber },
      })
    },
  })

  const placing = useMutation({
    mutationFn: async (body: PlaceOrderBody) => {
      const paidByCredit = (body.storeCredit ?? 0) > 0 && body.storeCredit === body.totalAmount
      if (dc.codChosen || paidByCredit) {
        // Cash on delivery, or wholly paid with store credit: placed once, nothing to pay now.
        if (unpaid) await replaceUnpaid(unpaid)
        const order = await post(body, [400, 409, 422])
        if (order) finish(order, t(dc.codChosen ? checkoutLabels.codPlaced : creditText.paidWith))
        return
      }
      let outcome: Awaited<ReturnType<typeof payment.payAsync>>
      try {
        outcome = await payment.payAsync(body)
      } catch (err) {
        toast.error(orderPaymentProblem(t, err))
        // That order cannot be paid (cancelled or expired meanwhile): the next Place Order makes a new one.
        if (err instanceof ApiError && err.status === 409) {
          visitKey.current = checkoutAttempt(true)
          forgetUnpaidOrder()
          setUnpaid(null)
        }
        return
      }
      if (outcome?.kind === 'closed') toast.info(t(paymentTexts.dismissed))
      else if (outcome?.kind === 'failed') {
        const state: PaymentFailedState = { reason: outcome.reason, orderID: outcome.payable.orderID }
        navigate('/payment-failed', { state })
      } else if (outcome?.kind === 'paid') finish(outcome.payable)
    },
  })

  // Place Order tapped while the shipping charge for the PIN is still being asked: the order is placed as soon
  // as the charge is known (the button shows it is busy meanwhile), so the tap is never lost.
  const [awaitingCharge, setAwaitingCharge] = useState(false)

  const placeOrder = (e?: React.FormEvent) => {
    e?.preventDefault()
    if (placing.isPending) return
    setProblem(null)
    if (!shipping.validate()) return
    const customerId = getUserId()
    if (!customerId) {
      window.alert(t(m.customerIdMissing))
      return
    }
    if (!cart || cart.items.length === 0) {
      toast.error(t('Your cart is empty.'))
      return
    }
    if (dc.unserved) {
      setUnservedTried(true)
      shipping.refuse('postalCode')
      return
    }
    if (dc.codChosen && dc.codNo) {
      setCodTried(true)
      return
    }
    if (dc.shippingPending) {
      setAwaitingCharge(true)
      return
    }
    const { form } = shipping
    placing.mutate({
      customerId,
      products: cart.items.map((i) => ({
        productId: i.product?._id ?? i.productId,
        ...(i.variantId ? { variantId: i.variantId } : {}),
        ...(i.personalisation ? { personalisation: i.personalisation } : {}),
        quantity: i.quantity,
        price: i.price,
      })),
      totalAmount: dc.totalToPay,
      shippingInfo: {
        firstName: form.firstName,
        lastName: form.lastName,
        email: form.email.trim(),
        address: form.address,
        apartment: form.apartment,
        city: form.city,
        state: form.state,
        postalCode: form.postalCode,
        country: paymentConstants.shippingCountry,
        phoneNumber: nationalPhone(form.phoneNumber) ?? form.phoneNumber,
      },
      paymentInfo: {
        method: dc.codChosen ? codMethod : paymentConstants.method,
        status: paymentConstants.status,
      },
      ...(cart.couponCode ? { couponCode: cart.couponCode } : {}),
      ...(credit > 0 ? { storeCredit: credit } : {}),
      ...(updates ? { updates } : {}),
    })
  }

  const placeWhenCharged = useRef(placeOrder)
  placeWhenCharged.current = placeOrder
  useEffect(() => {
    if (!awaitingCharge || dc.shippingPending) return
    setAwaitingCharge(false)
    placeWhenCharged.current()
  }, [awaitingCharge, dc.shippingPending])

  return {
    placeOrder,
    placing: placing.isPending || awaitingCharge,
    problem,
    clearProblem: () => setProblem(null),
    unservedTried,
    codTried,
    element: payment.element,
  }
}
