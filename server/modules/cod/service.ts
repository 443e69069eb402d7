import {
  type CodSettingsInput,
  type CodTerms,
  codSettingsBody,
  defaultCodTerms,
} from '../../../contracts/cod.ts'
import type { Db, DbOrTx } from '../../db/client.ts'
import { writeAudit } from '../audit/repo.ts'
import type { SettingsService, ShopSettingsRow } from '../settings/service.ts'

const termsOf = (row: ShopSettingsRow | null): CodTerms =>
  row
    ? {
        enabled: row.codEnabled,
        maxTotal: row.codMaxTotal,
        fee: row.codFee,
        excludedStates: row.codExcludedStates,
        excludedPins: row.codExcludedPins,
      }
    : defaultCodTerms

/** The shop's cash-on-delivery terms (decision 080): staff set them, orders and the checkout read them. */
export function createCodService(deps: { db: Db; settings: Pick<SettingsService, 'read' | 'save'> }) {
  const { settings } = deps
  return {
    /** The terms now; inside a transaction when given one, so an order is judged by what it reads. */
    async terms(db: DbOrTx = deps.db): Promise<CodTerms> {
      return termsOf(await settings.read(db))
    },

    async save(actorId: string, input: CodSettingsInput): Promise<CodTerms> {
      const v = codSettingsBody.parse(input)
      return deps.db.transaction(async (tx) => {
        const before = termsOf(await settings.read(tx))
        const saved = termsOf(
          await settings.save(
            {
              codEnabled: v.enabled,
              codMaxTotal: Math.round(v.maxTotal * 100),
              codFee: Math.round(v.fee * 100),
              codExcludedStates: v.excludedStates,
              codExcludedPins: v.excludedPins,
            },
            tx,
          ),
        )
        await writeAudit(tx, {
          actorId,
          action: 'settings.cod',
          entity: 'settings',
          entityId: 'shop',
          before,
          after: saved,
        })
        return saved
      })
    },
  }
}
export type CodService = ReturnType<typeof createCodService>
