import { z } from 'zod'
import { msg } from './languages.ts'

/**
 * Messages to phones (docs/decisions/141): WhatsApp and SMS through a messaging provider, each written to
 * the message outbox in the transaction of its event, as e-mails are (decision 070).
 */

export const messageChannels = ['whatsapp', 'sms'] as const
/** Every channel a message to a customer can go by besides e-mail: web push is a channel of its own. */
export const phoneChannels = ['whatsapp', 'sms', 'push'] as const
export type PhoneChannel = (typeof phoneChannels)[number]
export type MessageChannel = (typeof messageChannels)[number]

/** Where a message stands in the outbox: to send, being sent, sent (handed to the provider), or given up. */
export const messageStatuses = ['queued', 'sending', 'sent', 'failed'] as const
export type MessageStatus = (typeof messageStatuses)[number]

/** What the provider later says became of a sent message (its status callbacks). */
export const deliveryStatuses = ['sent', 'delivered', 'read', 'failed'] as const
export type DeliveryStatus = (typeof deliveryStatuses)[number]

/**
 * The shop's message templates. A provider knows each by its own registered name (WhatsApp's approved
 * template, MSG91's flow and its DLT template id); `params` are filled in this order.
 */
export const messageTemplates = {
  /** A sign-in code: WhatsApp's authentication category, with its copy-code button. */
  'sign-in-code': { category: 'authentication', params: ['code'] },
  // Order updates (docs/decisions/143): WhatsApp's utility category; the link is the order's page.
  'order-placed': { category: 'utility', params: ['name', 'orderNumber', 'total', 'link'] },
  /** A cash-on-delivery order asks to be confirmed (or cancelled) before it is sent: the link does both. */
  'order-cod-confirm': { category: 'utility', params: ['name', 'orderNumber', 'total', 'link'] },
  'order-paid': { category: 'utility', params: ['name', 'orderNumber', 'total', 'link'] },
  'order-shipped': { category: 'utility', params: ['name', 'orderNumber', 'tracking', 'link'] },
  'order-out-for-delivery': { category: 'utility', params: ['name', 'orderNumber', 'link'] },
  'order-delivered': { category: 'utility', params: ['name', 'orderNumber', 'link'] },
  /** The courier could not deliver: the link opens the order, where the address and number are put right. */
  'order-delivery-failed': { category: 'utility', params: ['name', 'orderNumber', 'link'] },
  'seva-confirmed': { category: 'utility', params: ['name', 'seva', 'date', 'link'] },
  'seva-performed': { category: 'utility', params: ['name', 'seva', 'date', 'link'] },
  'donation-receipt': { category: 'utility', params: ['name', 'amount', 'receiptNumber', 'link'] },
} as const
export type MessageTemplate = keyof typeof messageTemplates

/** Messages that carry a way into an account (a code): only owners see them, and never their code once sent. */
export const accountMessageKinds = ['account.sign-in-code', 'account.link-phone-code'] as const
export const isAccountMessage = (kind: string) => (accountMessageKinds as readonly string[]).includes(kind)

/**
 * An Indian mobile number as the shop keeps it: +91 and ten digits, the first 6–9. A customer may type
 * spaces, dashes, a leading 0, 91 or +91.
 */
export function normalisePhone(input: string): string | null {
  const digits = input.replace(/[\s\-().]/g, '')
  const m = /^(?:\+91|0091|91|0)?([6-9]\d{9})$/.exec(digits)
  return m ? `+91${m[1]}` : null
}

/** A kept number as people read it: '+91 98765 43210'. */
export const formatPhone = (phone: string) =>
  /^\+91\d{10}$/.test(phone) ? `+91 ${phone.slice(3, 8)} ${phone.slice(8)}` : phone

/** The number with all but its last four digits hidden, for answers and the console: '+91 ••••• •3210'. */
export const maskPhone = (phone: string) =>
  /^\+91\d{10}$/.test(phone) ? `+91 ••••• •${phone.slice(9)}` : '••••'

export const phoneField = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(20, 'must be at most 20 characters')
  .refine((v) => normalisePhone(v) !== null, { message: 'must be a 10-digit Indian mobile number' })
  .transform((v) => normalisePhone(v)!)

export const messageListQuery = z.object({
  status: z.enum(messageStatuses).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
})

const when = z.string().meta({ format: 'date-time' })

/** What the console shows of a WhatsApp or SMS message. */
export const messageItemSchema = z.object({
  _id: z.string(),
  channel: z.enum(phoneChannels),
  kind: z.string(),
  to: z.string(),
  template: z.string(),
  language: z.string(),
  text: z.string(),
  provider: z.string(),
  status: z.enum(messageStatuses),
  delivery: z.enum(deliveryStatuses).nullable(),
  deliveryError: z.string().nullable(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: when,
  sentAt: when.nullable(),
  deliveredAt: when.nullable(),
  createdAt: when,
  accountMessage: z.boolean(),
})
export type MessageItem = z.infer<typeof messageItemSchema>

// Sign-in with a mobile number (decision 141).

/** A code's life and its limits: what the answers and the form say. */
export const phoneCodeRules = {
  digits: 6,
  validSeconds: 300,
  tries: 5,
  resendAfterSeconds: 30,
} as const

const codeChannel = z.enum(messageChannels).default('whatsapp')

export const otpRequestBody = z.object({
  phone: phoneField,
  /** How the code goes: WhatsApp (the default) or SMS. */
  channel: codeChannel,
})

export const otpVerifyBody = z.object({
  phone: phoneField,
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'must be the 6 digits of the code'),
  /** Asked only for a number no account has yet: the new account's name. */
  fullName: z.string().trim().max(100, 'must be at most 100 characters').optional(),
  /** Optional for a new account: it is confirmed by its link, as at sign-up. */
  email: z
    .string()
    .trim()
    .max(254, 'must be at most 254 characters')
    .refine((v) => v === '' || z.email().safeParse(v).success, { message: 'must be a valid e-mail address' })
    .optional(),
})

