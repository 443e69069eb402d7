import { msg } from '../../contracts/languages.ts'

/** Checkout and payment texts of the spec (sections 5 and 8), written once; tests import them. */
export const checkoutMessages = {
  addressRequired: msg('Address is required'),
  cityRequired: msg('City is required'),
  stateRequired: msg('State is required'),
  postalCodeRequired: msg('Postal code is required'),
  emailRequired: msg('Email is required'),
  phoneRequired: msg('Phone number is required must be exactly 10 digits'),
  emailInvalid: msg('Invalid email format'),
  postalCodeDigits: msg('Postal code must be 6 digits'),
  invalidPincode: msg('Invalid Pincode'),
  userIdMissing: msg('User ID not found in local storage'),
  customerIdMissing: msg('Customer ID not found in local storage.'),
  orderFailed: (status: number, text: string) => `Failed to create order: ${status} ${text}`,
  noOrders: msg('No orders created or incorrect response format'),
  paymentCreateFailed: msg('Failed to create payment'),
} as const

/** Labels of the checkout screen. */
export const checkoutLabels = {
  deliverHere: msg('Deliver Here'),
  addAddress: msg('Add a new address'),
  placeOrder: msg('Place Order'),
  cancel: msg('Cancel'),
  total: msg('Total (INR)'),
  paymentOptions: ['Credit card', 'COD', 'PayPal'] as const,
  /**
   * What each radio reads: the spec's options, online payment named as the customer meets it in the payment
   * window (UPI first: most Indian shoppers pay so), COD spelled out once.
   */
  paymentOptionNames: {
    'Credit card': msg('UPI, card or netbanking'),
    COD: msg('COD (cash on delivery)'),
    PayPal: 'PayPal',
  },
  onlineNote: msg('Pay online now, in a secure payment window.'),
  codNote: msg('Pay in cash when it is delivered.'),
  codPayOnDelivery: msg('Pay on delivery: in cash to the courier.'),
  codPlaced: msg('Order placed. You pay on delivery.'),
} as const

/**
 * The order page a Place Order sent before the page's code goes to says how the order was placed
 * (`?placed=cod` or `?placed=online`, decision 127).
 */
export const placedParam = 'placed'
export const placedTexts = {
  cod: checkoutLabels.codPlaced,
  online: msg('Your order is placed and waiting for payment. Pay now opens the payment window.'),
} as const
export type PlacedHow = keyof typeof placedTexts

/** Payment constants of spec section 9. */
export const paymentConstants = {
  currency: 'INR',
  method: 'Credit Card',
  status: 'Pending',
  themeColor: '#3399cc',
  /** The shipping country as the spec's client sends it (stored as INDIA by the server). */
  shippingCountry: 'Country',
  razorpayScript: 'https://checkout.razorpay.com/v1/checkout.js',
} as const

/** Texts of the sandbox checkout and the payment-failed page. */
export const paymentTexts = {
  sandboxTitle: msg('Test payment'),
  sandboxNote: msg('This is the shop’s payment sandbox: no money moves. Choose how the payment should end.'),
  /** The start of the Pay button, which reads 'Pay {amount}'. */
  pay: 'Pay',
  fail: msg('Fail payment'),
  payWith: msg('Pay with'),
  upiHint: msg('Test UPI IDs: success@razorpay pays, failure@razorpay is declined.'),
  cardHint: msg('Test card 4111 1111 1111 1111, any future expiry, any CVV.'),
  failedHeading: msg('Your payment did not go through'),
  failedDefault: msg(
    'The payment could not be confirmed. No money has been taken for an unconfirmed payment.',
  ),
  tryAgain: msg('Try again'),
  viewOrders: msg('View my orders'),
  dismissed: msg('Payment cancelled. Your order is saved; you can pay for it from checkout or your orders.'),
  payNow: msg('Pay now'),
  paid: msg('Payment received. Thank you!'),
} as const

/** The notice shown while a live shop runs on the payment sandbox (storefront checkout and console). */
export const simulatedPaymentTexts = {
  checkout: msg(
    'Payments are simulated: this shop is running its test payment sandbox, so no money moves and no order placed here is really paid.',
  ),
  console:
    'Payments are simulated (sandbox): no money moves, and an order shown as paid may not have been paid for. Set up Razorpay before taking real orders.',
} as const
