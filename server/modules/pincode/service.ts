import type { Db, DbOrTx } from '../../db/client.ts'
import { createPincodeRepo } from './repo.ts'

export type PostOffice = { Name: string; District: string; State: string; Country: 'India'; Pincode: string }
/** The third-party PIN lookup's answer shape, which the checkout reads (spec section 7). */
export type PincodeAnswer = [
  { Status: 'Success' | 'Error'; Message: string; PostOffice: PostOffice[] | null },
]

export function createPincodeService(deps: { db: Db }) {
  const repo = createPincodeRepo(deps.db)
  return {
    /** The places of a PIN (district and state, by district), in the caller's transaction when given one. */
    places(pin: string, db: DbOrTx = deps.db) {
      return createPincodeRepo(db).byPin(pin)
    },

    /** Looks a 6-digit PIN up in the embedded data set; an unknown PIN answers Status 'Error'. */
    async lookup(pin: string): Promise<PincodeAnswer> {
      const rows = await repo.byPin(pin)
      if (rows.length === 0) return [{ Status: 'Error', Message: 'No records found', PostOffice: null }]
      return [
        {
          Status: 'Success',
          Message: `Number of pincode(s) found:${rows.length}`,
          PostOffice: rows.map((r) => ({
            Name: r.district,
            District: r.district,
            State: r.state,
            Country: 'India',
            Pincode: pin,
          })),
        },
      ]
    },
  }
}
export type PincodeService = ReturnType<typeof createPincodeService>
