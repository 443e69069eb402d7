import { z } from 'zod'
import { msg } from './languages.ts'
import { type ReturnReason, returnReasons } from './return-rules.ts'
import { returnRuleSchema } from './returns.ts'

/**
 * A customer's return request (decision 138): lines of a delivered order and how many of each, a reason, the
 * customer's photos and what they want back; staff approve or reject it, receive and inspect what came back,
 * and refund it. The shapes the storefront and the console share.
 */

/** Where a request stands. */
export const returnStatuses = [
  'requested',
  'approved',
  'rejected',
  'received',
  'refunded',
  'exchanged',
] as const
export type ReturnStatus = (typeof returnStatuses)[number]

/** What the customer wants instead of the piece: money back, store credit, or another variant of it. */
export const returnResolutions = ['refund', 'credit', 'exchange'] as const
export type ReturnResolution = (typeof returnResolutions)[number]

/** How the parcel comes back: a courier collects it, or the customer sends it. */
export const returnMethods = ['pickup', 'send'] as const
export type ReturnMethod = (typeof returnMethods)[number]

/** Reasons that need the customer's photos: the damage or the wrong piece is seen before staff approve. */
export const photoReasons: readonly ReturnReason[] = ['damaged', 'wrong-item']
export const returnPhotoLimit = 3

/** An Indian bank branch code: four letters, a zero, six letters or digits. */
export const ifscPattern = /^[A-Z]{4}0[A-Z0-9]{6}$/
/** A UPI ID: a name, an @ and the bank's handle. */
export const upiPattern = /^[a-z0-9._-]{2,64}@[a-z][a-z0-9]{1,63}$/

export const returnText = {
  status: {
    requested: msg('Return requested'),
    approved: msg('Return approved'),
    rejected: msg('Return not accepted'),
    received: msg('Return received'),
    refunded: msg('Refunded'),
    exchanged: msg('Replacement sent'),
  } satisfies Record<ReturnStatus, string>,
  reason: {
    damaged: msg('Arrived damaged'),
    'wrong-item': msg('Wrong item sent'),
    'not-as-described': msg('Not as described'),
    size: msg('Does not fit'),
    'changed-mind': msg('Changed my mind'),
  } satisfies Record<ReturnReason, string>,
  resolution: {
    refund: msg('Refund to the way I paid'),
    credit: msg('Store credit to spend in the shop'),
    exchange: msg('Exchange it for another size or colour'),
  } satisfies Record<ReturnResolution, string>,
  resolutionQuestion: msg('What would you like?'),
  refundPending: msg('Refund of {amount} on its way'),
  refundedTo: {
    source: msg('Refunded {amount} to the way you paid'),
    upi: msg('Refunded {amount} to UPI ID {upi}'),
    bank: msg('Refunded {amount} to the bank account ending {last4}'),
    credit: msg('Added {amount} to your store credit'),
  },
  askReturn: msg('Return or replace items'),
  requested: msg('Return {number} requested. We will reply within two working days.'),
  notDelivered: msg('Only a delivered order can be returned.'),
  windowOver: msg('The return window for this order closed on {date}.'),
  notReturnable: msg(
    '{title} is not returnable. If it arrived damaged, wrong or not as described, choose that reason.',
  ),
  tooMany: msg('You can return at most {count} of {title}.'),
  noLines: msg('Choose at least one item to return.'),
  notInOrder: msg('That item is not in this order.'),
  photosNeeded: msg('Add at least one photo showing the problem.'),
  tooManyPhotos: msg('Add at most three photos.'),
  refundToNeeded: msg('Tell us where to send your refund: a UPI ID or a bank account.'),
  badIfsc: msg('Enter the branch IFSC code: 11 characters such as SBIN0001234.'),
  badUpi: msg('Enter a UPI ID such as name@okhdfc.'),
  badAccount: msg('Enter the account number: 9 to 18 digits.'),
  notFound: msg('Return not found.'),
  sendBack: msg('Please send the parcel to the address below and keep the receipt.'),
  pickupBooked: msg('A courier will collect the parcel: {courier}, tracking number {awb}.'),
  exchangeFor: msg('Instead, send me'),
  exchangeChoose: msg('Choose what you would like instead of {title}.'),
  exchangeNotOffered: msg('{title} cannot be exchanged. Choose a refund or store credit.'),
  exchangeOtherProduct: msg('Choose one of the options of {title}: an exchange is for the same piece.'),
  exchangeWithAddons: msg(
    '{title} was made or finished for you, so it cannot be exchanged. Choose a refund.',
  ),
  exchangeShort: msg('Only {count} of {title} can be sent now. Choose another option, or a refund.'),
  exchangeSame: msg('The same again'),
  exchangeDue: msg('The exchange costs {amount} more: you pay it once we approve it.'),
  exchangeBack: msg('{amount} comes back to you: the new choice costs less.'),
  exchangeEven: msg('Same price: nothing to pay.'),
  exchangePay: msg('Pay {amount} for the exchange'),
  exchangePaid: msg('You paid {amount} for the exchange.'),
  exchangeWaitingPay: msg('Waiting for the customer to pay {amount}'),
  exchangeNothingDue: msg('There is nothing to pay for this exchange now.'),
  replacementSent: msg('Your replacement is on its way: {courier}, tracking number {awb}.'),
  replacementNotYet: msg('The replacement is sent once the difference is paid.'),
  replacementAlreadySent: msg('The replacement has already been sent.'),
  replacementAfterSend: msg('Send the replacement first; then refund the difference.'),
} as const

