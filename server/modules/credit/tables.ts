import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, id } from '../../db/columns.ts'
import { users } from '../accounts/tables.ts'

/**
 * Each customer's store credit (decision 139): one row holding the balance, in paise, which the database
 * itself keeps at or above nothing; spending moves it only where enough is left, so two orders spending the
 * same credit at once leave one of them refused.
 */
export const storeCreditAccounts = pgTable(
  'store_credit_accounts',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    balance: integer('balance').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('store_credit_balance_not_negative', sql`${t.balance} >= 0`)],
)

/** Every change to a balance, with the balance it left: the customer's statement and the shop's record. */
export const storeCreditEntries = pgTable(
  'store_credit_entries',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    /** 'return' | 'order' | 'order-back' (contracts/store-credit.ts). */
    kind: text('kind').notNull(),
    /** The return's or the order's id, and the number the customer knows it by. */
    reference: text('reference').notNull(),
    label: text('label').notNull(),
    orderId: text('order_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('store_credit_entries_user_idx').on(t.userId, t.createdAt),
    // A return is refunded as credit once, whatever retries.
    uniqueIndex('store_credit_entries_return_key').on(t.reference).where(sql`${t.kind} = 'return'`),
  ],
)
