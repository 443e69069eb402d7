import { createHash } from 'node:crypto'
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import {
  couponServerMessages,
  maxCartQuantity,
  stockMessages,
  variantMessages,
} from '../../../contracts/cart-rules.ts'
import { type CodTerms, codMessages, codMethod, codRefusal } from '../../../contracts/cod.ts'
import type { ExtraCharge } from '../../../contracts/gst.ts'
import { type HoldLimits, holdMessages, phoneKey } from '../../../contracts/hold-limits.ts'
import { translatorFor } from '../../../contracts/i18n/registry.ts'
import type { Translate } from '../../../contracts/i18n/translate.ts'
import { defaultLanguage, isLanguage, type Language, msg } from '../../../contracts/languages.ts'
import { type CodConfirmation, codConfirmAnswers } from '../../../contracts/messaging.ts'
import { formatPaise } from '../../../contracts/money.ts'
import {
  canMovePayment,
  customerMayCancel,
  fulfilmentProgress,
  fulfilmentRefusal,
  type PaymentStatus,
} from '../../../contracts/order-states.ts'
import type { Order, PlaceOrderInput } from '../../../contracts/orders.ts'
import {
  giveMeasurements,
  isEmptyChoice,
  type PersonalisationAnswer,
  personalisationLines,
  personalisationText,
  readAnswer,
} from '../../../contracts/personalisation.ts'
import { withVariant } from '../../../contracts/product-card.ts'
import { setupMessages } from '../../../contracts/setup.ts'
import type { ShipmentView } from '../../../contracts/shipments.ts'
import { creditMethod, creditText } from '../../../contracts/store-credit.ts'
import type { Config } from '../../config.ts'
import type { Db, DbOrTx, Tx } from '../../db/client.ts'
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  UnprocessableError,
  ValidationError,
} from '../../http/errors.ts'
import type { CatalogueCache } from '../../lib/cache.ts'
import type { AccountsService } from '../accounts/service.ts'
import type { AuditAction } from '../audit/actions.ts'
import { writeAudit } from '../audit/repo.ts'
import type { CatalogueService } from '../catalogue/service.ts'
import type { StoreCreditService } from '../credit/service.ts'
import type { OrderFacts } from '../mail/messages.ts'
import type { MailService, OrderMailEvent } from '../mail/service.ts'
import type { OrderUpdateEvent, OrderUpdatesService } from '../messaging/order-updates.ts'
import { ordersAuditNames } from './audit-names.ts'
import { createOrdersList, createOrdersReports, type SearchLimits } from './console-repo.ts'
import { orderNumberOf, orderNumberPrefix } from './order-number.ts'

export { type SearchLimits, searchCap } from './console-repo.ts'

import {
  createOrdersRepo,
  type DocumentNumber,
  type FullOrder,
  isDeadlock,
  isUniqueViolation,
  type OrderRow,
  type OrdersRepo,
} from './repo.ts'
import { orders } from './tables.ts'

/**
 * What orders need from other modules, every one of them: a service built without one would skip invoices,
 * coupon counts or refunds without a word. Tests that build the service by hand give explicit fakes.
 */
export type OrderPeers = {
  /** What shipping costs to this address for these lines and goods (paise), judged in the order's transaction. */
  shipping: {
    chargeFor(
      to: { postalCode: string; state?: string },
      lines: Array<{ productId: string; variantId?: string | null; quantity: number }>,
      goods: number,
      db?: DbOrTx,
    ): Promise<{ charge: number; grams: number }>
    /** The courier's parcel of each order, for the answers (decision 135). */
    shipmentsOf(orderIds: string[], db?: DbOrTx): Promise<Map<string, ShipmentView>>
  }
  /** Why the shop does not deliver to a PIN code, or null (decision 086). */
  delivery: { refusal(to: { postalCode: string; state: string }, db?: DbOrTx): Promise<string | null> }
  coupons: {
    check(code: string): Promise<{ code: string; discount: number }>
    holdForOrder(
      code: string,
      tx: Tx,
      held: (code: string) => Promise<{ all: number; customer: number; customerPaid: number }>,
      opts?: { maxHeldByCustomer: number; language: Language },
    ): Promise<{ code: string; discount: number }>
    countUse(code: string, change: 1 | -1, tx: Tx): Promise<void>
  }
  /** The customer's store credit (decision 139): spent by an order, given back when it is cancelled. */
  storeCredit: Pick<StoreCreditService, 'add' | 'spend' | 'trySpend'>
  /** Refunds the order's captured payment through the provider; null when it has none. */
  payments: { refundCaptured(orderId: string): Promise<{ refundId: string } | null> }
  cart: {
    removeOrdered(
      userId: string,
      lines: Array<{ productId: string; variantId: string | null }>,
      tx: Tx,
    ): Promise<void>
  }
  /** Keeps the order's shipping address in the customer's address book (once). */
  addresses: {
    rememberFromOrder(userId: string, shipping: PlaceOrderInput['shippingInfo'], tx: Tx): Promise<boolean>
  }
  /** The customer's and the staff's e-mails, written in the transaction of the change (decision 071). */
  mail: Pick<MailService, 'orderEvent' | 'stockTaken' | 'awaitingPaymentMinutes'>
  /** WhatsApp, SMS and push updates to the channels the customer chose (decision 143). */
  updates: Pick<OrderUpdatesService, 'orderEvent' | 'emailOn' | 'choose' | 'checkoutPhone'>
  /** The shop's cash-on-delivery terms (decision 080); without them COD is not offered. */
  cod: { terms(tx: Tx): Promise<CodTerms> }
  /** What one account may hold at once (decision 110); the defaults without it. */
  holds: { limits(db?: DbOrTx): Promise<HoldLimits> }
  /** GST invoices (decision 083): issued when the order is paid or delivered, a credit note on refund. */
  invoices: {
    /** `extras`: charges beside the goods (a cash-on-delivery fee), each its own taxed line. */
    issueInvoice(tx: Tx, orderId: string, opts?: { extras?: ExtraCharge[] }): Promise<unknown>
    issueCreditNote(tx: Tx, orderId: string): Promise<unknown>
    /** The supplier fields still missing: nothing is shipped before an invoice can go with it (decision 123). */
    missing(db?: DbOrTx): Promise<string[]>
    /** The numbers of these orders' invoices and credit notes; in the caller's transaction when given one. */
    numbersOf(orderIds: string[], db?: DbOrTx): Promise<DocumentNumber[]>
  }
}

/** What orders cannot work without: the catalogue's prices and stock, and the accounts that order. */
export type OrderOwners = {
  catalogue: Pick<CatalogueService, 'sellable' | 'stock'>
  accounts: Pick<AccountsService, 'holdingAccount' | 'person' | 'people' | 'idsMatching'>
}

/** How the customer chose to pay: online through the provider, or cash on delivery. */
function paymentChoice(method: string | undefined): 'online' | 'cod' {
  const m = (method ?? '').trim().toLowerCase()
  if (m === 'cod' || m === 'cash on delivery') return 'cod'
  if (m === 'paypal') throw new UnprocessableError(codMessages.paypalOff)
  return 'online'
}

export type TakenLine = { productId: string; title: string; quantity: number; left: number }

/** What a payment did to its order: it paid it, changed nothing, or must be given back. */
export type PaymentOutcome = 'paid' | 'unchanged' | 'refund'

const rupees = (paise: number) => Math.round(paise) / 100

/** Courier states in which the parcel is coming back to the shop rather than going to the customer. */
const returningStatuses = new Set<string>(['Returning to origin', 'Returned to origin'])
const parcelComingBack =
  'The courier is bringing this parcel back to the shop: receive it when it arrives instead of marking it delivered.'

/** Minutes until a failed refund is tried again: 1, 2, 4 … up to six hours. */
const refundBackoffMinutes = (attempts: number) => Math.min(2 ** Math.max(0, attempts - 1), 360)

const refundStatusOf = (paymentStatus: string) =>
  paymentStatus === 'Refund pending' ? 'Pending' : paymentStatus === 'Refunded' ? 'Refunded' : null

/** The same payload under the same idempotency key is the same order; anything else is a different one. */
const payloadHash = (input: PlaceOrderInput) => {
  const { idempotencyKey: _key, ...rest } = input
  return createHash('sha256').update(JSON.stringify(rest)).digest('hex')
}

const keyReused = msg(
  'This idempotency key was already used for a different order. Use a new key for a new order.',
)

