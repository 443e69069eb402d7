import { createHmac, timingSafeEqual } from 'node:crypto'
import { and, desc, eq, isNotNull } from 'drizzle-orm'
import type { Language } from '../../../contracts/languages.ts'
import {
  type ConsentSource,
  formatPhone,
  type MessageTemplate,
  normalisePhone,
  type OrderUpdates,
  orderUpdateAnswers,
  type UpdateChannel,
  updateChannels,
} from '../../../contracts/messaging.ts'
import type { Db, DbOrTx } from '../../db/client.ts'
import { UnprocessableError } from '../../http/errors.ts'
import type { MessagingService } from './service.ts'
import { contactConsents } from './tables.ts'

/**
 * Order updates where people read them (docs/decisions/143): the channels a customer lets the shop use,
 * kept as a history of choices, and the WhatsApp, SMS and push messages an order's events write beside its
 * e-mail, in the same transaction.
 */

/** The order events that reach a phone, and the template each uses. */
export type OrderUpdateEvent =
  | 'placed'
  | 'cod-confirm'
  | 'paid'
  | 'shipped'
  | 'out-for-delivery'
  | 'delivered'
  | 'delivery-failed'

const templateOf: Record<OrderUpdateEvent, MessageTemplate> = {
  placed: 'order-placed',
  'cod-confirm': 'order-cod-confirm',
  paid: 'order-paid',
  shipped: 'order-shipped',
  'out-for-delivery': 'order-out-for-delivery',
  delivered: 'order-delivered',
  'delivery-failed': 'order-delivery-failed',
}

/** What an order's message says: the customer's first name, the order, its total and where to see it. */
export type OrderUpdateFacts = {
  userId: string
  orderId: string
  orderNumber: string
  /** The customer's name as they gave it; the message greets them by the first word. */
  name: string
  /** The total as the customer reads it ('₹1,250.00'). */
  total: string
  trackingLink: string | null
  language: Language
}

type Choice = { on: boolean; since: Date | null; phone: string | null }

export type OrderUpdatesDeps = {
  db: Db
  messaging: Pick<MessagingService, 'send' | 'withdraw'>
  secrets: { jwtAccessSecret: string }
  /** The shop's address for a path: the links in messages. */
  url: (path: string) => string
  /** The account's own verified mobile number, if it has one. */
  phoneOf: (userId: string, db: DbOrTx) => Promise<string | null>
  /** The account's live push subscriptions (decision 144): each gets the update too. */
  pushTargets?: (userId: string, db: DbOrTx) => Promise<Array<{ id: string }>>
}

