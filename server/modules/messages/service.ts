import type { z } from 'zod'
import { defaultLanguage, isLanguage, type Language } from '../../../contracts/languages.ts'
import type { contactInputSchema, newsletterInputSchema } from '../../../contracts/messages.ts'
import type { Db } from '../../db/client.ts'
import { NotFoundError, ValidationError } from '../../http/errors.ts'
import type { AccountsService } from '../accounts/service.ts'
import { hashToken, newOpaqueToken } from '../accounts/tokens.ts'
import { writeAudit } from '../audit/repo.ts'
import { type MailContent, mailAnswers, mailTexts, mailTextsIn } from '../mail/messages.ts'
import type { MailService } from '../mail/service.ts'
import { messagesAuditNames } from './audit-names.ts'
import { createMessagesRepo } from './repo.ts'

/**
 * What visitors send from the Contact Us form and the footer newsletter box; staff read and answer them in
 * the console. A newsletter address counts only once its owner followed the confirmation link (decision 073).
 */
export function createMessagesService(deps: {
  db: Db
  mail?: MailService
  /** The names of the staff who answered. */
  accounts: Pick<AccountsService, 'people'>
}) {
  const repo = createMessagesRepo(deps.db)

  /** The link and headers every newsletter-type e-mail carries (RFC 8058 one-click unsubscribe). */
  const unsubscribeParts = (token: string) => {
    const url = deps.mail?.url(`/newsletter/unsubscribe?token=${encodeURIComponent(token)}`) ?? ''
    const apiUrl = deps.mail?.url(`/api/v1/newsletter/unsubscribe?token=${encodeURIComponent(token)}`) ?? ''
    return {
      url,
      headers: { 'List-Unsubscribe': `<${apiUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    }
  }

  const service = {
    /** What the audit log calls this module's rows (decision 113). */
    auditNames: messagesAuditNames(deps.db),
    /** Saves the message and tells the shop's notification address, in one transaction. */
    async contact(input: z.output<typeof contactInputSchema>, language: Language = defaultLanguage) {
      await deps.db.transaction(async (tx) => {
        await createMessagesRepo(tx).insert({
          kind: 'contact',
          firstName: input.firstName,
          lastName: input.lastName || null,
          phone: input.phone || null,
          email: input.email,
          message: input.message,
          language,
        })
        const from = [input.firstName, input.lastName].filter(Boolean).join(' ')
        await deps.mail?.notifyStaff(
          tx,
          'staff.contact-message',
          mailTexts.staffContactMessage(from, input.email, input.message, deps.mail.url('/admin/messages')),
        )
      })
    },

    /**
     * Sends a confirmation link; the address is subscribed once it is followed. A confirmed address gets
     * nothing more; the visitor is thanked either way (nothing to learn from the answer).
     */
    async subscribe(input: z.output<typeof newsletterInputSchema>, language: Language = defaultLanguage) {
      const token = newOpaqueToken()
      await deps.db.transaction(async (tx) => {
        const r = createMessagesRepo(tx)
        const existing = await r.subscriber(input.email)
        if (existing?.confirmedAt && !existing.unsubscribedAt) return
        if (existing) await r.update(existing.id, { confirmTokenHash: hashToken(token) })
        else await r.insert({ kind: 'newsletter', email: input.email, confirmTokenHash: hashToken(token) })
        if (deps.mail) {
          const confirmUrl = deps.mail.url(`/newsletter/confirm?token=${encodeURIComponent(token)}`)
          await deps.mail.send(tx, {
            kind: 'newsletter.confirm',
            to: input.email,
            content: mailTextsIn(language).newsletterConfirm(confirmUrl),
            secrets: [token],
          })
        }
      })
    },

    /** The confirmation link: the address is now subscribed and gets its unsubscribe token. */
    async confirmSubscription(token: string) {
      const row = await repo.subscriberByConfirmHash(hashToken(token))
      if (!row) throw new ValidationError(mailAnswers.newsletterLinkInvalid)
      await repo.update(row.id, {
        confirmTokenHash: null,
        confirmedAt: new Date(),
        unsubscribedAt: null,
        unsubscribeToken: newOpaqueToken(),
      })
    },

    /** One click, no sign-in: the address gets no more newsletters. Unsubscribing twice is fine. */
    async unsubscribe(token: string) {
      const row = await repo.subscriberByUnsubscribeToken(token)
      if (!row) throw new ValidationError(mailAnswers.newsletterLinkInvalid)
      if (!row.unsubscribedAt) await repo.update(row.id, { unsubscribedAt: new Date() })
    },

    /** Confirmed, still subscribed addresses. */
    subscribers() {
      return repo.confirmedSubscribers()
    },

    /**
     * Writes one newsletter-type e-mail to a subscriber, with the unsubscribe link and headers. Sending
     * newsletters is not built yet; this is the one way such an e-mail is made.
     */
    async newsletterTo(subscriber: { email: string; unsubscribeToken: string | null }, content: MailContent) {
      if (!deps.mail || !subscriber.unsubscribeToken) return null
      const mail = deps.mail
      const parts = unsubscribeParts(subscriber.unsubscribeToken)
      return deps.db.transaction((tx) =>
        mail.send(tx, {
          kind: 'newsletter',
          to: subscriber.email,
          content: { ...content, unsubscribeUrl: parts.url },
          headers: parts.headers,
        }),
      )
    },

    /** One page of the console's list of messages and sign-ups, newest first (read only). */
    page: repo.messagePage,

    /** How many Contact Us messages nobody has read yet. */
    unreadCount: () => repo.unread(),

    /** A staff answer to a Contact Us message: e-mailed to the sender (replies come to the shop), kept, audited. */
    async reply(actorId: string, messageId: string, body: string) {
      const mail = deps.mail
      if (!mail) throw new Error('messages service built without mail')
      return deps.db.transaction(async (tx) => {
        const r = createMessagesRepo(tx)
        const message = await r.byId(messageId)
        if (message?.kind !== 'contact') throw new NotFoundError('No such message.')
        const replyTo = await mail.staffAddress(tx)
        const name = [message.firstName, message.lastName].filter(Boolean).join(' ')
        const sent = await mail.send(tx, {
          kind: 'contact.reply',
          to: message.email,
          replyTo,
          content: mailTextsIn(isLanguage(message.language) ? message.language : undefined).contactReply(
            name,
            body,
            message.message ?? '',
          ),
        })
        const reply = await r.insertReply({ messageId, authorId: actorId, body, outboxId: sent.id })
        await r.update(messageId, { status: 'read' })
        await writeAudit(tx, {
          actorId,
          action: 'message.reply',
          entity: 'contact_message',
          entityId: messageId,
          before: null,
          after: { replyId: reply.id, outboxId: sent.id, length: body.length },
        })
        return reply
      })
    },

    /** Staff mark a message or sign-up read or new again; audited with the change. */
    async setStatus(actorId: string, messageId: string, status: 'new' | 'read') {
      const before = await repo.byId(messageId)
      if (!before) throw new NotFoundError('No such message.')
      await deps.db.transaction(async (tx) => {
        await createMessagesRepo(tx).update(messageId, { status })
        await writeAudit(tx, {
          actorId,
          action: 'message.status',
          entity: 'message',
          entityId: messageId,
          before: { status: before.status },
          after: { status },
        })
      })
      return { _id: messageId, status }
    },

    /** The message and every answer to it, oldest first, with who answered and whether it went out. */
    async thread(messageId: string) {
      const message = await repo.byId(messageId)
      if (message?.kind !== 'contact') throw new NotFoundError('No such message.')
      const replies = await repo.replies(messageId)
      const [authors, mailStatus] = await Promise.all([
        deps.accounts.people(replies.flatMap((x) => (x.authorId ? [x.authorId] : []))),
        deps.mail?.statusesOf(replies.flatMap((x) => (x.outboxId ? [x.outboxId] : []))) ?? new Map(),
      ])
      return {
        _id: message.id,
        email: message.email,
        name: [message.firstName, message.lastName].filter(Boolean).join(' '),
        message: message.message ?? '',
        createdAt: message.createdAt.toISOString(),
        replies: replies.map((x) => ({
          _id: x.id,
          body: x.body,
          author: (x.authorId && authors.get(x.authorId)?.fullName) ?? 'Former staff member',
          createdAt: x.createdAt.toISOString(),
          outboxId: x.outboxId,
          mailStatus: (x.outboxId && mailStatus.get(x.outboxId)) ?? null,
        })),
      }
    },
  }
  return service
}
export type MessagesService = ReturnType<typeof createMessagesService>
