import type { CodTerms } from '../../../contracts/cod.ts'
import type { SavedAddress } from '../../lib/checkout-api.ts'
import type { checkoutLabels } from '../../lib/checkout-messages.ts'
import type { CheckoutCart } from '../../lib/checkout-storage.ts'
import type { ShippingErrors, ShippingForm } from './validate.ts'

/** The payment options a customer may choose (PayPal is shown, not offered). */
export type PaymentOption = (typeof checkoutLabels.paymentOptions)[number]

/**
 * The checkout as the server renders it for a signed-in customer (decision 127), so it can be filled in and
 * sent before the page's code has run: the cart, the address book, the COD terms, and the form as chosen
 * (`?deliverTo=` an address of the book, `?address=new`).
 */
export type CheckoutStart = {
  userId: string
  cart: CheckoutCart
  addresses: SavedAddress[]
  codTerms: CodTerms
  codForYou: string | null
  /** This visit's key: the same form sent twice places one order. */
  attempt: string
  form: ShippingForm
  formOpen: boolean
  selected: string | null
}

/** A form sent and refused: what was typed, the errors by field, a refusal of the order itself. */
export type CheckoutRefusal = {
  typed: ShippingForm
  errors: ShippingErrors
  paymentOption: PaymentOption
  problem: string | null
  /** The order updates ticked in the form (decision 143), kept when it is refused. */
  updates?: Array<'whatsapp' | 'sms'>
}
