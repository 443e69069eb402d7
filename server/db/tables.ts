import { pgTable, text } from 'drizzle-orm/pg-core'
import { createdAt } from './columns.ts'

/**
 * Secrets shared by every instance on one PostgreSQL database (token and sandbox signing keys), one row
 * each, generated once by whichever instance starts first (docs/decisions/067). PGlite keeps them in
 * DATA_DIR/secrets.json instead.
 */
export const sharedSecrets = pgTable('shared_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
})
