import type { z } from 'zod'
import type { listQuerySchema } from '../../../../contracts/admin.ts'
import type { Db } from '../../../db/client.ts'
import { page, pageWindow } from '../kit.ts'
import { createAuditListRepo } from './repo.ts'

/** The audit log as the console lists it, newest first. */
export function createAdminAuditService(deps: { db: Db }) {
  const repo = createAuditListRepo(deps.db)
  return {
    async list(q: z.output<typeof listQuerySchema> & { entity?: string }) {
      const { rows, total } = await repo.auditPage({ entity: q.entity, ...pageWindow(q) })
      return page(
        rows.map((r) => ({
          _id: r.id,
          actor: r.actorEmail ?? (r.actorId ? r.actorId : 'command line'),
          action: r.action,
          entity: r.entity,
          entityId: r.entityId,
          before: r.before ?? null,
          after: r.after ?? null,
          createdAt: r.createdAt.toISOString(),
        })),
        total,
        q,
      )
    },
  }
}
export type AdminAuditService = ReturnType<typeof createAdminAuditService>
