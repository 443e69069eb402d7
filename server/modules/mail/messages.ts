import { formatPaise } from '../../../contracts/money.ts'
import { type StaffRole, staffRoleLabels } from '../../../contracts/staff.ts'

/**
 * Every text of the shop's e-mails, in English. A second language is another object of the same shape
 * (`MailTexts`), chosen per recipient; the templates only ever read from here.
 */

export const shopName = 'Kalaa Setu'

export type OrderLine = { title: string; quantity: number; price: number }
export type OrderFacts = {
  orderNumber: string
  customerName: string
  lines: OrderLine[]
  subtotal: number
  discountAmount: number
  couponCode: string | null
  couponPercent: number
  total: number
  /** Cash on delivery: the order is paid to the courier, with this fee (paise) in its total. */
  payOnDelivery?: boolean
  codFee?: number
  address: string[]
  shippingLink?: string | null
  /** The GST invoice's number once issued (decision 083). */
  invoiceNumber?: string | null
}

const invoiceReady = (order: OrderFacts) =>
  order.invoiceNumber
    ? [`Your GST tax invoice ${order.invoiceNumber} is ready: choose 'Download invoice' on your order page.`]
    : []

/** What one e-mail says, before it is laid out: the template turns it into HTML and plain text. */
export type MailContent = {
  subject: string
  preview: string
  heading: string
  paragraphs: string[]
  button?: { label: string; href: string }
  order?: OrderFacts
  /** The small print under the message (why they got it, how to stop it). */
  footnote?: string
  unsubscribeUrl?: string
}

const money = (paise: number) => formatPaise(paise)
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1)
const hello = (name: string) => (name.trim() ? `Dear ${name.trim()},` : 'Hello,')

