import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { coupons } from '../../db/schema.ts'

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
        .where(eq(coupons.code, code))
        .then((r) => r[0] ?? null)
    },
    /** Counts one use unless the limit is already reached; false when it was. */
    async recordUse(code: string): Promise<boolean> {
      const rows = await db
        .update(coupons)
        .set({ usedCount: sql`${coupons.usedCount} + 1` })
        .where(
          and(
            eq(coupons.code, code),
            or(isNull(coupons.usageLimit), lt(coupons.usedCount, coupons.usageLimit)),
          ),
        )
        .returning({ id: coupons.id })
      return rows.length > 0
    },
  }
}
