import { text, timestamp } from 'drizzle-orm/pg-core'
import { newId } from './ids.ts'

// Money is integer paise everywhere in the database; the API shows rupees.

/** The id column every table with a single key has: a new id (server/db/ids.ts) unless one is given. */
export const id = () =>
  text('id')
    .primaryKey()
    .$defaultFn(() => newId())
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date())
