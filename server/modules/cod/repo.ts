import { eq } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { shopSettings } from '../../db/schema.ts'

const SETTINGS_ID = 'shop'

export type CodColumns = {
  codEnabled: boolean
  codMaxTotal: number
  codFee: number
  codExcludedStates: string[]
  codExcludedPins: string[]
}

/** The cash-on-delivery columns of the shop's one settings row. */
export function createCodRepo(db: DbOrTx) {
  return {
    async read(): Promise<CodColumns | null> {
      const [row] = await db
        .select({
          codEnabled: shopSettings.codEnabled,
          codMaxTotal: shopSettings.codMaxTotal,
          codFee: shopSettings.codFee,
          codExcludedStates: shopSettings.codExcludedStates,
          codExcludedPins: shopSettings.codExcludedPins,
        })
        .from(shopSettings)
        .where(eq(shopSettings.id, SETTINGS_ID))
      return row ?? null
    },

    async save(values: CodColumns): Promise<CodColumns> {
      const [row] = await db
        .insert(shopSettings)
        .values({ id: SETTINGS_ID, ...values })
        .onConflictDoUpdate({ target: shopSettings.id, set: { ...values, updatedAt: new Date() } })
        .returning()
      return row!
    },
  }
}
