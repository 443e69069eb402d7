import { sql } from 'drizzle-orm'
import { boolean, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, id, updatedAt } from '../../db/columns.ts'

export const coupons = pgTable(
  'coupons',
  {
    id: id(),
    code: text('code').notNull(),
    discount: integer('discount').notNull(),
    status: text('status').notNull().default('active'),
    isPublic: boolean('is_public').notNull().default(true),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    usageLimit: integer('usage_limit'),
    // Uses by one customer (paid orders and unpaid ones still holding their reservation); null: no limit.
    perCustomerLimit: integer('per_customer_limit'),
    // Paid orders only: a use is counted when the order is paid and given back if it is cancelled.
    usedCount: integer('used_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // One coupon per code whatever its case: 'DIWALI15' and 'diwali15' are the same code (migration 0013).
  (t) => [uniqueIndex('coupons_code_lower_idx').on(sql`lower(${t.code})`)],
)
