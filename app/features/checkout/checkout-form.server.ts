import { randomBytes } from 'node:crypto'
import type { Address } from '../../../contracts/accounts.ts'
import type { Cart } from '../../../contracts/cart.ts'
import { type CodTerms, codMessages, codMethod } from '../../../contracts/cod.ts'
import type { AppLoadContext } from '../../../contracts/load-context.ts'
import { type Order, placeOrderSchema } from '../../../contracts/orders.ts'
import { cartSubtotal } from '../../lib/cart-totals.ts'
import type { SavedAddress } from '../../lib/checkout-api.ts'
import { checkoutLabels, type PlacedHow, paymentConstants, placedParam } from '../../lib/checkout-messages.ts'
import {
  formText,
  invalidBodyText,
  readPageForm,
  refusalStatus,
  refusedForm,
  seeOther,
} from '../../lib/shop-form.server.ts'
import { signInHref } from '../../lib/sign-in-return.ts'
import type { CheckoutRefusal, CheckoutStart, PaymentOption } from './checkout-start.ts'
import {
  cleanTyping,
  emptyShippingForm,
  formFromAddress,
  nationalPhone,
  type ShippingErrors,
  shippingFieldOrder,
  validateShipping,
} from './validate.ts'

const isPaymentOption = (v: unknown): v is PaymentOption => checkoutLabels.paymentOptions.some((o) => o === v)

export async function checkoutStart(request: Request, ctx: AppLoadContext): Promise<CheckoutStart | null> {
  const { services, viewer, i18n } = ctx
  if (!viewer) return null
  let read: [Cart, Address[], { email: string | null }, CodTerms, string | null]
  try {
    read = await Promise.all([
      services.cart.view(viewer.id),
      services.addresses.list(viewer.id),
      services.accounts.profile(viewer.id),
      services.cod.terms(),
      services.orders.codChoiceFor(viewer.id, i18n.language),
    ])
  } catch (err) {
    // Not read now (the database busy, say): the page's code reads it all once it runs, as it did before.
    services.log.error({ err }, 'checkout: the server could not read the checkout')
    return null
  }
  const [cart, addresses, account, codTerms, codForYou] = read
  const book: SavedAddress[] = addresses.map((a) => ({
    _id: a._id,
    fullName: a.fullName,
    phoneNumber: a.phoneNumber,
    streetAddress: a.streetAddress,
    city: a.city,
    state: a.state,
    postalCode: a.postalCode,
    country: a.country,
    addressType: a.addressType,
  }))
  const url = new URL(request.url)
  const chosen = book.find((a) => a._id === url.searchParams.get('deliverTo')) ?? null
  const email = account.email ?? ''
  return {
    userId: viewer.id,
    cart: { items: cart.items, total: cartSubtotal(cart.items), discount: 0, couponCode: null },
    addresses: book,
    codTerms,
    codForYou,
    attempt: randomBytes(12).toString('base64url'),
    form: chosen ? formFromAddress(chosen, email) : { ...emptyShippingForm, email },
    formOpen: Boolean(chosen) || book.length === 0 || url.searchParams.get('address') === 'new',
    selected: chosen?._id ?? null,
  }
}

/** The order's page, saying how it was placed. */
const placedAnswer = (order: Order) => {
  const how: PlacedHow = order.paymentInfo.method === codMethod ? 'cod' : 'online'
  return seeOther(`/OrderDetails/${encodeURIComponent(order._id)}?${placedParam}=${how}`)
}

/**
 * Place Order sent as a plain form, before the page's code has run (decision 127): the same rules and the
 * same orders service as POST /api/v1/order/add, priced from the cart the server holds. A COD order is
 * placed and its page says so; an online order is placed and its page offers Pay now, which needs the
 * payment window's code. A refused form comes back with the messages and what was typed.
 */
