import { createHmac, randomInt, timingSafeEqual } from 'node:crypto'
import { translatorFor } from '../../../contracts/i18n/registry.ts'
import { type Language, msg } from '../../../contracts/languages.ts'
import {
  type MessageChannel,
  maskPhone,
  NAME_NEEDED,
  type OtpRequestData,
  phoneCodeRules,
} from '../../../contracts/messaging.ts'
import type { Db, DbOrTx } from '../../db/client.ts'
import { newId } from '../../db/ids.ts'
import {
  ConflictError,
  ForbiddenError,
  TooManyRequestsError,
  UnprocessableError,
  ValidationError,
} from '../../http/errors.ts'
import type { MessagingService } from '../messaging/service.ts'
import type { AttemptLimiter, LimiterFactory } from './login-limiter.ts'
import { createPhoneCodesRepo, type PhoneCodePurpose } from './phone-codes-repo.ts'
import type { UserRow } from './repo.ts'

/**
 * Codes sent to a mobile number (decision 141). Sends are limited per number (a resend after 30 s, five
 * an hour) and per client address (SMS pumping costs the foundation money), in Redis when it is there so
 * every instance counts together. Whether the number has an account changes nothing in the answer.
 */
export const phoneCodeLimits = {
  resend: { max: 1, windowSeconds: phoneCodeRules.resendAfterSeconds },
  number: { max: 5, windowSeconds: 60 * 60 },
  address: { max: 20, windowSeconds: 60 * 60 },
} as const

/** The answers, as messages of the catalogue: a Hindi reader gets them in Hindi (decision 097). */
const texts = {
  sent: msg('We sent a 6-digit code to {to} by {channel}. It is valid for 5 minutes.'),
  resendWait: msg(
    'Please wait {seconds, plural, one {# second} other {# seconds}} before asking for another code.',
  ),
  numberBusy: msg(
    'Too many codes were sent to this number. Please try again in {minutes, plural, one {# minute} other {# minutes}}.',
  ),
  addressBusy: msg(
    'Too many codes were asked for from this connection. Please try again in {minutes, plural, one {# minute} other {# minutes}}.',
  ),
  noCode: msg('This code has expired or was never sent. Please ask for a new code.'),
  wrong: msg('That code is not right. {left, plural, one {# try} other {# tries}} left.'),
  lastTry: msg('That code is not right, and that was the last try. Please ask for a new code.'),
  noTriesLeft: msg('Too many wrong codes. Please ask for a new code.'),
  emailTaken: msg(
    'An account with this e-mail already exists. Sign in with it, then add your number in Settings.',
  ),
  phoneTaken: msg('This number is already on another account. Sign in with it to use it.'),
  disabled: msg('This account has been disabled. Please contact support.'),
} as const

export function phoneAnswersIn(language: Language) {
  const { t } = translatorFor(language)
  return {
    sent: (to: string, channel: MessageChannel) =>
      t(texts.sent, { to, channel: channel === 'whatsapp' ? 'WhatsApp' : 'SMS' }),
    resendWait: (seconds: number) => t(texts.resendWait, { seconds }),
    numberBusy: (minutes: number) => t(texts.numberBusy, { minutes }),
    addressBusy: (minutes: number) => t(texts.addressBusy, { minutes }),
    noCode: t(texts.noCode),
    wrong: (left: number) => (left > 0 ? t(texts.wrong, { left }) : t(texts.lastTry)),
    noTriesLeft: t(texts.noTriesLeft),
    emailTaken: t(texts.emailTaken),
    phoneTaken: t(texts.phoneTaken),
    disabled: t(texts.disabled),
    nameNeeded: t(NAME_NEEDED),
  }
}

