import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, id, updatedAt } from '../../db/columns.ts'
import { users } from '../accounts/tables.ts'
import { products } from '../catalogue/tables.ts'
import { orders } from '../orders/tables.ts'

/** A customer's rating and words on a product they received (decision 096); one per customer and product. */
export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // The delivered order that made the customer a verified buyer.
    orderId: text('order_id').references(() => orders.id, { onDelete: 'set null' }),
    rating: integer('rating').notNull(),
    body: text('body').notNull(),
    // Up to three picture base URLs (`/uploads/reviews/<name>`, sizes per contracts/images.ts).
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    status: text('status', { enum: ['pending', 'published', 'hidden'] })
      .notNull()
      .default('pending'),
    hideReason: text('hide_reason'),
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    helpfulCount: integer('helpful_count').notNull().default(0),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('reviews_product_user_idx').on(t.productId, t.userId),
    // The product page: published reviews newest first, or most helpful first.
    index('reviews_product_newest_idx').on(t.productId, t.status, t.createdAt),
    index('reviews_product_helpful_idx').on(t.productId, t.status, t.helpfulCount),
    // The console: pending first, newest first, and a customer's own reviews.
    index('reviews_status_idx').on(t.status, t.createdAt),
    index('reviews_user_idx').on(t.userId),
  ],
)

/** 'Helpful' marks: one per customer per review. */
export const reviewHelpfulVotes = pgTable(
  'review_helpful_votes',
  {
    reviewId: text('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.reviewId, t.userId] }),
    index('review_helpful_votes_user_idx').on(t.userId),
  ],
)