export async function placeOrderFromForm(request: Request, ctx: AppLoadContext) {
  const { services, viewer, i18n } = ctx
  const { t } = i18n
  const form = await readPageForm(request, ctx, {
    crossSite: t("Placing an order works only from the shop's own pages."),
    notAForm: t('Send the checkout form as the page does.'),
  })
  if (!viewer) return seeOther(signInHref('/CheckOut'))
  const typed = { ...emptyShippingForm }
  for (const name of shippingFieldOrder) typed[name] = cleanTyping(name, formText(form, name))
  typed.email = typed.email.trim()
  const chosen = formText(form, 'paymentOption')
  const paymentOption: PaymentOption = isPaymentOption(chosen) ? chosen : checkoutLabels.paymentOptions[0]
  // The order updates ticked (decision 143): sent as the form's choice only when the form showed them.
  const updates = form.get('updatesShown')
    ? form.getAll('updates').filter((v): v is 'whatsapp' | 'sms' => v === 'whatsapp' || v === 'sms')
    : undefined
  const refused = (status: number, errors: ShippingErrors, problem: string | null = null) =>
    refusedForm<CheckoutRefusal>(status, {
      typed,
      errors,
      paymentOption,
      problem,
      ...(updates ? { updates } : {}),
    })

  // The visit's key: a second tap on Place Order, or the same form sent again, answers the order it placed.
  const attempt = formText(form, 'attempt')
  const key = /^[\w-]{8,40}$/.test(attempt) ? `form-${attempt}` : undefined
  const placedBefore = key ? await services.orders.placedWithKey(viewer.id, key) : null
  if (placedBefore) return placedAnswer(placedBefore)

  const errors = validateShipping(typed)
  if (Object.keys(errors).length > 0) return refused(400, errors)
  if (paymentOption === 'PayPal') return refused(400, {}, t(codMessages.paypalOff))
  const cart = await services.cart.view(viewer.id)
  if (cart.items.length === 0) return refused(400, {}, t('Your cart is empty.'))

  const cod = paymentOption === 'COD'
  const goods = Math.round(cartSubtotal(cart.items) * 100)
  const fee = cod ? (await services.cod.terms()).fee : 0
  // Shipping as the order will charge it (decision 134): the address's zone and the parcel's weight.
  const shipping = /^\d{6}$/.test(typed.postalCode)
    ? (
        await services.shipping.chargeFor(
          { postalCode: typed.postalCode, state: typed.state },
          cart.items.map((i) => ({ productId: i.productId, variantId: i.variantId, quantity: i.quantity })),
          goods,
        )
      ).charge
    : 0
  const body = placeOrderSchema.safeParse({
    customerId: viewer.id,
    products: cart.items.map((i) => ({
      productId: i.productId,
      ...(i.variantId ? { variantId: i.variantId } : {}),
      ...(i.personalisation ? { personalisation: i.personalisation } : {}),
      quantity: i.quantity,
      price: i.price,
    })),
    totalAmount: (goods + fee + shipping) / 100,
    shippingInfo: {
      firstName: typed.firstName,
      lastName: typed.lastName,
      email: typed.email,
      address: typed.address,
      apartment: typed.apartment,
      city: typed.city,
      state: typed.state,
      postalCode: typed.postalCode,
      country: paymentConstants.shippingCountry,
      phoneNumber: nationalPhone(typed.phoneNumber) ?? typed.phoneNumber,
    },
    paymentInfo: { method: cod ? codMethod : paymentConstants.method, status: paymentConstants.status },
    ...(updates ? { updates: [...new Set(updates)] } : {}),
  })
  if (!body.success) return refused(400, {}, invalidBodyText(body.error))
  try {
    const { order } = await services.orders.placeOrder(viewer.id, body.data, key, i18n.language)
    return placedAnswer(order)
  } catch (err) {
    const status = refusalStatus(err)
    if (status === null) throw err
    return refused(status, {}, t((err as Error).message))
  }
}
