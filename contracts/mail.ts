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

export const outboxStatuses = ['queued', 'sending', 'sent', 'failed', 'kept'] as const

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

/** What the console shows of an outbox message. */
export type OutboxItem = {
  _id: string
  kind: string
  to: string
  subject: string
  status: (typeof outboxStatuses)[number]
  attempts: number
  lastError: string | null
  nextAttemptAt: string
  sentAt: string | null
  createdAt: string
}
