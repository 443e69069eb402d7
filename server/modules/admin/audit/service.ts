import type { AuditQuery } from '../../../../contracts/admin-audit.ts'
import type { Db } from '../../../db/client.ts'
import { page, pageWindow } from '../kit.ts'
import { type AuditFilter, createAuditListRepo } from './repo.ts'
import { auditSentence } from './sentences.ts'

/** Midnight in India of the given YYYY-MM-DD, as an instant. */
const indianMidnight = (date: string) => new Date(`${date}T00:00:00+05:30`)
const nextDay = (d: Date) => new Date(d.getTime() + 24 * 60 * 60 * 1000)

/** The audit log as the console lists it, newest first, each entry also as a sentence. */
export function createAdminAuditService(deps: { db: Db }) {
  const repo = createAuditListRepo(deps.db)
  return {
    async list(q: AuditQuery) {
      const filter: AuditFilter = {
        entity: q.entity || undefined,
        action: q.action || undefined,
        actorId: q.actor || undefined,
        since: q.from ? indianMidnight(q.from) : undefined,
        until: q.to ? nextDay(indianMidnight(q.to)) : undefined,
      }
      const { rows, total } = await repo.auditPage({ ...filter, ...pageWindow(q) })
      const names = await repo.currentNames(rows)
      const choices = await repo.filterChoices()
      const items = rows.map((r) => {
        const actor = r.actorName?.trim() || r.actorEmail || null
        return {
          _id: r.id,
          actor: r.actorEmail ?? (r.actorId ? r.actorId : 'command line'),
          actorName: actor ?? 'command line',
          actorId: r.actorId,
          action: r.action,
          entity: r.entity,
          entityId: r.entityId,
          sentence: auditSentence({
            action: r.action,
            entity: r.entity,
            before: r.before,
            after: r.after,
            actor,
            subject: r.entityId ? (names.get(`${r.entity}:${r.entityId}`) ?? null) : null,
          }),
          before: r.before ?? null,
          after: r.after ?? null,
          createdAt: r.createdAt.toISOString(),
        }
      })
      return { ...page(items, total, q), ...choices }
    },
  }
}
export type AdminAuditService = ReturnType<typeof createAdminAuditService>
