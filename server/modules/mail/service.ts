import type { FastifyBaseLogger } from 'fastify'
import type { Language } from '../../../contracts/languages.ts'
import { isAccountMail, type OutboxItem } from '../../../contracts/mail.ts'
import type { StaffRole } from '../../../contracts/staff.ts'
import type { Config } from '../../config.ts'
import type { Db, DbOrTx } from '../../db/client.ts'
import { newId } from '../../db/ids.ts'
import { NotFoundError } from '../../http/errors.ts'
import { createSeal, redact } from '../../lib/seal.ts'
import { writeAudit } from '../audit/repo.ts'
import type { SettingsService } from '../settings/service.ts'
import { type MailContent, mailTexts, mailTextsIn, type OrderFacts } from './messages.ts'
import { createMailRepo, type OutboxRow } from './repo.ts'
import { renderMail } from './template.ts'
import { type MailTransport, smtpTransport } from './transport.ts'

/** A claimed message is this sender's for two minutes; after that (a crash) another run takes it again. */
const LEASE_MS = 120_000
/** After this many failed attempts a message is marked failed for staff (about a day of retries). */
export const MAX_ATTEMPTS = 8
/** Minutes until the next try: 1, 2, 4 … up to six hours. */
const mailBackoffMinutes = (attempts: number) => Math.min(2 ** Math.max(0, attempts - 1), 360)

export type OrderMailEvent =
  | 'placed'
  | 'paid'
  | 'shipped'
  | 'delivered'
  | 'cancelled'
  | 'refunded'
  | 'invoiced'
  | 'photo'
  | 'delivery-failed'
  | 'returned'

export type MailDeps = {
  db: Db
  config: Pick<Config, 'PUBLIC_URL' | 'SMTP_URL' | 'MAIL_FROM' | 'RESERVATION_MINUTES' | 'secrets'>
  log?: FastifyBaseLogger
  /** The shop's settings row: where staff mail goes and the low-stock threshold. */
  settings: Pick<SettingsService, 'read' | 'save'>
  /** Tests pass their own; otherwise SMTP when SMTP_URL is set, else none (messages are kept). */
  transport?: MailTransport | null
}

const toItem = (
  r: Pick<
    OutboxRow,
    | 'id'
    | 'kind'
    | 'toAddress'
    | 'subject'
    | 'status'
    | 'attempts'
    | 'lastError'
    | 'nextAttemptAt'
    | 'sentAt'
    | 'createdAt'
  >,
): OutboxItem => ({
  _id: r.id,
  kind: r.kind,
  to: r.toAddress,
  subject: r.subject,
  status: r.status,
  attempts: r.attempts,
  lastError: r.lastError,
  nextAttemptAt: r.nextAttemptAt.toISOString(),
  sentAt: r.sentAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
  accountMail: isAccountMail(r.kind),
})

/** Account mails are the owners' to see (decision 109): a way into any account, the owner's included. */
const seesAccountMails = (role: StaffRole | null) => role === 'owner'

/** An SMTP error as staff read it: the server's answer when there is one, never a stack. */
const describeError = (err: unknown) => {
  const e = err as { responseCode?: number; response?: string; code?: string; message?: string }
  const text = e?.response ?? e?.message ?? String(err)
  return (e?.responseCode ? `${e.responseCode} ` : e?.code ? `${e.code}: ` : '') + text.slice(0, 500)
}

/**
 * Minutes an online order's 'awaiting payment' e-mail waits for the payment (decision 120): five, or less
 * when orders are held for under ten minutes, so the reminder still leaves time to pay.
 */
export const awaitingPaymentDelayMinutes = (reservationMinutes: number) =>
  Math.min(5, Math.floor(reservationMinutes / 2))

