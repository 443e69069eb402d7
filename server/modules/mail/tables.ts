import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { createdAt, id, updatedAt } from '../../db/columns.ts'

/**
 * Every e-mail the shop writes, stored in the transaction of the event that causes it (docs/decisions/070).
 * Status: queued (to send), sending (claimed until `claimed_until`), sent, failed (gave up), kept (no SMTP
 * configured: it stays here for the console).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    // An account mail's live HTML and text, sealed with the shop's key (decision 109): `html` and `text`
    // above hold the copy staff may read, its links redacted. Cleared once the message is sent.
    sealed: text('sealed'),
    // Stable across retries, so a resend after a crash is recognisable as the same message.
    messageId: text('message_id').notNull(),
    status: text('status', { enum: ['queued', 'sending', 'sent', 'failed', 'kept'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    // What a mail sent later is about ('order:<id>'): it is withdrawn if that changes before it is due
    // (an 'awaiting payment' mail of an order paid in the meantime is never sent).
    regarding: text('regarding'),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('mail_outbox_created_idx').on(t.createdAt),
    index('mail_outbox_regarding_idx').on(t.regarding),
  ],
)
