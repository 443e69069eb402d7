import { useRef, useState } from 'react'
import { useT } from '../../i18n/i18n.tsx'
import { checkoutLabels, checkoutMessages as m } from '../../lib/checkout-messages.ts'
import { formatRupees } from '../../lib/format.ts'
import { useOrderUpdates } from '../../lib/order-updates-api.ts'
import { useStoreCredit } from '../../lib/store-credit-api.ts'
import { useTypedEarly } from '../../lib/typed-early.ts'
import { AddressBook } from './address-book.tsx'
import type { CheckoutRefusal, CheckoutStart, PaymentOption } from './checkout-start.ts'
import { CodRefusal, DeliveryNotices, useDeliveryAndCod } from './delivery-and-cod.tsx'
import { DeliveryForm, ShippingErrorSummary } from './delivery-form.tsx'
import { OrderProblem, OrderSummary } from './order-summary.tsx'
import { type CheckoutUpdates, OrderUpdatesChoice } from './order-updates-choice.tsx'
import { PaymentOptions } from './payment-options.tsx'
import { SimulatedPaymentsNotice } from './simulated-payments-notice.tsx'
import { useCheckoutVisit } from './use-checkout-visit.ts'
import { usePlaceOrder } from './use-place-order.ts'
import { useShippingForm } from './use-shipping-form.ts'

const paymentOptions: readonly string[] = checkoutLabels.paymentOptions

/**
 * The checkout: the address book and the delivery form, the payment option, and the order summary with
 * Place Order, which places the order and pays it (or places it for cash on delivery). Rendered by the
 * server for a signed-in customer, it is a form the server answers before the page's code has run
 * (decision 127); `refused` is that answer to a form it could not take.
 */
export function CheckoutPage({
  paymentsSimulated = false,
  start = null,
  refused = null,
}: {
  paymentsSimulated?: boolean
  start?: CheckoutStart | null
  refused?: CheckoutRefusal | null
}) {
  const t = useT()
  const shipping = useShippingForm(
    refused
      ? { form: refused.typed, formOpen: true, selected: null, errors: refused.errors }
      : start && { form: start.form, formOpen: start.formOpen, selected: start.selected },
  )
  const visit = useCheckoutVisit(shipping, start)
  const [paymentOption, setPaymentOption] = useState<string>(
    refused?.paymentOption ?? checkoutLabels.paymentOptions[0],
  )
  const formRef = useRef<HTMLFormElement>(null)
  useTypedEarly(formRef, (typed) => {
    shipping.takeTyped(typed)
    const option = typed.paymentOption as PaymentOption | undefined
    if (option && paymentOptions.includes(option)) setPaymentOption(option)
  })
  const dc = useDeliveryAndCod({
    cart: visit.cart,
    form: shipping.form,
    paymentOption,
    codTerms: visit.codTerms,
    codForYou: visit.codForYou,
  })
  // Store credit pays part or all of an online order (decision 139); used unless the customer says not.
  const creditQuery = useStoreCredit(null, Boolean(visit.userId))
  const [useCredit, setUseCredit] = useState(true)
  // An unpaid order of this visit holds some already: replacing it gives that back, so it counts as there.
  const balance = (creditQuery.data?.balance ?? 0) + Math.round((visit.unpaid?.storeCredit ?? 0) * 100)
  const credit =
    useCredit && !dc.codChosen && balance > 0 ? Math.min(balance, Math.round(dc.totalToPay * 100)) / 100 : 0
  // Order updates by WhatsApp or SMS (decision 143): as the customer chose before, until they change them here.
  const choices = useOrderUpdates(Boolean(visit.userId))
  const [updates, setUpdates] = useState<CheckoutUpdates | null>(null)
  const before = choices.data
  const chosenUpdates: CheckoutUpdates =
    updates ?? refused?.updates ?? (before ? (['whatsapp', 'sms'] as const).filter((c) => before[c].on) : [])
  const order = usePlaceOrder({
    shipping,
    visit,
    dc,
    credit,
    updates: chosenUpdates,
    problem: refused?.problem ?? null,
  })
  const { formId } = shipping
  const { unpaid } = visit
  // Deliver Here and Add a new address ask the server for the form that way before the page's code has run.
  const chooseFormId = `${formId}-choose`

  if (!visit.mounted) {
    return (
      <section className="mx-auto max-w-6xl px-4 py-8">
        <h1 className="font-serif text-2xl font-bold text-brand-800 sm:text-3xl">{t('Checkout')}</h1>
        <p className="mt-4 text-ink/80">{t('Loading checkout…')}</p>
      </section>
    )
  }

  return (
    <section className="mx-auto max-w-6xl px-4 py-6 sm:py-8">
      <h1 className="font-serif text-2xl font-bold text-brand-800 sm:text-3xl">{t('Checkout')}</h1>
      {paymentsSimulated && (
        <div className="mt-4">
          <SimulatedPaymentsNotice where="checkout" />
        </div>
      )}
      {!visit.userId && (
        <p role="alert" className="mt-4 rounded border border-red-300 bg-red-50 p-3 text-red-800">
          {t(m.userIdMissing)}
        </p>
      )}
      <form id={chooseFormId} method="get" action="/CheckOut" hidden />
      <form
        ref={formRef}
        method="post"
        noValidate
        onSubmit={order.placeOrder}
        className="mt-6 grid gap-6 lg:grid-cols-[1fr_380px]"
      >
        {start && <input type="hidden" name="attempt" value={start.attempt} />}
        <div className="space-y-6">
          {unpaid && (
            <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-ink">
              <strong>
                {t('Your order {orderID} ({amount}) is saved and waiting for payment.', {
                  orderID: unpaid.orderID,
                  amount: formatRupees(unpaid.totalAmount),
                })}
              </strong>{' '}
              {t(
                'Place Order pays this same order. If you change the address or your cart, it is replaced by a new order.',
              )}
            </p>
          )}
          <AddressBook
            formId={formId}
            addresses={visit.addresses}
            selected={shipping.selected}
            onDeliverHere={shipping.deliverHere}
            chooseFormId={chooseFormId}
          />
          <DeliveryForm shipping={shipping} chooseFormId={chooseFormId} />
          <OrderUpdatesChoice chosen={chosenUpdates} onChange={setUpdates} />
          <PaymentOptions
            formId={formId}
            option={paymentOption}
            onChoose={(option) => {
              setPaymentOption(option)
              order.clearProblem()
            }}
            dc={dc}
            credit={{ balance, use: useCredit, setUse: setUseCredit }}
          />
        </div>
        <OrderSummary
          formId={formId}
          cart={visit.cart}
          cartLoading={visit.cartLoading}
          dc={dc}
          placing={order.placing}
          credit={credit}
        >
          <DeliveryNotices dc={dc} unservedTried={order.unservedTried} />
          <OrderProblem problem={order.problem} />
          <CodRefusal dc={dc} tried={order.codTried} />
          <ShippingErrorSummary shipping={shipping} />
        </OrderSummary>
      </form>
      {order.element}
    </section>
  )
}