/** Where a cash-on-delivery order's refund is sent: a UPI ID, or a bank account checked by its IFSC. */
export const refundToSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('upi'),
    upi: z.string().trim().toLowerCase().regex(upiPattern, returnText.badUpi),
  }),
  z.object({
    kind: z.literal('bank'),
    accountName: z.string().trim().min(2, 'Enter the account holder’s name').max(100),
    accountNumber: z
      .string()
      .trim()
      .regex(/^\d{9,18}$/, returnText.badAccount),
    ifsc: z.string().trim().toUpperCase().regex(ifscPattern, returnText.badIfsc),
  }),
])
export type RefundTo = z.infer<typeof refundToSchema>

/** POST /api/v1/returns: JSON, or a multipart form with this as its `request` field and up to three `photo` files. */
export const returnRequestBody = z.object({
  orderId: z.string().trim().min(1).max(64),
  lines: z
    .array(
      z.object({
        itemId: z.string().trim().min(1).max(64).meta({ description: "The order line's id (`items[]._id`)" }),
        quantity: z.number().int().min(1).max(1000),
        exchangeFor: z.string().trim().min(1).max(64).optional().meta({
          description:
            'For an exchange: the variant wanted instead (`exchangeTo[].variantId` of the options)',
        }),
      }),
    )
    .min(1, returnText.noLines)
    .max(100),
  reason: z.enum(returnReasons, 'Choose why you are returning it'),
  description: z.string().trim().max(1000).default(''),
  resolution: z.enum(returnResolutions).default('refund'),
  refundTo: refundToSchema
    .optional()
    .meta({ description: 'Required for a cash-on-delivery order refunded as money (not as store credit)' }),
})
export type ReturnRequestInput = z.input<typeof returnRequestBody>

export const returnLineSchema = z.object({
  itemId: z.string(),
  productId: z.string(),
  title: z.string(),
  variantTitle: z.string().nullable(),
  image: z.string().nullable(),
  quantity: z.number().int(),
  /** What this line refunds, paise: its price and add-ons after the coupon's share, before any fee. */
  amount: z.number().int(),
  /** The rule it was judged by, as it stood when the request was made. */
  rule: returnRuleSchema,
  /** For an exchange: the variant sent instead and its price per piece (paise), as agreed on the request. */
  exchange: z.object({ variantId: z.string(), variantTitle: z.string(), price: z.number().int() }).nullable(),
})

export const returnEventSchema = z.object({
  status: z.enum(returnStatuses),
  at: z.string(),
  note: z.string().nullable(),
})

export const returnRefundSchema = z.object({
  /** Pending until the money has gone; then where it went and its reference. */
  state: z.enum(['pending', 'refunded']),
  /** Where the money goes; 'credit' when all of it is store credit. */
  to: z.enum(['source', 'upi', 'bank', 'credit']),
  amount: z.number().int(),
  /** Paise of it added to the customer's store credit (decision 139): all of it, or what an order paid with credit. */
  credit: z.number().int(),
  reference: z.string().nullable(),
  at: z.string().nullable(),
})

/**
 * An exchange's settling (decision 140): what the customer pays for a dearer choice (`due`, paid once staff
 * approve it) and the replacement parcel, booked with the courier as a shipment of the same order.
 */
export const returnExchangeSchema = z.object({
  /** Paise the customer pays for the new choice; 0 when it costs the same or less (the rest is refunded). */
  due: z.number().int(),
  paid: z.boolean(),
  /** Paise given back for a cheaper choice (the request's refund). */
  back: z.number().int(),
  replacement: z
    .object({
      awb: z.string().nullable(),
      courier: z.string().nullable(),
      trackingUrl: z.string().nullable(),
      at: z.string(),
    })
    .nullable(),
  /** The tax invoice of the pieces sent instead. */
  invoice: z.string().nullable(),
})

