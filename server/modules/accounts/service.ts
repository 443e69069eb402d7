import { eq } from 'drizzle-orm'
import type { Account } from '../../../contracts/accounts.ts'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import { newId } from '../../db/ids.ts'
import { users } from '../../db/schema.ts'
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  TooManyRequestsError,
  UnauthorizedError,
  ValidationError,
} from '../../http/errors.ts'
import { createAvatarStore, defaultUploadsDir, processAvatar } from './avatar.ts'
import { type AttemptLimiter, createMemoryLimiter } from './login-limiter.ts'
import { hashPassword, verifyDecoy, verifyPassword } from './passwords.ts'
import { createAccountsRepo, type UserRow } from './repo.ts'
import { hashToken, newOpaqueToken, type TokenService } from './tokens.ts'

export const INVALID_CREDENTIALS = 'Invalid email or password.'

export type AccountsDeps = {
  db: Db
  config?: Config
  tokens?: TokenService
  /** Where avatars are written; defaults to DATA_DIR/uploads (a temporary folder without one). */
  uploadsDir?: string
  /** Failed sign-ins per account and per client address (defaults: 5 and 20 in 15 minutes). */
  accountLimiter?: AttemptLimiter
  addressLimiter?: AttemptLimiter
}

export function toAccount(u: UserRow): Account {
  return {
    _id: u.id,
    fullName: u.fullName,
    userName: u.userName ?? '',
    email: u.email,
    mobile: u.mobile ?? '',
    dob: u.dob ?? '',
    gender: u.gender ?? '',
    avatar: u.avatar ?? '',
  }
}

const isUniqueViolation = (e: unknown) => {
  const err = e as { code?: string; cause?: { code?: string } }
  return err?.code === '23505' || err?.cause?.code === '23505'
}

/** Every account call acts on the token's own user; an id naming someone else is refused. */
export function assertSelf(callerId: string, id: string | undefined | null) {
  if (id && id !== callerId) throw new ForbiddenError('You can only use your own account.')
}

