import { z } from 'zod'
import { registerBody } from './accounts.ts'

/** Password recovery, the console's outbox and the shop's mail settings (docs/decisions/070–072). */

export const forgotPasswordBody = z.object({
  email: z.string().trim().min(1, 'is required').max(254, 'must be at most 254 characters'),
})

export const resetPasswordBody = z.object({
  token: z.string().trim().min(1, 'is required').max(200, 'must be at most 200 characters'),
  // The same rule as registration.
  password: registerBody.shape.password,
})

export const confirmEmailBody = z.object({
  token: z.string().trim().min(1, 'is required').max(200, 'must be at most 200 characters'),
})

export const outboxStatuses = ['queued', 'sending', 'sent', 'failed', 'kept'] as const

/**
 * Account mails (decision 109): they carry a way into an account (a reset, invitation or confirmation link,
 * a code). Staff see them with their links hidden, and only owners see them at all.
 */
export const accountMailKinds = [
  'account.welcome',
  'account.password-reset',
  'account.confirm-email',
  'staff.invitation',
  'newsletter.confirm',
] as const
export const isAccountMail = (kind: string) => (accountMailKinds as readonly string[]).includes(kind)

export const outboxListQuery = z.object({
  status: z.enum(outboxStatuses).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
})

export const mailSettingsBody = z.object({
  notificationEmail: z
    .string()
    .trim()
    .max(254, 'must be at most 254 characters')
    .refine((v) => v === '' || z.email().safeParse(v).success, { message: 'must be a valid e-mail address' }),
  lowStockThreshold: z.coerce.number().int().min(0, 'must be 0 or more').max(10_000, 'must be at most 10000'),
})

export const contactReplyBody = z.object({
  body: z.string().trim().min(1, 'Please write your reply.').max(10_000, 'must be at most 10000 characters'),
})

const when = z.string().meta({ format: 'date-time' })

/** What the console shows of an outbox message. */
export const outboxItemSchema = z.object({
  _id: z.string(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(outboxStatuses),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: when,
  sentAt: when.nullable(),
  createdAt: when,
  /** An account mail: its links are hidden here, and only owners see it. */
  accountMail: z.boolean(),
})
export type OutboxItem = z.infer<typeof outboxItemSchema>

/** A page of the outbox, and whether e-mails leave the machine (SMTP_URL set) or are only kept. */
export const outboxPageSchema = z.object({
  items: z.array(outboxItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  pages: z.number().int(),
  sending: z.boolean(),
})
export type OutboxPage = z.infer<typeof outboxPageSchema>

/** One e-mail as its recipient gets it. */
export const outboxMailSchema = outboxItemSchema.extend({
  replyTo: z.string().nullable(),
  messageId: z.string(),
  html: z.string(),
  text: z.string(),
  headers: z.record(z.string(), z.string()),
})
export type OutboxMail = z.infer<typeof outboxMailSchema>

export const mailSettingsSchema = z.object({
  notificationEmail: z.string().meta({ description: 'Where staff e-mails go; empty: none are sent' }),
  lowStockThreshold: z.number().int(),
})
export type MailSettings = z.infer<typeof mailSettingsSchema>