/** A return request as its customer reads it. */
export const returnSchema = z.object({
  _id: z.string(),
  number: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  status: z.enum(returnStatuses),
  reason: z.enum(returnReasons),
  description: z.string(),
  resolution: z.enum(returnResolutions),
  photos: z.array(z.string()),
  lines: z.array(returnLineSchema),
  /** The goods' amount, the restocking fee kept, the shipping and COD fee given back, and the refund. */
  goodsAmount: z.number().int(),
  restockingFee: z.number().int(),
  chargesRefunded: z.number().int(),
  refundAmount: z.number().int(),
  /** A COD order's refund destination, masked: 'UPI ab***@okhdfc' or 'Bank ••••1234 (SBIN0001234)'. */
  refundTo: z.string().nullable(),
  method: z.enum(returnMethods).nullable(),
  pickup: z
    .object({
      awb: z.string().nullable(),
      courier: z.string().nullable(),
      trackingUrl: z.string().nullable(),
    })
    .nullable(),
  /** Where the customer sends the parcel when staff asked them to: the shop's address. */
  sendTo: z.string().nullable(),
  rejectReason: z.string().nullable(),
  refund: returnRefundSchema.nullable(),
  creditNote: z.string().nullable(),
  /** Null unless the customer asked for an exchange. */
  exchange: returnExchangeSchema.nullable(),
  events: z.array(returnEventSchema),
  createdAt: z.string(),
})
export type ReturnView = z.infer<typeof returnSchema>

/** What the console adds: the customer, the inspection, the full refund destination for staff to pay. */
export const adminReturnSchema = returnSchema.extend({
  customer: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  paymentMethod: z.string(),
  refundDestination: refundToSchema.nullable(),
  inspection: z
    .object({ note: z.string(), resaleable: z.boolean(), photos: z.array(z.string()), at: z.string() })
    .nullable(),
})
export type AdminReturnView = z.infer<typeof adminReturnSchema>

export const adminReturnsQuery = z.object({
  /** 'open': requested, approved and received ones, the queue staff act on. */
  status: z.enum(['open', ...returnStatuses]).default('open'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
})

export const adminReturnsPageSchema = z.object({
  returns: z.array(adminReturnSchema),
  total: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
})

export const approveReturnBody = z.object({
  /** 'pickup' books a reverse pickup with the courier; 'send' asks the customer to send it. */
  method: z.enum(returnMethods),
  note: z.string().trim().max(500).default(''),
})
export const rejectReturnBody = z.object({
  reason: z.string().trim().min(5, 'Say why, in a sentence the customer will read.').max(500),
})
/** Received and inspected: the console's multipart form has this as `request` and up to three `photo` files. */
export const receiveReturnBody = z.object({
  resaleable: z.boolean(),
  note: z.string().trim().max(1000).default(''),
})
/** A COD refund paid by staff by UPI or bank transfer: its reference (UTR). */
export const recordRefundBody = z.object({
  reference: z.string().trim().min(4, 'Enter the transfer’s reference (UTR).').max(60),
})

/** GET /api/v1/returns/options?orderId=: what of a delivered order can still be returned, and until when. */
export const returnOptionsSchema = z.object({
  orderId: z.string(),
  /** When the order was delivered and when its window closes (the longest of its lines'); null: not delivered. */
  deliveredAt: z.string().nullable(),
  windowEndsAt: z.string().nullable(),
  /** A cash-on-delivery order: the refund needs a UPI ID or a bank account. */
  needsRefundTo: z.boolean(),
  lines: z.array(
    z.object({
      itemId: z.string(),
      title: z.string(),
      /** The variant ordered, when the product has options. */
      variantId: z.string().nullable(),
      variantTitle: z.string().nullable(),
      image: z.string().nullable(),
      ordered: z.number().int(),
      /** Pieces not yet in a request (rejected requests give theirs back). */
      available: z.number().int(),
      rule: returnRuleSchema,
      /** Whether its window is still open; a non-returnable piece may still come back for a fault. */
      open: z.boolean(),
      /** Paise per piece the customer paid before the coupon: an exchange's difference is counted from it. */
      price: z.number().int(),
      /**
       * What it may be exchanged for (decision 140): the product's variants, this one included, with their price
       * per piece now (paise) and whether one is in stock; empty when its rule offers no exchange.
       */
      exchangeTo: z.array(
        z.object({
          variantId: z.string(),
          title: z.string(),
          price: z.number().int(),
          available: z.number().int(),
        }),
      ),
    }),
  ),
})
export type ReturnOptions = z.infer<typeof returnOptionsSchema>
