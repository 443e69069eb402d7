/** Checkout and payment texts of the spec (sections 5 and 8), written once; tests import them. */
export const checkoutMessages = {
  addressRequired: 'Address is required',
  cityRequired: 'City is required',
  stateRequired: 'State is required',
  postalCodeRequired: 'Postal code is required',
  emailRequired: 'Email is required',
  phoneRequired: 'Phone number is required must be exactly 10 digits',
  emailInvalid: 'Invalid email format',
  postalCodeDigits: 'Postal code must be 6 digits',
  invalidPincode: 'Invalid Pincode',
  userIdMissing: 'User ID not found in local storage',
  customerIdMissing: 'Customer ID not found in local storage.',
  orderFailed: (status: number, text: string) => `Failed to create order: ${status} ${text}`,
  noOrders: 'No orders created or incorrect response format',
  paymentCreateFailed: 'Failed to create payment',
} as const

/** Labels of the checkout screen. */
export const checkoutLabels = {
  deliverHere: 'Deliver Here',
  addAddress: 'Add a new address',
  placeOrder: 'Place Order',
  cancel: 'Cancel',
  total: 'Total (INR)',
  paymentOptions: ['Credit card', 'COD', 'PayPal'] as const,
  /** What each radio reads: the spec's words, with COD spelled out once. */
  paymentOptionNames: { 'Credit card': 'Credit card', COD: 'COD (cash on delivery)', PayPal: 'PayPal' },
  onlineNote: 'Pay online now: card, UPI or netbanking.',
  codNote: 'Pay in cash when it is delivered.',
  codPayOnDelivery: 'Pay on delivery: in cash to the courier.',
  codPlaced: 'Order placed. You pay on delivery.',
} as const

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
  sandboxTitle: 'Test payment',
  sandboxNote: 'This is the shop’s payment sandbox: no money moves. Choose how the payment should end.',
  pay: 'Pay',
  fail: 'Fail payment',
  payWith: 'Pay with',
  upiHint: 'Test UPI IDs: success@razorpay pays, failure@razorpay is declined.',
  cardHint: 'Test card 4111 1111 1111 1111, any future expiry, any CVV.',
  failedHeading: 'Your payment did not go through',
  failedDefault: 'The payment could not be confirmed. No money has been taken for an unconfirmed payment.',
  tryAgain: 'Try again',
  viewOrders: 'View my orders',
  dismissed: 'Payment cancelled. Your order is saved; you can pay for it from checkout or your orders.',
  payNow: 'Pay now',
  paid: 'Payment received. Thank you!',
} as const

/** The notice shown while a live shop runs on the payment sandbox (storefront checkout and console). */
export const simulatedPaymentTexts = {
  checkout:
    'Payments are simulated: this shop is running its test payment sandbox, so no money moves and no order placed here is really paid.',
  console:
    'Payments are simulated (sandbox): no money moves, and an order shown as paid may not have been paid for. Set up Razorpay before taking real orders.',
} as const
