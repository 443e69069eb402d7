import { boolean, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import type { ReturnShippingPayer } from '../../../contracts/return-rules.ts'
import { createdAt, id, updatedAt } from '../../db/columns.ts'

/**
 * Return rules staff set (decision 137): the shop's own (scope 'shop', target 'shop'), a category's (target:
 * the category's id) and a product's exception (target: the product's id). No row: the scope above applies;
 * a category or product deleted leaves a row nothing reads.
 */
export const returnRules = pgTable(
  'return_rules',
  {
    id: id(),
    scope: text('scope', { enum: ['shop', 'category', 'product'] }).notNull(),
    targetId: text('target_id').notNull(),
    returnable: boolean('returnable').notNull(),
    windowDays: integer('window_days').notNull(),
    exchange: boolean('exchange').notNull(),
    returnShipping: text('return_shipping').$type<ReturnShippingPayer>().notNull(),
    restockingFeePercent: integer('restocking_fee_percent').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('return_rules_scope_target_idx').on(t.scope, t.targetId)],
)
