import { type Account, CURRENT_PASSWORD_NEEDED, CURRENT_PASSWORD_WRONG } from '../../../contracts/accounts.ts'
import { defaultLanguage, type Language, msg } from '../../../contracts/languages.ts'
import { confirmationDays } from '../../../contracts/mail-text.ts'
import { invitationDays, type SignedIn, type StaffRole, staffAnswers } from '../../../contracts/staff.ts'
import type { Config } from '../../config.ts'
import type { Db, DbOrTx } from '../../db/client.ts'
import { newId } from '../../db/ids.ts'
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  TooManyRequestsError,
  UnauthorizedError,
  ValidationError,
} from '../../http/errors.ts'
import type { SessionNotices } from '../../lib/cache-broadcast.ts'
import type { FileStore } from '../../lib/file-store.ts'
import { writeAudit } from '../audit/repo.ts'
import { mailAnswers, mailTexts, mailTextsIn } from '../mail/messages.ts'
import type { MailService } from '../mail/service.ts'
import type { MessagingService } from '../messaging/service.ts'
import { accountsAuditNames } from './audit-names.ts'
import { createAvatarStore, processAvatar } from './avatar.ts'
import { createPeopleList } from './console-repo.ts'
import {
  type AttemptLimiter,
  createSignInLimits,
  type LimiterFactory,
  memoryLimiters,
} from './login-limiter.ts'
import { hashPassword, NO_PASSWORD, verifyDecoy, verifyPassword } from './passwords.ts'
import { createPhoneSignIn } from './phone-sign-in.ts'
import { createAccountsRepo, createConfirmationsRepo, createResetsRepo, type UserRow } from './repo.ts'
import { createSessionCache, type LiveSession } from './session-cache.ts'
import { hashToken, newOpaqueToken, type TokenService } from './tokens.ts'

export const INVALID_CREDENTIALS = 'Invalid email or password.'
export const SESSION_EXPIRED = 'Your session has expired. Please sign in again.'

/** A refresh token just rotated may be presented again this long (two tabs or a retry racing). */
export const REFRESH_GRACE_MS = 30_000
/** How long a live sign-in is believed without asking the database (see decision 023). */
export const SESSION_CACHE_MS = 5_000

export type AccountsDeps = {
  db: Db
  config?: Config
  tokens?: TokenService
  /** Where avatars are written (server/lib/file-store.ts); DATA_DIR/uploads or the S3 bucket. */
  files: FileStore
  log?: { warn(obj: object, msg: string): void }
  /** Failed sign-ins per account, per account from one client address, per client address (`signInLimits`). */
  accountLimiter?: AttemptLimiter
  pairLimiter?: AttemptLimiter
  addressLimiter?: AttemptLimiter
  /** Seconds a live sign-in is cached in this process (default SESSION_CACHE_MS). */
  sessionCacheMs?: number
  /** With several instances: the sign-ins forgotten here are forgotten by the others too (decision 066). */
  sessionNotices?: SessionNotices | null
  /** Where the welcome and password reset e-mails are written (the outbox); none in some unit tests. */
  mail?: MailService
  /** Reset requests per e-mail address and per client address (defaults: 3 an hour and 10 in 15 minutes). */
  resetEmailLimiter?: AttemptLimiter
  resetAddressLimiter?: AttemptLimiter
  /** Makes the limiters not given above: in memory, or in Redis with REDIS_URL (docs/decisions/069). */
  limiters?: LimiterFactory
  /** Where sign-in codes are written (the message outbox, decision 141); none in some unit tests. */
  messaging?: Pick<MessagingService, 'send'>
}

export type { PhoneSearch } from './console-repo.ts'

/** An account as other modules name it: in an e-mail, a document or a console list. */
export type Person = { fullName: string; email: string | null }

/** How long a password reset link works. */
const RESET_MINUTES = 30

/** A staff account as a change to the staff is judged: its role, since when, and whether it is disabled. */
export type StaffAccount = {
  id: string
  fullName: string
  email: string
  staffRole: StaffRole | null
  staffSince: Date | null
  disabledAt: Date | null
}
/**
 * What a rule about a staff change looks at, read and locked in the change's transaction: the member of
 * staff acting (undefined if they are no longer staff), the colleague changed, and every owner.
 */
export type StaffChange = { actor: StaffAccount | undefined; colleague: StaffAccount; owners: StaffAccount[] }
/** Throws to refuse a staff change (the console's rules, server/modules/admin/staff). */
export type StaffRule = (change: StaffChange) => void

/** A signed-in caller, with the sign-in (refresh token family) its access token belongs to. */
export type Caller = SignedIn & { sessionId: string }

