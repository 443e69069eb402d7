import { z } from 'zod'
import { pageOf } from './admin.ts'

/** What the console's message operations answer (/api/v1/admin/messages…). */

const when = z.string().meta({ format: 'date-time' })
const status = z.enum(['new', 'read'])

/** A Contact Us message or a newsletter sign-up. */
export const adminMessageItemSchema = z.object({
  _id: z.string(),
  kind: z.enum(['contact', 'newsletter']),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string(),
  message: z.string().nullable(),
  status,
  confirmed: z.boolean().nullable().meta({
    description: 'A sign-up: whether its owner followed the e-mailed link (decision 073); null for a message',
  }),
  createdAt: when,
})
export type AdminMessageItem = z.infer<typeof adminMessageItemSchema>

export const adminMessagePageSchema = pageOf(adminMessageItemSchema)
export type AdminMessagePage = z.infer<typeof adminMessagePageSchema>

export const messageStatusAnswerSchema = z.object({ _id: z.string(), status })

/** A Contact Us message with every answer staff sent, oldest first. */
export const messageThreadSchema = z.object({
  _id: z.string(),
  email: z.string(),
  name: z.string(),
  message: z.string(),
  createdAt: when,
  replies: z.array(
    z.object({
      _id: z.string(),
      body: z.string(),
      author: z.string(),
      createdAt: when,
      outboxId: z.string().nullable(),
      mailStatus: z
        .string()
        .nullable()
        .meta({ description: 'The outbox status of the e-mail that carried it' }),
    }),
  ),
})
export type MessageThread = z.infer<typeof messageThreadSchema>