export const mailTexts = {
  orderLabels: {
    item: 'Item',
    each: (price: string) => `${price} each`,
    subtotal: 'Subtotal',
    coupon: (code: string, percent: number) => `Coupon ${code} (${percent}% off)`,
    total: 'Total',
    codFee: 'Cash on delivery fee',
    deliverTo: 'Delivery address',
    orderNumber: 'Order number',
  },
  footer: `${shopName}: handicraft, handloom and art from India, sold by a non-profit foundation.`,
  unsubscribe: 'Unsubscribe',

  welcome: (name: string, shopUrl: string): MailContent => ({
    subject: `Welcome to ${shopName}`,
    preview: 'Your account is ready.',
    heading: `Welcome to ${shopName}`,
    paragraphs: [
      hello(name),
      'Your account is ready. You can now save products to your wishlist, keep delivery addresses and follow your orders.',
      'Every purchase supports the artisans and the work of the foundation.',
    ],
    button: { label: 'Visit the shop', href: shopUrl },
    footnote: 'You received this e-mail because an account was created with this address.',
  }),

  orderPlaced: (order: OrderFacts, orderUrl: string, minutes: number): MailContent => ({
    subject: `Order ${order.orderNumber}: awaiting payment`,
    preview: `Pay ${money(order.total)} within ${minutes} minutes to keep your items.`,
    heading: 'Thank you for your order',
    paragraphs: [
      hello(order.customerName),
      `We have received order ${order.orderNumber} for ${money(order.total)}. It is waiting for payment.`,
      `Your items are held for you for ${minutes} minutes; if the order is not paid by then, it expires and the items go back on sale.`,
    ],
    button: { label: 'Pay or view the order', href: orderUrl },
    order,
  }),

  /** A cash-on-delivery order needs no payment now: the customer pays the courier. */
  orderPlacedPayOnDelivery: (order: OrderFacts, orderUrl: string): MailContent => ({
    subject: `Order ${order.orderNumber} confirmed: pay on delivery`,
    preview: `Pay ${money(order.total)} in cash when your order is delivered.`,
    heading: 'Thank you for your order',
    paragraphs: [
      hello(order.customerName),
      `We have received order ${order.orderNumber} for ${money(order.total)}. You pay on delivery: please keep ${money(order.total)} ready for the courier.`,
      'We will e-mail you again when it ships.',
    ],
    button: { label: 'View your order', href: orderUrl },
    order,
  }),

  orderPaid: (order: OrderFacts, orderUrl: string): MailContent => ({
    subject: `Order ${order.orderNumber} confirmed: payment received`,
    preview: `We received ${money(order.total)}. Your order is confirmed.`,
    heading: 'Your order is confirmed',
    paragraphs: [
      hello(order.customerName),
      `We received your payment of ${money(order.total)} for order ${order.orderNumber}. We will e-mail you again when it ships.`,
      ...invoiceReady(order),
    ],
    button: { label: 'View your order', href: orderUrl },
    order,
  }),

  orderShipped: (order: OrderFacts, orderUrl: string): MailContent => ({
    subject: `Order ${order.orderNumber} has shipped`,
    preview: 'Your order is on its way.',
    heading: 'Your order is on its way',
    paragraphs: [
      hello(order.customerName),
      `Order ${order.orderNumber} has left us and is on its way to you.`,
      ...(order.shippingLink ? ['Follow the parcel with the courier’s tracking link below.'] : []),
    ],
    button: order.shippingLink
      ? { label: 'Track your parcel', href: order.shippingLink }
      : { label: 'View your order', href: orderUrl },
  }),

  orderDelivered: (order: OrderFacts, orderUrl: string): MailContent => ({
    subject: `Order ${order.orderNumber} has been delivered`,
    preview: 'Your order has arrived.',
    heading: 'Your order has been delivered',
    paragraphs: [
      hello(order.customerName),
      `Order ${order.orderNumber} has been delivered. We hope you enjoy it, and thank you for supporting the artisans.`,
      ...invoiceReady(order),
    ],
    button: { label: 'View your order', href: orderUrl },
  }),

  orderCancelled: (order: OrderFacts, orderUrl: string, reason: string, refundDue: boolean): MailContent => ({
    subject: `Order ${order.orderNumber} has been cancelled`,
    preview: reason,
    heading: 'Your order has been cancelled',
    paragraphs: [
      hello(order.customerName),
      `Order ${order.orderNumber} has been cancelled.`,
      reason,
      refundDue
        ? `Your payment of ${money(order.total)} is being refunded; we will e-mail you when the refund is made.`
        : 'No payment was taken for this order.',
    ],
    button: { label: 'View your order', href: orderUrl },
  }),

  orderRefunded: (order: OrderFacts, orderUrl: string): MailContent => ({
    subject: `Refund of ${money(order.total)} for order ${order.orderNumber}`,
    preview: `We have refunded ${money(order.total)}.`,
    heading: 'Your refund is on its way',
    paragraphs: [
      hello(order.customerName),
      `We have refunded ${money(order.total)} for order ${order.orderNumber} to the card or account you paid with.`,
      'Banks usually show a refund within 5 to 7 working days.',
    ],
    button: { label: 'View your order', href: orderUrl },
  }),

  passwordReset: (name: string, resetUrl: string, minutes: number): MailContent => ({
    subject: `Reset your ${shopName} password`,
    preview: `The link works once, within ${minutes} minutes.`,
    heading: 'Reset your password',
    paragraphs: [
      hello(name),
      'Someone (we hope you) asked to reset the password of your account. Choose a new password with the button below.',
      `The link works once, within ${minutes} minutes. If you did not ask for this, ignore this e-mail: your password stays as it is.`,
    ],
    button: { label: 'Choose a new password', href: resetUrl },
    footnote: 'For your safety, all your sign-ins end when the password is changed.',
  }),

  /** A new colleague: the link sets their first password (a reset link that works for days). */
  staffInvitation: (
    name: string,
    inviter: string,
    role: StaffRole,
    passwordUrl: string,
    days: number,
  ): MailContent => ({
    subject: `${inviter} invited you to the ${shopName} shop console`,
    preview: `Choose your password: the link works for ${days} days.`,
    heading: 'Join the shop’s staff',
    paragraphs: [
      hello(name),
      `${inviter} has invited you to help run the ${shopName} shop, with the ${staffRoleLabels[role].name} role: ${lowerFirst(staffRoleLabels[role].description)}`,
      `Choose your password with the button below. The link works once, within ${days} days; after that, ask ${inviter} to send you a new invitation.`,
      'Then sign in with this e-mail address and your password: the shop console is in your account menu.',
    ],
    button: { label: 'Choose your password', href: passwordUrl },
    footnote:
      'You received this e-mail because a member of the shop’s staff invited this address. If you did not expect it, ignore it: no password is set until you choose one.',
  }),

  /** A customer's account made a staff account: same password, new screens. */
  staffAdded: (name: string, inviter: string, role: StaffRole, consoleUrl: string): MailContent => ({
    subject: `You are now on the ${shopName} staff`,
    preview: `${inviter} made your account a staff account.`,
    heading: 'You are on the shop’s staff',
    paragraphs: [
      hello(name),
      `${inviter} has made your ${shopName} account a staff account, with the ${staffRoleLabels[role].name} role: ${lowerFirst(staffRoleLabels[role].description)}`,
      'Sign in as usual, with your e-mail address and your password; the shop console is in your account menu.',
    ],
    button: { label: 'Open the shop console', href: consoleUrl },
    footnote: 'You received this e-mail because your account was made a staff account of the shop.',
  }),

  newsletterConfirm: (confirmUrl: string): MailContent => ({
    subject: `Confirm your ${shopName} newsletter subscription`,
    preview: 'One click to confirm.',
    heading: 'Please confirm your subscription',
    paragraphs: [
      'Thank you for signing up for our newsletter. Please confirm that this is your address with the button below.',
      'If you did not sign up, ignore this e-mail and you will hear nothing more from us.',
    ],
    button: { label: 'Confirm my subscription', href: confirmUrl },
  }),

  contactReply: (name: string, reply: string, original: string): MailContent => ({
    subject: `Re: your message to ${shopName}`,
    preview: reply.slice(0, 90),
    heading: `A reply from ${shopName}`,
    paragraphs: [hello(name), ...reply.split(/\n{2,}/), '—', `Your message: “${original}”`],
    footnote: 'Reply to this e-mail to write back to us.',
  }),

  staffNewOrder: (order: OrderFacts, consoleUrl: string): MailContent => ({
    subject: `New paid order ${order.orderNumber}: ${money(order.total)}`,
    preview: `${order.customerName} paid ${money(order.total)}.`,
    heading: 'A new paid order',
    paragraphs: [`${order.customerName} paid ${money(order.total)} for order ${order.orderNumber}.`],
    button: { label: 'Open it in the console', href: consoleUrl },
    order,
  }),

  staffNewCodOrder: (order: OrderFacts, consoleUrl: string): MailContent => ({
    subject: `New order to ship, pay on delivery ${order.orderNumber}: ${money(order.total)}`,
    preview: `${order.customerName} pays ${money(order.total)} on delivery.`,
    heading: 'A new cash-on-delivery order',
    paragraphs: [
      `${order.customerName} placed order ${order.orderNumber} and pays ${money(order.total)} in cash on delivery.`,
    ],
    button: { label: 'Open it in the console', href: consoleUrl },
    order,
  }),

  staffContactMessage: (from: string, email: string, message: string, consoleUrl: string): MailContent => ({
    subject: `New message from ${from}`,
    preview: message.slice(0, 90),
    heading: 'A new Contact Us message',
    paragraphs: [`From ${from} <${email}>:`, message],
    button: { label: 'Answer it in the console', href: consoleUrl },
  }),

  staffLowStock: (title: string, left: number, threshold: number, consoleUrl: string): MailContent => ({
    subject: `Low stock: ${title} (${left} left)`,
    preview: `${left} left, at or under the threshold of ${threshold}.`,
    heading: 'A product is running low',
    paragraphs: [`${title} has ${left} left, at or under the shop’s low-stock threshold of ${threshold}.`],
    button: { label: 'Open the product', href: consoleUrl },
  }),
}
export type MailTexts = typeof mailTexts

export { mailAnswers } from '../../../contracts/mail-text.ts'
