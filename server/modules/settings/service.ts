import type { Db, DbOrTx } from '../../db/client.ts'
import { createSettingsRepo, type ShopSettingsRow, type ShopSettingsValues } from './repo.ts'

export type { ShopSettingsRow, ShopSettingsValues }

/**
 * The shop's one settings row (decision 113). Each part belongs to the module that uses it: cash on
 * delivery, hold limits, delivery, mail, invoices and donation receipts read and save their own columns
 * here, each with its own rules and audit entry; this module only keeps the row.
 */
export function createSettingsService(deps: { db: Db }) {
  // An order's transaction asks for the row several times (hold limits, cash on delivery, the invoice's
  // supplier, the e-mail's sender): it is read once per transaction. A save in it replaces what was read.
  const readIn = new WeakMap<DbOrTx, Promise<ShopSettingsRow | null>>()
  return {
    /** The row, or null before staff first save any settings; in the caller's transaction when given one. */
    read(db: DbOrTx = deps.db): Promise<ShopSettingsRow | null> {
      if (db === deps.db) return createSettingsRepo(db).read()
      let found = readIn.get(db)
      if (!found) {
        found = createSettingsRepo(db).read()
        readIn.set(db, found)
        found.catch(() => readIn.delete(db))
      }
      return found
    },

    /** Writes these columns (the row is created with the defaults for the rest), in the caller's transaction. */
    async save(values: ShopSettingsValues, db: DbOrTx = deps.db): Promise<ShopSettingsRow> {
      readIn.delete(db)
      const row = await createSettingsRepo(db).save(values)
      if (db !== deps.db) readIn.set(db, Promise.resolve(row))
      return row
    },
  }
}
export type SettingsService = ReturnType<typeof createSettingsService>
