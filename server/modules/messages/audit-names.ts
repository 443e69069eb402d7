import { sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { type Namer, namer } from '../../db/names.ts'
import { contactMessages } from './tables.ts'

/** What the audit log calls a message: its writer's name, or their e-mail address (decision 113). */
export function messagesAuditNames(db: DbOrTx): Record<string, Namer> {
  const message = namer(
    db,
    contactMessages,
    sql<string>`coalesce(nullif(trim(concat_ws(' ', ${contactMessages.firstName}, ${contactMessages.lastName})), ''), ${contactMessages.email})`,
  )
  return { message, contact_message: message }
}
