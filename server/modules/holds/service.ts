import { type HoldLimitsInput, holdLimitsBody } from '../../../contracts/admin-hold-limits.ts'
import { defaultHoldLimits, type HoldLimits } from '../../../contracts/hold-limits.ts'
import type { Db, DbOrTx } from '../../db/client.ts'
import { writeAudit } from '../audit/repo.ts'
import type { SettingsService, ShopSettingsRow } from '../settings/service.ts'

/** The limit columns of the shop's settings row (decision 110). */
const limitsOf = (row: ShopSettingsRow | null): HoldLimits | null =>
  row && {
    maxUnpaidOrders: row.maxUnpaidOrders,
    maxHeldPieces: row.maxHeldPieces,
    maxOpenCodOrders: row.maxOpenCodOrders,
    maxOpenCodPerPhone: row.maxOpenCodPerPhone,
    codFirstOrder: row.codFirstOrder,
    maxUnpaidSevaBookings: row.maxUnpaidSevaBookings,
    maxHeldCouponUses: row.maxHeldCouponUses,
  }

/**
 * What one account may hold at once (decision 110): staff set the limits, orders and seva bookings read
 * them inside the transaction that places or books, and keep to them there.
 */
export function createHoldsService(deps: { db: Db; settings: Pick<SettingsService, 'read' | 'save'> }) {
  const { settings } = deps
  return {
    /** The limits now; inside a transaction when given one, so a placement is judged by what it reads. */
    async limits(db: DbOrTx = deps.db): Promise<HoldLimits> {
      return limitsOf(await settings.read(db)) ?? defaultHoldLimits
    },

    async save(actorId: string, input: HoldLimitsInput): Promise<HoldLimits> {
      const values = holdLimitsBody.parse(input)
      return deps.db.transaction(async (tx) => {
        const before = limitsOf(await settings.read(tx)) ?? defaultHoldLimits
        const after = limitsOf(await settings.save(values, tx))!
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
