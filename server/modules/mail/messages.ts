import { translatorFor } from '../../../contracts/i18n/registry.ts'
import type { ShopI18n } from '../../../contracts/i18n/translate.ts'
import { defaultLanguage, type Language } from '../../../contracts/languages.ts'
import { formatPaise } from '../../../contracts/money.ts'
import { setupMessages } from '../../../contracts/setup.ts'
import { type StaffRole, staffRoleLabels } from '../../../contracts/staff.ts'

/**
 * Every text of the shop's e-mails. A customer's e-mail is written in the customer's language
 * (`mailTextsIn`, docs/decisions/097: the language of the order, or of the request that asked for it);
 * the staff's e-mails are in English, like the console. The templates only ever read from here.
 */

export const shopName = 'Kalaa Setu'

/** What a seva booking's e-mails say about it (decision 102). */
export type BookingFacts = {
  bookingNumber: string
  devoteeName: string
  sevaName: string
  templeName: string
  /** The day, already written in the e-mail's language. */
  day: string
  amount: number
}

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
  /** Shipping (paise) in its total (decision 134); 0 or absent when free. */
  shippingCharge?: number
  address: string[]
  shippingLink?: string | null
  /** The GST invoice's number once issued (decision 083). */
  invoiceNumber?: string | null
  /** Paise of the total paid with store credit (decision 139): the rest is what is paid, or refunded, in money. */
  storeCredit?: number
}

/** What a return request's e-mails say about it (decision 138). */
export type ReturnFacts = {
  returnNumber: string
  orderNumber: string
  customerName: string
  pieces: Array<{ title: string; quantity: number }>
  /** What is refunded, paise. */
  amount: number
  /** An exchange (decision 140): the pieces sent instead, and what the customer pays for them (paise). */
  exchange?: { instead: Array<{ title: string; quantity: number }>; due: number } | null
}

/** What one e-mail says, before it is laid out: the template turns it into HTML and plain text. */
export type MailContent = {
  subject: string
  preview: string
  heading: string
  paragraphs: string[]
  button?: { label: string; href: string }
  order?: OrderFacts
  /** A picture shown under the paragraphs (a performed seva's photo): a full URL and its words. */
  image?: { src: string; alt: string }
  /** The small print under the message (why they got it, how to stop it). */
  footnote?: string
  unsubscribeUrl?: string
  /** The language the e-mail is written in; its frame (labels, footer) follows. English when absent. */
  language?: Language
}

const money = (paise: number) => formatPaise(paise)
const listed = (pieces: Array<{ title: string; quantity: number }>) =>
  pieces.map((p) => (p.quantity > 1 ? `${p.title} × ${p.quantity}` : p.title)).join(', ')
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1)

/** The customer's e-mails in one language. */
export function mailTextsIn(language: Language = defaultLanguage) {
  return customerMails(translatorFor(language))
}

