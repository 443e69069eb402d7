import { eq } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { shopSettings } from './tables.ts'

/** The id of the shop's one settings row. */
const SETTINGS_ID = 'shop'

export type ShopSettingsRow = typeof shopSettings.$inferSelect
/** Columns a module saves; the others keep their values (or their defaults, when the row is new). */
export type ShopSettingsValues = Partial<
  Omit<typeof shopSettings.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>
>

export function createSettingsRepo(db: DbOrTx) {
  return {
    async read(): Promise<ShopSettingsRow | null> {
      const [row] = await db.select().from(shopSettings).where(eq(shopSettings.id, SETTINGS_ID))
      return row ?? null
    },

    async save(values: ShopSettingsValues): Promise<ShopSettingsRow> {
      const [row] = await db
        .insert(shopSettings)
        .values({ id: SETTINGS_ID, ...values })
        .onConflictDoUpdate({ target: shopSettings.id, set: { ...values, updatedAt: new Date() } })
        .returning()
      return row!
    },
  }
}