export function createAccountsService(deps: AccountsDeps) {
  const repo = createAccountsRepo(deps.db)
  const refreshTtlMs = (deps.config?.REFRESH_TOKEN_TTL ?? 30 * 86_400) * 1000
  const avatars = createAvatarStore(deps.uploadsDir ?? defaultUploadsDir(deps.config?.dataDir ?? ''))
  const accountLimiter = deps.accountLimiter ?? createMemoryLimiter({ max: 5, windowSeconds: 15 * 60 })
  const addressLimiter = deps.addressLimiter ?? createMemoryLimiter({ max: 20, windowSeconds: 15 * 60 })

  const tokens = () => {
    if (!deps.tokens) throw new Error('accounts service built without a token service')
    return deps.tokens
  }

  async function issueTokens(user: UserRow, familyId = newId()) {
    const refreshToken = newOpaqueToken()
    await repo.insertRefreshToken({
      userId: user.id,
      familyId,
      tokenHash: hashToken(refreshToken),
      expiresAt: new Date(Date.now() + refreshTtlMs),
    })
    const accessToken = await tokens().signAccess({ sub: user.id, role: user.role })
    return { accessToken, refreshToken }
  }

  async function activeUser(userId: string): Promise<UserRow> {
    const user = await repo.userById(userId)
    if (!user || user.disabledAt) throw new NotFoundError('Account not found.')
    return user
  }

  const tooMany = (seconds: number) =>
    new TooManyRequestsError(
      `Too many sign-in attempts. Please wait ${Math.ceil(seconds / 60)} minute${seconds > 60 ? 's' : ''} and try again.`,
    )

  return {
    /** The role of an enabled account, or null when it is disabled or gone. */
    async activeRole(userId: string): Promise<'customer' | 'admin' | null> {
      const [row] = await deps.db
        .select({ role: users.role, disabledAt: users.disabledAt })
        .from(users)
        .where(eq(users.id, userId))
      if (!row || row.disabledAt) return null
      return row.role
    },

    /** Registration only ever creates customers. */
    async register(input: { fullName: string; email: string; password: string }): Promise<Account> {
      const email = input.email.trim()
      if (await repo.userByEmail(email))
        throw new ConflictError('An account with this e-mail already exists.')
      const passwordHash = await hashPassword(input.password)
      try {
        const row = await repo.insertUser({
          fullName: input.fullName.trim(),
          email,
          passwordHash,
          role: 'customer',
        })
        return toAccount(row)
      } catch (e) {
        if (isUniqueViolation(e)) throw new ConflictError('An account with this e-mail already exists.')
        throw e
      }
    },

    /** A wrong e-mail and a wrong password get the same answer, in about the same time. */
    async login(input: { email: string; password: string }, clientAddress: string) {
      const accountKey = input.email.trim().toLowerCase()
      const addressKey = clientAddress
      const wait = Math.max(accountLimiter.blockedFor(accountKey), addressLimiter.blockedFor(addressKey))
      if (wait > 0) throw tooMany(wait)

      const user = accountKey ? await repo.userByEmail(accountKey) : undefined
      let ok = false
      if (user) ok = await verifyPassword(user.passwordHash, input.password)
      else await verifyDecoy(input.password)
      if (!user || !ok) {
        accountLimiter.fail(accountKey)
        addressLimiter.fail(addressKey)
        throw new UnauthorizedError(INVALID_CREDENTIALS)
      }
      if (user.disabledAt) throw new ForbiddenError('This account has been disabled. Please contact support.')
      accountLimiter.reset(accountKey)
      const pair = await issueTokens(user)
      return { user: toAccount(user), ...pair }
    },

    /** Rotation: each refresh token works once; presenting a used one ends its whole family. */
    async refresh(refreshToken: string) {
      const now = new Date()
      const tokenHash = hashToken(refreshToken)
      const claimed = await repo.claimRefreshToken(tokenHash, now)
      if (!claimed) {
        const known = await repo.refreshTokenByHash(tokenHash)
        if (known?.usedAt) await repo.revokeFamily(known.familyId, now)
        throw new UnauthorizedError('Your session has expired. Please sign in again.')
      }
      const user = await repo.userById(claimed.userId)
      if (!user || user.disabledAt) {
        await repo.revokeFamily(claimed.familyId, now)
        throw new UnauthorizedError('Your session has expired. Please sign in again.')
      }
      return issueTokens(user, claimed.familyId)
    },

    /** Ends one sign-in (its refresh token family) or, without a token, every sign-in of the account. */
    async logout(userId: string, refreshToken?: string) {
      const now = new Date()
      if (refreshToken) {
        const known = await repo.refreshTokenByHash(hashToken(refreshToken))
        if (known && known.userId === userId) {
          await repo.revokeFamily(known.familyId, now)
          return
        }
      }
      await repo.revokeAllForUser(userId, now)
    },

    async profile(userId: string): Promise<Account> {
      return toAccount(await activeUser(userId))
    },

    async updateAccount(
      userId: string,
      input: {
        fullName: string
        userName: string
        email: string
        mobile?: string
        dob?: string
        gender?: string
      },
    ): Promise<Account> {
      await activeUser(userId)
      const email = input.email.trim()
      const holder = await repo.userByEmail(email)
      if (holder && holder.id !== userId)
        throw new ConflictError('An account with this e-mail already exists.')
      if (input.dob && Number.isNaN(Date.parse(input.dob))) {
        throw new ValidationError('Invalid body: dob must be a real date', { dob: 'must be a real date' })
      }
      try {
        const row = await repo.updateUser(userId, {
          fullName: input.fullName,
          userName: input.userName,
          email,
          ...(input.mobile !== undefined ? { mobile: input.mobile || null } : {}),
          ...(input.dob !== undefined ? { dob: input.dob || null } : {}),
          ...(input.gender !== undefined ? { gender: input.gender || null } : {}),
        })
        return toAccount(row!)
      } catch (e) {
        if (isUniqueViolation(e)) throw new ConflictError('An account with this e-mail already exists.')
        throw e
      }
    },

    async setAvatar(userId: string, file: Buffer): Promise<Account> {
      const before = await activeUser(userId)
      const webp = await processAvatar(file)
      const url = await avatars.save(userId, webp)
      const row = await repo.updateUser(userId, { avatar: url })
      await avatars.remove(before.avatar)
      return toAccount(row!)
    },

    /** Ends every sign-in of the account, then starts a fresh one for the caller. */
    async changePassword(userId: string, oldPassword: string, newPassword: string) {
      const user = await activeUser(userId)
      if (!(await verifyPassword(user.passwordHash, oldPassword))) {
        throw new ValidationError('The old password is not correct.')
      }
      if (oldPassword === newPassword) {
        throw new ValidationError('The new password must be different from the old one.')
      }
      await repo.updateUser(userId, { passwordHash: await hashPassword(newPassword) })
      await repo.revokeAllForUser(userId, new Date())
      return issueTokens(user)
    },
  }
}
export type AccountsService = ReturnType<typeof createAccountsService>
