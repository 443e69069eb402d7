import { count, desc, ilike, or, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client.ts'
import { orders, users } from '../../../db/schema.ts'
import { containing } from '../kit.ts'

/** The console's list of accounts (decision 050), with each one's order count; read only. */
export function createPeopleRepo(db: DbOrTx) {
  return {
    async customerPage(opts: { q?: string; offset: number; limit: number }) {
      const where = opts.q
        ? or(
            ilike(users.email, containing(opts.q)),
            ilike(users.fullName, containing(opts.q)),
            ilike(users.mobile, containing(opts.q)),
          )
        : undefined
      const rows = await db
        .select({
          id: users.id,
          fullName: users.fullName,
          email: users.email,
          mobile: users.mobile,
          role: users.role,
          disabledAt: users.disabledAt,
          createdAt: users.createdAt,
          orderCount: sql<number>`(select count(*)::int from ${orders} where ${orders.userId} = ${users.id})`,
        })
        .from(users)
        .where(where)
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(opts.limit)
        .offset(opts.offset)
      const [{ total }] = await db.select({ total: count() }).from(users).where(where)
      return { rows, total }
    },
  }
}
