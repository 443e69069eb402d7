import { count, desc, ilike, inArray, or, type SQLWrapper, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { containing, phoneDigits } from '../../lib/text-search.ts'
import { users } from './tables.ts'

/**
 * Subqueries of other modules finding the accounts a phone search names by their saved addresses and their
 * orders' delivery details (`digitsLike` is a LIKE pattern over the phone's digits).
 */
export type PhoneSearch = {
  addressedTo(digitsLike: string): SQLWrapper
  orderedTo(digitsLike: string): SQLWrapper
}

/** The console's list of accounts (decision 050); read only. */
export function createPeopleList(db: DbOrTx) {
  return {
    async customerPage(opts: { q?: string; offset: number; limit: number }, phones: PhoneSearch) {
      // A phone is found however it was typed or kept (+91 98290-12345, 09829012345): by its digits, in
      // the account, its saved addresses or its orders' delivery details.
      const digits = phoneDigits(opts.q ?? '')
      const byPhone = digits
        ? or(
            sql`regexp_replace(coalesce(${users.mobile}, ''), '\\D', '', 'g') like ${`%${digits}%`}`,
            inArray(users.id, phones.addressedTo(`%${digits}%`)),
            inArray(users.id, phones.orderedTo(`%${digits}%`)),
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
