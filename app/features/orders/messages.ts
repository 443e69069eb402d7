/** Order screen texts of the spec (sections 2 and 8), written once; tests import them. */
export const orderMessages = {
  empty: 'No orders found.',
  notChanged: 'Your order status not changed yet.',
  cancelled: 'Order canceled successfully!',
  trackOrder: 'Track order',
  cancel: 'Cancel',
  previous: 'Previous',
  next: 'Next',
  view: 'View',
  columns: ['Order no.', 'Date', 'Status', 'Total', 'Action'] as const,
} as const

/** The confirmation at the top of /Order-History after a verified payment. */
export const confirmationTexts = {
  heading: 'Thank you! Your order is confirmed.',
  paid: (amount: string) => `We have received your payment of ${amount}.`,
  payOnDelivery: (amount: string) => `You pay ${amount} in cash when it is delivered.`,
  order: 'Order number',
  amount: 'Amount paid',
  amountOnDelivery: 'To pay on delivery',
  deliverTo: 'Delivering to',
  dismiss: 'Dismiss',
} as const

/** Order history page size (spec section 9). */
export const ORDERS_PER_PAGE = 10
