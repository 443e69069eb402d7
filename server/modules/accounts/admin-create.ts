import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { writeAudit } from '../audit/repo.ts'
import { hashPassword } from './passwords.ts'
import { users } from './tables.ts'

export type AdminCreateResult = {
  outcome: 'created' | 'promoted' | 'already-admin'
  userId: string
  email: string
}

export const adminPasswordMinLength = 8

export class AdminCreateError extends Error {}

/** argon2id, exactly as the accounts module hashes customer passwords. */
function hashAdminPassword(password: string): Promise<string> {
  return hashPassword(password)
}

export function emailLooksValid(email: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(email)
}

/** True when an account with that e-mail exists (the CLI asks for a password only for new accounts). */
export async function accountExists(db: Db, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
  return Boolean(row)
}

/**
 * Makes `email` an administrator: promotes an existing account (its password is kept unless one is
 * given) or creates a new one (a password is then required). Written to the audit log.
 */
export async function createOrPromoteAdmin(
  db: Db,
  input: { email: string; password?: string | null; fullName?: string | null },
): Promise<AdminCreateResult> {
  const email = input.email.trim()
  if (!emailLooksValid(email)) throw new AdminCreateError(`"${email}" is not an e-mail address.`)
  const password = input.password ?? null
  if (password !== null && password.length < adminPasswordMinLength) {
    throw new AdminCreateError(`The password needs at least ${adminPasswordMinLength} characters.`)
  }
  const passwordHash = password === null ? null : await hashAdminPassword(password)
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({
        id: users.id,
        role: users.role,
        // Found by its address: it has one.
        email: sql<string>`coalesce(${users.email}, '')`,
        disabledAt: users.disabledAt,
        emailVerifiedAt: users.emailVerifiedAt,
      })
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    if (existing) {
      if (existing.role === 'admin' && !passwordHash && !existing.disabledAt) {
        return { outcome: 'already-admin' as const, userId: existing.id, email: existing.email }
      }
      // Anyone may register an address before the shop makes it staff: an unconfirmed customer account's
      // password may be theirs, so it is replaced (decision 109).
      if (existing.role !== 'admin' && !existing.emailVerifiedAt && !passwordHash) {
        throw new AdminCreateError(
          `${existing.email} has a customer account whose address was never confirmed, so its password may not be its owner's. Give it a new password (set ADMIN_PASSWORD) to make it an administrator.`,
        )
      }
      await tx
        .update(users)
        .set({
          role: 'admin',
          // `admin:create` makes owners (decision 091); an owner's seniority is kept.
          ...(existing.role === 'admin' ? {} : { staffRole: 'owner' as const, staffSince: new Date() }),
          disabledAt: null,
          ...(passwordHash ? { passwordHash } : {}),
          // The operator at the machine vouches for the address they named.
          emailVerifiedAt: existing.emailVerifiedAt ?? new Date(),
        })
        .where(eq(users.id, existing.id))
      await writeAudit(tx, {
        actorId: null,
        action: existing.role === 'admin' ? 'admin.password' : 'admin.promote',
        entity: 'user',
        entityId: existing.id,
        before: { role: existing.role, disabledAt: existing.disabledAt },
        after: { role: 'admin', disabledAt: null, passwordChanged: Boolean(passwordHash) },
      })
      return {
        outcome: existing.role === 'admin' ? ('already-admin' as const) : ('promoted' as const),
        userId: existing.id,
        email: existing.email,
      }
    }
    if (!passwordHash) throw new AdminCreateError('A new account needs a password.')
    const fullName = input.fullName?.trim() || 'Shop administrator'
    const [created] = await tx
      .insert(users)
      .values({
        email,
        fullName,
        passwordHash,
        role: 'admin',
        staffRole: 'owner',
        staffSince: new Date(),
        emailVerifiedAt: new Date(),
      })
      .returning({ id: users.id })
    await writeAudit(tx, {
      actorId: null,
      action: 'admin.create',
      entity: 'user',
      entityId: created.id,
      before: null,
      after: { email, fullName, role: 'admin', staffRole: 'owner' },
    })
    return { outcome: 'created' as const, userId: created.id, email }
  })
}
