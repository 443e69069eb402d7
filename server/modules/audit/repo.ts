import type { DbOrTx } from '../../db/client.ts'
import type { AuditAction } from './actions.ts'
import { auditLog } from './tables.ts'

/** One change made by a member of staff (actorId) or by the shop itself (actorId null). */
export type AuditEntry = {
  actorId: string | null
  action: AuditAction
  entity: string
  entityId: string | null
  before: unknown
  after: unknown
}

/** Writes an audit entry; pass the transaction of the change so both are kept or neither. */
export function writeAudit(db: DbOrTx, entry: AuditEntry) {
  return db.insert(auditLog).values({ ...entry, before: entry.before ?? null, after: entry.after ?? null })
}
