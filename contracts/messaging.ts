import { z } from 'zod'
import { msg } from './languages.ts'

/**
 * Messages to phones (docs/decisions/141): WhatsApp and SMS through a messaging provider, each written to
 * the message outbox in the transaction of its event, as e-mails are (decision 070).
 */

export const messageChannels = ['whatsapp', 'sms'] as const
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
  channel: z.enum(messageChannels),
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
  channel: z.enum(messageChannels),
  items: z.array(messageItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  pages: z.number().int(),
  provider: z.string(),
})
export type MessagePage = z.infer<typeof messagePageSchema>

/** The console's Outbox shows e-mails and each phone channel (`GET /admin/outbox?channel=`). */
export const outboxChannels = ['email', ...messageChannels] as const
export type OutboxChannel = (typeof outboxChannels)[number]