function toAccount(u: UserRow): Account {
  return {
    _id: u.id,
    fullName: u.fullName,
    userName: u.userName ?? '',
    email: u.email ?? '',
    mobile: u.mobile ?? '',
    phone: u.phone ?? '',
    dob: u.dob ?? '',
    gender: u.gender ?? '',
    avatar: u.avatar ?? '',
    emailConfirmed: Boolean(u.emailVerifiedAt),
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
  const avatars = createAvatarStore(deps.files)
  const limiter = deps.limiters ?? memoryLimiters
  const signIns = createSignInLimits(limiter, {
    account: deps.accountLimiter,
    pair: deps.pairLimiter,
    address: deps.addressLimiter,
  })
  const accountLimiter = signIns.account

  const resetEmailLimiter =
    deps.resetEmailLimiter ?? limiter('reset-email', { max: 3, windowSeconds: 60 * 60 })
  const resetAddressLimiter =
    deps.resetAddressLimiter ?? limiter('reset-address', { max: 10, windowSeconds: 15 * 60 })
  // A confirmation link asked for again: a few an hour per account, so the shop mails nobody in a loop.
  const confirmLimiter = limiter('confirm-email', { max: 3, windowSeconds: 60 * 60 })

  const sessions = createSessionCache({
    ttlMs: deps.sessionCacheMs ?? SESSION_CACHE_MS,
    notices: deps.sessionNotices,
  })

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
    const accessToken = await tokens().signAccess({ sub: user.id, role: user.role, sid: familyId })
    return { accessToken, refreshToken, refreshTokenExpiresIn: Math.floor(refreshTtlMs / 1000) }
  }

  /** What a rotation of the stored token `used` answers, each time it is asked: its successor, signed at its use. */
  async function successorPair(user: UserRow, used: { id: string; familyId: string }, usedAt: Date) {
    const claims = { sub: user.id, role: user.role, sid: used.familyId }
    return {
      accessToken: await tokens().signAccess(claims, usedAt),
      refreshToken: tokens().successorOf(used.id),
      refreshTokenExpiresIn: Math.floor(refreshTtlMs / 1000),
    }
  }

  /** Ends every sign-in of the account but `keep` (the caller's), here and in every instance's cache. */
  async function endOtherSignIns(userId: string, keep: string | undefined) {
    const now = new Date()
    if (keep) await repo.revokeAllForUserBut(userId, keep, now)
    else await repo.revokeAllForUser(userId, now)
    sessions.forgetUser(userId)
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

  /** Counts a password check against the account before it runs, so racing guesses cannot exceed the limit. */
  async function checkPassword(user: UserRow, password: string): Promise<boolean> {
    const key = user.email?.trim().toLowerCase() ?? user.id
    const wait = await accountLimiter.take(key)
    if (wait > 0) throw tooMany(wait)
    const ok = await verifyPassword(user.passwordHash, password)
    if (ok) await accountLimiter.clear(key)
    return ok
  }

  const confirmationUrl = (token: string) =>
    deps.mail?.url(`/confirm-email?token=${encodeURIComponent(token)}`) ?? ''

  /**
   * A new link that confirms the account's present address, in the caller's transaction; earlier links stop
   * working. Returns the token for the e-mail that carries it (sealed in the outbox: decision 109).
   */
  async function newConfirmation(tx: DbOrTx, user: { id: string; email: string }) {
    const token = newOpaqueToken()
    const now = new Date()
    const confirmations = createConfirmationsRepo(tx)
    await confirmations.endAllOf(user.id, now)
    await confirmations.insert({
      userId: user.id,
      email: user.email,
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + confirmationDays * 86_400_000),
    })
    return token
  }

  /** Registration only ever creates customers; the welcome e-mail is written in the same transaction. */
  async function register(
    input: { fullName: string; email: string; password: string },
    language: Language = defaultLanguage,
  ): Promise<Account> {
    const email = input.email.trim()
    if (await repo.userByEmail(email)) throw new ConflictError('An account with this e-mail already exists.')
    const passwordHash = await hashPassword(input.password)
    try {
      const row = await deps.db.transaction(async (tx) => {
        const user = await createAccountsRepo(tx).insertUser({
          fullName: input.fullName.trim(),
          email,
          passwordHash,
          role: 'customer',
        })
        if (deps.mail) {
          const token = await newConfirmation(tx, { id: user.id, email })
          await deps.mail.send(tx, {
            kind: 'account.welcome',
            to: email,
            content: mailTextsIn(language).welcome(user.fullName, confirmationUrl(token), confirmationDays),
            secrets: [token],
          })
        }
        return user
      })
      return toAccount(row)
    } catch (e) {
      if (isUniqueViolation(e)) throw new ConflictError('An account with this e-mail already exists.')
      throw e
    }
  }

  // Signing in with a mobile number and a code (decision 141).
  const phoneSignIn = createPhoneSignIn({
    db: deps.db,
    messaging: deps.messaging,
    limiter,
    secret: deps.config?.secrets.jwtAccessSecret ?? 'phone-codes-in-unit-tests',
    emailTaken: async (email) => Boolean(await repo.userByEmail(email)),
    async createCustomer(tx, values, language) {
      const now = new Date()
      const user = await createAccountsRepo(tx).insertUser({
        fullName: values.fullName,
        email: values.email,
        passwordHash: NO_PASSWORD,
        phone: values.phone,
        phoneVerifiedAt: now,
        role: 'customer',
      })
      if (deps.mail && values.email) {
        const token = await newConfirmation(tx, { id: user.id, email: values.email })
        await deps.mail.send(tx, {
          kind: 'account.welcome',
          to: values.email,
          content: mailTextsIn(language).welcome(user.fullName, confirmationUrl(token), confirmationDays),
          secrets: [token],
        })
      }
      return user
    },
    setPhone: (tx, userId, phone) =>
      createAccountsRepo(tx).updateUser(userId, { phone, phoneVerifiedAt: new Date() }),
  })

  const invitationUrl = (token: string) =>
    deps.mail?.url(`/reset-password?token=${encodeURIComponent(token)}&invite=1`) ?? ''

  /** Reads and locks the staff a change is judged on, then lets the rule refuse it. */
  async function judgeStaffChange(tx: DbOrTx, actorId: string, userId: string, rule: StaffRule) {
    const rows = await createAccountsRepo(tx).lockStaff([actorId, userId])
    const staff = rows.filter((r) => r.role === 'admin')
    const colleague = staff.find((r) => r.id === userId)
    if (!colleague) throw new NotFoundError(staffAnswers.notStaff)
    const change: StaffChange = {
      actor: staff.find((r) => r.id === actorId),
      colleague,
      owners: staff.filter((r) => r.staffRole === 'owner'),
    }
    rule(change)
    return change
  }

  const service = {
    /** What the audit log calls this module's rows (decision 113). */
    auditNames: accountsAuditNames(deps.db),
    /**
     * The account behind an access token, or null: the token must be ours and unexpired, its sign-in
     * (`sid`) not ended, and the account enabled. Page loaders and the API both ask this.
     */
    async authenticate(accessToken: string): Promise<Caller | null> {
      const claims = await tokens().verifyAccess(accessToken)
      if (!claims) return null
      let live: LiveSession | undefined = sessions.get(claims.sid)
      if (!live) {
        const readAt = sessions.epoch()
        live = await repo.liveSession(claims.sid, new Date())
        if (!live) return null
        sessions.set(claims.sid, live, readAt)
      }
      if (live.userId !== claims.sub) return null
      return {
        id: live.userId,
        role: live.role,
        // Staff without a role (none should exist) open nothing in the console.
        staffRole: live.role === 'admin' ? live.staffRole : null,
        sessionId: claims.sid,
      }
    },

    /** Drops this process's memory of the account's sign-ins (staff disabled it, or its sign-ins ended). */
    forgetSessions(userId: string) {
      sessions.forgetUser(userId)
    },

    /** An account as staff see it in the console (no password hash, no avatar), or null. */
    async forStaff(userId: string) {
      const u = await repo.userById(userId)
      if (!u) return null
      return {
        id: u.id,
        fullName: u.fullName,
        userName: u.userName,
        email: u.email,
        mobile: u.mobile,
        dob: u.dob,
        gender: u.gender,
        role: u.role,
        disabledAt: u.disabledAt,
        createdAt: u.createdAt,
      }
    },

    /**
     * Staff disable an account (it cannot sign in, and its sign-ins end at once) or enable it again;
     * audited in the same transaction.
     */
    async setDisabled(actorId: string, userId: string, disabled: boolean) {
      const user = await repo.userById(userId)
      if (!user) throw new NotFoundError('No such customer.')
      const disabledAt = disabled ? (user.disabledAt ?? new Date()) : null
      await deps.db.transaction(async (tx) => {
        const r = createAccountsRepo(tx)
        await r.updateUser(userId, { disabledAt })
        if (disabled) await r.revokeAllForUser(userId, new Date())
        await writeAudit(tx, {
          actorId,
          action: disabled ? 'user.disable' : 'user.enable',
          entity: 'user',
          entityId: userId,
          before: { disabledAt: user.disabledAt },
          after: { disabledAt },
        })
      })
      if (disabled) sessions.forgetUser(userId)
    },

    /** Every staff account, oldest in its role first (the console's Staff screen). */
    async staffList() {
      const [rows, invited] = await Promise.all([repo.staff(), repo.invitedCustomers(new Date())])
      return [
        ...rows.map((r) => ({
          ...r,
          // Every staff account has a role (migration 0010, admin:create, invitations); none is the narrowest.
          staffRole: r.staffRole ?? ('orders' as const),
          invitationPending: !r.signedInSince,
        })),
        // Customers invited to the staff are listed with the role they will have once they accept.
        ...invited.map((r) => ({
          ...r,
          staffRole: r.invitedRole ?? ('orders' as const),
          staffSince: r.invitedAt,
          passwordChosen: false,
          signedInSince: false,
          invitationPending: true,
        })),
      ]
    },

    /**
     * Invites `email` to the staff with `role` (decision 109). A new address gets an account without a
     * password and an invitation whose link chooses one. An address that already has a customer account is
     * not made staff now: its invitation's link, once followed and a new password chosen there, makes it
     * staff, so an account registered in advance by someone else never receives staff rights with that
     * person's password. Audited with the mail, in one transaction.
     */
    async inviteStaff(actorId: string, input: { email: string; fullName: string; role: StaffRole }) {
      const email = input.email.trim()
      const mail = deps.mail
      if (!mail) throw new Error('accounts service built without mail: invitations need it')
      const token = newOpaqueToken()
      try {
        const result = await deps.db.transaction(async (tx) => {
          const r = createAccountsRepo(tx)
          const inviter = (await r.userById(actorId))?.fullName ?? 'The shop’s owner'
          const existing = await r.userByEmail(email)
          const now = new Date()
          const expiresAt = new Date(now.getTime() + invitationDays * 86_400_000)
          if (existing) {
            if (existing.role === 'admin')
              throw new ConflictError(staffAnswers.alreadyStaff(existing.email ?? email))
            if (existing.disabledAt) throw new ConflictError(staffAnswers.customerDisabled)
            const resets = createResetsRepo(tx)
            // One open invitation at a time: an earlier one (another role, perhaps) stops working.
            await resets.endInvitationsOf(existing.id, now)
            await resets.insert({
              userId: existing.id,
              tokenHash: hashToken(token),
              expiresAt,
              staffRole: input.role,
              invitedById: actorId,
            })
            await writeAudit(tx, {
              actorId,
              action: 'staff.invite',
              entity: 'user',
              entityId: existing.id,
              before: { role: existing.role, staffRole: null },
              after: { staffRole: input.role, accountExisted: true },
            })
            await mail.send(tx, {
              kind: 'staff.invitation',
              to: existing.email ?? email,
              content: mailTexts.staffInvitationForCustomer(
                existing.fullName,
                inviter,
                input.role,
                invitationUrl(token),
                invitationDays,
              ),
              secrets: [token],
            })
            return { outcome: 'invited-customer' as const, userId: existing.id }
          }
          const user = await r.insertUser({
            email,
            fullName: input.fullName.trim(),
            passwordHash: NO_PASSWORD,
            role: 'admin',
            staffRole: input.role,
            staffSince: now,
          })
          await createResetsRepo(tx).insert({
            userId: user.id,
            tokenHash: hashToken(token),
            expiresAt,
            staffRole: input.role,
            invitedById: actorId,
          })
          await writeAudit(tx, {
            actorId,
            action: 'staff.invite',
            entity: 'user',
            entityId: user.id,
            before: null,
            after: { email, fullName: user.fullName, role: 'admin', staffRole: input.role },
          })
          await mail.send(tx, {
            kind: 'staff.invitation',
            to: email,
            content: mailTexts.staffInvitation(
              user.fullName,
              inviter,
              input.role,
              invitationUrl(token),
              invitationDays,
            ),
            secrets: [token],
          })
          return { outcome: 'invited' as const, userId: user.id }
        })
        return result
      } catch (e) {
        if (isUniqueViolation(e)) throw new ConflictError(staffAnswers.alreadyStaff(email))
        throw e
      }
    },

    /**
     * A new invitation link for a colleague who has not chosen a password yet, or for an invited customer
     * who has not accepted yet; the links sent before stop working.
     */
    async inviteStaffAgain(actorId: string, userId: string) {
      const mail = deps.mail
      if (!mail) throw new Error('accounts service built without mail: invitations need it')
      const token = newOpaqueToken()
      await deps.db.transaction(async (tx) => {
        const r = createAccountsRepo(tx)
        const user = await r.userById(userId)
        const now = new Date()
        const invitedAs =
          user?.role === 'customer'
            ? (await r.invitedCustomers(now)).find((c) => c.id === userId)?.invitedRole
            : undefined
        const role = user?.role === 'admin' ? user.staffRole : invitedAs
        if (!user || !role) throw new NotFoundError(staffAnswers.notStaff)
        if (user.role === 'admin' && user.passwordHash !== NO_PASSWORD)
          throw new ConflictError(staffAnswers.hasPassword(user.fullName))
        if (user.disabledAt) throw new ConflictError(staffAnswers.disabledNoInvite(user.fullName))
        // Staff are invited by e-mail, so a staff account has an address; one without cannot be invited again.
        const to = user.email
        if (!to) throw new NotFoundError(staffAnswers.notStaff)
        const inviter = (await r.userById(actorId))?.fullName ?? 'The shop’s owner'
        const resets = createResetsRepo(tx)
        await resets.useAllOf(user.id, now)
        await resets.insert({
          userId: user.id,
          tokenHash: hashToken(token),
          expiresAt: new Date(now.getTime() + invitationDays * 86_400_000),
          staffRole: role,
          invitedById: actorId,
        })
        await writeAudit(tx, {
          actorId,
          action: 'staff.invite-again',
          entity: 'user',
          entityId: user.id,
          before: null,
          after: { email: user.email },
        })
        const texts = user.role === 'admin' ? mailTexts.staffInvitation : mailTexts.staffInvitationForCustomer
        await mail.send(tx, {
          kind: 'staff.invitation',
          to,
          content: texts(user.fullName, inviter, role, invitationUrl(token), invitationDays),
          secrets: [token],
        })
      })
    },

    /**
     * A colleague's new role, if `rule` (given the staff as they are now, locked) allows it. Their role
     * holds from now (`staffSince`, an owner's seniority), and their sign-ins carry it at once here.
     */
    async setStaffRole(actorId: string, userId: string, role: StaffRole, rule: StaffRule) {
      await deps.db.transaction(async (tx) => {
        const { colleague } = await judgeStaffChange(tx, actorId, userId, rule)
        if (colleague.staffRole === role) return
        const staffSince = new Date()
        await createAccountsRepo(tx).updateUser(userId, { staffRole: role, staffSince })
        await writeAudit(tx, {
          actorId,
          action: 'staff.role',
          entity: 'user',
          entityId: userId,
          before: { staffRole: colleague.staffRole, staffSince: colleague.staffSince },
          after: { staffRole: role, staffSince },
        })
      })
      sessions.forgetUser(userId)
    },

    /**
     * Disables a colleague (their sign-ins end at once, here and, within seconds, everywhere) or enables
     * them again, if `rule` allows it.
     */
    async setStaffDisabled(actorId: string, userId: string, disabled: boolean, rule: StaffRule) {
      await deps.db.transaction(async (tx) => {
        const { colleague } = await judgeStaffChange(tx, actorId, userId, rule)
        if (Boolean(colleague.disabledAt) === disabled) return
        const now = new Date()
        const disabledAt = disabled ? now : null
        const r = createAccountsRepo(tx)
        await r.updateUser(userId, { disabledAt })
        if (disabled) await r.revokeAllForUser(userId, now)
        await writeAudit(tx, {
          actorId,
          action: disabled ? 'staff.disable' : 'staff.enable',
          entity: 'user',
          entityId: userId,
          before: { disabledAt: colleague.disabledAt },
          after: { disabledAt },
        })
      })
      sessions.forgetUser(userId)
    },

    /** A new sign-in for an account without a password (tests and tools); the caller vouches for it. */
    async startSession(userId: string) {
      return issueTokens(await activeUser(userId))
    },

    register,

    /**
     * Registration followed by the customer's first sign-in: the password was chosen a moment ago, so no
     * check of it (and no sign-in attempt) is spent; registration keeps its own per-address request limit.
     */
    async signUp(
      input: { fullName: string; email: string; password: string },
      language: Language = defaultLanguage,
    ) {
      const account = await register(input, language)
      return { account, ...(await issueTokens(await activeUser(account._id))) }
    },

    /** A wrong e-mail and a wrong password get the same answer, in about the same time. */
    async login(input: { email: string; password: string }, clientAddress: string) {
      const accountKey = input.email.trim().toLowerCase()
      // Read before any attempt is counted: a database that is away answers 503 and costs no attempt.
      const user = accountKey ? await repo.userByEmail(accountKey) : undefined
      // Reserved before the (slow) check: a burst cannot get more checks than the limits.
      const attempt = await signIns.reserve({
        account: accountKey,
        address: clientAddress,
        password: user?.passwordHash ?? '',
      })
      if (attempt.wait > 0) throw tooMany(attempt.wait)
      let ok = false
      try {
        if (user) ok = await verifyPassword(user.passwordHash, input.password)
        else await verifyDecoy(input.password)
      } catch (e) {
        // No answer on the password: the attempt is not held against anyone.
        await attempt.unchecked()
        throw e
      }
      if (!user || !ok) throw new UnauthorizedError(INVALID_CREDENTIALS)
      await attempt.passed()
      if (user.disabledAt) throw new ForbiddenError('This account has been disabled. Please contact support.')
      const pair = await issueTokens(user)
      return { user: toAccount(user), ...pair }
    },

    /**
     * Rotation (docs/decisions/020): each refresh token is used once and has one successor, derived from
     * it, so presenting it again within REFRESH_GRACE_MS of its use (a racing tab, a retry) answers that
     * same pair; presenting it later ends its whole family.
     */
    async refresh(refreshToken: string) {
      const now = new Date()
      const tokenHash = hashToken(refreshToken)
      // Used and replaced in one transaction: whoever finds it used finds its successor too.
      const claimed = await deps.db.transaction(async (tx) => {
        const r = createAccountsRepo(tx)
        const successorId = newId()
        const used = await r.claimRefreshToken(tokenHash, now, successorId)
        if (!used) return undefined
        await r.insertRefreshToken({
          id: successorId,
          userId: used.userId,
          familyId: used.familyId,
          tokenHash: hashToken(tokens().successorOf(used.id)),
          expiresAt: new Date(now.getTime() + refreshTtlMs),
        })
        return used
      })
      const sign = claimed ?? (await repo.refreshTokenByHash(tokenHash))
      if (!sign?.usedAt) throw new UnauthorizedError(SESSION_EXPIRED)
      if (!claimed) {
        const inGrace =
          !sign.revokedAt && sign.expiresAt > now && now.getTime() - sign.usedAt.getTime() <= REFRESH_GRACE_MS
        if (!inGrace) {
          // A used token again, later: someone else holds a copy, so the whole sign-in ends.
          await repo.revokeFamily(sign.familyId, now)
          sessions.forgetSession(sign.familyId)
          throw new UnauthorizedError(SESSION_EXPIRED)
        }
        // Used before successors were stored: there is no one pair to answer again.
        if (!sign.replacedById) throw new UnauthorizedError(SESSION_EXPIRED)
      }
      const user = await repo.userById(sign.userId)
      if (!user || user.disabledAt) {
        await repo.revokeFamily(sign.familyId, now)
        sessions.forgetSession(sign.familyId)
        throw new UnauthorizedError(SESSION_EXPIRED)
      }
      return successorPair(user, sign, sign.usedAt)
    },

    /** Ends one sign-in (its refresh token family) or, without a token, every sign-in of the account. */
    async logout(userId: string, refreshToken?: string) {
      const now = new Date()
      if (refreshToken) {
        const known = await repo.refreshTokenByHash(hashToken(refreshToken))
        if (known && known.userId === userId) {
          await repo.revokeFamily(known.familyId, now)
          sessions.forgetSession(known.familyId)
          return
        }
      }
      await repo.revokeAllForUser(userId, now)
      sessions.forgetUser(userId)
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
        currentPassword?: string
      },
      /** The caller's own sign-in, which an e-mail change leaves signed in. */
      sessionId?: string,
      language: Language = defaultLanguage,
    ): Promise<Account> {
      const user = await activeUser(userId)
      const email = input.email.trim()
      if (input.dob && Number.isNaN(Date.parse(input.dob))) {
        throw new ValidationError('Invalid body: dob must be a real date', { dob: 'must be a real date' })
      }
      // A new e-mail is a new way into the account (password resets go there): it needs the password.
      // An account made with a mobile number may stay without an e-mail; one that has an address keeps one.
      if (!email && user.email)
        throw new ValidationError('Invalid body: email is required', { email: 'is required' })
      const emailChanged = email.toLowerCase() !== (user.email ?? '').toLowerCase()
      // The first address of an account without a password (made with a mobile number) needs none:
      // there is none to ask for, and the address is unproved until its link is followed.
      const firstAddress = !user.email && user.passwordHash === NO_PASSWORD
      if (emailChanged && !firstAddress) {
        if (!input.currentPassword) {
          throw new ValidationError(CURRENT_PASSWORD_NEEDED, {
            currentPassword: 'is required to change the e-mail',
          })
        }
        if (!(await checkPassword(user, input.currentPassword))) {
          throw new ValidationError(CURRENT_PASSWORD_WRONG, { currentPassword: 'is not correct' })
        }
      }
      const holder = await repo.userByEmail(email)
      if (holder && holder.id !== userId)
        throw new ConflictError('An account with this e-mail already exists.')
      // Ended before the change is written, so no failure can leave the other devices signed in after it.
      if (emailChanged) await endOtherSignIns(userId, sessionId)
      try {
        const row = await deps.db.transaction(async (tx) => {
          const r = createAccountsRepo(tx)
          const saved = await r.updateUser(userId, {
            fullName: input.fullName,
            userName: input.userName,
            email: email || null,
            ...(input.mobile !== undefined ? { mobile: input.mobile || null } : {}),
            ...(input.dob !== undefined ? { dob: input.dob || null } : {}),
            ...(input.gender !== undefined ? { gender: input.gender || null } : {}),
            // A new address is unproved until its own link is followed (decision 109).
            ...(emailChanged ? { emailVerifiedAt: null } : {}),
          })
          if (emailChanged && saved?.email) {
            // Links mailed to the old address stop working: none of them may prove the new one.
            await createResetsRepo(tx).useAllOf(userId, new Date())
            if (deps.mail) {
              const token = await newConfirmation(tx, { id: saved.id, email: saved.email })
              await deps.mail.send(tx, {
                kind: 'account.confirm-email',
                to: saved.email,
                content: mailTextsIn(language).confirmEmail(
                  saved.fullName,
                  confirmationUrl(token),
                  confirmationDays,
                ),
                secrets: [token],
              })
            }
          }
          return saved
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
      // The new avatar is saved; an old file left behind is logged, not answered as a failure.
      await avatars
        .remove(before.avatar)
        .catch((err) => deps.log?.warn({ reason: (err as Error).message }, 'old avatar not removed'))
      return toAccount(row!)
    },

    /**
     * Forgotten password: the same answer, after the same work (a token made, an e-mail rendered), whether
     * or not the address has an account, so the answer tells nobody which addresses are customers.
     */
    async requestPasswordReset(
      emailInput: string,
      clientAddress: string,
      language: Language = defaultLanguage,
    ) {
      const key = emailInput.trim().toLowerCase()
      const tooManyResets = (seconds: number) =>
        new TooManyRequestsError(
          `${mailAnswers.tooManyResets.replace('a while', `${Math.ceil(seconds / 60)} minutes`)}`,
        )
      const addressWait = await resetAddressLimiter.take(clientAddress)
      if (addressWait > 0) throw tooManyResets(addressWait)
      const emailWait = await resetEmailLimiter.take(key)
      if (emailWait > 0) throw tooManyResets(emailWait)

      const token = newOpaqueToken()
      const resetUrl = deps.mail?.url(`/reset-password?token=${encodeURIComponent(token)}`) ?? ''
      const user = key ? await repo.userByEmail(key) : undefined
      const content = mailTextsIn(language).passwordReset(user?.fullName ?? '', resetUrl, RESET_MINUTES)
      if (!user || user.disabledAt || !deps.mail) {
        await deps.mail?.rehearse(content)
        return
      }
      const mail = deps.mail
      await deps.db.transaction(async (tx) => {
        await createResetsRepo(tx).insert({
          userId: user.id,
          tokenHash: hashToken(token),
          expiresAt: new Date(Date.now() + RESET_MINUTES * 60_000),
        })
        await mail.send(tx, {
          kind: 'account.password-reset',
          to: user.email ?? emailInput.trim(),
          content,
          secrets: [token],
        })
      })
    },

    /**
     * Sets a new password with a reset link's token: the token works once, within RESET_MINUTES, and every
     * sign-in of the account ends (whoever knew the old password is signed out).
     */
    async resetPassword(token: string, password: string) {
      const tokenHash = hashToken(token)
      const found = await createResetsRepo(deps.db).byHash(tokenHash)
      if (!found) throw new ValidationError(mailAnswers.resetInvalid)
      if (found.usedAt) throw new ValidationError(mailAnswers.resetUsed)
      if (found.expiresAt <= new Date()) {
        // An invitation's link is the same kind of link, made to last days rather than minutes.
        const invitation = found.expiresAt.getTime() - found.createdAt.getTime() > 2 * RESET_MINUTES * 60_000
        throw new ValidationError(invitation ? mailAnswers.invitationExpired : mailAnswers.resetExpired)
      }
      const passwordHash = await hashPassword(password)
      const userId = await deps.db.transaction(async (tx) => {
        const resets = createResetsRepo(tx)
        const now = new Date()
        // Claimed in one statement: two racing uses of one link cannot both set a password.
        const claimed = await resets.claim(tokenHash, now)
        if (!claimed) throw new ValidationError(mailAnswers.resetUsed)
        const accounts = createAccountsRepo(tx)
        const user = await accounts.userById(claimed.userId)
        if (!user || user.disabledAt) throw new ValidationError(mailAnswers.resetInvalid)
        // The link reached this address (links die when the address changes): the address is proved.
        await accounts.updateUser(user.id, { passwordHash, emailVerifiedAt: user.emailVerifiedAt ?? now })
        if (claimed.staffRole && user.role === 'customer') {
          // An invited customer accepts: staff from now, with the password just chosen (decision 109).
          await accounts.updateUser(user.id, { role: 'admin', staffRole: claimed.staffRole, staffSince: now })
          await writeAudit(tx, {
            actorId: user.id,
            action: 'staff.accept',
            entity: 'user',
            entityId: user.id,
            before: { role: 'customer', staffRole: null },
            after: { role: 'admin', staffRole: claimed.staffRole, invitedBy: claimed.invitedById },
          })
        }
        await accounts.revokeAllForUser(user.id, now)
        // Other links sent earlier stop working too.
        await resets.useAllOf(user.id, now)
        await accountLimiter.clear(user.email?.trim().toLowerCase() ?? user.id)
        return user.id
      })
      sessions.forgetUser(userId)
    },

    /**
     * Follows a confirmation link: the account's address is confirmed if the link was sent to the address
     * it has now. Works once, within `confirmationDays`.
     */
    async confirmEmail(token: string) {
      const tokenHash = hashToken(token)
      const found = await createConfirmationsRepo(deps.db).byHash(tokenHash)
      if (!found) throw new ValidationError(mailAnswers.confirmLinkInvalid)
      if (found.usedAt) throw new ValidationError(mailAnswers.confirmLinkUsed)
      if (found.expiresAt <= new Date()) throw new ValidationError(mailAnswers.confirmLinkExpired)
      await deps.db.transaction(async (tx) => {
        const now = new Date()
        const claimed = await createConfirmationsRepo(tx).claim(tokenHash, now)
        if (!claimed) throw new ValidationError(mailAnswers.confirmLinkUsed)
        const accounts = createAccountsRepo(tx)
        const user = await accounts.userById(claimed.userId)
        if (!user || user.disabledAt || user.email?.toLowerCase() !== claimed.email.toLowerCase())
          throw new ValidationError(mailAnswers.confirmLinkInvalid)
        if (!user.emailVerifiedAt) await accounts.updateUser(user.id, { emailVerifiedAt: now })
      })
    },

    /** Sends the confirmation link again to the account's present address (a few times an hour). */
    async resendConfirmation(userId: string, language: Language = defaultLanguage) {
      const user = await activeUser(userId)
      const email = user.email
      if (!email) throw new ValidationError(mailAnswers.noAddressToConfirm)
      if (user.emailVerifiedAt) throw new ConflictError(mailAnswers.alreadyConfirmed)
      const mail = deps.mail
      if (!mail) throw new Error('accounts service built without mail: confirmations need it')
      if ((await confirmLimiter.take(user.id)) > 0)
        throw new TooManyRequestsError(mailAnswers.tooManyConfirmations)
      await deps.db.transaction(async (tx) => {
        const token = await newConfirmation(tx, { id: user.id, email })
        await mail.send(tx, {
          kind: 'account.confirm-email',
          to: email,
          content: mailTextsIn(language).confirmEmail(
            user.fullName,
            confirmationUrl(token),
            confirmationDays,
          ),
          secrets: [token],
        })
      })
      return { email }
    },

    /**
     * Whether the account's address is confirmed, or null when there is no such account. With `lock`, the
     * account's row stays locked until the caller's transaction ends: orders and seva bookings judge what one
     * account may hold one placement at a time (decision 110).
     */
    async holdingAccount(
      userId: string,
      opts: { lock: boolean },
      db: DbOrTx = deps.db,
    ): Promise<{ emailConfirmed: boolean } | null> {
      const row = await createAccountsRepo(db).forHolds(userId, opts.lock)
      return row ? { emailConfirmed: row.emailVerifiedAt !== null } : null
    },

    /** The name and e-mail address of each of these accounts, by id; in the caller's transaction when given one. */
    async people(ids: string[], db: DbOrTx = deps.db): Promise<Map<string, Person>> {
      const rows = await createAccountsRepo(db).people([...new Set(ids)])
      return new Map(rows.map((r) => [r.id, { fullName: r.fullName, email: r.email }]))
    },

    /**
     * The ids of the accounts whose e-mail or name matches an ILIKE pattern (and, given `digitsLike`, whose
     * mobile's digits match it), as a subquery a console list of another module embeds: bookings, orders
     * and reviews are searched by their customer (decision 113).
     */
    idsMatching(pattern: string, digitsLike?: string | null) {
      return repo.idsMatching(pattern, digitsLike)
    },

    /** The console's list of accounts (decision 050), read only; in the caller's transaction when given one. */
    consoleList(db: DbOrTx = deps.db) {
      return createPeopleList(db)
    },

    /** One account's name and e-mail address (whom an e-mail about an order or booking goes to), or null. */
    async person(userId: string, db: DbOrTx = deps.db): Promise<Person | null> {
      return (await service.people([userId], db)).get(userId) ?? null
    },

    /** The account's own mobile number, proved with a code (decision 141); null without one. */
    async phoneOf(userId: string, db: DbOrTx = deps.db): Promise<string | null> {
      const user = await createAccountsRepo(db).userById(userId)
      return user?.phone && user.phoneVerifiedAt ? user.phone : null
    },

    /** Whether the account's address is confirmed (reviews, 80G receipts: decision 109). */
    async emailConfirmed(userId: string) {
      return Boolean((await repo.userById(userId))?.emailVerifiedAt)
    },

    /** A sign-in code to a mobile number: the same answer whether an account has the number or not. */
    requestSignInCode: phoneSignIn.requestSignInCode,

    /**
     * A right code signs into the number's account or makes one (decision 141): the same session and tokens
     * as a sign-in with e-mail and password.
     */
    async verifySignIn(
      input: { phone: string; code: string; fullName?: string; email?: string },
      language: Language = defaultLanguage,
    ) {
      const user = await phoneSignIn.verifySignIn(input, language)
      return { user: toAccount(user), ...(await issueTokens(user)) }
    },

    /** A code to add a number to the signed-in account. */
    async requestLinkCode(
      userId: string,
      input: { phone: string; channel: 'whatsapp' | 'sms' },
      clientAddress: string,
      language: Language = defaultLanguage,
    ) {
      const user = await activeUser(userId)
      if (user.phone === input.phone) throw new ConflictError(msg('This number is already on your account.'))
      return phoneSignIn.requestLinkCode(userId, input, clientAddress, language)
    },

    /** The right code adds the number; it then signs in like the e-mail address. */
    async verifyLink(
      userId: string,
      input: { phone: string; code: string },
      language: Language = defaultLanguage,
    ): Promise<Account> {
      await activeUser(userId)
      return toAccount(await phoneSignIn.verifyLink(userId, input, language))
    },

    /**
     * Takes the number off the account. Not the only way in: an account without an e-mail and a password
     * keeps its number.
     */
    async removePhone(userId: string): Promise<Account> {
      const user = await activeUser(userId)
      if (!user.phone) throw new NotFoundError(msg('Your account has no mobile number to remove.'))
      if (!user.email || user.passwordHash === NO_PASSWORD)
        throw new ConflictError(
          msg(
            'Your mobile number is how you sign in: add an e-mail address and choose a password before removing it.',
          ),
        )
      const row = await repo.updateUser(userId, { phone: null, phoneVerifiedAt: null })
      return toAccount(row!)
    },

    /** Ends every sign-in of the account, then starts a fresh one for the caller. */
    async changePassword(userId: string, oldPassword: string, newPassword: string) {
      const user = await activeUser(userId)
      if (!(await checkPassword(user, oldPassword))) {
        throw new ValidationError('The old password is not correct.')
      }
      if (oldPassword === newPassword) {
        throw new ValidationError('The new password must be different from the old one.')
      }
      await repo.updateUser(userId, { passwordHash: await hashPassword(newPassword) })
      await repo.revokeAllForUser(userId, new Date())
      sessions.forgetUser(userId)
      return issueTokens(user)
    },
  }
  return service
}
export type AccountsService = ReturnType<typeof createAccountsService>
