import { count, desc, ilike, or, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client.ts'
import { addresses, orders, users } from '../../../db/schema.ts'
import { containing } from '../kit.ts'

/** The digits of a search that looks like a phone number (at least 4), without India's 91 or a leading 0. */
export function phoneDigits(q: string): string | null {
  if (!/^[\d\s()+-]+$/.test(q.trim())) return null
  let d = q.replace(/\D/g, '')
  if (d.length > 10 && d.startsWith('91')) d = d.slice(2)
  if (d.length > 10 && d.startsWith('0')) d = d.slice(1)
  return d.length >= 4 ? d : null
}

/** The console's list of accounts (decision 050), with each one's order count; read only. */
export function createPeopleRepo(db: DbOrTx) {
  return {
    async customerPage(opts: { q?: string; offset: number; limit: number }) {
      // A phone is found however it was typed or kept (+91 98290-12345, 09829012345): by its digits, in
      // the account, its saved addresses or its orders' delivery details.
      const digits = phoneDigits(opts.q ?? '')
      const byPhone = digits
        ? or(
            sql`regexp_replace(coalesce(${users.mobile}, ''), '\\D', '', 'g') like ${`%${digits}%`}`,
            sql`exists (select 1 from ${addresses} a where a.user_id = "users"."id"
              and regexp_replace(a.phone_number, '\\D', '', 'g') like ${`%${digits}%`})`,
            sql`exists (select 1 from ${orders} o where o.user_id = "users"."id"
              and regexp_replace(o.shipping_phone, '\\D', '', 'g') like ${`%${digits}%`})`,
          )
        : undefined
      const where = opts.q
        ? or(
            ilike(users.email, containing(opts.q)),
            ilike(users.fullName, containing(opts.q)),
            // The mobile as kept has no index: it is read only for a search that could be part of a phone
            // (a name searched for is found by the trigram indexes of the two above, not by reading every
            // account: 0.3 s at 100,000 accounts).
            /^[\d\s()+-]+$/.test(opts.q) ? ilike(users.mobile, containing(opts.q)) : undefined,
            byPhone,
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
          // Written out: in a one-table select drizzle leaves column names bare, and the subquery would
          // then compare its own columns.
          orderCount: sql<number>`(select count(*)::int from ${orders} o where o.user_id = "users"."id")`,
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
