import { asc, eq } from 'drizzle-orm'
import { type GstRule, gstRuleFor, indianDay } from '../../../contracts/gst.ts'
import type { GstRuleBody, GstRuleView } from '../../../contracts/gst-rules.ts'
import type { Db, DbOrTx } from '../../db/client.ts'
import { idPattern } from '../../db/ids.ts'
import { ConflictError, NotFoundError } from '../../http/errors.ts'
import { writeAudit } from '../audit/repo.ts'
import { gstRules } from './tables.ts'

type RuleRow = typeof gstRules.$inferSelect

const toRule = (r: RuleRow): GstRule => ({
  id: r.id,
  hsnPrefix: r.hsnPrefix,
  validFrom: r.validFrom,
  rate: r.rate,
  threshold: r.threshold,
  aboveRate: r.aboveRate,
  note: r.note,
})

const values = (body: GstRuleBody) => ({
  hsnPrefix: body.hsnPrefix,
  validFrom: body.validFrom,
  rate: body.rate,
  threshold: body.threshold === null ? null : Math.round(body.threshold * 100),
  aboveRate: body.aboveRate,
  note: body.note,
})

const taken = () =>
  new ConflictError('A rule for that HSN code already starts on that day: change that one instead.')

const isUniqueViolation = (err: unknown) =>
  (err as { code?: string }).code === '23505' ||
  (err as { cause?: { code?: string } }).cause?.code === '23505'

/**
 * GST rates by HSN code (decision 128): the rules staff keep, read by the invoices and by the console's
 * product answer. A change applies to documents issued from then on; an issued invoice keeps what it printed.
 */
export function createGstRulesService(deps: { db: Db }) {
  const rules = {
    async all(db: DbOrTx = deps.db): Promise<GstRule[]> {
      return (await db.select().from(gstRules).orderBy(asc(gstRules.hsnPrefix), asc(gstRules.validFrom))).map(
        toRule,
      )
    },

    /** The rules as the console lists them, each saying whether it is the one in force today for its prefix. */
    async list(now = new Date()): Promise<GstRuleView[]> {
      const all = await rules.all()
      const today = indianDay(now)
      return all.map((r) => ({
        _id: r.id,
        hsnPrefix: r.hsnPrefix,
        validFrom: r.validFrom,
        rate: r.rate,
        threshold: r.threshold === null ? null : r.threshold / 100,
        aboveRate: r.aboveRate,
        note: r.note,
        inForce:
          gstRuleFor(
            all.filter((x) => x.hsnPrefix === r.hsnPrefix),
            r.hsnPrefix,
            today,
          )?.id === r.id,
      }))
    },

    async add(actorId: string, body: GstRuleBody): Promise<GstRule> {
      try {
        return await deps.db.transaction(async (tx) => {
          const [row] = await tx.insert(gstRules).values(values(body)).returning()
          await writeAudit(tx, {
            actorId,
            action: 'settings.gst',
            entity: 'settings',
            entityId: row!.id,
            before: null,
            after: values(body),
          })
          return toRule(row!)
        })
      } catch (err) {
        if (isUniqueViolation(err)) throw taken()
        throw err
      }
    },

    async update(actorId: string, id: string, body: GstRuleBody): Promise<GstRule> {
      try {
        return await deps.db.transaction(async (tx) => {
          const [before] = idPattern.test(id)
            ? await tx.select().from(gstRules).where(eq(gstRules.id, id))
            : []
          if (!before) throw new NotFoundError('No such GST rule.')
          const [row] = await tx
            .update(gstRules)
            .set({ ...values(body), updatedAt: new Date() })
            .where(eq(gstRules.id, id))
            .returning()
          await writeAudit(tx, {
            actorId,
            action: 'settings.gst',
            entity: 'settings',
            entityId: id,
            before: toRule(before),
            after: toRule(row!),
          })
          return toRule(row!)
        })
      } catch (err) {
        if (isUniqueViolation(err)) throw taken()
        throw err
      }
    },

    async remove(actorId: string, id: string): Promise<void> {
      await deps.db.transaction(async (tx) => {
        const [row] = idPattern.test(id)
          ? await tx.delete(gstRules).where(eq(gstRules.id, id)).returning()
          : []
        if (!row) throw new NotFoundError('No such GST rule.')
        await writeAudit(tx, {
          actorId,
          action: 'settings.gst',
          entity: 'settings',
          entityId: id,
          before: toRule(row),
          after: null,
        })
      })
    },
  }
  return rules
}
export type GstRulesService = ReturnType<typeof createGstRulesService>
