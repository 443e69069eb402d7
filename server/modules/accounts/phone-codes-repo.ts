import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { phoneCodes, users } from './tables.ts'

export type PhoneCodeRow = typeof phoneCodes.$inferSelect
export type PhoneCodePurpose = PhoneCodeRow['purpose']

/** One-time codes sent to mobile numbers (decision 141): only their keyed hashes. */
export function createPhoneCodesRepo(db: DbOrTx) {
  return {
    /** Earlier codes of this number for this purpose stop working once a new one is sent. */
    async endEarlier(phone: string, purpose: PhoneCodePurpose, now: Date) {
      await db
        .update(phoneCodes)
        .set({ expiresAt: now })
        .where(
          and(
            eq(phoneCodes.phone, phone),
            eq(phoneCodes.purpose, purpose),
            isNull(phoneCodes.usedAt),
            gt(phoneCodes.expiresAt, now),
          ),
        )
    },
    async insert(values: typeof phoneCodes.$inferInsert) {
      const [row] = await db.insert(phoneCodes).values(values).returning()
      return row!
    },
    /** The live code of this number for this purpose (and account, for a link code), if any. */
    async live(phone: string, purpose: PhoneCodePurpose, now: Date, userId?: string) {
      const [row] = await db
        .select()
        .from(phoneCodes)
        .where(
          and(
            eq(phoneCodes.phone, phone),
            eq(phoneCodes.purpose, purpose),
            userId ? eq(phoneCodes.userId, userId) : undefined,
            isNull(phoneCodes.usedAt),
            gt(phoneCodes.expiresAt, now),
          ),
        )
        .orderBy(desc(phoneCodes.createdAt))
        .limit(1)
      return row
    },
    /** Counts one try before the code is compared: concurrent guesses cannot get more than `max`. */
    async takeTry(id: string, max: number): Promise<number | null> {
      const [row] = await db
        .update(phoneCodes)
        .set({ tries: sql`${phoneCodes.tries} + 1` })
        .where(and(eq(phoneCodes.id, id), lt(phoneCodes.tries, max), isNull(phoneCodes.usedAt)))
        .returning({ tries: phoneCodes.tries })
      return row?.tries ?? null
    },
    /** A try that was not a guess after all (the right code, but a name still to ask): given back. */
    async giveTryBack(id: string) {
      await db
        .update(phoneCodes)
        .set({ tries: sql`greatest(${phoneCodes.tries} - 1, 0)` })
        .where(eq(phoneCodes.id, id))
    },
    /** Used once: of two requests with the right code at the same moment, one wins. */
    async use(id: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(phoneCodes)
        .set({ usedAt: now })
        .where(and(eq(phoneCodes.id, id), isNull(phoneCodes.usedAt)))
        .returning({ id: phoneCodes.id })
      return rows.length > 0
    },
    async userByPhone(phone: string) {
      const [row] = await db.select().from(users).where(eq(users.phone, phone))
      return row
    },
  }
}
