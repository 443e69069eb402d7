import type { Coupon } from '../../../contracts/cart.ts'
import { couponMessages, couponServerMessages } from '../../../contracts/cart-rules.ts'
import { holdMessages } from '../../../contracts/hold-limits.ts'
import { translatorFor } from '../../../contracts/i18n/registry.ts'
import type { Language } from '../../../contracts/languages.ts'
import type { Db, DbOrTx } from '../../db/client.ts'
import { ConflictError, ValidationError } from '../../http/errors.ts'
import { couponsAuditNames } from './audit-names.ts'
import { couponList, createCouponsRepo } from './repo.ts'
import type { coupons } from './tables.ts'

type CouponRow = typeof coupons.$inferSelect

/** 'active' only when the stored status is active, any end date is still ahead and uses remain. */
function effectiveStatus(row: CouponRow, now = new Date()): string {
  if (row.status !== 'active') return row.status
  if (row.endsAt && row.endsAt.getTime() <= now.getTime()) return 'expired'
  if (row.usageLimit !== null && row.usedCount >= row.usageLimit) return 'expired'
  return 'active'
}

export function createCouponsService(deps: { db: Db }) {
  const repo = createCouponsRepo(deps.db)

  return {
    /** What the audit log calls this module's rows (decision 113). */
    auditNames: couponsAuditNames(deps.db),
    /** The coupons as the console lists and edits them (decision 090). */
    list: couponList,

    /**
     * The code of another coupon that is this code whatever its case (codes are one code whatever their
     * case), or null; in the caller's transaction when given one.
     */
    async codeTaken(code: string, exceptId?: string, db: DbOrTx = deps.db): Promise<string | null> {
      return (await createCouponsRepo(db).sameCodeAnyCase(code, exceptId))?.code ?? null
    },

    /** Public coupons only, with their status as it stands now (the client says 'expired' for the rest). */
    async listPublic(): Promise<Coupon[]> {
      const now = new Date()
      return (await repo.publicCoupons()).map((row) => ({
        _id: row.id,
        code: row.code,
        discount: row.discount,
        status: effectiveStatus(row, now),
      }))
    },

    /**
     * Any code, public or private: its percent, or ValidationError with the spec's words.
     * The orders service calls this again when an order is placed.
     */
    async check(code: string): Promise<{ code: string; discount: number }> {
      const wanted = code.trim()
      if (!wanted || wanted.length > 60) throw new ValidationError(couponMessages.invalid)
      const row = await repo.byCode(wanted)
      if (!row) throw new ValidationError(couponMessages.invalid)
      if (effectiveStatus(row) !== 'active') throw new ValidationError(couponMessages.expired)
      return { code: row.code, discount: row.discount }
    },

    /**
     * Takes a coupon for an order being placed, inside the order's transaction: the coupon row is locked,
     * so uses already counted (paid orders) plus those held by unpaid orders stay within its limits.
     * `held` counts the unpaid orders holding the coupon's own code (as stored),
     * in all and for this customer. A limited coupon's uses are shared by everyone: one customer's unpaid
     * orders may hold at most `maxHeldByCustomer` of them (decision 110), so nobody blocks it for the rest.
     */
    async holdForOrder(
      code: string,
      tx: DbOrTx,
      held: (code: string) => Promise<{ all: number; customer: number; customerPaid: number }>,
      opts?: { maxHeldByCustomer: number; language: Language },
    ): Promise<{ code: string; discount: number }> {
      const row = await createCouponsRepo(tx).lockByCode(code.trim())
      if (!row) throw new ValidationError(couponMessages.invalid)
      if (effectiveStatus(row) !== 'active') throw new ValidationError(couponMessages.expired)
      const counts = await held(row.code)
      if (row.usageLimit !== null && row.usedCount + counts.all >= row.usageLimit) {
        throw new ValidationError(couponMessages.expired)
      }
      if (row.perCustomerLimit !== null && counts.customer + counts.customerPaid >= row.perCustomerLimit) {
        throw new ValidationError(couponServerMessages.perCustomer(row.perCustomerLimit))
      }
      if (opts && row.usageLimit !== null && counts.customer >= opts.maxHeldByCustomer) {
        const { t } = translatorFor(opts.language)
        throw new ConflictError(t(holdMessages.couponHeld, { count: counts.customer }))
      }
      return { code: row.code, discount: row.discount }
    },

    /** Counts a use when an order is paid (1), gives it back when that order is cancelled (-1). */
    async countUse(code: string, change: 1 | -1, tx: DbOrTx): Promise<void> {
      await createCouponsRepo(tx).countUse(code, change)
    },
  }
}
export type CouponsService = ReturnType<typeof createCouponsService>