/**
 * What a placement asks to hold: how it is paid, how many pieces, and the phone it goes to. Without pieces
 * and phone it is the checkout's question whether the account may choose cash on delivery now.
 */
type Placement = { cod: boolean; pieces?: number; phone?: string }

/**
 * Why an account may not hold what this order would add (decision 110), or null. A placement reads under
 * the account's lock (`lock`), so two placements by one account are judged one after the other.
 */
async function holdRefusal(
  r: OrdersRepo,
  accounts: OrderOwners['accounts'],
  db: DbOrTx,
  userId: string,
  limits: HoldLimits,
  placement: Placement,
  opts: { now: Date; language: Language; lock: boolean },
): Promise<string | null> {
  const { t } = translatorFor(opts.language)
  const account = await accounts.holdingAccount(userId, { lock: opts.lock }, db)
  const held = await r.heldBy(userId, opts.now)
  if (placement.cod) {
    const proven = held.paidBefore || (limits.codFirstOrder === 'confirmed-email' && account?.emailConfirmed)
    if (limits.codFirstOrder !== 'anyone' && !proven) {
      return t(
        limits.codFirstOrder === 'paid-history' ? holdMessages.codPaidHistory : holdMessages.codConfirmEmail,
      )
    }
    if (held.openCod >= limits.maxOpenCodOrders) return t(holdMessages.openCod, { count: held.openCod })
    if (placement.phone !== undefined) {
      const phone = phoneKey(placement.phone)
      // Another account may be placing to this phone at this moment: one at a time.
      await r.lockCodPhone(phone)
      if (await r.codBlocked(phone)) return t(holdMessages.codPhoneBlocked)
      const toPhone = await r.openCodToPhone(phone)
      if (toPhone >= limits.maxOpenCodPerPhone) return t(holdMessages.codPhone, { count: toPhone })
    }
  } else if (held.unpaidOrders >= limits.maxUnpaidOrders) {
    return t(holdMessages.unpaidOrders, { count: held.unpaidOrders })
  }
  if (placement.pieces !== undefined && held.heldPieces + placement.pieces > limits.maxHeldPieces) {
    return held.heldPieces === 0
      ? t(holdMessages.piecesInOrder, { limit: limits.maxHeldPieces, count: placement.pieces })
      : t(holdMessages.heldPieces, { held: held.heldPieces, limit: limits.maxHeldPieces })
  }
  return null
}

/**
 * Unpaid past its reservation: the sweeper's next run expires it. Reading the customer's orders expires
 * it at once, so nobody sees it as a live 'Pending' order in the meantime.
 */
const isLapsed = (row: OrderRow, now: Date) =>
  row.status === 'Pending' &&
  (row.paymentStatus === 'Pending' || row.paymentStatus === 'Failed') &&
  row.reservedUntil !== null &&
  row.reservedUntil <= now

export function toApiOrder({ order, items, history, documents, shipment }: FullOrder): Order {
  return {
    _id: order.id,
    orderID: order.orderNumber,
    customer: { _id: order.userId },
    status: order.status,
    totalAmount: rupees(order.total),
    subtotal: rupees(order.subtotal),
    discountAmount: rupees(order.discountAmount),
    codFee: rupees(order.codFee),
    shippingCharge: rupees(order.shippingCharge),
    couponCode: order.couponCode,
    couponDiscount: order.couponPercent,
    storeCredit: rupees(order.storeCredit),
    createdAt: order.createdAt.toISOString(),
    products: items.map((i) => ({
      _id: i.id,
      product: { _id: i.productId, title: i.title, image: i.image },
      quantity: i.quantity,
      price: rupees(i.price),
      variantId: i.variantId,
      variantTitle: i.variantTitle,
      personalisation: personalisationLines(i.personalisation),
      measurements: i.personalisation?.measurements ?? [],
      finishedPhoto: i.finishedPhoto ? `${i.finishedPhoto}-800.webp` : null,
    })),
    shippingInfo: {
      firstName: order.shippingFirstName,
      lastName: order.shippingLastName,
      email: order.shippingEmail,
      address: order.shippingAddress,
      apartment: order.shippingApartment,
      city: order.shippingCity,
      state: order.shippingState,
      postalCode: order.shippingPostalCode,
      country: order.shippingCountry,
      phoneNumber: order.shippingPhone,
      shippingLink: order.shippingLink,
    },
    paymentInfo: { method: order.paymentMethod, status: order.paymentStatus },
    refundStatus: refundStatusOf(order.paymentStatus),
    reservedUntil:
      order.reservedUntil && order.paymentStatus !== 'Paid' ? order.reservedUntil.toISOString() : null,
    orderHistory: history.map((h) => ({
      status: h.status,
      changedAt: h.changedAt.toISOString(),
      note: h.note ?? null,
    })),
    invoiceNumber: documents.invoice,
    creditNoteNumber: documents.creditNote,
    shipment: shipment ?? null,
  }
}

