import type { IncomingHttpHeaders } from 'node:http'
import type { FastifyBaseLogger } from 'fastify'
import type { Language } from '../../../contracts/languages.ts'
import {
  accountMessageKinds,
  isAccountMessage,
  type MessageItem,
  type MessageStatus,
  type MessageTemplate,
  maskPhone,
  type PhoneChannel,
} from '../../../contracts/messaging.ts'
import type { StaffRole } from '../../../contracts/staff.ts'
import type { Db, DbOrTx } from '../../db/client.ts'
import { newId } from '../../db/ids.ts'
import { NotFoundError } from '../../http/errors.ts'
import { createSeal } from '../../lib/seal.ts'
import { type MessagingProvider, MessagingProviderError } from './provider.ts'
import { createMessagingRepo, type MessageRow } from './repo.ts'
import { messageText } from './texts.ts'

/** A claimed message is this sender's for a minute: far longer than one provider call may take. */
const LEASE_MS = 60_000
/** After this many failed attempts a message is marked failed for staff. */
export const MAX_MESSAGE_ATTEMPTS = 8
/** Seconds until the next try: 15, 30, 60 … up to six hours. */
const backoffSeconds = (attempts: number) => Math.min(15 * 2 ** Math.max(0, attempts - 1), 6 * 3600)
/** What stands in the staff's copy where a code was. */
export const HIDDEN_CODE = '••••••'
export const ABANDONED =
  'The shop stopped while handing this message to the provider: it may have gone. Retry it only if it did not arrive.'

export type MessagingDeps = {
  db: Db
  log?: FastifyBaseLogger
  secrets: { jwtAccessSecret: string }
  providers: Record<PhoneChannel, MessagingProvider>
}

type Sealed = { params: string[]; text: string }

/** Owners see account messages (codes) at all, as they see account mails (decision 109). */
const seesAccountMessages = (role: StaffRole | null) => role === 'owner'

