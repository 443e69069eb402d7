import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { passwordResets, refreshTokens, users } from '../../db/schema.ts'

export type UserRow = typeof users.$inferSelect

export function createAccountsRepo(db: DbOrTx) {
  return {
    async userById(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id))
      return row
    },
    async userByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
      return row
    },
    async insertUser(values: typeof users.$inferInsert): Promise<UserRow> {
      const [row] = await db.insert(users).values(values).returning()
      return row!
    },
    async updateUser(id: string, values: Partial<typeof users.$inferInsert>): Promise<UserRow | undefined> {
      const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning()
      return row
    },

    async insertRefreshToken(values: typeof refreshTokens.$inferInsert) {
      await db.insert(refreshTokens).values(values)
    },
    async refreshTokenByHash(tokenHash: string) {
      const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash))
      return row
    },
    /** Marks a live token used in one statement, so two racing refreshes cannot both win. */
    async claimRefreshToken(tokenHash: string, now: Date) {
      const [row] = await db
        .update(refreshTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(refreshTokens.tokenHash, tokenHash),
            isNull(refreshTokens.usedAt),
            isNull(refreshTokens.revokedAt),
            gt(refreshTokens.expiresAt, now),
          ),
        )
        .returning()
      return row
    },
    async revokeFamily(familyId: string, now: Date) {
      await db
        .update(refreshTokens)
        .set({ revokedAt: now })
        .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
    },
    /** The account behind a sign-in that is still live: some token of the family unrevoked and unexpired, account enabled. */
    async liveSession(familyId: string, now: Date) {
      const [row] = await db
        .select({ userId: users.id, role: users.role, staffRole: users.staffRole })
        .from(refreshTokens)
        .innerJoin(users, eq(users.id, refreshTokens.userId))
        .where(
          and(
            eq(refreshTokens.familyId, familyId),
            isNull(refreshTokens.revokedAt),
            gt(refreshTokens.expiresAt, now),
            isNull(users.disabledAt),
          ),
        )
        .limit(1)
      return row
    },
    async revokeAllForUser(userId: string, now: Date) {
      await db
        .update(refreshTokens)
        .set({ revokedAt: now })
        .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)))
    },
  }
}

/** Password reset links: only the token's hash is stored. */
export function createResetsRepo(db: DbOrTx) {
  return {
    async insert(values: typeof passwordResets.$inferInsert) {
      await db.insert(passwordResets).values(values)
    },
    async byHash(tokenHash: string) {
      const [row] = await db.select().from(passwordResets).where(eq(passwordResets.tokenHash, tokenHash))
      return row
    },
    /** Marks an unused, unexpired link used, in one statement; undefined when it was not. */
    async claim(tokenHash: string, now: Date) {
      const [row] = await db
        .update(passwordResets)
        .set({ usedAt: now })
        .where(
          and(
            eq(passwordResets.tokenHash, tokenHash),
            isNull(passwordResets.usedAt),
            gt(passwordResets.expiresAt, now),
          ),
        )
        .returning()
      return row
    },
    async useAllOf(userId: string, now: Date) {
      await db
        .update(passwordResets)
        .set({ usedAt: now })
        .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)))
    },
  }
}
