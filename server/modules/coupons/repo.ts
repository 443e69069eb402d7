import { and, asc, eq, ne, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { listStore } from '../../db/list-store.ts'
import { coupons } from './tables.ts'

/**
 * A customer's code matches exactly, case-sensitively, as the spec asks; staff cannot make two codes that
 * differ only by case (the unique index on lower(code)), so 'diwali15' never finds another coupon.
 */
const sameCode = (code: string) => eq(coupons.code, code)

/** The coupons as the console lists and edits them, by code. */
export const couponList = listStore(coupons, (db) => db.select().from(coupons).orderBy(asc(coupons.code)))

export function createCouponsRepo(db: DbOrTx) {
  return {
    /** Another coupon whose code is this one whatever its case, or null. */
    async sameCodeAnyCase(code: string, exceptId?: string) {
      const [other] = await db
        .select({ code: coupons.code })
        .from(coupons)
        .where(
          and(sql`lower(${coupons.code}) = lower(${code})`, exceptId ? ne(coupons.id, exceptId) : undefined),
        )
      return other ?? null
    },
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
