import { eq } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { shopSettings } from '../../db/schema.ts'

const SETTINGS_ID = 'shop'

/** The delivery columns of the shop's one settings row, and the legal state the home zone follows. */
export function createDeliveryRepo(db: DbOrTx) {
  return {
    async read(): Promise<{ delivery: unknown; legalState: string } | null> {
      const [row] = await db
        .select({ delivery: shopSettings.delivery, legalState: shopSettings.legalState })
        .from(shopSettings)
        .where(eq(shopSettings.id, SETTINGS_ID))
      return row ?? null
    },

    async save(delivery: unknown): Promise<void> {
      await db
        .insert(shopSettings)
        .values({ id: SETTINGS_ID, delivery })
        .onConflictDoUpdate({ target: shopSettings.id, set: { delivery, updatedAt: new Date() } })
    },
  }
}
