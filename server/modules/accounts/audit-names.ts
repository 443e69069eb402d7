import { sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { type Namer, namer } from '../../db/names.ts'
import { users } from './tables.ts'

/** What the audit log calls an account: its name, or its e-mail address when it has none (decision 113). */
export const accountsAuditNames = (db: DbOrTx): Record<string, Namer> => ({
  user: namer(db, users, sql<string>`coalesce(nullif(${users.fullName}, ''), ${users.email})`),
})
