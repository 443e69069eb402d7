import { useCallback, useEffect, useId, useRef, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { type CodTerms, codMessages, codMethod, codRefusalText } from '../../../contracts/cod.ts'
import type { Order } from '../../../contracts/orders.ts'
import { useT } from '../../i18n/i18n.tsx'
import { ApiError } from '../../lib/api.ts'
import { formatRupees, truncate } from '../../lib/format.ts'
import { useQueryClient } from '../../lib/query.ts'
import { getUserId, storageKeys, writeStorage } from '../../lib/session.ts'
import { site } from '../../lib/site.ts'
import { toast } from '../../lib/toast.tsx'
import { type CheckoutCart, clearCheckoutCart, readCheckoutCart } from '../cart/checkout-storage.ts'
import { useDeliveryEstimate } from '../delivery/delivery-api.ts'
import { DeliveryAnswer } from '../delivery/delivery-check.tsx'
import { cancelOrder, fetchOrder } from '../orders/orders-api.ts'
import {
  createPayment,
  fetchAccountEmail,
  fetchAddresses,
  fetchCodChoice,
  fetchCodTerms,
  lookupPincode,
  type PlaceOrderBody,
  postOrder,
  type SavedAddress,
  verifyPayment,
} from './checkout-api.ts'
import { checkoutLabels, checkoutMessages as m, paymentConstants, paymentTexts } from './messages.ts'
import type { CheckoutOptions, CheckoutOutcome } from './payment-checkout.ts'
import { fetchServerCheckoutCart } from './server-cart.ts'
import { SimulatedPaymentsNotice } from './simulated-payments-notice.tsx'
import {
  awaitingPayment,
  forgetUnpaidOrder,
  formFromOrder,
  isSameOrder,
  keepUnpaidOrder,
  keptUnpaidOrder,
} from './unpaid-order.ts'
import { usePaymentWindow } from './use-payment-window.tsx'
import {
  cleanTyping,
  emptyShippingForm,
  firstErrorField,
  hashText,
  nationalPhone,
  type ShippingErrors,
  type ShippingForm,
  shippingFieldOrder,
  validateShipping,
} from './validate.ts'

export type PaymentFailedState = { reason?: string; orderID?: string }

/** The messages in screen order, for the summary beside Place Order. */
const shippingErrorList = (errors: ShippingErrors) =>
  shippingFieldOrder.flatMap((name) => (errors[name] ? [[name, errors[name]] as const] : []))

const attemptKey = 'checkoutAttempt'
const newAttempt = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`

/** The current checkout attempt's id, kept for the tab's session; `renew` starts a new one. */
function checkoutAttempt(renew = false): string {
  try {
    const kept = renew ? null : window.sessionStorage.getItem(attemptKey)
    if (kept) return kept
    const fresh = newAttempt()
    window.sessionStorage.setItem(attemptKey, fresh)
    return fresh
  } catch {
    return newAttempt()
  }
}

const inputClass =
  'mt-1 w-full rounded border border-ink/30 bg-white px-3 py-2 text-base focus:border-brand-600 aria-[invalid=true]:border-red-700'

export function CheckoutPage({ paymentsSimulated = false }: { paymentsSimulated?: boolean }) {
  const t = useT()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [mounted, setMounted] = useState(false)
  const [userId, setUserId] = useState<string | null>(null)
  const [cart, setCart] = useState<CheckoutCart | null>(null)
  const [cartLoading, setCartLoading] = useState(false)
  // The order placed earlier and not paid yet: Place Order pays it rather than placing a second one.
  const [unpaid, setUnpaid] = useState<Order | null>(null)
  // Counts refused submits, so each one moves focus to the first field in error.
  const [refusals, setRefusals] = useState(0)
  const refusedAt = useRef<keyof ShippingForm | undefined>(undefined)
  const [addresses, setAddresses] = useState<SavedAddress[]>([])
  const [selected, setSelected] = useState<string | null>(null)
  const [formOpen, setFormOpen] = useState(false)
  const [form, setForm] = useState<ShippingForm>(emptyShippingForm)
  const [errors, setErrors] = useState<ShippingErrors>({})
  const [paymentOption, setPaymentOption] = useState<string>(checkoutLabels.paymentOptions[0])
  const [codTerms, setCodTerms] = useState<CodTerms | null>(null)
  // Why this account may not pay on delivery now (a first COD order, one on its way), from the server.
  const [codForYou, setCodForYou] = useState<string | null>(null)
  // Set by a refused Place Order with COD: the reason then shows beside the button while it still holds.
  const [codTried, setCodTried] = useState(false)
  // Set by Place Order to a PIN the shop does not deliver to: said plainly beside the button.
  const [unservedTried, setUnservedTried] = useState(false)
  const [placing, setPlacing] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const paymentWindow = usePaymentWindow()
  // One key per checkout attempt and payload: a double tap, or 'Try again' after a failed payment, pays the same order.
  const visitKey = useRef('')
  const lastPin = useRef('')
  const formId = useId()

  useEffect(() => {
    visitKey.current = checkoutAttempt()
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
          const typed = formFromOrder(order)
          // Unless the customer has started typing meanwhile: what they type wins.
          setForm((f) => {
            if (f.address.trim() || f.postalCode) return f
            lastPin.current = typed.postalCode
            return { ...typed, email: typed.email || f.email }
          })
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
        if (email) setForm((f) => (f.email ? f : { ...f, email }))
      })
      .catch(() => {})
  }, [])

  const focusField = useCallback(
    (name: keyof ShippingForm) => {
      const input = document.getElementById(`${formId}-${name}`)
      if (!input) return
      input.scrollIntoView({ block: 'center' })
      input.focus({ preventScroll: true })
    },
    [formId],
  )

  // Runs once per refused submit (not when a PIN lookup later clears an error, which would steal focus).
  useEffect(() => {
    // The messages sit above the Place Order button, out of view on a phone: take the customer there.
    if (refusals > 0 && refusedAt.current) focusField(refusedAt.current)
  }, [refusals, focusField])

  const update = (field: keyof ShippingForm, raw: string) => {
    const value = cleanTyping(field, raw)
    setForm((f) => ({ ...f, [field]: value }))
    if (field === 'postalCode' && value.length === 6 && value !== lastPin.current) {
      lastPin.current = value
      void lookupPincode(value).then((answer) => {
        const first = answer?.[0]
        const office = first?.Status === 'Success' ? first.PostOffice?.[0] : undefined
        if (!office) {
          window.alert(t(m.invalidPincode))
          return
        }
        setForm((f) => ({ ...f, state: office.State, city: office.District, country: office.Country }))
        setErrors((e) => ({ ...e, state: undefined, city: undefined }))
      })
    }
    if (field === 'postalCode' && value.length < 6) lastPin.current = ''
  }

  const deliverHere = (a: SavedAddress) => {
    const [firstName = '', ...rest] = a.fullName.trim().split(/\s+/)
    setSelected(a._id)
    lastPin.current = a.postalCode
    setForm((f) => ({
      ...f,
      firstName,
      lastName: rest.join(' '),
      address: a.streetAddress,
      city: a.city,
      state: a.state,
      postalCode: cleanTyping('postalCode', a.postalCode),
      country: 'India',
      phoneNumber: cleanTyping('phoneNumber', a.phoneNumber),
    }))
    setErrors({})
    setFormOpen(true)
  }

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

  // Cash on delivery: the shop's terms for this cart and address; the server decides again on the order.
  const goodsPaise = Math.round((cart?.total ?? 0) * 100)
  const codChosen = paymentOption === 'COD'
  const codNo = codTerms
    ? (codRefusalText(t, codTerms, { total: goodsPaise, state: form.state, postalCode: form.postalCode }) ??
      codForYou)
    : t(codMessages.off)
  const codFee = codChosen && codTerms ? codTerms.fee : 0
  // The delivery promise for the shipping PIN as typed or chosen (decision 086).
  const delivery = useDeliveryEstimate(form.postalCode)
  const unserved = delivery.estimate && !delivery.estimate.served ? delivery.estimate.pin : null
  const totalToPay = (goodsPaise + codFee) / 100

  /** A cash-on-delivery order: placed once, nothing to pay now; it goes straight to the order history. */
  const placeCodOrder = async (body: PlaceOrderBody) => {
    if (unpaid) await replaceUnpaid(unpaid)
    const res = await postOrder(body, `${visitKey.current}-${hashText(JSON.stringify(body))}`)
    if (!res.ok) {
      toast.error(
        t('Failed to create order: {status} {text}', { status: String(res.status), text: res.text }),
      )
      if (res.status === 409 || res.status === 422) setProblem(res.text)
      return
    }
    const order: Order | undefined = Array.isArray(res.json?.data) ? res.json.data[0] : undefined
    if (!order?._id) {
      toast.error(t(m.noOrders))
      return
    }
    clearCheckoutCart()
    forgetUnpaidOrder()
    checkoutAttempt(true)
    writeStorage(storageKeys.orderId, order._id)
    void queryClient.invalidateQueries()
    toast.success(t(checkoutLabels.codPlaced))
    navigate('/Order-History')
  }

  const placeOrder = async (e: React.FormEvent) => {
    e.preventDefault()
    if (placing) return
    setProblem(null)
    const found = validateShipping(form)
    setErrors(found)
    if (Object.keys(found).length > 0) {
      setFormOpen(true)
      refusedAt.current = firstErrorField(found)
      setRefusals((n) => n + 1)
      return
    }
    const customerId = getUserId()
    if (!customerId) {
      window.alert(t(m.customerIdMissing))
      return
    }
    if (!cart || cart.items.length === 0) {
      toast.error(t('Your cart is empty.'))
      return
    }
    if (unserved) {
      setUnservedTried(true)
      refusedAt.current = 'postalCode'
      setRefusals((n) => n + 1)
      return
    }
    if (codChosen && codNo) {
      setCodTried(true)
      return
    }
    const body: PlaceOrderBody = {
      customerId,
      products: cart.items.map((i) => ({
        productId: i.product?._id ?? i.productId,
        quantity: i.quantity,
        price: i.price,
      })),
      totalAmount: totalToPay,
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
        method: codChosen ? codMethod : paymentConstants.method,
        status: paymentConstants.status,
      },
      ...(cart.couponCode ? { couponCode: cart.couponCode } : {}),
    }
    setPlacing(true)
    try {
      if (codChosen) {
        await placeCodOrder(body)
        return
      }
      let order: Order | undefined
      if (unpaid && isSameOrder(body, unpaid)) {
        order = unpaid
      } else {
        // A changed address or cart replaces the unpaid order, whose pieces go back on sale first.
        if (unpaid) await replaceUnpaid(unpaid)
        const res = await postOrder(body, `${visitKey.current}-${hashText(JSON.stringify(body))}`)
        if (!res.ok) {
          toast.error(
            t('Failed to create order: {status} {text}', { status: String(res.status), text: res.text }),
          )
          // A changed price or coupon stays on screen, not only in a one-second toast.
          if (res.status === 409) setProblem(res.text)
          return
        }
        order = Array.isArray(res.json?.data) ? res.json.data[0] : undefined
        if (!order?._id) {
          toast.error(t(m.noOrders))
          return
        }
        keepUnpaidOrder({ id: order._id, orderID: order.orderID, userId: customerId })
        setUnpaid(order)
      }
      const amount = Math.round(order.totalAmount * 100)
      let session: Awaited<ReturnType<typeof createPayment>>
      try {
        session = await createPayment({
          orderId: order._id,
          amount,
          currency: paymentConstants.currency,
          paymentMethod: paymentConstants.method,
          userId: customerId,
        })
      } catch (err) {
        const serverMessage =
          err instanceof ApiError ? (err.body as { message?: string } | null)?.message : null
        toast.error(serverMessage || t(m.paymentCreateFailed))
        // That order cannot be paid (cancelled or expired meanwhile): the next Place Order makes a new one.
        if (err instanceof ApiError && err.status === 409) {
          visitKey.current = checkoutAttempt(true)
          forgetUnpaidOrder()
          setUnpaid(null)
        }
        return
      }
      const options: CheckoutOptions = {
        key: session.key,
        amount,
        currency: paymentConstants.currency,
        name: site.name,
        description: t('Order {orderID}', { orderID: order.orderID }),
        order_id: session.id,
        prefill: {
          name: `${form.firstName} ${form.lastName}`.trim(),
          email: form.email.trim(),
          contact: body.shippingInfo.phoneNumber,
        },
        theme: { color: paymentConstants.themeColor },
      }
      let outcome: CheckoutOutcome
      try {
        outcome = await paymentWindow.open(session, options)
      } catch (err) {
        toast.error(err instanceof Error ? t(err.message) : t(m.paymentCreateFailed))
        return
      }
      if (outcome.kind === 'dismissed') {
        toast.info(t(paymentTexts.dismissed))
        return
      }
      if (outcome.kind === 'failed') {
        const state: PaymentFailedState = { reason: outcome.error.description, orderID: order.orderID }
        navigate('/payment-failed', { state })
        return
      }
      try {
        await verifyPayment(order._id, outcome.result)
      } catch (err) {
        const reason = err instanceof ApiError ? err.message : undefined
        navigate('/payment-failed', {
          state: { reason, orderID: order.orderID } satisfies PaymentFailedState,
        })
        return
      }
      clearCheckoutCart()
      forgetUnpaidOrder()
      checkoutAttempt(true)
      writeStorage(storageKeys.orderId, order._id)
      void queryClient.invalidateQueries()
      navigate('/Order-History')
    } finally {
      setPlacing(false)
    }
  }

  if (!mounted) {
    return (
      <section className="mx-auto max-w-6xl px-4 py-8">
        <h1 className="font-serif text-2xl font-bold text-brand-800 sm:text-3xl">{t('Checkout')}</h1>
        <p className="mt-4 text-ink/80">{t('Loading checkout…')}</p>
      </section>
    )
  }

  // Once the typed phone reads as a number, it shows as the 10 digits the order will carry.
  const showNationalPhone = () => {
    const national = nationalPhone(form.phoneNumber)
    if (national && national !== form.phoneNumber) setForm((f) => ({ ...f, phoneNumber: national }))
  }

  const errorList = shippingErrorList(errors)

  const field = (
    name: keyof ShippingForm,
    label: string,
    opts: Partial<React.ComponentProps<'input'>> = {},
  ) => (
    <div>
      <label htmlFor={`${formId}-${name}`} className="block text-sm font-medium">
        {label}
      </label>
      <input
        id={`${formId}-${name}`}
        name={name}
        value={form[name]}
        onChange={(e) => update(name, e.target.value)}
        onBlur={name === 'phoneNumber' ? showNationalPhone : undefined}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${formId}-${name}-error` : undefined}
        className={inputClass}
        {...opts}
      />
      {errors[name] && (
        <p id={`${formId}-${name}-error`} className="mt-1 text-sm text-red-700">
          {t(errors[name])}
        </p>
      )}
    </div>
  )

  const items = cart?.items ?? []
  const subtotal = items.reduce((s, i) => s + i.price * i.quantity, 0)

  return (
    <section className="mx-auto max-w-6xl px-4 py-6 sm:py-8">
      <h1 className="font-serif text-2xl font-bold text-brand-800 sm:text-3xl">{t('Checkout')}</h1>
      {paymentsSimulated && (
        <div className="mt-4">
          <SimulatedPaymentsNotice where="checkout" />
        </div>
      )}
      {!userId && (
        <p role="alert" className="mt-4 rounded border border-red-300 bg-red-50 p-3 text-red-800">
          {t(m.userIdMissing)}
        </p>
      )}
      <form noValidate onSubmit={placeOrder} className="mt-6 grid gap-6 lg:grid-cols-[1fr_380px]">
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
          <section aria-labelledby={`${formId}-addresses`} className="rounded-lg bg-white p-4 shadow-sm">
            <h2 id={`${formId}-addresses`} className="text-lg font-semibold text-brand-800">
              {t('Delivery address')}
            </h2>
            {addresses.length === 0 ? (
              <p className="mt-2 text-sm text-ink/80">{t('No saved addresses yet. Add one below.')}</p>
            ) : (
              <ul className="mt-3 grid gap-3 sm:grid-cols-2">
                {addresses.map((a) => (
                  <li
                    key={a._id}
                    className={`rounded border p-3 text-sm ${selected === a._id ? 'border-brand-600 bg-brand-50' : 'border-ink/20'}`}
                  >
                    <p className="font-semibold">
                      {a.fullName}{' '}
                      {a.addressType && (
                        <span className="ml-1 rounded bg-brand-100 px-1.5 py-0.5 text-xs font-medium">
                          {a.addressType}
                        </span>
                      )}
                    </p>
                    <p className="mt-1">{a.streetAddress}</p>
                    <p>
                      {a.city}, {a.state} {a.postalCode}
                    </p>
                    <p>{t('Phone: {phone}', { phone: a.phoneNumber })}</p>
                    <button
                      type="button"
                      onClick={() => deliverHere(a)}
                      aria-pressed={selected === a._id}
                      className="mt-2 rounded bg-brand-700 px-3 py-1.5 font-semibold text-white hover:bg-brand-800"
                    >
                      {t(checkoutLabels.deliverHere)}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section className="rounded-lg bg-white shadow-sm">
            <h2>
              <button
                type="button"
                aria-expanded={formOpen}
                aria-controls={`${formId}-form`}
                onClick={() => setFormOpen((o) => !o)}
                className="flex w-full items-center justify-between p-4 text-left text-lg font-semibold text-brand-800"
              >
                {t(checkoutLabels.addAddress)}
                <span aria-hidden="true">{formOpen ? '−' : '+'}</span>
              </button>
            </h2>
            <div id={`${formId}-form`} hidden={!formOpen} className="grid gap-4 px-4 pb-4 sm:grid-cols-2">
              {field('firstName', t('First name *'), { autoComplete: 'given-name' })}
              {field('lastName', t('Last name *'), { autoComplete: 'family-name' })}
              <div className="sm:col-span-2">
                {field('address', t('Address *'), { autoComplete: 'address-line1' })}
              </div>
              <div className="sm:col-span-2">
                {field('apartment', t('Apartment, suite, etc. (optional)'), {
                  autoComplete: 'address-line2',
                })}
              </div>
              {field('postalCode', t('PIN code *'), {
                inputMode: 'numeric',
                autoComplete: 'postal-code',
              })}
              {field('city', t('City *'), { autoComplete: 'address-level2' })}
              {field('state', t('State *'), { autoComplete: 'address-level1' })}
              {field('country', t('Country'), {
                readOnly: true,
                placeholder: t('Filled from the PIN code'),
                autoComplete: 'country-name',
              })}
              {field('email', t('Email *'), { type: 'email', autoComplete: 'email' })}
              {field('phoneNumber', t('Phone number *'), {
                type: 'tel',
                // The phone keypad: digits plus the '+' of '+91'.
                inputMode: 'tel',
                autoComplete: 'tel',
              })}
            </div>
          </section>

          <fieldset className="rounded-lg bg-white p-4 shadow-sm">
            <legend className="sr-only">{t('Payment option')}</legend>
            <p aria-hidden="true" className="text-lg font-semibold text-brand-800">
              {t('Payment option')}
            </p>
            <div className="mt-2 grid gap-2">
              {checkoutLabels.paymentOptions.map((option) => {
                // PayPal is shown, as the spec lists it, but not offered; COD only where the shop's terms allow.
                const note =
                  option === 'PayPal'
                    ? t(codMessages.paypalOff)
                    : option === 'COD'
                      ? codTerms &&
                        (codNo ??
                          (codTerms.fee > 0
                            ? t('Pay in cash when it is delivered. Cash on delivery fee: {fee}.', {
                                fee: formatRupees(codTerms.fee / 100),
                              })
                            : t(checkoutLabels.codNote)))
                      : t(checkoutLabels.onlineNote)
                const disabled =
                  option === 'PayPal' || (option === 'COD' && codTerms !== null && !codTerms.enabled)
                return (
                  <label
                    key={option}
                    className={`flex min-h-11 items-start gap-2 ${disabled ? 'text-ink/60' : 'cursor-pointer'}`}
                  >
                    <input
                      type="radio"
                      name="paymentOption"
                      value={option}
                      checked={paymentOption === option}
                      disabled={disabled}
                      aria-describedby={note ? `${formId}-pay-${option}` : undefined}
                      onChange={() => {
                        setPaymentOption(option)
                        setProblem(null)
                      }}
                      className="mt-1 h-4 w-4 shrink-0 accent-brand-700"
                    />
                    <span>
                      {t(checkoutLabels.paymentOptionNames[option])}
                      {note && (
                        <span id={`${formId}-pay-${option}`} className="block text-sm text-ink/70">
                          {note}
                        </span>
                      )}
                    </span>
                  </label>
                )
              })}
            </div>
          </fieldset>
        </div>

        <aside
          aria-labelledby={`${formId}-summary`}
          className="h-fit rounded-lg bg-white p-4 shadow-sm lg:sticky lg:top-4"
        >
          <h2 id={`${formId}-summary`} className="text-lg font-semibold text-brand-800">
            {t('Your order')}
          </h2>
          {items.length === 0 && cartLoading ? (
            <p role="status" className="mt-2 text-sm">
              {t('Loading your cart…')}
            </p>
          ) : items.length === 0 ? (
            <p className="mt-2 text-sm">
              {t('Your cart is empty.')}{' '}
              <Link to="/Cart" className="text-brand-700 underline">
                {t('Go to your cart')}
              </Link>
            </p>
          ) : (
            <table className="mt-3 w-full text-sm">
              <thead className="sr-only">
                <tr>
                  <th scope="col">{t('Product')}</th>
                  <th scope="col">{t('Line total')}</th>
                </tr>
              </thead>
              <tbody>
                {items.map((i) => (
                  <tr key={i._id ?? i.productId} className="border-b border-ink/10 align-top">
                    <td className="py-2 pr-2">
                      {truncate(i.product?.title ?? '', 30)}
                      <span className="block text-ink/70">
                        {i.quantity} × {formatRupees(i.price)}
                      </span>
                    </td>
                    <td className="py-2 text-right whitespace-nowrap">
                      {formatRupees(i.price * i.quantity)}
                    </td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                {cart && cart.discount > 0 && (
                  <>
                    <tr>
                      <td className="pt-2">{t('Subtotal')}</td>
                      <td className="pt-2 text-right">{formatRupees(subtotal)}</td>
                    </tr>
                    <tr>
                      <td>
                        {t('Coupon')}
                        {cart.couponCode ? ` ${cart.couponCode}` : ''}
                      </td>
                      <td className="text-right">{cart.discount}%</td>
                    </tr>
                  </>
                )}
                {codFee > 0 && (
                  <tr>
                    <td className="pt-2">{t(codMessages.feeLine)}</td>
                    <td className="pt-2 text-right">{formatRupees(codFee / 100)}</td>
                  </tr>
                )}
                <tr className="text-base font-bold">
                  <td className="pt-3">{t(checkoutLabels.total)}</td>
                  <td className="pt-3 text-right">{formatRupees(totalToPay)}</td>
                </tr>
                {codChosen && (
                  <tr>
                    <td colSpan={2} className="pt-1 text-sm text-ink/80">
                      {t(checkoutLabels.codPayOnDelivery)}
                    </td>
                  </tr>
                )}
              </tfoot>
            </table>
          )}
          {delivery.estimate ? (
            <div
              className="mt-3 rounded border border-brand-100 bg-white p-3 text-sm"
              data-testid="checkout-delivery"
            >
              <DeliveryAnswer estimate={delivery.estimate} />
            </div>
          ) : null}
          {unserved && unservedTried && (
            <p role="alert" className="mt-3 rounded border border-red-300 bg-red-50 p-3 text-sm text-red-800">
              {t('We do not deliver to PIN {pin} yet. Please choose another delivery address.', {
                pin: unserved,
              })}
            </p>
          )}
          {problem && (
            <p role="alert" className="mt-3 rounded border border-red-300 bg-red-50 p-3 text-sm text-red-800">
              {problem}{' '}
              <Link to="/Cart" className="font-semibold underline">
                {t('Review your cart')}
              </Link>
            </p>
          )}
          {codChosen && codTried && codNo && (
            <p role="alert" className="mt-3 rounded border border-red-300 bg-red-50 p-3 text-sm text-red-800">
              {codNo}
            </p>
          )}
          {/* Announced at once on a refused Place Order; the first field in error also takes focus. */}
          <div aria-live="assertive" aria-atomic="true">
            {errorList.length > 0 && (
              <div
                key={refusals}
                className="mt-3 rounded border border-red-300 bg-red-50 p-3 text-sm text-red-800"
              >
                <p className="font-semibold">
                  {t(
                    '{count, plural, one {One field needs your attention:} other {# fields need your attention:}}',
                    { count: errorList.length },
                  )}
                </p>
                <ul className="mt-1 list-disc pl-5">
                  {errorList.map(([name, message]) => (
                    <li key={name}>
                      <a
                        href={`#${formId}-${name}`}
                        onClick={(e) => {
                          e.preventDefault()
                          focusField(name)
                        }}
                        className="underline"
                      >
                        {t(message)}
                      </a>
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </div>
          <div className="mt-4 flex flex-col gap-2">
            <button
              type="submit"
              disabled={placing}
              className="rounded bg-brand-700 px-4 py-3 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
            >
              {placing ? t('Placing order…') : t(checkoutLabels.placeOrder)}
            </button>
            <Link
              to="/"
              className="rounded border border-brand-700 px-4 py-3 text-center font-semibold text-brand-700 hover:bg-brand-50"
            >
              {t(checkoutLabels.cancel)}
            </Link>
          </div>
        </aside>
      </form>
      {paymentWindow.element}
    </section>
  )
}