function customerMails({ t, language }: ShopI18n) {
  const hello = (name: string) => (name.trim() ? t('Dear {name},', { name: name.trim() }) : t('Hello,'))
  const invoiceReady = (order: OrderFacts) =>
    order.invoiceNumber
      ? [
          t("Your GST tax invoice {number} is ready: choose 'Download invoice' on your order page.", {
            number: order.invoiceNumber,
          }),
        ]
      : []
  const facts = (order: OrderFacts) => ({ number: order.orderNumber, total: money(order.total) })
  /** The same, with the total as paid (or to pay, or refunded) in money: what store credit did not pay. */
  const inMoney = (order: OrderFacts) => ({
    number: order.orderNumber,
    total: money(order.total - (order.storeCredit ?? 0)),
  })
  /** A cancelled or returned order's store credit is back in the customer's balance. */
  const creditBack = (order: OrderFacts) =>
    (order.storeCredit ?? 0) > 0
      ? [
          t('The {amount} of store credit it used is back in your balance.', {
            amount: money(order.storeCredit!),
          }),
        ]
      : []
  const returnFacts = (r: ReturnFacts) => ({
    return: r.returnNumber,
    number: r.orderNumber,
    pieces: listed(r.pieces),
    instead: listed(r.exchange?.instead ?? []),
  })
  /** What every donation e-mail opens with: thanks for the gift, its amount and cause. */
  const giftThanks = (gift: { donorName: string; amount: number; cause: string }) => ({
    language,
    preview: t('We received your gift of {amount}.', { amount: money(gift.amount) }),
    heading: t('Thank you for your gift'),
    paragraphs: [
      hello(gift.donorName),
      t('We received your donation of {amount} for {cause}.', {
        amount: money(gift.amount),
        cause: gift.cause,
      }),
    ],
  })
  return {
    language,
    orderLabels: {
      item: t('Item'),
      each: (price: string) => t('{price} each', { price }),
      subtotal: t('Subtotal'),
      coupon: (code: string, percent: number) => t('Coupon {code} ({percent}% off)', { code, percent }),
      total: t('Total'),
      codFee: t('Cash on delivery fee'),
      shipping: t('Shipping'),
      deliverTo: t('Delivery address'),
      orderNumber: t('Order number'),
    },
    footer: t('{shop}: handicraft, handloom and art from India, sold by a non-profit foundation.', {
      shop: shopName,
    }),
    unsubscribe: t('Unsubscribe'),
    openLink: t('Or open this link:'),

    /** 'Notify me' (decision 131): the piece a customer asked for is back in stock; sent once. */
    backInStock: (name: string, title: string, productUrl: string): MailContent => ({
      language,
      subject: t('Back in stock: {title}', { title }),
      preview: t('The piece you asked about can be ordered again.'),
      heading: t('Back in stock'),
      paragraphs: [
        hello(name),
        t('{title} is back in stock. Pieces made by hand come in small numbers, so it may not last long.', {
          title,
        }),
      ],
      button: { label: t('See the piece'), href: productUrl },
      footnote: t(
        "You received this e-mail because you chose 'Notify me' for this piece. We write once; to hear again, choose it again.",
      ),
    }),

    /** The first e-mail of an account; it carries the link that confirms the address (decision 109). */
    welcome: (name: string, confirmUrl: string, days: number): MailContent => ({
      language,
      subject: t('Welcome to {shop}', { shop: shopName }),
      preview: t('Your account is ready.'),
      heading: t('Welcome to {shop}', { shop: shopName }),
      paragraphs: [
        hello(name),
        t(
          'Your account is ready. You can now save products to your wishlist, keep delivery addresses and follow your orders.',
        ),
        t(
          'Please confirm that this e-mail address is yours with the button below (the link works for {days} days). Reviews and 80G receipts for donations need a confirmed address.',
          { days },
        ),
        t('Every purchase supports the artisans and the work of the foundation.'),
      ],
      button: { label: t('Confirm my e-mail address'), href: confirmUrl },
      footnote: t('You received this e-mail because an account was created with this address.'),
    }),

    confirmEmail: (name: string, confirmUrl: string, days: number): MailContent => ({
      language,
      subject: t('Confirm your e-mail address for {shop}', { shop: shopName }),
      preview: t('One click to confirm.'),
      heading: t('Confirm your e-mail address'),
      paragraphs: [
        hello(name),
        t(
          'Please confirm that this e-mail address belongs to your account with the button below. The link works once, within {days} days.',
          { days },
        ),
      ],
      button: { label: t('Confirm my e-mail address'), href: confirmUrl },
      footnote: t(
        'You received this e-mail because this address was given for an account. If that was not you, ignore it: nothing changes.',
      ),
    }),

    orderPlaced: (order: OrderFacts, orderUrl: string, minutes: number): MailContent => ({
      language,
      subject: t('Order {number}: awaiting payment', facts(order)),
      preview: t('Pay {total} within {minutes} minutes to keep your items.', { ...inMoney(order), minutes }),
      heading: t('Thank you for your order'),
      paragraphs: [
        hello(order.customerName),
        t('We have received order {number} for {total}. It is waiting for payment.', facts(order)),
        t(
          'Your items are held for you for {minutes} minutes; if the order is not paid by then, it expires and the items go back on sale.',
          { minutes },
        ),
      ],
      button: { label: t('Pay or view the order'), href: orderUrl },
      order,
    }),

    /** A cash-on-delivery order needs no payment now: the customer pays the courier. */
    orderPlacedPayOnDelivery: (order: OrderFacts, orderUrl: string): MailContent => ({
      language,
      subject: t('Order {number} confirmed: pay on delivery', facts(order)),
      preview: t('Pay {total} in cash when your order is delivered.', facts(order)),
      heading: t('Thank you for your order'),
      paragraphs: [
        hello(order.customerName),
        t(
          'We have received order {number} for {total}. You pay on delivery: please keep {total} ready for the courier.',
          facts(order),
        ),
        t('We will e-mail you again when it ships.'),
      ],
      button: { label: t('View your order'), href: orderUrl },
      order,
    }),

    orderPaid: (order: OrderFacts, orderUrl: string): MailContent => ({
      language,
      subject: t('Order {number} confirmed: payment received', facts(order)),
      preview: t('We received {total}. Your order is confirmed.', facts(order)),
      heading: t('Your order is confirmed'),
      paragraphs: [
        hello(order.customerName),
        t(
          'We received your payment of {total} for order {number}. We will e-mail you again when it ships.',
          facts(order),
        ),
        ...invoiceReady(order),
      ],
      button: { label: t('View your order'), href: orderUrl },
      order,
    }),

    orderShipped: (order: OrderFacts, orderUrl: string): MailContent => ({
      language,
      subject: t('Order {number} has shipped', facts(order)),
      preview: t('Your order is on its way.'),
      heading: t('Your order is on its way'),
      paragraphs: [
        hello(order.customerName),
        t('Order {number} has left us and is on its way to you.', facts(order)),
        ...(order.shippingLink ? [t('Follow the parcel with the courier’s tracking link below.')] : []),
      ],
      button: order.shippingLink
        ? { label: t('Track your parcel'), href: order.shippingLink }
        : { label: t('View your order'), href: orderUrl },
    }),

    /** The courier could not deliver (decision 136): what happened, and the order page to put it right. */
    orderDeliveryFailed: (order: OrderFacts, orderUrl: string, detail: string | null): MailContent => ({
      language,
      subject: t('Order {number}: the courier could not deliver it', facts(order)),
      preview: t('Tell us how to reach you, and the courier will try again.'),
      heading: t('We could not deliver your parcel'),
      paragraphs: [
        hello(order.customerName),
        t('The courier tried to deliver order {number} but could not.', facts(order)),
        ...(detail ? [t('The courier says: “{detail}”', { detail })] : []),
        t(
          'On your order page you can correct the phone number or the address and ask for another attempt. If we do not hear from you, the courier may bring the parcel back to us.',
        ),
      ],
      button: { label: t('Arrange another attempt'), href: orderUrl },
    }),

    /** The parcel came back to the shop and staff received it (decision 136). */
    orderReturnedToOrigin: (order: OrderFacts, orderUrl: string, refundDue: boolean): MailContent => ({
      language,
      subject: t('Order {number} came back to us', facts(order)),
      preview: t('The courier could not deliver your parcel and returned it to us.'),
      heading: t('Your parcel came back to us'),
      paragraphs: [
        hello(order.customerName),
        t('The courier could not deliver order {number} and brought it back to us.', facts(order)),
        refundDue
          ? t(
              'We are refunding {total} to the way you paid; banks take up to a week to show it.',
              inMoney(order),
            )
          : t('Nothing was collected on delivery, so there is nothing to pay.'),
        ...creditBack(order),
        t('If you still want the pieces, reply to this e-mail or place the order again.'),
      ],
      button: { label: t('View your order'), href: orderUrl },
    }),

    /** The invoice that waited for the shop's GST details (decision 123) is issued. */
    orderInvoiced: (order: OrderFacts, orderUrl: string): MailContent => ({
      language,
      subject: t('Your GST invoice for order {number}', facts(order)),
      preview: t('Your tax invoice is ready to download.'),
      heading: t('Your tax invoice is ready'),
      paragraphs: [hello(order.customerName), ...invoiceReady(order)],
      button: { label: t('View your order'), href: orderUrl },
    }),

    orderFinishedPhoto: (
      order: OrderFacts,
      orderUrl: string,
      photo: { src: string; title: string },
    ): MailContent => ({
      language,
      subject: t('Your {title} is ready: a photo from the makers', { title: photo.title }),
      preview: t('A photo of your finished piece, for order {number}.', facts(order)),
      heading: t('Your piece is ready'),
      paragraphs: [
        hello(order.customerName),
        t(
          'The makers have finished your {title} for order {number}. Here is a photo of it before it is packed; if anything is not as you asked, reply to this e-mail.',
          { ...facts(order), title: photo.title },
        ),
      ],
      image: { src: photo.src, alt: t('Your finished {title}', { title: photo.title }) },
      button: { label: t('View your order'), href: orderUrl },
    }),

    orderDelivered: (order: OrderFacts, orderUrl: string): MailContent => ({
      language,
      subject: t('Order {number} has been delivered', facts(order)),
      preview: t('Your order has arrived.'),
      heading: t('Your order has been delivered'),
      paragraphs: [
        hello(order.customerName),
        t(
          'Order {number} has been delivered. We hope you enjoy it, and thank you for supporting the artisans.',
          facts(order),
        ),
        ...invoiceReady(order),
      ],
      button: { label: t('View your order'), href: orderUrl },
    }),

    orderCancelled: (
      order: OrderFacts,
      orderUrl: string,
      reason: string,
      refundDue: boolean,
    ): MailContent => ({
      language,
      subject: t('Order {number} has been cancelled', facts(order)),
      preview: t(reason),
      heading: t('Your order has been cancelled'),
      paragraphs: [
        hello(order.customerName),
        t('Order {number} has been cancelled.', facts(order)),
        t(reason),
        ...(refundDue
          ? [
              t(
                'Your payment of {total} is being refunded; we will e-mail you when the refund is made.',
                inMoney(order),
              ),
            ]
          : (order.storeCredit ?? 0) > 0
            ? []
            : [t('No payment was taken for this order.')]),
        ...creditBack(order),
      ],
      button: { label: t('View your order'), href: orderUrl },
    }),

    orderRefunded: (order: OrderFacts, orderUrl: string): MailContent => ({
      language,
      subject: t('Refund of {total} for order {number}', inMoney(order)),
      preview: t('We have refunded {total}.', inMoney(order)),
      heading: t('Your refund is on its way'),
      paragraphs: [
        hello(order.customerName),
        t(
          'We have refunded {total} for order {number} to the card or account you paid with.',
          inMoney(order),
        ),
        t('Banks usually show a refund within 5 to 7 working days.'),
      ],
      button: { label: t('View your order'), href: orderUrl },
    }),

    /** A customer asked to return pieces of a delivered order (decision 138). */
    returnRequested: (r: ReturnFacts, orderUrl: string): MailContent => ({
      language,
      subject: t('Return {return} for order {number}: we have your request', returnFacts(r)),
      preview: t('We will reply within two working days.'),
      heading: t('We have your return request'),
      paragraphs: [
        hello(r.customerName),
        t('You asked to return {pieces} from order {number}. Your request is {return}.', returnFacts(r)),
        t('We will reply within two working days; you can follow it on your order page.'),
      ],
      button: { label: t('View your order'), href: orderUrl },
    }),

    /** Staff approved it: a courier collects the parcel, or the customer sends it. */
    returnApproved: (
      r: ReturnFacts,
      orderUrl: string,
      how: {
        pickup: { courier: string | null; awb: string | null } | null
        sendTo: string | null
        note: string | null
      },
    ): MailContent => ({
      language,
      subject: t('Return {return} approved', returnFacts(r)),
      preview: how.pickup
        ? t('A courier will collect the parcel from you.')
        : t('Please send the parcel back to us.'),
      heading: t('Your return is approved'),
      paragraphs: [
        hello(r.customerName),
        t('We have approved return {return} of {pieces} from order {number}.', returnFacts(r)),
        how.pickup
          ? t(
              'A courier will collect the parcel from your delivery address: {courier}, tracking number {awb}.',
              {
                courier: how.pickup.courier ?? '—',
                awb: how.pickup.awb ?? '—',
              },
            )
          : t('Please pack the pieces safely and send them to: {address}. Keep the receipt.', {
              address: how.sendTo ?? '',
            }),
        ...(how.note ? [t('A note from us: “{note}”', { note: how.note })] : []),
        ...(!r.exchange
          ? [
              t('We refund {amount} once the parcel is back with us and checked.', {
                amount: money(r.amount),
              }),
            ]
          : r.exchange.due > 0
            ? [
                t('{instead} is set aside for you.', returnFacts(r)),
                t(
                  'The new choice costs {amount} more: please pay it from your order page, and we send it as soon as it is paid.',
                  { amount: money(r.exchange.due) },
                ),
              ]
            : [
                t('{instead} is set aside for you; we send it as the exchange.', returnFacts(r)),
                ...(r.amount > 0
                  ? [
                      t('The new choice costs less: we refund {amount} once the parcel is back with us.', {
                        amount: money(r.amount),
                      }),
                    ]
                  : []),
              ]),
      ],
      button: { label: t('View your order'), href: orderUrl },
    }),

    /** Staff did not accept it, with their reason. */
    returnRejected: (r: ReturnFacts, orderUrl: string, reason: string): MailContent => ({
      language,
      subject: t('Return {return}: we could not accept it', returnFacts(r)),
      preview: reason.slice(0, 90),
      heading: t('We could not accept your return'),
      paragraphs: [
        hello(r.customerName),
        t('We could not accept return {return} for order {number}.', returnFacts(r)),
        t('Our reason: “{reason}”', { reason }),
        t('If you think this is wrong, reply to this e-mail and we will look at it again.'),
      ],
      button: { label: t('View your order'), href: orderUrl },
    }),

    /** The parcel came back and was checked. */
    returnReceived: (r: ReturnFacts, orderUrl: string): MailContent => ({
      language,
      subject: t('Return {return}: your parcel is back with us', returnFacts(r)),
      preview: t('We have received and checked the pieces.'),
      heading: t('We have your parcel'),
      paragraphs: [
        hello(r.customerName),
        t('We have received and checked the pieces of return {return}.', returnFacts(r)),
        ...(!r.exchange
          ? [t('Your refund of {amount} follows shortly.', { amount: money(r.amount) })]
          : r.amount > 0
            ? [t('The difference of {amount} is refunded shortly.', { amount: money(r.amount) })]
            : []),
      ],
      button: { label: t('View your order'), href: orderUrl },
    }),

    /** Staff called an exchange off before its replacement went: the pieces are refunded instead. */
    returnExchangeCalledOff: (r: ReturnFacts, orderUrl: string, reason: string): MailContent => ({
      language,
      subject: t('Return {return}: we refund it instead of the exchange', returnFacts(r)),
      preview: reason.slice(0, 90),
      heading: t('We refund your return instead'),
      paragraphs: [
        hello(r.customerName),
        t('We cannot send the exchange for return {return} of order {number}:', returnFacts(r)),
        `“${reason}”`,
        t('We refund {amount} for {pieces} instead, once the parcel is back with us and checked.', {
          ...returnFacts(r),
          amount: money(r.amount),
        }),
      ],
      button: { label: t('View your order'), href: orderUrl },
    }),

    /** An exchange's replacement is on its way with the courier (decision 140). */
    returnReplacementSent: (
      r: ReturnFacts,
      orderUrl: string,
      parcel: { courier: string | null; awb: string | null; invoice: string | null },
    ): MailContent => ({
      language,
      subject: t('Return {return}: your replacement is on its way', returnFacts(r)),
      preview: t('We have sent {instead}.', returnFacts(r)),
      heading: t('Your replacement is on its way'),
      paragraphs: [
        hello(r.customerName),
        t('We have sent {instead} for return {return} of order {number}.', returnFacts(r)),
        t('The courier is {courier}, tracking number {awb}.', {
          courier: parcel.courier ?? '—',
          awb: parcel.awb ?? '—',
        }),
        ...(parcel.invoice
          ? [t('Our GST invoice {number} is for the new pieces.', { number: parcel.invoice })]
          : []),
      ],
      button: { label: t('View your order'), href: orderUrl },
    }),

    /** The refund has gone: to the way they paid, or to their UPI ID or bank account with its reference. */
    returnRefunded: (
      r: ReturnFacts,
      orderUrl: string,
      to:
        | { kind: 'source' }
        | { kind: 'credit' }
        | { kind: 'upi'; upi: string; reference: string }
        | { kind: 'bank'; last4: string; reference: string },
      creditNote: string | null,
      /** What went as money and what as store credit (decision 139); all money when not given. */
      split: { money: number; credit: number } = { money: r.amount, credit: 0 },
    ): MailContent => ({
      language,
      subject: t('Refund of {amount} for return {return}', { ...returnFacts(r), amount: money(r.amount) }),
      preview: t('We have refunded {amount}.', { amount: money(r.amount) }),
      heading:
        to.kind === 'credit' ? t('Your store credit is ready to spend') : t('Your refund is on its way'),
      paragraphs: [
        hello(r.customerName),
        to.kind === 'credit'
          ? t('We have added {amount} for return {return} to your store credit.', {
              ...returnFacts(r),
              amount: money(r.amount),
            })
          : to.kind === 'source'
            ? t('We have refunded {amount} for return {return} to the card or account you paid with.', {
                ...returnFacts(r),
                amount: money(split.money),
              })
            : to.kind === 'upi'
              ? t(
                  'We have sent {amount} for return {return} to your UPI ID {upi}; the reference is {reference}.',
                  {
                    ...returnFacts(r),
                    amount: money(split.money),
                    upi: to.upi,
                    reference: to.reference,
                  },
                )
              : t(
                  'We have sent {amount} for return {return} to your bank account ending {last4}; the reference is {reference}.',
                  { ...returnFacts(r), amount: money(split.money), last4: to.last4, reference: to.reference },
                ),
        ...(to.kind !== 'credit' && split.credit > 0
          ? [
              t(
                'The order was partly paid with store credit: {amount} of the refund is back in your store credit.',
                {
                  amount: money(split.credit),
                },
              ),
            ]
          : []),
        ...(to.kind === 'credit'
          ? [t('It is taken off your next order at checkout, whenever you choose to use it.')]
          : []),
        ...(to.kind === 'source' ? [t('Banks usually show a refund within 5 to 7 working days.')] : []),
        ...(creditNote ? [t('Our GST credit note {number} records it.', { number: creditNote })] : []),
      ],
      button: { label: t('View your order'), href: orderUrl },
    }),

    bookingConfirmed: (b: BookingFacts, bookingUrl: string, policy: string): MailContent => ({
      language,
      subject: t('Seva booking {number} confirmed', { number: b.bookingNumber }),
      preview: t('{seva} at {temple} on {day}', { seva: b.sevaName, temple: b.templeName, day: b.day }),
      heading: t('Your seva is booked'),
      paragraphs: [
        hello(b.devoteeName),
        t('We received your payment of {amount}. Your booking number is {number}.', {
          amount: money(b.amount),
          number: b.bookingNumber,
        }),
        t('{seva} at {temple} on {day}, for {name}.', {
          seva: b.sevaName,
          temple: b.templeName,
          day: b.day,
          name: b.devoteeName,
        }),
        t('Cancellation policy: {policy}', { policy }),
        t('We will e-mail you again once the seva has been performed.'),
      ],
      button: { label: t('View your booking'), href: bookingUrl },
    }),

    bookingCancelled: (b: BookingFacts, bookingUrl: string, refund: boolean): MailContent => ({
      language,
      subject: t('Seva booking {number} cancelled', { number: b.bookingNumber }),
      preview: t('{seva} on {day}', { seva: b.sevaName, day: b.day }),
      heading: t('Your seva booking is cancelled'),
      paragraphs: [
        hello(b.devoteeName),
        t('Booking {number} for {seva} at {temple} on {day} has been cancelled.', {
          number: b.bookingNumber,
          seva: b.sevaName,
          temple: b.templeName,
          day: b.day,
        }),
        refund
          ? t('Your payment of {amount} is being refunded in full to the card or account you paid with.', {
              amount: money(b.amount),
            })
          : t('This cancellation is not refunded, as the cancellation policy says.'),
      ],
      button: { label: t('View your booking'), href: bookingUrl },
    }),

    bookingPerformed: (
      b: BookingFacts,
      bookingUrl: string,
      media: { photo: string | null; videoUrl: string | null },
    ): MailContent => ({
      language,
      subject: t('Your seva {number} has been performed', { number: b.bookingNumber }),
      preview: t('{seva} at {temple}', { seva: b.sevaName, temple: b.templeName }),
      heading: t('Your seva has been performed'),
      paragraphs: [
        hello(b.devoteeName),
        t('{seva} was performed at {temple} on {day} for {name}.', {
          seva: b.sevaName,
          temple: b.templeName,
          day: b.day,
          name: b.devoteeName,
        }),
        ...(media.videoUrl ? [t('Watch the video of your seva: {link}', { link: media.videoUrl })] : []),
        ...(media.photo ? [t('A photo of your seva is below and on your booking page.')] : []),
      ],
      image: media.photo ? { src: media.photo, alt: t('Photo of your seva') } : undefined,
      button: { label: t('View your booking'), href: bookingUrl },
    }),

    passwordReset: (name: string, resetUrl: string, minutes: number): MailContent => ({
      language,
      subject: t('Reset your {shop} password', { shop: shopName }),
      preview: t('The link works once, within {minutes} minutes.', { minutes }),
      heading: t('Reset your password'),
      paragraphs: [
        hello(name),
        t(
          'Someone (we hope you) asked to reset the password of your account. Choose a new password with the button below.',
        ),
        t(
          'The link works once, within {minutes} minutes. If you did not ask for this, ignore this e-mail: your password stays as it is.',
          { minutes },
        ),
      ],
      button: { label: t('Choose a new password'), href: resetUrl },
      footnote: t('For your safety, all your sign-ins end when the password is changed.'),
    }),

    newsletterConfirm: (confirmUrl: string): MailContent => ({
      language,
      subject: t('Confirm your {shop} newsletter subscription', { shop: shopName }),
      preview: t('One click to confirm.'),
      heading: t('Please confirm your subscription'),
      paragraphs: [
        t(
          'Thank you for signing up for our newsletter. Please confirm that this is your address with the button below.',
        ),
        t('If you did not sign up, ignore this e-mail and you will hear nothing more from us.'),
      ],
      button: { label: t('Confirm my subscription'), href: confirmUrl },
    }),

    contactReply: (name: string, reply: string, original: string): MailContent => ({
      language,
      subject: t('Re: your message to {shop}', { shop: shopName }),
      preview: reply.slice(0, 90),
      heading: t('A reply from {shop}', { shop: shopName }),
      paragraphs: [
        hello(name),
        ...reply.split(/\n{2,}/),
        '—',
        t('Your message: “{message}”', { message: original }),
      ],
      footnote: t('Reply to this e-mail to write back to us.'),
    }),

    /** A donation was paid (decision 101): thanks, its receipt number and where to download the receipt. */
    donationReceived: (
      gift: { donorName: string; amount: number; cause: string; receiptNumber: string; for80g: boolean },
      receiptUrl: string,
    ): MailContent => ({
      ...giftThanks(gift),
      subject: t('Thank you for your donation: receipt {number}', { number: gift.receiptNumber }),
      paragraphs: [
        ...giftThanks(gift).paragraphs,
        gift.for80g
          ? t('Your 80G receipt {number} is ready to download.', { number: gift.receiptNumber })
          : t('Your receipt {number} is ready to download.', { number: gift.receiptNumber }),
      ],
      button: { label: t('Download your receipt'), href: receiptUrl },
      footnote: t('You received this e-mail because you made a donation with this address.'),
    }),

    /** A donation was paid while the foundation's details were incomplete: thanks now, the receipt later. */
    donationThanksReceiptLater: (
      gift: { donorName: string; amount: number; cause: string },
      pageUrl: string,
    ): MailContent => ({
      ...giftThanks(gift),
      subject: t('Thank you for your donation'),
      paragraphs: [...giftThanks(gift).paragraphs, t(setupMessages.receiptFollows)],
      button: { label: t('See your gift'), href: pageUrl },
      footnote: t('You received this e-mail because you made a donation with this address.'),
    }),
  }
}
export type MailTexts = ReturnType<typeof customerMails>