export function createOrderUpdates(deps: OrderUpdatesDeps) {
  /** The latest choice for each channel: no row means e-mail on, WhatsApp and SMS off. */
  async function choicesOf(
    userId: string,
    db: DbOrTx,
  ): Promise<Record<UpdateChannel, Choice> & { lastAt: Date | undefined }> {
    const rows = await db
      .select()
      .from(contactConsents)
      .where(eq(contactConsents.userId, userId))
      .orderBy(desc(contactConsents.createdAt), desc(contactConsents.id))
    const latest = (channel: UpdateChannel): Choice => {
      const row = rows.find((r) => r.channel === channel)
      return row
        ? { on: row.granted, since: row.createdAt, phone: row.phone }
        : { on: channel === 'email', since: null, phone: null }
    }
    return {
      email: latest('email'),
      whatsapp: latest('whatsapp'),
      sms: latest('sms'),
      lastAt: rows[0]?.createdAt,
    }
  }

  /** The number a new WhatsApp or SMS choice uses: the account's own, else the one chosen last. */
  async function numberFor(userId: string, db: DbOrTx): Promise<string | null> {
    const own = await deps.phoneOf(userId, db)
    if (own) return own
    const [last] = await db
      .select({ phone: contactConsents.phone })
      .from(contactConsents)
      .where(and(eq(contactConsents.userId, userId), isNotNull(contactConsents.phone)))
      .orderBy(desc(contactConsents.createdAt), desc(contactConsents.id))
      .limit(1)
    return last?.phone ?? null
  }

  /** One message to each channel chosen: WhatsApp and SMS to their numbers, push to each live device. */
  async function fanOut(
    tx: DbOrTx,
    userId: string,
    base: Omit<Parameters<MessagingService['send']>[1], 'channel' | 'to'>,
    chosen: Record<UpdateChannel, Choice>,
  ): Promise<number> {
    let written = 0
    for (const channel of ['whatsapp', 'sms'] as const) {
      const c = chosen[channel]
      if (!c.on || !c.phone) continue
      await deps.messaging.send(tx, { ...base, channel, to: c.phone })
      written++
    }
    for (const target of (await deps.pushTargets?.(userId, tx)) ?? []) {
      await deps.messaging.send(tx, { ...base, channel: 'push', to: target.id })
      written++
    }
    return written
  }

  /** The link that confirms or cancels a cash-on-delivery order without signing in. */
  const codToken = (orderId: string) =>
    createHmac('sha256', deps.secrets.jwtAccessSecret)
      .update(`cod-confirm:${orderId}`)
      .digest('base64url')
      .slice(0, 32)

  const service = {
    /** The customer's choices now, as Settings shows them. */
    async choices(userId: string, db: DbOrTx = deps.db): Promise<OrderUpdates> {
      const [c, phone] = await Promise.all([choicesOf(userId, db), numberFor(userId, db)])
      const shown = (x: Choice) => ({ on: x.on, since: x.since?.toISOString() ?? null, phone: x.phone })
      return { email: shown(c.email), whatsapp: shown(c.whatsapp), sms: shown(c.sms), phone }
    },

    /**
     * Records the channels turned on or off, each with its time and where it was chosen; a channel already
     * as asked (and, for WhatsApp and SMS, to the same number) is left as it is. WhatsApp and SMS need a
     * mobile number: the one given, else the account's own, else the one chosen last.
     */
    async choose(
      userId: string,
      changes: Partial<Record<UpdateChannel, boolean>>,
      opts: { phone?: string | null; source: ConsentSource },
      db: DbOrTx = deps.db,
    ): Promise<OrderUpdates> {
      const now = await choicesOf(userId, db)
      const needsNumber = (changes.whatsapp ?? false) || (changes.sms ?? false)
      const phone = opts.phone ?? (needsNumber ? await numberFor(userId, db) : null)
      if (needsNumber && !phone) throw new UnprocessableError(orderUpdateAnswers.needsPhone)
      // Each new choice is later than every earlier one, even within a millisecond: the latest row is the
      // choice now, and a history reads in the order the choices were made.
      let at = Math.max(Date.now(), (now.lastAt?.getTime() ?? 0) + 1)
      for (const channel of updateChannels) {
        const want = changes[channel]
        const before = now[channel]
        if (want === undefined) continue
        // Already as asked (and, for WhatsApp and SMS, to the same number): nothing new to record.
        if (before.on === want && (channel === 'email' || !want || before.phone === phone)) continue
        await db.insert(contactConsents).values({
          userId,
          channel,
          granted: want,
          phone: channel === 'email' ? null : want ? phone : before.phone,
          source: opts.source,
          // Set here: now() inside a transaction is its start, and the latest choice must be the last made.
          createdAt: new Date(at++),
        })
      }
      return service.choices(userId, db)
    },

    /** Whether the customer's order e-mails may be written (they turned them off in Settings, or not). */
    async emailOn(userId: string, db: DbOrTx): Promise<boolean> {
      return (await choicesOf(userId, db)).email.on
    },

    /**
     * The checkout's choice of WhatsApp or SMS updates to the delivery number. A number that is not an
     * Indian mobile is refused with the reason, before the order is placed.
     */
    checkoutPhone(channels: readonly string[] | undefined, deliveryPhone: string): string | null {
      if (!channels || channels.length === 0) return null
      const phone = normalisePhone(deliveryPhone)
      if (!phone) throw new UnprocessableError(orderUpdateAnswers.notMobile)
      return phone
    },

    codToken,

    /** Whether a confirmation link's token is this order's. */
    codTokenMatches(orderId: string, token: string): boolean {
      const expected = Buffer.from(codToken(orderId))
      const given = Buffer.from(token)
      return given.length === expected.length && timingSafeEqual(given, expected)
    },

    /** The page a cash-on-delivery order is confirmed or cancelled on. */
    codLink: (orderId: string) => deps.url(`/ConfirmOrder/${orderId}?t=${codToken(orderId)}`),

    /**
     * Writes the order event's WhatsApp, SMS and push messages in the event's transaction, to the channels
     * the customer chose. `notBefore` holds a reminder back (an unpaid order's), withdrawn once paid.
     */
    async orderEvent(
      tx: DbOrTx,
      event: OrderUpdateEvent,
      facts: OrderUpdateFacts,
      opts: { notBefore?: Date } = {},
    ): Promise<number> {
      const regarding = `order:${facts.orderId}`
      if (event !== 'placed') await deps.messaging.withdraw(tx, 'order.placed', regarding)
      const chosen = await choicesOf(facts.userId, tx)
      const orderLink = deps.url(`/OrderDetails/${facts.orderId}`)
      const link = event === 'cod-confirm' ? service.codLink(facts.orderId) : orderLink
      const name = facts.name.trim().split(/\s+/)[0] || facts.name
      const template = templateOf[event]
      const params =
        event === 'shipped'
          ? [name, facts.orderNumber, facts.trackingLink ?? orderLink, orderLink]
          : event === 'out-for-delivery' || event === 'delivered' || event === 'delivery-failed'
            ? [name, facts.orderNumber, link]
            : [name, facts.orderNumber, facts.total, link]
      const base = {
        kind: `order.${event}`,
        template,
        language: facts.language,
        params,
        userId: facts.userId,
        regarding,
        link: orderLink,
        ...(opts.notBefore ? { notBefore: opts.notBefore } : {}),
      }
      return fanOut(tx, facts.userId, base, chosen)
    },

    /**
     * Any other update the customer chose to hear of (a seva booked or performed, a donation's receipt):
     * the same channels as their orders, in the caller's transaction.
     */
    async notify(
      tx: DbOrTx,
      message: {
        userId: string
        kind: string
        template: MessageTemplate
        params: string[]
        language: Language
        regarding: string
        link: string
      },
    ): Promise<number> {
      return fanOut(tx, message.userId, message, await choicesOf(message.userId, tx))
    },

    /** For the console and answers: '+91 98765 43210'. */
    formatPhone,
  }
  return service
}
export type OrderUpdatesService = ReturnType<typeof createOrderUpdates>