export function createOrdersService(deps: {
  db: Db
  config?: Pick<Config, 'RESERVATION_MINUTES'>
  cache?: Pick<CatalogueCache, 'invalidate'>
  log?: FastifyBaseLogger
  /** The modules whose tables an order reads and changes: products and their stock, accounts. */
  owners: OrderOwners
  peers: () => OrderPeers
}) {
  const repo = createOrdersRepo(deps.db)
  const { catalogue, accounts } = deps.owners
  const peers = deps.peers
  const reservationMinutes = deps.config?.RESERVATION_MINUTES ?? 30
  // Stock shows on cards and product pages: cached catalogue answers and pages are dropped when it moves,
  // naming the products, so the listings' narrow rows refresh only theirs (decision 130).
  const stockChanged = (productIds: string[]) => deps.cache?.invalidate({ stockOf: [...new Set(productIds)] })
  const stockOfOrdersChanged = async (orderIds: string[]) => {
    if (!deps.cache) return
    // Without the names (the read failed), everything is dropped as before.
    const ids = await repo.productIdsOf(orderIds).catch(() => null)
    deps.cache.invalidate(ids ? { stockOf: ids } : undefined)
  }

  /** Orders with their items, history and document numbers, read in the caller's transaction when given one. */
  async function detailed(rows: OrderRow[], db: DbOrTx = deps.db): Promise<FullOrder[]> {
    const docs = rows.length
      ? await peers().invoices.numbersOf(
          rows.map((r) => r.id),
          db,
        )
      : []
    const parcels = await peers().shipping.shipmentsOf(
      rows.map((r) => r.id),
      db,
    )
    return (await createOrdersRepo(db).withDetails(rows, docs)).map((f) => ({
      ...f,
      shipment: parcels.get(f.order.id) ?? null,
    }))
  }

  async function full(row: OrderRow): Promise<Order> {
    const [one] = await detailed([row])
    return toApiOrder(one!)
  }

  async function nextOrderNumber(tx: OrdersRepo, now: Date) {
    const prefix = orderNumberPrefix(now)
    return orderNumberOf(prefix, await tx.nextOrderSerial(prefix))
  }

  /**
   * Takes every line from stock, products (and their variants) in id order, so two orders never wait on
   * each other's rows. On a shortage what was taken goes back and the short line is named ('Kurta (M)');
   * null when all were taken.
   */
  async function takeAll(
    tx: Tx,
    lines: Array<{
      productId: string
      variantId?: string | null
      title: string
      variantTitle?: string | null
      quantity: number
    }>,
  ): Promise<{ title: string; left: number } | null> {
    const keyOf = (l: { productId: string; variantId?: string | null }) =>
      `${l.productId} ${l.variantId ?? ''}`
    const sorted = [...lines].sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : 1))
    const taken: Array<TakenLine & { variantId: string | null }> = []
    for (const line of sorted) {
      const variantId = line.variantId ?? null
      const title = withVariant(line.title, line.variantTitle)
      const left = await catalogue.stock.take(line.productId, line.quantity, tx, variantId)
      if (left === null) {
        for (const t of taken) await catalogue.stock.giveBack(t.productId, t.quantity, tx, t.variantId)
        return { title, left: await catalogue.stock.of(line.productId, tx, variantId) }
      }
      taken.push({ productId: line.productId, variantId, title, quantity: line.quantity, left })
    }
    // Staff hear of a product that just reached its low-stock threshold, with the order that took it.
    await peers().mail.stockTaken(tx, taken)
    return null
  }

  /**
   * The customer's messages about an order event, inside the transaction of the change: its e-mail (with the
   * staff's), and its WhatsApp, SMS and push updates to the channels the customer chose (decision 143).
   */
  async function tell(
    tx: Tx,
    orderId: string,
    event: OrderMailEvent | 'out-for-delivery',
    extra: { reason?: string; refundDue?: boolean; photo?: { src: string; title: string } } = {},
  ) {
    const mail = peers().mail
    const r = createOrdersRepo(tx)
    const row = await r.byIdOrNumber(orderId)
    if (!row) return
    const customer = await accounts.person(row.userId, tx)
    if (!customer) return
    const orderLanguage = isLanguage(row.language) ? row.language : defaultLanguage
    const payOnDelivery = row.paymentMethod === codMethod
    const phoneEvent: OrderUpdateEvent | null =
      event === 'placed'
        ? payOnDelivery
          ? 'cod-confirm'
          : 'placed'
        : event === 'paid' ||
            event === 'shipped' ||
            event === 'out-for-delivery' ||
            event === 'delivered' ||
            event === 'delivery-failed'
          ? event
          : null
    if (phoneEvent) {
      // An unpaid order's reminder waits as its e-mail does, and is withdrawn once the order is paid.
      const wait = phoneEvent === 'placed' ? mail.awaitingPaymentMinutes() : 0
      await peers().updates.orderEvent(
        tx,
        phoneEvent,
        {
          userId: row.userId,
          orderId: row.id,
          orderNumber: row.orderNumber,
          name: customer.fullName,
          total: formatPaise(row.total),
          trackingLink: row.shippingLink,
          language: orderLanguage,
        },
        wait > 0 ? { notBefore: new Date(Date.now() + wait * 60_000) } : {},
      )
    }
    if (event === 'out-for-delivery') return
    // An account made with a mobile number alone has no address to e-mail (decision 141), and a customer
    // may turn order e-mails off (decision 143); the staff's e-mails about the order go all the same.
    const to = customer.email && (await peers().updates.emailOn(row.userId, tx)) ? customer.email : null
    const items = await r.itemsOf(row.id)
    const facts: OrderFacts = {
      orderNumber: row.orderNumber,
      customerName: customer.fullName,
      // Each paid add-on (decision 133) is a line of its own after its piece, as on the invoice.
      lines: items.flatMap((i) => {
        const title = withVariant(i.title, i.variantTitle)
        return [
          { title, quantity: i.quantity, price: i.price },
          ...(i.personalisation?.addons ?? []).map((a) => ({
            title: translatorFor(orderLanguage).t(personalisationText.addonLine, { label: a.label, title }),
            quantity: i.quantity,
            price: a.price,
          })),
        ]
      }),
      subtotal: row.subtotal,
      discountAmount: row.discountAmount,
      couponCode: row.couponCode,
      couponPercent: row.couponPercent,
      total: row.total,
      storeCredit: row.storeCredit,
      payOnDelivery,
      codFee: row.codFee,
      shippingCharge: row.shippingCharge,
      address: [
        [row.shippingFirstName, row.shippingLastName].filter(Boolean).join(' '),
        [row.shippingAddress, row.shippingApartment].filter(Boolean).join(', '),
        `${row.shippingCity}, ${row.shippingState} ${row.shippingPostalCode}`,
        row.shippingCountry,
        translatorFor(orderLanguage).t('Phone {phone}', { phone: row.shippingPhone }),
      ].filter(Boolean),
      shippingLink: row.shippingLink,
      invoiceNumber:
        (await peers().invoices.numbersOf([row.id], tx)).find((d) => d.kind === 'invoice')?.number ?? null,
    }
    await mail.orderEvent(tx, event, {
      id: row.id,
      to,
      facts,
      language: orderLanguage,
      ...extra,
    })
  }

  /** The order's store credit goes back to the customer's balance, once (a cancellation, an expiry, a return). */
  async function giveCreditBack(tx: Tx, row: OrderRow) {
    if (!row.creditHeld || row.storeCredit <= 0) return
    await peers().storeCredit.add(tx, {
      userId: row.userId,
      amount: row.storeCredit,
      kind: 'order-back',
      reference: row.id,
      label: row.orderNumber,
      orderId: row.id,
    })
    await createOrdersRepo(tx).update(row.id, { creditHeld: false })
  }

  async function releaseStock(tx: Tx, orderId: string) {
    for (const item of await createOrdersRepo(tx).itemsOf(orderId)) {
      await catalogue.stock.giveBack(item.productId, item.quantity, tx, item.variantId)
    }
  }

  /**
   * Cancels inside a transaction: stock goes back, a counted coupon use goes back, and a paid order
   * becomes 'Refund pending' (the refund itself is made after the transaction). True when a refund is due.
   */
  async function cancelInTx(
    tx: Tx,
    row: OrderRow,
    by: string | null,
    note: string,
    paymentStatus?: PaymentStatus,
  ): Promise<boolean> {
    const r = createOrdersRepo(tx)
    // Paid wholly with store credit: nothing to send back through the provider, the credit goes back below.
    const refund = row.paymentStatus === 'Paid' && row.total > row.storeCredit
    if (row.stockHeld) await releaseStock(tx, row.id)
    if (row.couponCounted && row.couponCode) await peers().coupons.countUse(row.couponCode, -1, tx)
    await giveCreditBack(tx, row)
    const creditOnly = row.paymentStatus === 'Paid' && !refund
    await r.update(row.id, {
      status: 'Cancelled',
      ...(creditOnly ? { paymentStatus: 'Refunded' } : {}),
      stockHeld: false,
      couponCounted: false,
      ...(refund ? { paymentStatus: 'Refund pending', refundRetryAt: null } : {}),
      ...(paymentStatus ? { paymentStatus } : {}),
    })
    // Paid wholly with credit, now all given back: the invoice is reversed at once.
    if (creditOnly) await peers().invoices.issueCreditNote(tx, row.id)
    await r.addHistory(row.id, 'Cancelled', by, note)
    await tell(tx, row.id, 'cancelled', { reason: note, refundDue: refund })
    return refund
  }

  /** Lets one caller at a time try the refund of an order (a short lease), so it is never sent twice. */
  async function claimRefund(orderId: string, now: Date, force: boolean) {
    const [row] = await deps.db
      .update(orders)
      .set({ refundRetryAt: new Date(now.getTime() + 120_000) })
      .where(
        and(
          eq(orders.id, orderId),
          eq(orders.paymentStatus, 'Refund pending'),
          force ? undefined : or(isNull(orders.refundRetryAt), lte(orders.refundRetryAt, now)),
        ),
      )
      .returning()
    return row ?? null
  }

  const service = {
    /** What the audit log calls this module's rows (decision 113). */
    auditNames: ordersAuditNames(deps.db),
    /** Dashboard counts: all orders, Pending ones and Delivered ('Completed') ones of one customer. */
    async countsForCustomer(userId: string): Promise<{ total: number; pending: number; completed: number }> {
      const [row] = await deps.db
        .select({
          total: sql<number>`count(*)::int`,
          pending: sql<number>`count(*) filter (where ${orders.status} = 'Pending')::int`,
          completed: sql<number>`count(*) filter (where ${orders.status} = 'Delivered')::int`,
        })
        .from(orders)
        .where(and(eq(orders.userId, userId)))
      return row ?? { total: 0, pending: 0, completed: 0 }
    },

    /**
     * Places an order priced entirely from the shop's own data and takes its quantities from stock in the
     * same transaction. The client's total must match the server's (to the paisa), so nobody pays an
     * amount they did not see. A repeated idempotency key returns the first order; the same key with a
     * different payload is refused.
     */
    /** The order this customer placed with this idempotency key, if any: a form sent twice finds its order. */
    async placedWithKey(userId: string, key: string): Promise<Order | null> {
      const row = await repo.byIdempotencyKey(userId, key)
      return row ? full(row) : null
    },

    async placeOrder(
      userId: string,
      input: PlaceOrderInput,
      idempotencyKey?: string,
      language: Language = defaultLanguage,
    ): Promise<{ order: Order; created: boolean }> {
      if (input.customerId !== userId) throw new ForbiddenError('You can only place orders for yourself.')
      const key = idempotencyKey ?? input.idempotencyKey
      const hash = payloadHash(input)
      const earlier = async (r: OrdersRepo = repo) => {
        const existing = key ? await r.byIdempotencyKey(userId, key) : null
        if (existing?.idempotencyHash && existing.idempotencyHash !== hash)
          throw new UnprocessableError(keyReused)
        return existing
      }
      const first = await earlier()
      if (first) return { order: await full(first), created: false }

      // One line per product and variant (decision 129), quantities merged, and the per-line maximum
      // checked on the merged line.
      // Lines of the same piece with different personalisation (decision 133) stay apart.
      const merged = new Map<
        string,
        {
          productId: string
          variantId: string | null
          quantity: number
          price: number
          personalisation: PersonalisationAnswer | undefined
        }
      >()
      for (const p of input.products) {
        const variantId = p.variantId ?? null
        const k = `${p.productId} ${variantId ?? ''} ${JSON.stringify(p.personalisation ?? null)}`
        const line = merged.get(k)
        if (line) line.quantity += p.quantity
        else
          merged.set(k, {
            productId: p.productId,
            variantId,
            quantity: p.quantity,
            price: p.price,
            personalisation: p.personalisation,
          })
      }
      const found = await catalogue.sellable([...new Set([...merged.values()].map((l) => l.productId))])
      const byProduct = new Map(found.map((p) => [p.id, p]))
      const unavailable = () =>
        new ConflictError(
          'Some products in your cart are no longer available. Please review your cart and try again.',
        )
      const { t } = translatorFor(language)
      // Each line priced and stocked from its variant, or from the product sold as one piece; its texts and
      // add-ons read against the product's choices now (decision 133), each add-on with its tax code.
      const lines = [...merged.values()].map((l) => {
        const product = byProduct.get(l.productId)
        if (!product) throw unavailable()
        const read = readAnswer(product.personalisation, l.personalisation, t)
        if ('problem' in read) throw new ValidationError(`${product.title}: ${read.problem}`)
        const ordered = isEmptyChoice(read.ordered)
          ? null
          : {
              ...read.ordered,
              addons: read.ordered.addons.map((a) => ({ ...a, hsnCode: a.hsnCode || product.hsnCode })),
            }
        const chosen = { personalisation: ordered, addons: read.addonsPerPiece }
        if (product.variants.length === 0) {
          if (l.variantId) throw unavailable()
          return {
            ...l,
            ...chosen,
            product,
            variant: null,
            title: product.title,
            unit: product.price,
            stock: product.stock,
          }
        }
        const variant = l.variantId
          ? product.variants.find((v) => v.id === l.variantId)
          : product.variants.length === 1
            ? product.variants[0]
            : undefined
        if (!l.variantId && !variant) {
          throw new ValidationError(
            `${product.title}: ${variantMessages.choose(product.options.map((o) => o.name))}`,
          )
        }
        if (!variant) throw unavailable()
        return {
          ...l,
          ...chosen,
          variantId: variant.id,
          product,
          variant,
          title: withVariant(product.title, variant.title),
          unit: variant.price,
          stock: variant.stock,
        }
      })
      for (const line of lines) {
        if (line.quantity > maxCartQuantity) {
          throw new ValidationError(
            `You can order at most ${maxCartQuantity} of ${line.title}; this order asks for ${line.quantity}.`,
          )
        }
        if (Math.round(line.price * 100) !== line.unit + line.addons) {
          throw new ConflictError(
            `The price of ${line.title} is now ${formatPaise(line.unit + line.addons)} (your cart shows ${formatPaise(Math.round(line.price * 100))}). Please review your cart and place the order again.`,
          )
        }
        if (line.stock < line.quantity)
          throw new ConflictError(stockMessages.onlyLeft(line.title, line.stock))
      }
      // The code's validity first, with the spec's words; its limits are held inside the transaction.
      if (input.couponCode) {
        await peers().coupons.check(input.couponCode)
      }
      const subtotal = lines.reduce((sum, l) => sum + (l.unit + l.addons) * l.quantity, 0)
      const s = input.shippingInfo
      // WhatsApp or SMS updates chosen at checkout go to the delivery number: one that cannot take them is
      // refused here, before anything is held.
      const updatesPhone = peers().updates.checkoutPhone(input.updates, s.phoneNumber)
      const cod = paymentChoice(input.paymentInfo?.method) === 'cod'
      const pieces = lines.reduce((sum, l) => sum + l.quantity, 0)

      for (let attempt = 0; ; attempt++) {
        try {
          const placed = await deps.db.transaction(async (tx) => {
            const txRepo = createOrdersRepo(tx)
            const now = new Date()
            const limits = await peers().holds.limits(tx)
            // The account's lock is taken first: the same key placed twice at once is found here, not refused.
            const tooMuch = await holdRefusal(
              txRepo,
              accounts,
              tx,
              userId,
              limits,
              { cod, pieces, phone: s.phoneNumber },
              { now, language, lock: true },
            )
            const again = await earlier(txRepo)
            if (again) return { row: again, created: false, productIds: [] }
            const code = input.couponCode?.trim()
            const coupon = code
              ? await peers().coupons.holdForOrder(
                  code,
                  tx,
                  (stored) => txRepo.couponHolds(stored, userId, now),
                  { maxHeldByCustomer: limits.maxHeldCouponUses, language },
                )
              : null
            const percent = coupon?.discount ?? 0
            const discountAmount = Math.round((subtotal * percent) / 100)
            const goods = subtotal - discountAmount
            if (goods <= 0) throw new ValidationError(couponServerMessages.freeOrder)
            // Only to a PIN code the shop delivers to (decision 086), judged by the zones read here.
            const unserved = await peers().delivery.refusal(s, tx)
            if (unserved) throw new UnprocessableError(unserved)
            // Cash on delivery: the shop's terms decide, on the goods' value and the delivery address.
            let codFee = 0
            if (cod) {
              const terms = await peers().cod.terms(tx)
              const refusal = codRefusal(terms, { total: goods, state: s.state, postalCode: s.postalCode })
              if (refusal) throw new UnprocessableError(refusal)
              codFee = terms.fee
            }
            // Shipping by the address's zone and the parcel's weight (decision 134), judged by the rules read here.
            const shipping = await peers().shipping.chargeFor(s, lines, goods, tx)
            // What the order is and where it goes are judged first; then whether this account may hold it.
            if (tooMuch) throw new ConflictError(tooMuch)
            const total = goods + codFee + shipping.charge
            const clientTotal = Math.round(input.totalAmount * 100)
            // One paisa of slack for the browser's floating-point rounding of the coupon.
            if (Math.abs(clientTotal - total) > 1) {
              throw new ConflictError(
                `The order total is ${formatPaise(total)}, but your cart shows ${formatPaise(clientTotal)}. Prices, shipping or your coupon have changed: please review your cart and place the order again.`,
              )
            }
            // Store credit pays part or all of an online order (decision 139), as much as the checkout showed.
            const credit = Math.round((input.storeCredit ?? 0) * 100)
            if (credit > 0 && cod) throw new UnprocessableError(t(creditText.notWithCod))
            if (credit > total) {
              const message = t(creditText.tooMuch, { total: formatPaise(total) })
              throw new ValidationError(message, { storeCredit: message })
            }
            const paidByCredit = credit > 0 && credit === total
            const items = lines.map((l) => ({
              productId: l.productId,
              variantId: l.variant?.id ?? null,
              variantTitle: l.variant?.title ?? null,
              sku: l.variant?.sku ?? l.product.sku,
              title: l.product.title,
              image: l.variant?.image ?? l.product.image,
              price: l.unit,
              quantity: l.quantity,
              personalisation: l.personalisation,
            }))
            const short = await takeAll(tx, items)
            if (short) throw new ConflictError(stockMessages.onlyLeft(short.title, short.left))
            // The address typed at checkout is offered again next time ('Try again', the next visit).
            await peers().addresses.rememberFromOrder(userId, s, tx)
            const row = await txRepo.insertOrder(
              {
                orderNumber: await nextOrderNumber(txRepo, now),
                userId,
                language,
                status: 'Pending',
                subtotal,
                discountAmount,
                codFee,
                shippingCharge: shipping.charge,
                shippingGrams: shipping.grams,
                total,
                couponCode: coupon?.code ?? null,
                couponPercent: percent,
                // A COD order is firm when placed: its coupon use counts now and it never lapses unpaid.
                couponCounted: cod && Boolean(coupon),
                idempotencyKey: key ?? null,
                idempotencyHash: key ? hash : null,
                reservedUntil: cod ? null : new Date(now.getTime() + reservationMinutes * 60_000),
                stockHeld: true,
                shippingFirstName: s.firstName || null,
                shippingLastName: s.lastName || null,
                shippingEmail: s.email || null,
                shippingAddress: s.address,
                shippingApartment: s.apartment || null,
                shippingCity: s.city,
                shippingState: s.state,
                shippingPostalCode: s.postalCode,
                // The shop ships within India; the spec's client sends the literal 'Country'.
                shippingCountry: 'INDIA',
                shippingPhone: s.phoneNumber,
                paymentMethod: cod ? codMethod : paidByCredit ? creditMethod : 'Credit Card',
                paymentStatus: cod ? 'Pay on delivery' : 'Pending',
                storeCredit: credit,
                creditHeld: credit > 0,
              },
              items,
              'Pending',
            )
            if (credit > 0) {
              await peers().storeCredit.spend(
                tx,
                {
                  userId,
                  amount: credit,
                  kind: 'order',
                  reference: row.id,
                  label: row.orderNumber,
                  orderId: row.id,
                },
                language,
              )
            }
            if (cod) {
              if (coupon) await peers().coupons.countUse(coupon.code, 1, tx)
              await peers().cart.removeOrdered(
                userId,
                items.map((i) => ({ productId: i.productId, variantId: i.variantId })),
                tx,
              )
            }
            // The checkout's choice of updates is the customer's choice from now on (decision 143).
            if (input.updates) {
              await peers().updates.choose(
                userId,
                { whatsapp: input.updates.includes('whatsapp'), sms: input.updates.includes('sms') },
                { phone: updatesPhone, source: 'checkout' },
                tx,
              )
            }
            // Nothing left to pay online: the order is paid as it is placed, and its e-mail says so.
            if (paidByCredit) await service.recordPayment(row.id, tx)
            else await tell(tx, row.id, 'placed')
            const placedRow = paidByCredit ? ((await txRepo.byIdOrNumber(row.id)) ?? row) : row
            return { row: placedRow, created: true, productIds: items.map((i) => i.productId) }
          })
          if (placed.created) stockChanged(placed.productIds)
          return { order: await full(placed.row), created: placed.created }
        } catch (err) {
          // A deadlock PostgreSQL broke by ending this placement (seen once in a thousand in the sale
          // bench): nothing of it was kept, so it is placed again rather than answered with a 500.
          if (isDeadlock(err) && attempt < 4) continue
          if (!isUniqueViolation(err) || attempt >= 4) throw err
          // Same idempotency key placed concurrently: answer with that order.
          const existing = await earlier()
          if (existing) return { order: await full(existing), created: false }
        }
      }
    },

    /**
     * Whether the customer may choose cash on delivery now, as far as their account goes (decision 110): the
     * checkout says why not beside the option. The shop's terms and the delivery phone are judged on the order.
     */
    async codChoiceFor(userId: string, language: Language = defaultLanguage): Promise<string | null> {
      const limits = await peers().holds.limits()
      return holdRefusal(
        repo,
        accounts,
        deps.db,
        userId,
        limits,
        { cod: true },
        {
          now: new Date(),
          language,
          lock: false,
        },
      )
    },

    /** The customer's orders, newest first; an unpaid one past its reservation reads as expired at once. */
    async listForCustomer(userId: string, now = new Date()): Promise<Order[]> {
      const list = await repo.listForUser(userId)
      if (!list.some((order) => isLapsed(order, now))) return (await detailed(list)).map(toApiOrder)
      await service.expireLapsed(now, userId)
      return (await detailed(await repo.listForUser(userId))).map(toApiOrder)
    },

    /** One of the customer's own orders; anybody else's is 'not found'. */
    async getForCustomer(userId: string, idOrNumber: string, now = new Date()): Promise<Order> {
      let row = await repo.byIdOrNumber(idOrNumber)
      if (!row || row.userId !== userId) throw new NotFoundError('Order not found.')
      if (isLapsed(row, now)) {
        await service.expireLapsed(now, userId)
        row = (await repo.byIdOrNumber(row.id))!
      }
      return full(row)
    },

    /** The raw row of a customer's own order, for payments. */
    async ownOrderRow(userId: string, idOrNumber: string): Promise<OrderRow> {
      const row = await repo.byIdOrNumber(idOrNumber)
      if (!row || row.userId !== userId) throw new NotFoundError('Order not found.')
      return row
    },

    async byId(id: string): Promise<Order | null> {
      const row = await repo.byIdOrNumber(id)
      return row ? full(row) : null
    },

    /**
     * The console's order list (decisions 094, 103, 106), read only: a page of orders with their customers'
     * names, searched by the order and by its account (the accounts' subquery). Tests pass small limits.
     */
    consoleList(limits?: SearchLimits) {
      const list = createOrdersList(deps.db, accounts.idsMatching, limits)
      return {
        async orderPage(opts: Parameters<typeof list.orderPage>[0]) {
          const found = await list.orderPage(opts)
          const people = await accounts.people(found.rows.map((r) => r.customerId))
          const rows = found.rows.flatMap((r) => {
            const person = people.get(r.customerId)
            return person ? [{ ...r, customerName: person.fullName, customerEmail: person.email }] : []
          })
          return { ...found, rows }
        },
      }
    },

    /** What the console's dashboard and CSV export read of the orders, read only. */
    reports: createOrdersReports(deps.db),

    /**
     * The accounts with an order to a phone whose digits match a LIKE pattern, as a subquery the console's
     * customer search embeds.
     */
    userIdsWithPhone(digitsLike: string) {
      return repo.userIdsWithPhone(digitsLike)
    },

    /** How many orders each of these accounts has placed, by account (0 for those with none). */
    async countsByUser(userIds: string[]): Promise<Map<string, number>> {
      const rows = await repo.countsByUser([...new Set(userIds)])
      return new Map(rows.map((r) => [r.userId, Number(r.n)]))
    },

    /** The order number of each of these orders, by id (the console names orders by their numbers). */
    async numbersOf(ids: string[]): Promise<Map<string, string>> {
      return new Map((await repo.numbers([...new Set(ids)])).map((o) => [o.id, o.orderNumber]))
    },

    /** The customer's latest delivered order holding the product (a verified buyer's, decision 096), or null. */
    deliveredOrderWith(userId: string, productId: string): Promise<string | null> {
      return repo.deliveredOrderWith(userId, productId)
    },

    /**
     * The ids of the orders a payment may still pay (awaiting payment, failed, or expired unpaid), as a
     * subquery another module's query embeds (payment reconciliation, decision 084).
     */
    idsAwaitingPayment() {
      return repo.idsAwaitingPayment()
    },

    /** The stored order by its id or number (an invoice's PDF is asked for either way), or null. */
    rowByIdOrNumber(idOrNumber: string): Promise<OrderRow | null> {
      return repo.byIdOrNumber(idOrNumber)
    },

    /**
     * Locks the order's row until the caller's transaction ends (a no-op lock on PGlite's single
     * connection) and answers it, or null: its documents are issued one caller at a time.
     */
    /** Tells the customer the order's tax invoice, which waited for the shop's details, is ready. */
    tellInvoiced(tx: Tx, orderId: string): Promise<void> {
      return tell(tx, orderId, 'invoiced')
    },

    lockRow(orderId: string, tx: Tx): Promise<OrderRow | null> {
      return createOrdersRepo(tx).lockById(orderId)
    },

    /** An order's lines in the order they were written; in the caller's transaction when given one. */
    lines(orderId: string, db: DbOrTx = deps.db) {
      return createOrdersRepo(db).linesOf(orderId)
    },

    /** When the order was delivered (its latest 'Delivered' step), or null: a return's window runs from it. */
    async deliveredAt(orderId: string, db: DbOrTx = deps.db): Promise<Date | null> {
      const steps = await createOrdersRepo(db).historyOf(orderId)
      const times = steps.filter((h) => h.status === 'Delivered').map((h) => h.changedAt.getTime())
      return times.length ? new Date(Math.max(...times)) : null
    },

    /** The stored order, as the console reads it before acting on it. */
    rowById(id: string, db: DbOrTx = deps.db): Promise<OrderRow | null> {
      return createOrdersRepo(db).byId(id)
    },

    /** Everything staff see of an order: the stored row, its items, its history with who made each step, its documents. */
    async staffView(id: string) {
      const row = await repo.byId(id)
      if (!row) return null
      const [[one], steps] = await Promise.all([detailed([row]), repo.historyOf(id)])
      const staff = await accounts.people(steps.flatMap((h) => (h.changedBy ? [h.changedBy] : [])))
      const history = steps.map((h) => ({
        ...h,
        changedByEmail: h.changedBy ? (staff.get(h.changedBy)?.email ?? null) : null,
      }))
      return {
        order: row,
        items: one!.items,
        history,
        documents: one!.documents,
        shipment: one!.shipment ?? null,
      }
    },

    /** Several orders with their items, in no particular order (for documents printed in bulk). */
    async withItems(ids: string[]) {
      return detailed(await repo.byIds(ids))
    },

    /** A customer's orders in one line each, newest first, for the console's customer page. */
    summariesFor(userId: string) {
      return repo.summariesForUser(userId)
    },

    /** Whether orders hold a product: the open ones by number (at most 20), and how many lines of any order name it. */
    async productUse(productId: string): Promise<{ openOrders: string[]; lines: number }> {
      const [open, lines] = await Promise.all([
        repo.openOrdersHolding(productId),
        repo.linesOfProduct(productId),
      ])
      return { openOrders: open.map((o) => o.orderNumber), lines }
    },

    /**
     * Measurements given after ordering (decision 133), by the order's customer, while it waits to be
     * processed: the line's kept form filled in (anybody else's order is 'not found').
     */
    async giveMeasurements(
      userId: string,
      idOrNumber: string,
      itemId: string,
      input: { formId: string; values: Record<string, number> },
      t: Translate,
    ): Promise<Order> {
      const found = await repo.byIdOrNumber(idOrNumber)
      if (!found || found.userId !== userId) throw new NotFoundError('Order not found.')
      await deps.db.transaction(async (tx) => {
        const r = createOrdersRepo(tx)
        const row = (await r.lockById(found.id))!
        if (row.status !== 'Pending') throw new ConflictError(t(personalisationText.measurementsClosed))
        const item = await r.itemForUpdate(row.id, itemId)
        if (!item) throw new NotFoundError(t(personalisationText.measurementsNotAsked))
        const given = giveMeasurements(item.personalisation, input.formId, input.values, t)
        if ('problem' in given) throw new ValidationError(given.problem)
        await r.updateItem(item.id, { personalisation: given.ordered })
      })
      return full((await repo.byIdOrNumber(found.id))!)
    },

    /**
     * Staff's photo of a line's finished piece (decision 133), kept as `url` (stored by the console); the
     * customer is e-mailed it. Answers the photo it replaces, for the caller to remove.
     */
    async finishedPhoto(
      actorId: string,
      orderId: string,
      itemId: string,
      url: string,
    ): Promise<string | null> {
      return deps.db.transaction(async (tx) => {
        const r = createOrdersRepo(tx)
        const row = await r.lockById(orderId)
        if (!row) throw new NotFoundError('No such order.')
        if (row.status === 'Cancelled')
          throw new ConflictError('This order is cancelled: it takes no photos.')
        const item = await r.itemForUpdate(row.id, itemId)
        if (!item) throw new NotFoundError('No such line in this order.')
        await r.updateItem(item.id, { finishedPhoto: url })
        await writeAudit(tx, {
          actorId,
          action: 'order.photo',
          entity: 'order',
          entityId: row.id,
          before: { item: item.title, finishedPhoto: item.finishedPhoto },
          after: { item: withVariant(item.title, item.variantTitle), finishedPhoto: url },
        })
        await tell(tx, row.id, 'photo', {
          photo: { src: `${url}-800.webp`, title: withVariant(item.title, item.variantTitle) },
        })
        return item.finishedPhoto
      })
    },

    /** Customer cancellation, only before the order ships; a paid order is refunded at once. */
    async cancelForCustomer(userId: string, idOrNumber: string): Promise<Order> {
      const found = await repo.byIdOrNumber(idOrNumber)
      if (!found || found.userId !== userId) throw new NotFoundError('Order not found.')
      const refund = await deps.db.transaction(async (tx) => {
        const row = (await createOrdersRepo(tx).lockById(found.id))!
        if (row.status === 'Cancelled') return false
        if (!customerMayCancel(row)) {
          throw new ConflictError('This order has already been shipped and can no longer be cancelled.')
        }
        return cancelInTx(tx, row, userId, 'Cancelled by the customer')
      })
      await stockOfOrdersChanged([found.id])
      if (refund) await service.refundNow(found.id, null)
      return full((await repo.byIdOrNumber(found.id))!)
    },

    /**
     * A cash-on-delivery order as its confirmation link shows it (decision 143): no sign-in, so only what
     * the message already said (the number, the total, how many pieces), never the address or the name.
     */
    async codConfirmation(orderId: string): Promise<CodConfirmation | null> {
      const row = await repo.byIdOrNumber(orderId)
      if (row?.id !== orderId || row.paymentMethod !== codMethod) return null
      const items = await repo.itemsOf(row.id)
      return {
        orderID: row.id,
        orderNumber: row.orderNumber,
        totalAmount: rupees(row.total),
        items: items.reduce((n, i) => n + i.quantity, 0),
        status: row.status,
        confirmedAt: row.codConfirmedAt?.toISOString() ?? null,
        open: customerMayCancel(row) && row.status !== 'Cancelled',
      }
    },

    /**
     * The customer's answer from the link: confirmed (kept in the history staff read), or cancelled as a
     * customer cancels. Answering again with the same is fine; once shipped or cancelled it cannot change.
     */
    async answerCod(orderId: string, answer: 'confirm' | 'cancel'): Promise<'confirmed' | 'cancelled'> {
      const found = await service.codConfirmation(orderId)
      if (!found) throw new NotFoundError(codConfirmAnswers.badLink)
      const row = (await repo.byIdOrNumber(orderId))!
      if (answer === 'cancel') {
        if (row.status === 'Cancelled') return 'cancelled'
        if (!found.open) throw new ConflictError(codConfirmAnswers.tooLate)
        await service.cancelForCustomer(row.userId, row.id)
        return 'cancelled'
      }
      if (row.codConfirmedAt) return 'confirmed'
      if (!found.open) throw new ConflictError(codConfirmAnswers.tooLate)
      await deps.db.transaction(async (tx) => {
        const r = createOrdersRepo(tx)
        const locked = (await r.lockById(row.id))!
        if (locked.codConfirmedAt) return
        await r.update(row.id, { codConfirmedAt: new Date() })
        await r.addHistory(row.id, locked.status, row.userId, 'Confirmed by the customer from the link')
      })
      return 'confirmed'
    },

    /** A phone's cash-on-delivery record for staff (decision 136): its COD parcels that came back, its block. */
    async codPhoneRecord(phone: string) {
      const key = phoneKey(phone)
      if (key.length !== 10)
        throw new ValidationError('A phone number has ten digits.', { phone: 'Ten digits' })
      const { returnedCod, block } = await repo.codRecordOf(key)
      return {
        phone: key,
        returnedCod,
        blocked: block ? { reason: block.reason, since: block.updatedAt.toISOString() } : null,
      }
    },

    /** Staff block or unblock cash on delivery to a phone; the audit log keeps who and why. */
    async setCodPhoneBlock(actorId: string, phone: string, block: { reason: string } | null) {
      const key = phoneKey(phone)
      if (key.length !== 10)
        throw new ValidationError('A phone number has ten digits.', { phone: 'Ten digits' })
      await deps.db.transaction(async (tx) => {
        const r = createOrdersRepo(tx)
        if (block) await r.setCodBlock(key, block.reason, actorId)
        else if (!(await r.clearCodBlock(key))) throw new NotFoundError('This phone number is not blocked.')
        await writeAudit(tx, {
          actorId,
          action: block ? 'cod.phone-block' : 'cod.phone-unblock',
          entity: 'settings',
          entityId: 'shop',
          // The last four digits name it for staff; the audit log keeps no whole phone number.
          before: null,
          after: { phoneEnding: key.slice(-4), ...(block ? { reason: block.reason } : {}) },
        })
      })
      return service.codPhoneRecord(key)
    },

    /**
     * The courier could not deliver (decision 136): the customer hears of it, with the link to put it right,
     * and the order's history says so. The order keeps its status: the parcel is still with the courier.
     */
    async deliveryFailed(orderId: string, detail: string | null) {
      await deps.db.transaction(async (tx) => {
        const r = createOrdersRepo(tx)
        const row = await r.lockById(orderId)
        if (!row) return
        const why = detail ? `Delivery attempt failed: ${detail}` : 'Delivery attempt failed'
        await r.addHistory(row.id, row.status, null, why)
        await tell(tx, row.id, 'delivery-failed', { reason: detail ?? undefined })
      })
    },

    /**
     * The customer's corrected phone or address lines for the courier's next attempt (decision 136); only
     * their own order. Answers the order as it now reads.
     */
    async correctForCourier(
      userId: string,
      idOrNumber: string,
      fix: { phone?: string; address?: string; apartment?: string },
    ): Promise<OrderRow> {
      const found = await repo.byIdOrNumber(idOrNumber)
      if (!found || found.userId !== userId) throw new NotFoundError('Order not found.')
      const changes = {
        ...(fix.phone ? { shippingPhone: fix.phone } : {}),
        ...(fix.address ? { shippingAddress: fix.address } : {}),
        ...(fix.apartment !== undefined && fix.address ? { shippingApartment: fix.apartment || null } : {}),
      }
      if (Object.keys(changes).length === 0) return found
      await deps.db.transaction(async (tx) => {
        const r = createOrdersRepo(tx)
        await r.update(found.id, changes)
        await r.addHistory(
          found.id,
          found.status,
          userId,
          `Delivery details corrected by the customer (${[
            fix.phone ? 'phone' : null,
            fix.address ? 'address' : null,
          ]
            .filter(Boolean)
            .join(' and ')})`,
        )
        await writeAudit(tx, {
          actorId: userId,
          action: 'order.delivery-details',
          entity: 'order',
          entityId: found.id,
          // Which fields changed, not the customer's address or number (no personal data in the log).
          before: null,
          after: { fields: Object.keys(changes) },
        })
      })
      return (await repo.byIdOrNumber(found.id))!
    },

    /**
     * The courier brought the parcel back and staff received it (decision 136): the pieces go back into stock,
     * a counted coupon use goes back, an online payment is refunded by the usual path, and the order reads
     * 'Returned to origin'. Cash on delivery collected nothing, so nothing is refunded. Once only.
     */
    async returnedToOrigin(orderId: string, actorId: string): Promise<boolean> {
      const refund = await deps.db.transaction(async (tx) => {
        const r = createOrdersRepo(tx)
        const row = await r.lockById(orderId)
        if (!row) throw new NotFoundError('No such order.')
        if (row.status !== 'Shipped' && row.status !== 'Out for delivery') {
          throw new ConflictError(`An order that is ${row.status} cannot be received back from the courier.`)
        }
        const due = row.paymentStatus === 'Paid' && row.total > row.storeCredit
        const creditOnly = row.paymentStatus === 'Paid' && !due
        if (row.stockHeld) await releaseStock(tx, row.id)
        if (row.couponCounted && row.couponCode) await peers().coupons.countUse(row.couponCode, -1, tx)
        await giveCreditBack(tx, row)
        if (creditOnly) await peers().invoices.issueCreditNote(tx, row.id)
        await r.update(row.id, {
          status: 'Returned to origin',
          ...(creditOnly ? { paymentStatus: 'Refunded' } : {}),
          stockHeld: false,
          couponCounted: false,
          ...(due ? { paymentStatus: 'Refund pending', refundRetryAt: null } : {}),
        })
        const note = 'The courier brought the parcel back to the shop'
        await r.addHistory(row.id, 'Returned to origin', actorId, note)
        await writeAudit(tx, {
          actorId,
          action: 'order.status',
          entity: 'order',
          entityId: row.id,
          before: { status: row.status, paymentStatus: row.paymentStatus },
          after: { status: 'Returned to origin', paymentStatus: due ? 'Refund pending' : row.paymentStatus },
        })
        await tell(tx, row.id, 'returned', { refundDue: due })
        return due
      })
      await stockOfOrdersChanged([orderId])
      if (refund) await service.refundNow(orderId, actorId)
      return refund
    },

    /**
     * The courier's word moves the order forward (decision 135): Shipped when booked, then Out for delivery,
     * Delivered. Once and never backwards: an order already there or further, or cancelled, stays as it is.
     * Answers whether it moved.
     */
    async followCourier(
      orderId: string,
      target: 'Shipped' | 'Out for delivery' | 'Delivered',
      opts: { note: string; shippingLink?: string | null },
    ): Promise<boolean> {
      const row = await repo.byIdOrNumber(orderId)
      const at = row ? fulfilmentProgress[row.status] : undefined
      const goal = fulfilmentProgress[target]!
      if (!row || at === undefined || at >= goal) return false
      // Booked and delivered before staff saw it: it passes Shipped on its way.
      const steps =
        at < fulfilmentProgress.Shipped! && target !== 'Shipped' ? (['Shipped', target] as const) : [target]
      for (const step of steps) {
        try {
          await service.changeStatus(orderId, step, {
            actorId: null,
            note: step === target ? opts.note : 'Shipped',
            shippingLink: opts.shippingLink ?? null,
          })
        } catch (err) {
          // Moved meanwhile (staff, another callback): the order is where it should be, or staff decide.
          if (err instanceof ConflictError) return false
          throw err
        }
      }
      return true
    },

    /**
     * The shop moves an order forward or cancels it (contracts/order-states.ts decides what is allowed);
     * the change goes into the history the customer sees and the audit log, in one transaction. A
     * cancelled paid order is refunded at once.
     */
    async changeStatus(
      orderId: string,
      status: string,
      opts: { actorId: string | null; shippingLink?: string | null; note?: string | null },
    ): Promise<Order> {
      const refund = await deps.db.transaction(async (tx) => {
        const r = createOrdersRepo(tx)
        const row = await r.lockById(orderId)
        if (!row) throw new NotFoundError('No such order.')
        const audit = (action: AuditAction, after: Record<string, unknown>) =>
          writeAudit(tx, {
            actorId: opts.actorId,
            action,
            entity: 'order',
            entityId: row.id,
            before: { status: row.status, paymentStatus: row.paymentStatus, shippingLink: row.shippingLink },
            after,
          })
        // A shipped order may get a corrected tracking link (staff paste the wrong one at times).
        if (row.status === 'Shipped' && status === 'Shipped') {
          if (!opts.shippingLink || opts.shippingLink === row.shippingLink) {
            throw new ConflictError('That is already the tracking link of this order.')
          }
          await r.update(row.id, { shippingLink: opts.shippingLink })
          await r.addHistory(row.id, 'Shipped', opts.actorId, opts.note ?? 'Tracking link changed')
          await audit('order.tracking-link', { status: 'Shipped', shippingLink: opts.shippingLink })
          return false
        }
        const refusal = fulfilmentRefusal(row, status)
        if (refusal) throw new ConflictError(refusal)
        // A parcel on its way back is received (decision 136), never marked delivered by hand.
        if (status === 'Out for delivery' || status === 'Delivered') {
          const parcel = (await peers().shipping.shipmentsOf([row.id], tx)).get(row.id)
          if (parcel && returningStatuses.has(parcel.status)) throw new ConflictError(parcelComingBack)
        }
        if (status === 'Shipped' && (await peers().invoices.missing(tx)).length > 0) {
          throw new ConflictError(setupMessages.invoiceDetailsFirst)
        }
        if (status === 'Cancelled') {
          const due = await cancelInTx(tx, row, opts.actorId, opts.note ?? 'Cancelled by the shop')
          await audit('order.status', {
            status: 'Cancelled',
            paymentStatus: due ? 'Refund pending' : row.paymentStatus,
            note: opts.note ?? null,
          })
          return due
        }
        // Cash on delivery: delivering it is collecting the cash, so the order becomes paid.
        const cashCollected = status === 'Delivered' && row.paymentStatus === 'Pay on delivery'
        await r.update(row.id, {
          status,
          ...(opts.shippingLink ? { shippingLink: opts.shippingLink } : {}),
          ...(cashCollected ? { paymentStatus: 'Paid' } : {}),
        })
        await r.addHistory(
          row.id,
          status,
          opts.actorId,
          opts.note ??
            (status === 'Shipped'
              ? 'Shipped with tracking link'
              : cashCollected
                ? `Delivered; ${formatPaise(row.total)} collected in cash`
                : undefined),
        )
        await audit('order.status', {
          status,
          ...(cashCollected ? { paymentStatus: 'Paid' } : {}),
          shippingLink: opts.shippingLink ?? row.shippingLink,
          note: opts.note ?? null,
        })
        if (status === 'Shipped') await tell(tx, row.id, 'shipped')
        if (status === 'Out for delivery') await tell(tx, row.id, 'out-for-delivery')
        // A cash-on-delivery order is invoiced when delivered; a paid one already has its invoice.
        if (status === 'Delivered') await peers().invoices.issueInvoice(tx, row.id)
        if (status === 'Delivered') await tell(tx, row.id, 'delivered')
        return false
      })
      if (status === 'Cancelled') await stockOfOrdersChanged([orderId])
      if (refund) await service.refundNow(orderId, opts.actorId)
      return full((await repo.byIdOrNumber(orderId))!)
    },

    /**
     * A captured payment, inside the payment's transaction. An order holding its stock becomes Paid; one
     * whose reservation lapsed takes its stock again if it is still there, else it is refunded; a payment
     * for a cancelled order is refunded. Never applied twice (a paid or refunded order stays as it is).
     */
    async recordPayment(orderId: string, tx: Tx): Promise<PaymentOutcome> {
      const r = createOrdersRepo(tx)
      const row = await r.lockById(orderId)
      if (!row || !canMovePayment(row.paymentStatus, 'Paid')) return 'unchanged'
      const paid = async (status: string, note: string, stockHeld: boolean) => {
        await r.update(row.id, {
          status,
          paymentStatus: 'Paid',
          stockHeld,
          couponCounted: Boolean(row.couponCode),
        })
        if (row.couponCode) await peers().coupons.countUse(row.couponCode, 1, tx)
        // The tax invoice is numbered in the payment's transaction, so a rollback gives its number back.
        await peers().invoices.issueInvoice(tx, row.id)
        await r.addHistory(row.id, status, row.userId, note)
        const ordered = (await r.itemsOf(row.id)).map((i) => ({
          productId: i.productId,
          variantId: i.variantId,
        }))
        await peers().cart.removeOrdered(row.userId, ordered, tx)
        await tell(tx, row.id, 'paid')
        return 'paid' as const
      }
      const refund = async (note: string) => {
        await r.update(row.id, { status: 'Cancelled', paymentStatus: 'Refund pending', refundRetryAt: null })
        await r.addHistory(row.id, 'Cancelled', null, note)
        await tell(tx, row.id, 'cancelled', { reason: note, refundDue: true })
        return 'refund' as const
      }
      const lapsed = row.paymentStatus === 'Expired'
      if (row.status === 'Cancelled' && !lapsed) {
        return refund('Payment received for a cancelled order: it is being refunded.')
      }
      if (row.stockHeld) return paid(row.status, 'Payment received', true)
      const short = await takeAll(tx, await r.itemsOf(row.id))
      if (short) {
        return refund(
          `Payment received after the reservation lapsed, but ${short.title} had sold out meanwhile: the payment is being refunded.`,
        )
      }
      // A lapsed order gave its store credit back: it is spent again, or the stock and the payment go back.
      if (row.storeCredit > 0 && !row.creditHeld) {
        const spent = await peers().storeCredit.trySpend(tx, {
          userId: row.userId,
          amount: row.storeCredit,
          kind: 'order',
          reference: row.id,
          label: row.orderNumber,
          orderId: row.id,
        })
        if (spent === null) {
          await releaseStock(tx, row.id)
          return refund(
            'Payment received after the reservation lapsed, but the store credit it used had been spent meanwhile: the payment is being refunded.',
          )
        }
        await r.update(row.id, { creditHeld: true })
      }
      return paid(
        'Pending',
        'Payment received after the reservation lapsed; the items were still in stock.',
        true,
      )
    },

    /** Follows a payment once its transaction is committed: a due refund goes out, stock shown is refreshed. */
    async afterPayment(orderId: string, outcome: PaymentOutcome) {
      if (outcome === 'unchanged') return
      await stockOfOrdersChanged([orderId])
      if (outcome === 'refund') await service.refundNow(orderId, null)
    },

    /** Payment failed: recorded only while the order awaits payment. */
    /**
     * How an online order was paid, once the provider says (UPI, Card, Netbanking …): the order, the console
     * and the packing slip name it instead of the spec's 'Credit Card'. A cash-on-delivery order keeps COD.
     */
    async recordPaymentMethod(orderId: string, method: string, tx: Tx) {
      const r = createOrdersRepo(tx)
      const row = await r.lockById(orderId)
      if (!row || row.paymentMethod === codMethod || row.paymentMethod === method) return
      await r.update(orderId, { paymentMethod: method })
    },

    async recordPaymentFailed(orderId: string, tx: Tx) {
      const r = createOrdersRepo(tx)
      const row = await r.lockById(orderId)
      if (row?.status !== 'Pending' || !canMovePayment(row.paymentStatus, 'Failed')) return false
      await r.update(orderId, { paymentStatus: 'Failed' })
      return true
    },

    /** Before a payment is opened: only an order still awaiting payment within its reservation may be paid. */
    async readyForPayment(row: OrderRow) {
      if (row.paymentMethod === codMethod && row.status !== 'Cancelled') {
        throw new ConflictError(codMessages.notOnline)
      }
      if (row.status === 'Cancelled') {
        throw new ConflictError(
          row.paymentStatus === 'Expired'
            ? `This order was not paid within ${reservationMinutes} minutes and has expired. Please place it again.`
            : 'This order has been cancelled and cannot be paid.',
        )
      }
      if (!canMovePayment(row.paymentStatus, 'Paid')) throw new ConflictError('This order is already paid.')
      if (row.paymentStatus === 'Failed') await repo.update(row.id, { paymentStatus: 'Pending' })
    },

    /**
     * Sends a pending refund through the provider. Success marks the order Refunded; a failure leaves it
     * pending and schedules a retry (1, 2, 4 … minutes, up to six hours). `actorId` is the member of staff
     * who asked, or null when the shop does it by itself; both are audited.
     */
    async refundNow(
      orderId: string,
      actorId: string | null,
      now = new Date(),
    ): Promise<{ refunded: boolean; reason?: string }> {
      const row = await claimRefund(orderId, now, actorId !== null)
      if (!row) return { refunded: false, reason: 'This order has no refund waiting.' }
      let reason: string
      try {
        const result = await peers().payments.refundCaptured(orderId)
        if (result) {
          await deps.db.transaction(async (tx) => {
            const r = createOrdersRepo(tx)
            await r.update(orderId, { paymentStatus: 'Refunded', refundRetryAt: null })
            await peers().invoices.issueCreditNote(tx, orderId)
            const paid = row.total - row.storeCredit
            await r.addHistory(orderId, row.status, actorId, `Refunded ${formatPaise(paid)}`)
            await writeAudit(tx, {
              actorId,
              action: 'order.refund',
              entity: 'order',
              entityId: orderId,
              before: { paymentStatus: 'Refund pending' },
              after: { paymentStatus: 'Refunded', refundId: result.refundId, amount: rupees(paid) },
            })
            await tell(tx, orderId, 'refunded')
          })
          return { refunded: true }
        }
        reason = 'no captured payment was found for this order'
      } catch (err) {
        deps.log?.error({ err, orderId }, 'refund through the payment provider failed')
        reason = err instanceof Error ? err.message : 'the payment provider could not be reached'
      }
      const attempts = row.refundAttempts + 1
      await deps.db.transaction(async (tx) => {
        await createOrdersRepo(tx).update(orderId, {
          refundAttempts: attempts,
          refundRetryAt: new Date(now.getTime() + refundBackoffMinutes(attempts) * 60_000),
        })
        await writeAudit(tx, {
          actorId,
          action: 'order.refund.failed',
          entity: 'order',
          entityId: orderId,
          before: { paymentStatus: 'Refund pending' },
          after: { paymentStatus: 'Refund pending', attempts, reason },
        })
      })
      return { refunded: false, reason }
    },

    /** Unpaid orders past their reservation are cancelled as expired and their stock goes back on sale. */
    async expireLapsed(now = new Date(), userId?: string): Promise<number> {
      const expired = await deps.db.transaction(async (tx) => {
        const rows = await createOrdersRepo(tx).lapsed(now, 100, userId)
        for (const row of rows) {
          await cancelInTx(
            tx,
            row,
            null,
            'Not paid in time: the order expired and its items went back on sale.',
            'Expired',
          )
        }
        return rows.map((r) => r.id)
      })
      if (expired.length > 0) await stockOfOrdersChanged(expired)
      return expired.length
    },

    /** Tries every refund whose retry time has come. */
    async retryRefunds(now = new Date()): Promise<number> {
      let done = 0
      for (const { id } of await repo.refundsDue(now, 20)) {
        if ((await service.refundNow(id, null, now)).refunded) done++
      }
      return done
    },

    /** The orders' background work: lapsed reservations, then refunds due. */
    async sweep(now = new Date()) {
      const expired = await service.expireLapsed(now)
      const refunded = await service.retryRefunds(now)
      return { expired, refunded }
    },
  }
  return service
}
export type OrdersService = ReturnType<typeof createOrdersService>
