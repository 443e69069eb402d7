import { count, desc, eq } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client.ts'
import { auditLog, users } from '../../../db/schema.ts'

/** The console's view of the audit log (written by every module through server/modules/audit). */
export function createAuditListRepo(db: DbOrTx) {
  return {
    async auditPage(opts: { entity?: string; offset: number; limit: number }) {
      const where = opts.entity ? eq(auditLog.entity, opts.entity) : undefined
      const rows = await db
        .select({
          id: auditLog.id,
          actorId: auditLog.actorId,
          actorEmail: users.email,
          action: auditLog.action,
          entity: auditLog.entity,
          entityId: auditLog.entityId,
          before: auditLog.before,
          after: auditLog.after,
          createdAt: auditLog.createdAt,
        })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorId))
        .where(where)
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(opts.limit)
        .offset(opts.offset)
      const [{ total }] = await db.select({ total: count() }).from(auditLog).where(where)
      return { rows, total }
    },
  }
}
