import { asc, eq } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { pincodes } from './tables.ts'

export function createPincodeRepo(db: DbOrTx) {
  return {
    byPin(pin: string) {
      return db
        .select({ district: pincodes.district, state: pincodes.state })
        .from(pincodes)
        .where(eq(pincodes.pin, pin))
        .orderBy(asc(pincodes.district))
    },
  }
}
