import { eq } from 'drizzle-orm'
import type { HoldLimits } from '../../../contracts/hold-limits.ts'
import type { DbOrTx } from '../../db/client.ts'
import { shopSettings } from '../../db/schema.ts'

const SETTINGS_ID = 'shop'

const columns = {
  maxUnpaidOrders: shopSettings.maxUnpaidOrders,
  maxHeldPieces: shopSettings.maxHeldPieces,
  maxOpenCodOrders: shopSettings.maxOpenCodOrders,
  maxOpenCodPerPhone: shopSettings.maxOpenCodPerPhone,
  codFirstOrder: shopSettings.codFirstOrder,
  maxUnpaidSevaBookings: shopSettings.maxUnpaidSevaBookings,
  maxHeldCouponUses: shopSettings.maxHeldCouponUses,
}

/** The limit columns of the shop's one settings row (decision 110). */
export function createHoldsRepo(db: DbOrTx) {
  return {
    async read(): Promise<HoldLimits | null> {
      const [row] = await db.select(columns).from(shopSettings).where(eq(shopSettings.id, SETTINGS_ID))
      return row ?? null
    },

    async save(values: HoldLimits): Promise<HoldLimits> {
      const [row] = await db
        .insert(shopSettings)
        .values({ id: SETTINGS_ID, ...values })
        .onConflictDoUpdate({ target: shopSettings.id, set: { ...values, updatedAt: new Date() } })
        .returning(columns)
      return row!
    },
  }
}
