import { asc, eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { coupons } from '../../db/schema.ts'

/**
 * A customer's code matches exactly, case-sensitively, as the spec asks; staff cannot make two codes that
 * differ only by case (the unique index on lower(code)), so 'diwali15' never finds another coupon.
 */
const sameCode = (code: string) => eq(coupons.code, code)

export function createCouponsRepo(db: DbOrTx) {
  return {
    publicCoupons() {
      return db.select().from(coupons).where(eq(coupons.isPublic, true)).orderBy(asc(coupons.createdAt))
    },
    /** Exact, case-sensitive match (PostgreSQL text equality). */
    byCode(code: string) {
      return db
        .select()
        .from(coupons)
        .where(sameCode(code))
        .then((r) => r[0] ?? null)
    },
    /** The coupon row, locked until the transaction ends, so two orders cannot take its last use at once. */
    lockByCode(code: string) {
      return db
        .select()
        .from(coupons)
        .where(sameCode(code))
        .for('update')
        .then((r) => r[0] ?? null)
    },
    /** Adds (1) or gives back (-1) one counted use; never below zero. */
    async countUse(code: string, change: 1 | -1): Promise<void> {
      await db
        .update(coupons)
        .set({ usedCount: sql`greatest(${coupons.usedCount} + ${change}, 0)` })
        .where(sameCode(code))
    },
  }
}
