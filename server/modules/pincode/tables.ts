import { pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { createdAt, updatedAt } from '../../db/columns.ts'

export const pincodes = pgTable(
  'pincodes',
  {
    pin: text('pin').notNull(),
    district: text('district').notNull(),
    state: text('state').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.pin, t.district] })],
)
