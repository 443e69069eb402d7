import type { AuditQuery } from '../../../../contracts/admin-audit.ts'
import type { Db } from '../../../db/client.ts'
import type { Namer } from '../../../db/names.ts'
import type { AccountsService } from '../../accounts/service.ts'
import { type AuditFilter, createAuditList } from '../../audit/console-repo.ts'
import { page, pageWindow } from '../kit.ts'
import { auditSentence } from './sentences.ts'

/** Midnight in India of the given YYYY-MM-DD, as an instant. */
const indianMidnight = (date: string) => new Date(`${date}T00:00:00+05:30`)
const nextDay = (d: Date) => new Date(d.getTime() + 24 * 60 * 60 * 1000)

/**
 * The audit log as the console lists it, newest first, each entry also as a sentence. The log is the audit
 * module's; the people and things its entries are about are named by the modules that own them, through
 * `namers` (one per kind of entry, decision 113).
 */
export function createAdminAuditService(deps: {
  db: Db
  accounts: Pick<AccountsService, 'people'>
  namers: Record<string, Namer>
}) {
  const repo = createAuditList(deps.db)

  /** The current names of the things these entries are about, as `${entity}:${id}` → name. */
  async function currentNames(refs: Array<{ entity: string; entityId: string | null }>) {
    const ids = new Map<string, string[]>()
    for (const r of refs) {
      if (!r.entityId || !Object.hasOwn(deps.namers, r.entity)) continue
      ids.set(r.entity, [...(ids.get(r.entity) ?? []), r.entityId])
    }
    const names = new Map<string, string>()
    for (const [entity, list] of ids)
      for (const [id, name] of await deps.namers[entity](list)) names.set(`${entity}:${id}`, name)
    return names
  }

  return {
    async list(q: AuditQuery) {
      const filter: AuditFilter = {
        entity: q.entity || undefined,
        action: q.action || undefined,
        actorId: q.actor || undefined,
        since: q.from ? indianMidnight(q.from) : undefined,
        until: q.to ? nextDay(indianMidnight(q.to)) : undefined,
      }
      const { rows, total } = await repo.page({ ...filter, ...pageWindow(q) })
      const names = await currentNames(rows)
      const { actorIds, actions } = await repo.filterChoices()
      const people = await deps.accounts.people([
        ...actorIds,
        ...rows.flatMap((r) => (r.actorId ? [r.actorId] : [])),
      ])
      const nameOf = (p: { fullName: string; email: string | null }) =>
        p.fullName.trim() || p.email || p.fullName
      const choices = {
        people: actorIds
          .flatMap((id) => {
            const p = people.get(id)
            return p ? [{ id, name: nameOf(p) }] : []
          })
          .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
        actions,
      }
      const items = rows.map((r) => {
        const person = r.actorId ? people.get(r.actorId) : undefined
        const actor = person ? nameOf(person) : null
        return {
          _id: r.id,
          actor: person?.email ?? (r.actorId ? r.actorId : 'command line'),
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
