import { msg } from '../../../contracts/languages.ts'

/** Order screen texts of the spec (sections 2 and 8), written once; tests import them. */
export const orderMessages = {
  empty: msg('No orders found.'),
  notChanged: msg('Your order status not changed yet.'),
  cancelled: msg('Order canceled successfully!'),
  trackOrder: msg('Track order'),
  cancel: msg('Cancel'),
  previous: msg('Previous'),
  next: msg('Next'),
  view: msg('View'),
  columns: [msg('Order no.'), msg('Date'), msg('Status'), msg('Total'), msg('Action')] as const,
} as const

/** The confirmation at the top of /Order-History after a verified payment. */
export const confirmationTexts = {
  heading: msg('Thank you! Your order is confirmed.'),
  /** Both read with the amount as `{amount}`. */
  paid: msg('We have received your payment of {amount}.'),
  payOnDelivery: msg('You pay {amount} in cash when it is delivered.'),
  order: msg('Order number'),
  amount: msg('Amount paid'),
  amountOnDelivery: msg('To pay on delivery'),
  deliverTo: msg('Delivering to'),
  dismiss: msg('Dismiss'),
} as const

/** Order history page size (spec section 9). */
export const ORDERS_PER_PAGE = 10
