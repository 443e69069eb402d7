import { sql } from 'drizzle-orm'
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, id, updatedAt } from '../../db/columns.ts'

/**
 * Every WhatsApp and SMS message the shop writes, stored in the transaction of the event that causes it
 * (docs/decisions/141), as e-mails are (decision 070). Status: queued (to send), sending (claimed until
 * `claimed_until`), sent (the provider took it), failed (gave up, or the shop stopped while it was being
 * handed over: it is never handed over twice on its own). `delivery` is what the provider reported later.
 */
export const messageOutbox = pgTable(
  'message_outbox',
  {
    id: id(),
    channel: text('channel', { enum: ['whatsapp', 'sms', 'push'] }).notNull(),
    kind: text('kind').notNull(),
    // The account it is for, when there is one (the console shows whose it is).
    userId: text('user_id'),
    toPhone: text('to_phone').notNull(),
    template: text('template').notNull(),
    language: text('language').notNull(),
    // The parameters and text as staff may read them: a code is hidden (decision 109's rule for mails).
    params: jsonb('params').$type<string[]>().notNull(),
    text: text('text').notNull(),
    // The live parameters and text, sealed with the shop's key, when they carry a code; cleared once sent
    // to a real provider (the sandbox's Outbox is the phone, so owners read its codes there).
    sealed: text('sealed'),
    provider: text('provider').notNull(),
    status: text('status', { enum: ['queued', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    // A message worth nothing after a time (a sign-in code): not tried again once it has passed.
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    providerMessageId: text('provider_message_id'),
    delivery: text('delivery', { enum: ['sent', 'delivered', 'read', 'failed'] }),
    deliveryError: text('delivery_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    // What a message is about ('order:<id>'), for the console and for withdrawing one no longer true.
    regarding: text('regarding'),
    // The shop's page the message is about (an order's page): a push notification opens it when tapped.
    link: text('link'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('message_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('message_outbox_channel_idx').on(t.channel, t.createdAt),
    uniqueIndex('message_outbox_provider_id_idx')
      .on(t.provider, t.providerMessageId)
      .where(sql`${t.providerMessageId} is not null`),
  ],
)

/**
 * Which channels a customer lets the shop use for order updates (docs/decisions/143), as a history: every
 * choice is a row with its time and where it was made; the latest row per channel is the choice now. No row
 * for e-mail means yes (the spec's order e-mails); no row for WhatsApp, SMS or push means no.
 */
export const contactConsents = pgTable(
  'contact_consents',
  {
    id: id(),
    userId: text('user_id').notNull(),
    channel: text('channel', { enum: ['email', 'whatsapp', 'sms', 'push'] }).notNull(),
    granted: boolean('granted').notNull(),
    // The number a WhatsApp or SMS consent was given for (+91 and ten digits).
    phone: text('phone'),
    // Where it was given or withdrawn: 'checkout', 'settings', 'order' (the order page), 'link'.
    source: text('source').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('contact_consents_user_idx').on(t.userId, t.channel, t.createdAt)],
)
