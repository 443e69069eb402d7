import { and, asc, count, desc, eq, gte, isNotNull, like, lt, or } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { auditLog } from './tables.ts'

export type AuditFilter = {
  entity?: string
  action?: string
  actorId?: string
  /** From this instant (inclusive) to that one (exclusive). */
  since?: Date
  until?: Date
}

const likePrefix = (s: string) => `${s.replace(/[\\%_]/g, (c) => `\\${c}`)}.%`

/**
 * The console's view of the audit log (written by every module through server/modules/audit), read only.
 * Who did it and what it is about are named by the modules that own them (decision 113).
 */
export function createAuditList(db: DbOrTx) {
  const where = (f: AuditFilter) =>
    and(
      f.entity ? eq(auditLog.entity, f.entity) : undefined,
      // 'product' finds product.update and product.images.add; 'product.update' only itself.
      f.action ? or(eq(auditLog.action, f.action), like(auditLog.action, likePrefix(f.action))) : undefined,
      f.actorId ? eq(auditLog.actorId, f.actorId) : undefined,
      f.since ? gte(auditLog.createdAt, f.since) : undefined,
      f.until ? lt(auditLog.createdAt, f.until) : undefined,
    )

  return {
    async page(opts: AuditFilter & { offset: number; limit: number }) {
      const rows = await db
        .select()
        .from(auditLog)
        .where(where(opts))
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(opts.limit)
        .offset(opts.offset)
      const [{ total }] = await db.select({ total: count() }).from(auditLog).where(where(opts))
      return { rows, total }
    },

    /** Everyone with entries in the log (their ids) and every action written, for the console's filters. */
    async filterChoices() {
      const actors = await db
        .selectDistinct({ id: auditLog.actorId })
        .from(auditLog)
        .where(isNotNull(auditLog.actorId))
      const actions = await db
        .selectDistinct({ action: auditLog.action })
        .from(auditLog)
        .orderBy(asc(auditLog.action))
      return { actorIds: actors.flatMap((a) => (a.id ? [a.id] : [])), actions: actions.map((a) => a.action) }
    },
  }
}
