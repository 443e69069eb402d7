import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, id } from '../../db/columns.ts'

/**
 * A browser's web push subscription (docs/decisions/144): where the browser's push service takes a
 * customer's order updates, with the keys their payload is encrypted for. One account may have several
 * (a phone and a laptop); a subscription the push service calls gone (404/410) is ended.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: id(),
    userId: text('user_id').notNull(),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    // A short label the customer recognises in Settings ('Chrome on Android'), never the full user agent.
    device: text('device').notNull().default(''),
    createdAt: createdAt(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
)
