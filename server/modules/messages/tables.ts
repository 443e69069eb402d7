import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { createdAt, id, updatedAt } from '../../db/columns.ts'
import { users } from '../accounts/tables.ts'
import { mailOutbox } from '../mail/tables.ts'

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: id(),
    kind: text('kind', { enum: ['contact', 'newsletter'] }).notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phone: text('phone'),
    email: text('email').notNull(),
    message: text('message'),
    status: text('status').notNull().default('new'),
    // Newsletter double opt-in: the hash of the confirmation token, and when the link was followed.
    confirmTokenHash: text('confirm_token_hash'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    // The one-click unsubscribe link's token (kept as is: it is in every newsletter sent).
    unsubscribeToken: text('unsubscribe_token'),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    // The language the visitor wrote in: the reply's e-mail is framed in it.
    language: text('language').notNull().default('en'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // The dashboard's count of new Contact Us messages, among many newsletter sign-ups.
  (t) => [index('contact_messages_kind_status_idx').on(t.kind, t.status)],
)

/** Staff answers to a Contact Us message, each sent as an e-mail (the outbox row it became). */
export const contactReplies = pgTable(
  'contact_replies',
  {
    id: id(),
    messageId: text('message_id')
      .notNull()
      .references(() => contactMessages.id, { onDelete: 'cascade' }),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    outboxId: text('outbox_id').references(() => mailOutbox.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('contact_replies_message_idx').on(t.messageId, t.createdAt)],
)