export type PhoneSignInDeps = {
  db: Db
  messaging?: Pick<MessagingService, 'send'>
  limiter: LimiterFactory
  /** The key codes are hashed with: a stolen table holds no codes. */
  secret: string
  /** Makes a new customer in the caller's transaction (the accounts service writes the welcome e-mail). */
  createCustomer(
    tx: DbOrTx,
    values: { fullName: string; email: string | null; phone: string },
    language: Language,
  ): Promise<UserRow>
  /** Adds a proved number to an account. */
  setPhone(tx: DbOrTx, userId: string, phone: string): Promise<UserRow | undefined>
  emailTaken(email: string): Promise<boolean>
}

const isUniqueViolation = (e: unknown) => {
  const err = e as { code?: string; cause?: { code?: string } }
  return err?.code === '23505' || err?.cause?.code === '23505'
}

export function createPhoneSignIn(deps: PhoneSignInDeps) {
  const repo = createPhoneCodesRepo(deps.db)
  const limits: Record<keyof typeof phoneCodeLimits, AttemptLimiter> = {
    resend: deps.limiter('code-resend', phoneCodeLimits.resend),
    number: deps.limiter('code-number', phoneCodeLimits.number),
    address: deps.limiter('code-address', phoneCodeLimits.address),
  }
  const hash = (id: string, phone: string, code: string) =>
    createHmac('sha256', deps.secret).update(`phone-code\n${id}\n${phone}\n${code}`).digest('base64url')
  const minutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60))

  /** Each limit takes one send, or the ones already taken are given back and the send is refused. */
  async function reserveSend(
    phone: string,
    purpose: PhoneCodePurpose,
    clientAddress: string,
    language: Language,
  ) {
    const phoneAnswers = phoneAnswersIn(language)
    const steps: Array<[AttemptLimiter, string, (wait: number) => string]> = [
      [limits.address, clientAddress, (w) => phoneAnswers.addressBusy(minutes(w))],
      [limits.number, phone, (w) => phoneAnswers.numberBusy(minutes(w))],
      [limits.resend, `${purpose}\n${phone}`, (w) => phoneAnswers.resendWait(w)],
    ]
    const held: Array<[AttemptLimiter, string]> = []
    for (const [limiter, key, refusal] of steps) {
      const wait = await limiter.take(key)
      if (wait > 0) {
        for (const [l, k] of held) await l.refund(k)
        throw new TooManyRequestsError(refusal(wait))
      }
      held.push([limiter, key])
    }
  }

  /** A new code for the number, its message written in the same transaction. */
  async function sendCode(input: {
    phone: string
    channel: MessageChannel
    purpose: PhoneCodePurpose
    userId?: string
    language: Language
    clientAddress: string
  }): Promise<OtpRequestData> {
    if (!deps.messaging) throw new Error('accounts service built without a messaging service')
    await reserveSend(input.phone, input.purpose, input.clientAddress, input.language)
    const code = String(randomInt(0, 10 ** phoneCodeRules.digits)).padStart(phoneCodeRules.digits, '0')
    const now = new Date()
    const expiresAt = new Date(now.getTime() + phoneCodeRules.validSeconds * 1000)
    await deps.db.transaction(async (tx) => {
      const codes = createPhoneCodesRepo(tx)
      await codes.endEarlier(input.phone, input.purpose, now)
      // The hash names the row it belongs to: a hash copied to another row never matches.
      const id = newId()
      await codes.insert({
        id,
        phone: input.phone,
        purpose: input.purpose,
        userId: input.userId ?? null,
        codeHash: hash(id, input.phone, code),
        expiresAt,
      })
      await deps.messaging!.send(tx, {
        channel: input.channel,
        kind: input.purpose === 'link' ? 'account.link-phone-code' : 'account.sign-in-code',
        to: input.phone,
        template: 'sign-in-code',
        language: input.language,
        params: [code],
        secret: code,
        userId: input.userId ?? null,
        expiresAt,
      })
    })
    return {
      to: maskPhone(input.phone),
      channel: input.channel,
      expiresIn: phoneCodeRules.validSeconds,
      resendAfter: phoneCodeRules.resendAfterSeconds,
    }
  }

  /**
   * Checks a code: one try is counted before the comparison. Answers the code's row when it is right; a
   * wrong one says how many tries are left.
   */
  async function check(
    phone: string,
    code: string,
    purpose: PhoneCodePurpose,
    language: Language,
    userId?: string,
  ) {
    const phoneAnswers = phoneAnswersIn(language)
    const live = await repo.live(phone, purpose, new Date(), userId)
    if (!live) throw new ValidationError(phoneAnswers.noCode)
    const tries = await repo.takeTry(live.id, phoneCodeRules.tries)
    if (tries === null) throw new TooManyRequestsError(phoneAnswers.noTriesLeft)
    const expected = Buffer.from(live.codeHash)
    const given = Buffer.from(hash(live.id, phone, code))
    if (expected.length !== given.length || !timingSafeEqual(expected, given))
      throw new ValidationError(phoneAnswers.wrong(phoneCodeRules.tries - tries), { code: 'is not right' })
    return live
  }

  return {
    requestSignInCode: (
      input: { phone: string; channel: MessageChannel },
      clientAddress: string,
      language: Language,
    ) => sendCode({ ...input, purpose: 'sign-in', language, clientAddress }),

    /**
     * A right code signs into the number's account, or creates one (a name is needed, an e-mail optional).
     * Answers the account the tokens are for.
     */
    async verifySignIn(
      input: { phone: string; code: string; fullName?: string; email?: string },
      language: Language,
    ): Promise<UserRow> {
      const phoneAnswers = phoneAnswersIn(language)
      const live = await check(input.phone, input.code, 'sign-in', language)
      const known = await repo.userByPhone(input.phone)
      if (known?.disabledAt) throw new ForbiddenError(phoneAnswers.disabled)
      const fullName = input.fullName?.trim() ?? ''
      const email = input.email?.trim() || null
      if (!known) {
        if (!fullName) {
          // Not a guess: the code was right. The form asks for the name and sends the same code again.
          await repo.giveTryBack(live.id)
          throw new UnprocessableError(phoneAnswers.nameNeeded)
        }
        if (email && (await deps.emailTaken(email))) {
          await repo.giveTryBack(live.id)
          throw new ConflictError(phoneAnswers.emailTaken)
        }
      }
      try {
        return await deps.db.transaction(async (tx) => {
          if (!(await createPhoneCodesRepo(tx).use(live.id, new Date())))
            throw new ValidationError(phoneAnswers.noCode)
          return known ?? (await deps.createCustomer(tx, { fullName, email, phone: input.phone }, language))
        })
      } catch (e) {
        // Two sign-ups of one number, or of one e-mail, at the same moment: the second is told why.
        if (isUniqueViolation(e))
          throw new ConflictError(email ? phoneAnswers.emailTaken : phoneAnswers.phoneTaken)
        throw e
      }
    },

    requestLinkCode: (
      userId: string,
      input: { phone: string; channel: MessageChannel },
      clientAddress: string,
      language: Language,
    ) => sendCode({ ...input, purpose: 'link', userId, language, clientAddress }),

    /** A right code adds the number to the signed-in account, unless another account has it. */
    async verifyLink(
      userId: string,
      input: { phone: string; code: string },
      language: Language,
    ): Promise<UserRow> {
      const phoneAnswers = phoneAnswersIn(language)
      const live = await check(input.phone, input.code, 'link', language, userId)
      const holder = await repo.userByPhone(input.phone)
      if (holder && holder.id !== userId) throw new ConflictError(phoneAnswers.phoneTaken)
      try {
        return await deps.db.transaction(async (tx) => {
          if (!(await createPhoneCodesRepo(tx).use(live.id, new Date())))
            throw new ValidationError(phoneAnswers.noCode)
          const row = await deps.setPhone(tx, userId, input.phone)
          if (!row) throw new ValidationError(phoneAnswers.noCode)
          return row
        })
      } catch (e) {
        if (isUniqueViolation(e)) throw new ConflictError(phoneAnswers.phoneTaken)
        throw e
      }
    },
  }
}