export function createMailService(deps: MailDeps) {
  const repo = createMailRepo(deps.db)
  const transport =
    deps.transport !== undefined
      ? deps.transport
      : deps.config.SMTP_URL
        ? smtpTransport(deps.config.SMTP_URL)
        : null
  const publicUrl = deps.config.PUBLIC_URL
  const host = new URL(publicUrl).hostname || 'localhost'
  const from = deps.config.MAIL_FROM ?? `Kalaa Setu <shop@${host}>`

  const url = (path: string) => new URL(path, publicUrl).toString()
  const seal = createSeal<{ html: string; text: string }>(deps.config.secrets.jwtAccessSecret)

  async function staffAddress(db: DbOrTx): Promise<string | null> {
    return (await deps.settings.read(db))?.notificationEmail || null
  }

  const service = {
    /** Whether messages leave the machine (SMTP configured) or stay in the outbox. */
    sending: transport !== null,
    url,

    /**
     * Writes one e-mail into the outbox, inside the caller's transaction: it exists exactly when the event
     * that caused it was committed. The worker sends it later; nothing here waits on SMTP.
     */
    async send(
      tx: DbOrTx,
      mail: {
        kind: string
        to: string
        content: MailContent
        replyTo?: string | null
        headers?: Record<string, string>
        /**
         * One-time tokens the mail carries (an account mail's links): only the recipient gets them. The row
         * staff can read holds the mail with them hidden; the live copy is sealed until it is sent.
         */
        secrets?: readonly string[]
        /** Sent no earlier than this; withdrawn before then if what it is `regarding` changes. */
        notBefore?: Date
        regarding?: string
      },
    ): Promise<OutboxRow> {
      const live = await renderMail(mail.content, url('/'))
      const secrets = mail.secrets?.filter(Boolean) ?? []
      if (secrets.length > 0 && !isAccountMail(mail.kind))
        throw new Error(`mail ${mail.kind} carries a token but is not an account mail (contracts/mail.ts)`)
      const id = newId()
      return createMailRepo(tx).insert({
        id,
        kind: mail.kind,
        toAddress: mail.to,
        replyTo: mail.replyTo ?? null,
        subject: mail.content.subject,
        html: redact(live.html, secrets),
        text: redact(live.text, secrets),
        sealed: secrets.length > 0 ? seal.seal(live) : null,
        headers: mail.headers ?? {},
        messageId: `<${id}@${host}>`,
        status: transport ? 'queued' : 'kept',
        ...(mail.notBefore ? { nextAttemptAt: mail.notBefore } : {}),
        regarding: mail.regarding ?? null,
      })
    },

    /** Renders without storing: the same work as `send`, for answers that must not differ in time. */
    async rehearse(content: MailContent) {
      await renderMail(content, url('/'))
    },

    /** An e-mail to the shop's notification address, when staff have set one. */
    async notifyStaff(tx: DbOrTx, kind: string, content: MailContent) {
      const to = await staffAddress(tx)
      if (to) await service.send(tx, { kind, to, content })
    },

    staffAddress,

    /** Minutes an unpaid order's 'awaiting payment' reminder waits (decision 120): its WhatsApp one waits as long. */
    awaitingPaymentMinutes: () => awaitingPaymentDelayMinutes(deps.config.RESERVATION_MINUTES),

    /** The customer e-mail of an order event (the orders module calls it inside its transaction). */
    async orderEvent(
      tx: DbOrTx,
      event: OrderMailEvent,
      order: {
        id: string
        /** The customer's address; null when there is none or they turned order e-mails off (staff still hear). */
        to: string | null
        facts: OrderFacts
        reason?: string
        refundDue?: boolean
        /** The finished piece's photo (decision 133): its address on the shop and the line's title. */
        photo?: { src: string; title: string }
        /** The language the customer ordered in: their e-mails about it are in it. */
        language?: Language
      },
    ) {
      const orderUrl = url(`/OrderDetails/${order.id}`)
      const f = order.facts
      const texts = mailTextsIn(order.language)
      const regarding = `order:${order.id}`
      const now = new Date()
      // One e-mail per event (decision 120): an order paid online within minutes hears only that it is
      // confirmed; the 'awaiting payment' reminder waits and is withdrawn once the order is paid or cancelled.
      const delay = awaitingPaymentDelayMinutes(deps.config.RESERVATION_MINUTES)
      if (event !== 'placed') await createMailRepo(tx).withdraw('order.placed', regarding, now)
      const content =
        event === 'placed'
          ? f.payOnDelivery
            ? texts.orderPlacedPayOnDelivery(f, orderUrl)
            : texts.orderPlaced(f, orderUrl, deps.config.RESERVATION_MINUTES - delay)
          : event === 'paid'
            ? texts.orderPaid(f, orderUrl)
            : event === 'shipped'
              ? texts.orderShipped(f, orderUrl)
              : event === 'delivered'
                ? texts.orderDelivered(f, orderUrl)
                : event === 'cancelled'
                  ? texts.orderCancelled(f, orderUrl, order.reason ?? 'Cancelled', order.refundDue ?? false)
                  : event === 'invoiced'
                    ? texts.orderInvoiced(f, orderUrl)
                    : event === 'photo' && order.photo
                      ? texts.orderFinishedPhoto(f, orderUrl, { ...order.photo, src: url(order.photo.src) })
                      : event === 'delivery-failed'
                        ? texts.orderDeliveryFailed(f, orderUrl, order.reason ?? null)
                        : event === 'returned'
                          ? texts.orderReturnedToOrigin(f, orderUrl, order.refundDue ?? false)
                          : texts.orderRefunded(f, orderUrl)
      const later = event === 'placed' && !f.payOnDelivery && delay > 0
      if (order.to)
        await service.send(tx, {
          kind: `order.${event}`,
          to: order.to,
          content,
          ...(later ? { notBefore: new Date(now.getTime() + delay * 60_000), regarding } : {}),
        })
      // Staff hear of an order once it is theirs to ship: paid online, or placed for cash on delivery.
      if (event === 'placed' && f.payOnDelivery) {
        await service.notifyStaff(
          tx,
          'staff.order-cod',
          mailTexts.staffNewCodOrder(f, url(`/admin/orders/${order.id}`)),
        )
      }
      if (event === 'paid' && !f.payOnDelivery) {
        await service.notifyStaff(
          tx,
          'staff.order-paid',
          mailTexts.staffNewOrder(f, url(`/admin/orders/${order.id}`)),
        )
      }
    },

    /**
     * Stock just taken by an order: a product whose stock went from above the shop-wide low-stock
     * threshold to at or under it is reported to staff, once per crossing.
     */
    async stockTaken(
      tx: DbOrTx,
      lines: Array<{ productId: string; title: string; quantity: number; left: number }>,
    ) {
      const settings = await deps.settings.read(tx)
      if (!settings?.notificationEmail) return
      const threshold = settings.lowStockThreshold
      for (const line of lines) {
        if (line.left <= threshold && line.left + line.quantity > threshold) {
          await service.send(tx, {
            kind: 'staff.low-stock',
            to: settings.notificationEmail,
            content: mailTexts.staffLowStock(
              line.title,
              line.left,
              threshold,
              url(`/admin/products/${line.productId}`),
            ),
          })
        }
      }
    },

    /**
     * Sends what is due: claims rows (a lease, SKIP LOCKED) in one short transaction, then talks to SMTP
     * outside any transaction. A failure is recorded with back-off; after MAX_ATTEMPTS it stays failed.
     */
    async deliverDue(now = new Date(), limit = 20): Promise<{ sent: number; failed: number }> {
      if (!transport) return { sent: 0, failed: 0 }
      const claimed = await deps.db.transaction((tx) => createMailRepo(tx).claimDue(now, LEASE_MS, limit))
      let sent = 0
      let failed = 0
      for (const row of claimed) {
        try {
          // An account mail goes out with its live links; one whose seal no longer opens (the shop's
          // secret changed) would send dead links, so it fails for staff to see instead.
          const live = row.sealed ? seal.open(row.sealed) : { html: row.html, text: row.text }
          if (!live) throw new Error('the sealed links of this account mail no longer open: send a new one')
          await transport.send({
            from,
            to: row.toAddress,
            replyTo: row.replyTo,
            subject: row.subject,
            html: live.html,
            text: live.text,
            messageId: row.messageId,
            headers: row.headers,
          })
          await repo.markSent(row.id, new Date())
          sent++
        } catch (err) {
          failed++
          const attempts = row.attempts + 1
          const lastError = describeError(err)
          // The console keeps the full answer; the log line leaves out any address the server quoted.
          const reason = lastError.replace(/\S+@\S+/g, '<address>')
          deps.log?.warn({ outboxId: row.id, attempts, reason }, 'e-mail not sent; it is retried later')
          await repo.markAttemptFailed(row.id, {
            attempts,
            lastError,
            nextAttemptAt: new Date(now.getTime() + mailBackoffMinutes(attempts) * 60_000),
            gaveUp: attempts >= MAX_ATTEMPTS,
          })
        }
      }
      return { sent, failed }
    },

    /** The console's outbox, as the staff member asking may see it (`role`: their staff role). */
    outbox: {
      async list(role: StaffRole | null, query: { status?: OutboxRow['status']; page: number }) {
        const pageSize = 25
        const { rows, total } = await repo.list({ ...query, pageSize, accountMails: seesAccountMails(role) })
        return {
          items: rows.map(toItem),
          total,
          page: query.page,
          pageSize,
          pages: Math.max(1, Math.ceil(total / pageSize)),
        }
      },
      async get(role: StaffRole | null, id: string) {
        const row = await repo.byId(id)
        if (!row || (isAccountMail(row.kind) && !seesAccountMails(role)))
          throw new NotFoundError('No such e-mail in the outbox.')
        return {
          ...toItem(row),
          replyTo: row.replyTo,
          messageId: row.messageId,
          html: row.html,
          text: row.text,
          headers: row.headers,
        }
      },
      /** Another try now, for a failed message or one waiting for its next attempt. */
      async retry(role: StaffRole | null, id: string) {
        const found = await repo.byId(id)
        if (found && isAccountMail(found.kind) && !seesAccountMails(role))
          throw new NotFoundError('This e-mail is not waiting to be sent.')
        const row = await repo.requeue(id, new Date())
        if (!row) throw new NotFoundError('This e-mail is not waiting to be sent.')
        return toItem(row)
      },
    },

    /** How many e-mails the shop gave up sending (the console's dashboard). */
    failedCount: () => repo.failedCount(),

    /** Where each of these outbox messages stands, by id (a staff answer shows whether it went out). */
    async statusesOf(ids: string[]): Promise<Map<string, OutboxRow['status']>> {
      return new Map((await repo.statusesOf([...new Set(ids)])).map((r) => [r.id, r.status]))
    },

    settings: {
      async get() {
        const row = await deps.settings.read()
        return {
          notificationEmail: row?.notificationEmail ?? '',
          lowStockThreshold: row?.lowStockThreshold ?? 3,
        }
      },
      async save(actorId: string, values: { notificationEmail: string; lowStockThreshold: number }) {
        const row = await deps.db.transaction(async (tx) => {
          const before = await deps.settings.read(tx)
          const saved = await deps.settings.save(
            {
              notificationEmail: values.notificationEmail || null,
              lowStockThreshold: values.lowStockThreshold,
            },
            tx,
          )
          await writeAudit(tx, {
            actorId,
            action: 'settings.mail',
            entity: 'settings',
            entityId: 'shop',
            before: before
              ? { notificationEmail: before.notificationEmail, lowStockThreshold: before.lowStockThreshold }
              : null,
            after: { notificationEmail: saved.notificationEmail, lowStockThreshold: saved.lowStockThreshold },
          })
          return saved
        })
        return { notificationEmail: row.notificationEmail ?? '', lowStockThreshold: row.lowStockThreshold }
      },
    },

    close() {
      transport?.close()
    },
  }
  return service
}
export type MailService = ReturnType<typeof createMailService>