export function createMessagingService(deps: MessagingDeps) {
  const repo = createMessagingRepo(deps.db)
  const seal = createSeal<Sealed>(deps.secrets.jwtAccessSecret, 'message-outbox')
  const providerOf = (channel: PhoneChannel) => deps.providers[channel]
  const isSandbox = (row: Pick<MessageRow, 'provider'>) => row.provider === 'sandbox'

  /** The row as a staff member may see it: a code in the clear only to owners, and only in the sandbox. */
  function toItem(row: MessageRow, role: StaffRole | null): MessageItem {
    const live = row.sealed && isSandbox(row) && seesAccountMessages(role) ? seal.open(row.sealed) : null
    return {
      _id: row.id,
      channel: row.channel,
      kind: row.kind,
      to: row.toPhone,
      template: row.template,
      language: row.language,
      text: live?.text ?? row.text,
      provider: row.provider,
      status: row.status,
      delivery: row.delivery,
      deliveryError: row.deliveryError,
      attempts: row.attempts,
      lastError: row.lastError,
      nextAttemptAt: row.nextAttemptAt.toISOString(),
      sentAt: row.sentAt?.toISOString() ?? null,
      deliveredAt: row.deliveredAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      accountMessage: isAccountMessage(row.kind),
    }
  }

  async function deliver(row: MessageRow, now: Date): Promise<'sent' | 'failed'> {
    const provider = providerOf(row.channel)
    const live = row.sealed ? seal.open(row.sealed) : { params: row.params, text: row.text }
    try {
      if (row.expiresAt && row.expiresAt <= now)
        throw new MessagingProviderError(
          'It was worth nothing any more (a code that had expired): not sent.',
          false,
        )
      if (provider.name !== row.provider)
        throw new MessagingProviderError(
          `It was written for ${row.provider}, and the shop now sends ${row.channel} through ${provider.name}: write it again.`,
          false,
        )
      if (!live)
        throw new MessagingProviderError(
          'Its sealed code no longer opens (the shop’s secret changed).',
          false,
        )
      const sent = await provider.send({
        reference: row.id,
        to: row.toPhone,
        template: row.template as MessageTemplate,
        language: row.language as Language,
        params: live.params,
        text: live.text,
        link: row.link,
      })
      await repo.markSent(row.id, {
        providerMessageId: sent.providerMessageId,
        keepSealed: isSandbox(row),
        delivered: 'deliversAtOnce' in provider,
      })
      return 'sent'
    } catch (err) {
      const attempts = row.attempts + 1
      const retry = err instanceof MessagingProviderError ? err.retry : false
      const lastError = (err instanceof Error ? err.message : String(err)).slice(0, 500)
      const nextAttemptAt = new Date(now.getTime() + backoffSeconds(attempts) * 1000)
      const gaveUp =
        !retry ||
        attempts >= MAX_MESSAGE_ATTEMPTS ||
        (row.expiresAt !== null && nextAttemptAt >= row.expiresAt)
      // The log names the outbox row, never the number or the code.
      deps.log?.warn(
        { outboxId: row.id, channel: row.channel, attempts, reason: lastError, gaveUp },
        gaveUp
          ? 'message not sent; staff may retry it from the Outbox'
          : 'message not sent; it is retried later',
      )
      await repo.markAttemptFailed(row.id, { attempts, lastError, nextAttemptAt, gaveUp })
      return 'failed'
    }
  }

  const service = {
    /** The provider each channel goes through now ('sandbox' keeps everything on the machine). */
    providerNames: {
      whatsapp: deps.providers.whatsapp.name,
      sms: deps.providers.sms.name,
      push: deps.providers.push.name,
    },

    /**
     * Writes one message into the outbox inside the caller's transaction: it exists exactly when its event
     * was committed, and the worker hands it to the provider later. `secret` (a code) is hidden from the
     * copy staff read and sealed for the provider.
     */
    async send(
      tx: DbOrTx,
      message: {
        channel: PhoneChannel
        kind: string
        to: string
        template: MessageTemplate
        language: Language
        params: string[]
        secret?: string
        userId?: string | null
        regarding?: string | null
        /** The shop page the message is about (a push notification opens it). */
        link?: string | null
        expiresAt?: Date
        /** Not sent before this time (a reminder that is withdrawn if it is no longer true by then). */
        notBefore?: Date
      },
    ): Promise<MessageRow> {
      if (message.secret && !isAccountMessage(message.kind))
        throw new Error(
          `message ${message.kind} carries a code but is not an account message (contracts/messaging.ts)`,
        )
      const text = messageText(message.template, message.language, message.params)
      const hide = (value: string) => (message.secret ? value.split(message.secret).join(HIDDEN_CODE) : value)
      return createMessagingRepo(tx).insert({
        id: newId(),
        channel: message.channel,
        kind: message.kind,
        userId: message.userId ?? null,
        toPhone: message.to,
        template: message.template,
        language: message.language,
        params: message.params.map(hide),
        text: hide(text),
        sealed: message.secret ? seal.seal({ params: message.params, text }) : null,
        provider: providerOf(message.channel).name,
        regarding: message.regarding ?? null,
        link: message.link ?? null,
        expiresAt: message.expiresAt ?? null,
        ...(message.notBefore ? { nextAttemptAt: message.notBefore } : {}),
      })
    },

    /** Takes back messages of this kind about this thing that are still waiting for their time. */
    withdraw(tx: DbOrTx, kind: string, regarding: string, now = new Date()) {
      return createMessagingRepo(tx).withdraw(kind, regarding, now)
    },

    /**
     * Hands what is due to the providers: claims rows in one short transaction, then calls each provider
     * outside any transaction. A message whose sender died mid-call is failed, never sent again on its own.
     */
    async deliverDue(
      now = new Date(),
      limit = 20,
    ): Promise<{ sent: number; failed: number; abandoned: number }> {
      const abandoned = await repo.abandoned(now, ABANDONED)
      const claimed = await deps.db.transaction((tx) =>
        createMessagingRepo(tx).claimDue(now, LEASE_MS, limit),
      )
      let sent = 0
      let failed = 0
      for (const row of claimed) {
        if ((await deliver(row, now)) === 'sent') sent++
        else failed++
      }
      return { sent, failed, abandoned }
    },

    /** The provider a status callback names, if it is the one a channel goes through. */
    providerNamed(name: string): MessagingProvider | undefined {
      return Object.values(deps.providers).find((p) => p.name === name && p.name !== 'sandbox')
    },

    /** A status callback: checked by its provider, then each status applied once (the furthest is kept). */
    async applyCallback(
      providerName: string,
      body: Buffer | string,
      headers: IncomingHttpHeaders,
      query: Record<string, string>,
    ): Promise<number> {
      const provider = service.providerNamed(providerName)
      if (!provider) throw new NotFoundError('No such messaging provider.')
      const events = provider.webhook.read(body, headers, query)
      let applied = 0
      for (const event of events) {
        const at = new Date(event.at)
        if (
          await repo.applyDelivery(provider.name, {
            providerMessageId: event.providerMessageId,
            status: event.status,
            at: Number.isNaN(at.getTime()) ? new Date() : at,
            error: event.error?.slice(0, 500) ?? null,
          })
        )
          applied++
      }
      return applied
    },

    /** A provider's subscription check (WhatsApp's GET with `hub.challenge`): the answer, or null. */
    challenge(providerName: string, query: Record<string, string>): string | null {
      return service.providerNamed(providerName)?.webhook.challenge?.(query) ?? null
    },

    /** The console's outbox of one channel, as the staff member asking may see it. */
    outbox: {
      async list(
        role: StaffRole | null,
        query: { channel: PhoneChannel; status?: MessageStatus; page: number },
      ) {
        const pageSize = 25
        const { rows, total } = await repo.list({
          ...query,
          pageSize,
          accountMessages: seesAccountMessages(role) ? null : accountMessageKinds,
        })
        return {
          items: rows.map((r) => toItem(r, role)),
          total,
          page: query.page,
          pageSize,
          pages: Math.max(1, Math.ceil(total / pageSize)),
          provider: providerOf(query.channel).name,
        }
      },
      async get(role: StaffRole | null, id: string) {
        const row = await repo.byId(id)
        if (!row || (isAccountMessage(row.kind) && !seesAccountMessages(role)))
          throw new NotFoundError('No such message in the outbox.')
        return toItem(row, role)
      },
      /** Another try now, for a failed message or one waiting for its next attempt. */
      async retry(role: StaffRole | null, id: string) {
        const found = await repo.byId(id)
        if (!found || (isAccountMessage(found.kind) && !seesAccountMessages(role)))
          throw new NotFoundError('This message is not waiting to be sent.')
        if (found.expiresAt && found.expiresAt <= new Date())
          throw new NotFoundError('This code has expired: the customer asks for a new one.')
        const row = await repo.requeue(id, new Date())
        if (!row) throw new NotFoundError('This message is not waiting to be sent.')
        return toItem(row, role)
      },
    },

    /** How many messages were not sent or not delivered (the console's dashboard). */
    failedCount: () => repo.failedCount(),

    /** For log lines and answers: the number with all but its last digits hidden. */
    mask: maskPhone,
  }
  return service
}
export type MessagingService = ReturnType<typeof createMessagingService>