const hello = (name: string) => (name.trim() ? `Dear ${name.trim()},` : 'Hello,')

/** A staff invitation; what differs between a new address and a customer's is given in `words`. */
function invitation(
  name: string,
  inviter: string,
  role: StaffRole,
  passwordUrl: string,
  words: { preview: string; how: string; signIn: string; button: string; footnote: string },
): MailContent {
  return {
    subject: `${inviter} invited you to the ${shopName} shop console`,
    preview: words.preview,
    heading: 'Join the shop’s staff',
    paragraphs: [
      hello(name),
      `${inviter} has invited you to help run the ${shopName} shop, with the ${staffRoleLabels[role].name} role: ${lowerFirst(staffRoleLabels[role].description)}`,
      words.how,
      words.signIn,
    ],
    button: { label: words.button, href: passwordUrl },
    footnote: words.footnote,
  }
}

/** The staff's e-mails, in English like the console. */
export const mailTexts = {
  /** A new colleague: the link sets their first password (a reset link that works for days). */
  staffInvitation: (name: string, inviter: string, role: StaffRole, passwordUrl: string, days: number) =>
    invitation(name, inviter, role, passwordUrl, {
      preview: `Choose your password: the link works for ${days} days.`,
      how: `Choose your password with the button below. The link works once, within ${days} days; after that, ask ${inviter} to send you a new invitation.`,
      signIn:
        'Then sign in with this e-mail address and your password: the shop console is in your account menu.',
      button: 'Choose your password',
      footnote:
        'You received this e-mail because a member of the shop’s staff invited this address. If you did not expect it, ignore it: no password is set until you choose one.',
    }),

  /**
   * An invitation to an address that already has a customer account (decision 109): it becomes staff only
   * when its link is followed and a new password chosen.
   */
  staffInvitationForCustomer: (
    name: string,
    inviter: string,
    role: StaffRole,
    passwordUrl: string,
    days: number,
  ) =>
    invitation(name, inviter, role, passwordUrl, {
      preview: `Choose a new password to join: the link works for ${days} days.`,
      how: `This address already has a customer account. To join the staff, choose a new password for it with the button below: your present password stops working, and your orders and addresses stay in the account. The link works once, within ${days} days.`,
      signIn:
        'Then sign in with this e-mail address and the new password: the shop console is in your account menu.',
      button: 'Choose a new password and join',
      footnote:
        'You received this e-mail because a member of the shop’s staff invited this address. If you did not expect it, ignore it: your account stays as it is.',
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

  staffReturnRequested: (r: ReturnFacts, reason: string, consoleUrl: string): MailContent => ({
    subject: `Return ${r.returnNumber} asked for order ${r.orderNumber}`,
    preview: `${r.customerName}: ${reason}`,
    heading: 'A customer asks to return pieces',
    paragraphs: [
      r.exchange
        ? `${r.customerName} asks to exchange ${r.pieces.map((p) => `${p.title} × ${p.quantity}`).join(', ')} from order ${r.orderNumber} (${reason}) for ${listed(r.exchange.instead)}${r.exchange.due > 0 ? `, paying ${money(r.exchange.due)} more` : r.amount > 0 ? `, ${money(r.amount)} back` : ''}.`
        : `${r.customerName} asks to return ${r.pieces.map((p) => `${p.title} × ${p.quantity}`).join(', ')} from order ${r.orderNumber} (${reason}), for ${money(r.amount)}.`,
    ],
    button: { label: 'Open it in the console', href: consoleUrl },
  }),

  /** A customer paid an exchange's difference (decision 140): the replacement can be sent. */
  staffExchangePaid: (r: { returnNumber: string; amount: number }, consoleUrl: string): MailContent => ({
    subject: `Return ${r.returnNumber}: the exchange is paid`,
    preview: `${money(r.amount)} received.`,
    heading: 'An exchange is paid for',
    paragraphs: [
      `The customer paid ${money(r.amount)} for exchange ${r.returnNumber}: its replacement can be sent.`,
    ],
    button: { label: 'Open it in the console', href: consoleUrl },
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

export { mailAnswers } from '../../../contracts/mail-text.ts'