export const linkPhoneVerifyBody = otpVerifyBody.pick({ phone: true, code: true })

/** What a code request answers, the same for every number. */
export const otpRequestData = z.object({
  to: z.string().meta({ description: 'The number, all but its last four digits hidden' }),
  channel: z.enum(messageChannels),
  expiresIn: z.number().int().meta({ description: 'Seconds the code is valid' }),
  resendAfter: z.number().int().meta({ description: 'Seconds before another code may be asked for' }),
})
export type OtpRequestData = z.infer<typeof otpRequestData>

/** The refusal of a right code for a number no account has, without a name: the form asks for it. */
export const NAME_NEEDED = msg('Tell us your name to create your account.')

/** A page of one channel's outbox, and the provider it goes through ('sandbox': nothing leaves the machine). */
export const messagePageSchema = z.object({
  channel: z.enum(phoneChannels),
  items: z.array(messageItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  pages: z.number().int(),
  provider: z.string(),
})
export type MessagePage = z.infer<typeof messagePageSchema>

/** The console's Outbox shows e-mails and each phone channel (`GET /admin/outbox?channel=`). */
export const outboxChannels = ['email', ...phoneChannels] as const
export type OutboxChannel = (typeof outboxChannels)[number]

// Order updates where people read them (docs/decisions/143).

/** The channels a customer chooses for order updates; push is chosen on the device, by its own permission. */
export const updateChannels = ['email', 'whatsapp', 'sms'] as const
export type UpdateChannel = (typeof updateChannels)[number]
/** Each channel's name as the checkout and Settings show it. */
export const channelNames = {
  email: msg('E-mail'),
  whatsapp: msg('WhatsApp'),
  sms: msg('SMS'),
} as const satisfies Record<UpdateChannel, string>

/** Where a choice was made: at the checkout, in Settings, or from a message's own link. */
export const consentSources = ['checkout', 'settings', 'link'] as const
export type ConsentSource = (typeof consentSources)[number]

const channelChoice = z.object({
  on: z.boolean(),
  /** When the customer last chose (null: never chose; e-mail is then on, WhatsApp and SMS off). */
  since: when.nullable(),
  /** The number WhatsApp or SMS updates go to (null for e-mail). */
  phone: z.string().nullable(),
})

/** The customer's choices now, as Settings shows them. */
export const orderUpdatesSchema = z.object({
  email: channelChoice,
  whatsapp: channelChoice,
  sms: channelChoice,
  /** The number a new WhatsApp or SMS choice would use: the account's own, or the one last chosen. */
  phone: z.string().nullable(),
})
export type OrderUpdates = z.infer<typeof orderUpdatesSchema>

/** A change of choices in Settings; `phone` is the number for WhatsApp and SMS when the account has none. */
export const orderUpdatesBody = z
  .object({
    email: z.boolean().optional(),
    whatsapp: z.boolean().optional(),
    sms: z.boolean().optional(),
    phone: phoneField.optional(),
  })
  .refine((v) => v.email !== undefined || v.whatsapp !== undefined || v.sms !== undefined, {
    message: 'Say which channel to turn on or off (email, whatsapp or sms).',
  })

/** The channels a checkout may turn on for the order's phone (the delivery number). */
export const checkoutUpdatesField = z
  .array(z.enum(['whatsapp', 'sms']))
  .max(2)
  .optional()
  .meta({
    description:
      "Order updates by WhatsApp or SMS to the delivery number, chosen at checkout (decision 143): recorded as the customer's choice",
  })

export const orderUpdateAnswers = {
  needsPhone: msg('Add your mobile number to get updates by WhatsApp or SMS.'),
  notMobile: msg('WhatsApp and SMS updates need a 10-digit mobile number starting with 6, 7, 8 or 9.'),
}

// A cash-on-delivery order confirmed or cancelled from the link in its message (decision 143).

export const codConfirmationSchema = z.object({
  orderID: z.string(),
  orderNumber: z.string(),
  totalAmount: z.number().meta({ description: 'Rupees to pay the courier' }),
  items: z.number().int().meta({ description: 'How many pieces' }),
  status: z.string(),
  confirmedAt: when.nullable(),
  /** Whether the order may still be confirmed or cancelled (not yet sent, not cancelled). */
  open: z.boolean(),
})
export type CodConfirmation = z.infer<typeof codConfirmationSchema>

export const codConfirmBody = z.object({ answer: z.enum(['confirm', 'cancel']) })

export const codConfirmAnswers = {
  badLink: msg('This link is not right or has been changed. Open the order from your account instead.'),
  confirmed: msg('Thank you: your order is confirmed. We will pack it and send it soon.'),
  cancelled: msg('Your order is cancelled. Nothing is sent and you pay nothing.'),
  tooLate: msg('This order is already on its way or finished, so it cannot be changed here.'),
}
