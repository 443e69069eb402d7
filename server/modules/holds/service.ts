import { type HoldLimitsInput, holdLimitsBody } from '../../../contracts/admin-hold-limits.ts'
import { defaultHoldLimits, type HoldLimits } from '../../../contracts/hold-limits.ts'
import type { Db, DbOrTx } from '../../db/client.ts'
import { writeAudit } from '../audit/repo.ts'
import { createHoldsRepo } from './repo.ts'

/**
 * What one account may hold at once (decision 110): staff set the limits, orders and seva bookings read
 * them inside the transaction that places or books, and keep to them there.
 */
export function createHoldsService(deps: { db: Db }) {
  return {
    /** The limits now; inside a transaction when given one, so a placement is judged by what it reads. */
    async limits(db: DbOrTx = deps.db): Promise<HoldLimits> {
      return (await createHoldsRepo(db).read()) ?? defaultHoldLimits
    },

    async save(actorId: string, input: HoldLimitsInput): Promise<HoldLimits> {
      const values = holdLimitsBody.parse(input)
      return deps.db.transaction(async (tx) => {
        const r = createHoldsRepo(tx)
        const before = (await r.read()) ?? defaultHoldLimits
        const after = await r.save(values)
        await writeAudit(tx, {
          actorId,
          action: 'settings.limits',
          entity: 'settings',
          entityId: 'shop',
          before,
          after,
        })
        return after
      })
    },
  }
}
export type HoldsService = ReturnType<typeof createHoldsService>
