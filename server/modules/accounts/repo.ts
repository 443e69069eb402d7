import { and, asc, desc, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm'

import type { DbOrTx } from '../../db/client.ts'
import { NO_PASSWORD } from './passwords.ts'
import { emailConfirmations, passwordResets, refreshTokens, users } from './tables.ts'

export type UserRow = typeof users.$inferSelect

const staffColumns = {
  id: users.id,
  fullName: users.fullName,
  // Staff are invited by e-mail: every staff account has one.
  email: sql<string>`coalesce(${users.email}, '')`,
  staffRole: users.staffRole,
  staffSince: users.staffSince,
  disabledAt: users.disabledAt,
}

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
    /**
     * Whether the account's address is confirmed. With `lock`, its row stays locked until the transaction
     * ends (FOR NO KEY UPDATE), so two placements or bookings by one account are judged one after the other.
     */
    async forHolds(userId: string, lock: boolean) {
      const q = db.select({ emailVerifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, userId))
      const [row] = lock ? await q.for('no key update') : await q
      return row ?? null
    },
    /**
     * The ids of the accounts whose e-mail or name matches an ILIKE pattern, or whose mobile's digits match
     * `digitsLike`, as a subquery (never run by itself: another module's list embeds it).
     */
    idsMatching(pattern: string, digitsLike?: string | null) {
      return db
        .select({ id: users.id })
        .from(users)
        .where(
          or(
            sql`${users.email} ilike ${pattern}`,
            sql`${users.fullName} ilike ${pattern}`,
            digitsLike
              ? sql`regexp_replace(coalesce(${users.mobile}, ''), '\\D', '', 'g') like ${digitsLike}`
              : undefined,
          ),
        )
    },
    /** The name and address of these accounts. */
    people(ids: string[]) {
      if (ids.length === 0) return Promise.resolve([])
      return db
        .select({ id: users.id, fullName: users.fullName, email: users.email })
        .from(users)
        .where(sql`${users.id} = any(${sql.param(ids)}::text[])`)
    },
    async insertUser(values: typeof users.$inferInsert): Promise<UserRow> {
      const [row] = await db.insert(users).values(values).returning()
      return row!
    },
    async updateUser(id: string, values: Partial<typeof users.$inferInsert>): Promise<UserRow | undefined> {
      const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning()
      return row
    },

    /**
     * Every staff account, with whether it has chosen a password and signed in since it took its role (a
     * sign-in leaves a refresh token, rotated ones included).
     */
    async staff() {
      return db
        .select({
          ...staffColumns,
          passwordChosen: sql<boolean>`${users.passwordHash} <> ${NO_PASSWORD}`,
          // Written out with table names: drizzle leaves columns unqualified in a one-table select.
          signedInSince: sql<boolean>`exists (select 1 from "refresh_tokens" t where t."user_id" = "users"."id" and t."created_at" >= coalesce("users"."staff_since", "users"."created_at"))`,
        })
        .from(users)
        .where(eq(users.role, 'admin'))
        .orderBy(sql`${users.disabledAt} is not null`, asc(users.staffSince), asc(users.id))
    },
    /**
     * Customer accounts invited to the staff whose invitation is still open (decision 109): they become
     * staff when its link is used. The newest open invitation of each, with the role it grants.
     */
    async invitedCustomers(now: Date) {
      return db
        .selectDistinctOn([users.id], {
          ...staffColumns,
          invitedRole: passwordResets.staffRole,
          invitedAt: passwordResets.createdAt,
        })
        .from(passwordResets)
        .innerJoin(users, eq(users.id, passwordResets.userId))
        .where(
          and(
            eq(users.role, 'customer'),
            sql`${passwordResets.staffRole} is not null`,
            isNull(passwordResets.usedAt),
            gt(passwordResets.expiresAt, now),
          ),
        )
        .orderBy(asc(users.id), desc(passwordResets.createdAt))
    },
    /**
     * Locks, until the transaction ends, the rows a staff change is judged on: every owner, the one
     * acting and the one changed (in id order, so two changes at once wait rather than deadlock).
     */
    async lockStaff(ids: string[]) {
      return db
        .select({ ...staffColumns, role: users.role })
        .from(users)
        .where(or(and(eq(users.role, 'admin'), eq(users.staffRole, 'owner')), inArray(users.id, ids)))
        .orderBy(asc(users.id))
        .for('update')
    },

    async insertRefreshToken(values: typeof refreshTokens.$inferInsert) {
      await db.insert(refreshTokens).values(values)
    },
    async refreshTokenByHash(tokenHash: string) {
      const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash))
      return row
    },
    /**
     * Marks a live token used, naming the token that replaces it, in one statement, so two racing refreshes
     * cannot both win.
     */
    async claimRefreshToken(tokenHash: string, now: Date, replacedById: string) {
      const [row] = await db
        .update(refreshTokens)
        .set({ usedAt: now, replacedById })
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
    /** Ends every sign-in of the account but the one `keepFamilyId` names. */
    async revokeAllForUserBut(userId: string, keepFamilyId: string, now: Date) {
      await db
        .update(refreshTokens)
        .set({ revokedAt: now })
        .where(
          and(
            eq(refreshTokens.userId, userId),
            ne(refreshTokens.familyId, keepFamilyId),
            isNull(refreshTokens.revokedAt),
          ),
        )
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
    /** Ends the account's open staff invitations (a new one replaces them). */
    async endInvitationsOf(userId: string, now: Date) {
      await db
        .update(passwordResets)
        .set({ usedAt: now })
        .where(
          and(
            eq(passwordResets.userId, userId),
            isNull(passwordResets.usedAt),
            sql`${passwordResets.staffRole} is not null`,
          ),
        )
    },
    async useAllOf(userId: string, now: Date) {
      await db
        .update(passwordResets)
        .set({ usedAt: now })
        .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)))
    },
  }
}

/** Links that confirm an e-mail address (decision 109): only the token's hash is stored. */
export function createConfirmationsRepo(db: DbOrTx) {
  return {
    async insert(values: typeof emailConfirmations.$inferInsert) {
      await db.insert(emailConfirmations).values(values)
    },
    async byHash(tokenHash: string) {
      const [row] = await db
        .select()
        .from(emailConfirmations)
        .where(eq(emailConfirmations.tokenHash, tokenHash))
      return row
    },
    /** Marks an unused, unexpired link used, in one statement; undefined when it was not. */
    async claim(tokenHash: string, now: Date) {
      const [row] = await db
        .update(emailConfirmations)
        .set({ usedAt: now })
        .where(
          and(
            eq(emailConfirmations.tokenHash, tokenHash),
            isNull(emailConfirmations.usedAt),
            gt(emailConfirmations.expiresAt, now),
          ),
        )
        .returning()
      return row
    },
    async endAllOf(userId: string, now: Date) {
      await db
        .update(emailConfirmations)
        .set({ usedAt: now })
        .where(and(eq(emailConfirmations.userId, userId), isNull(emailConfirmations.usedAt)))
    },
  }
}
