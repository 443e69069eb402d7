import type { Db, DbOrTx } from '../../db/client.ts'
import { createSettingsRepo, type ShopSettingsRow, type ShopSettingsValues } from './repo.ts'

export type { ShopSettingsRow, ShopSettingsValues }

/**
 * The shop's one settings row (decision 113). Each part belongs to the module that uses it: cash on
 * delivery, hold limits, delivery, mail, invoices and donation receipts read and save their own columns
 * here, each with its own rules and audit entry; this module only keeps the row.
 */
export function createSettingsService(deps: { db: Db }) {
  return {
    /** The row, or null before staff first save any settings; in the caller's transaction when given one. */
    read(db: DbOrTx = deps.db): Promise<ShopSettingsRow | null> {
      return createSettingsRepo(db).read()
    },

    /** Writes these columns (the row is created with the defaults for the rest), in the caller's transaction. */
    save(values: ShopSettingsValues, db: DbOrTx = deps.db): Promise<ShopSettingsRow> {
      return createSettingsRepo(db).save(values)
    },
  }
}
export type SettingsService = ReturnType<typeof createSettingsService>
