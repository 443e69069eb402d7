import { randomBytes } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import type { z } from 'zod'
import { codMethod } from '../../../contracts/cod.ts'
import { translatorFor } from '../../../contracts/i18n/registry.ts'
import { defaultLanguage } from '../../../contracts/languages.ts'
import { formatPaise } from '../../../contracts/money.ts'
import { type OrderedPersonalisation, plainText } from '../../../contracts/personalisation.ts'
import { withVariant } from '../../../contracts/product-card.ts'
import { returnMoney } from '../../../contracts/return-money.ts'
import {
  type AdminReturnView,
  adminReturnsQuery,
  approveReturnBody,
  photoReasons,
  type RefundTo,
  type ReturnOptions,
  type ReturnStatus,
  type ReturnView,
  receiveReturnBody,
  recordRefundBody,
  rejectReturnBody,
  returnPhotoLimit,
  returnRequestBody,
  returnText,
} from '../../../contracts/return-requests.ts'
import { isFault, type PieceKind } from '../../../contracts/return-rules.ts'
import type { Db, DbOrTx, Tx } from '../../db/client.ts'
import { ConflictError, NotFoundError, UnprocessableError, ValidationError } from '../../http/errors.ts'
import type { CatalogueCache } from '../../lib/cache.ts'
import type { FileStore } from '../../lib/file-store.ts'
import { removeImage, storeImage } from '../../lib/images.ts'
import { writeAudit } from '../audit/repo.ts'
import type { StoreCreditService } from '../credit/service.ts'
import { mailTexts, mailTextsIn, type ReturnFacts } from '../mail/messages.ts'
import type { MailService } from '../mail/service.ts'
import type { PayableHandler } from '../payments/payables.ts'
import { createReturnRequestsRepo, openStatuses, type ReturnLineRow, type ReturnRow } from './request-repo.ts'
import type { ReturnsService } from './service.ts'

const day = 24 * 60 * 60 * 1000

type Translate = (message: string, values?: Record<string, unknown>) => string

/** A body read by hand (a multipart form's `request` field): its first problem is the 400's message. */
function checked<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value)
  if (result.success) return result.data
  const fields: Record<string, string> = {}
  for (const issue of result.error.issues)
    fields[issue.path.map(String).join('.') || 'request'] ??= issue.message
  const [first] = Object.values(fields)
  throw new ValidationError(first ?? 'Invalid request.', fields)
}
const pageSize = 20

/** An order as a request judges it: its lines and what it was charged. */
type OrderFacts = {
  id: string
  orderNumber: string
  userId: string
  status: string
  paymentMethod: string
  paymentStatus: string
  discountAmount: number
  shippingCharge: number
  codFee: number
  total: number
  /** Paise of the total paid with store credit (decision 139). */
  storeCredit: number
  language: string
}
type OrderLine = {
  id: string
  productId: string
  variantId: string | null
  title: string
  variantTitle: string | null
  image: string | null
  price: number
  quantity: number
  personalisation: OrderedPersonalisation | null
}

/** A line given measurements or a text is made to measure or personalised, whatever its product is. */
function kindOfLine(line: OrderLine): PieceKind | null {
  const p = line.personalisation
  if (p?.measurements?.some((m) => m.fields.some((f) => f.value !== null))) return 'made-to-measure'
  if (p?.text?.length) return 'personalised'
  return null
}

/**
 * Whether a line may be exchanged for another variant (decision 140): one of a product's variants, nothing made
 * or added for the customer (measurements, a text, paid add-ons), which another piece could not carry.
 */
const exchangeable = (line: OrderLine) =>
  line.variantId !== null && !kindOfLine(line) && (line.personalisation?.addons?.length ?? 0) === 0

const photoUrl = (base: string) => `${base}-800.webp`
/** The last four digits of an account number, as the customer sees where the money goes. */
const last4 = (n: string) => n.slice(-4)
const maskedRefundTo = (to: RefundTo | null): string | null =>
  !to
    ? null
    : to.kind === 'upi'
      ? `UPI ${to.upi.replace(/^(.{2}).*(@.*)$/, '$1***$2')}`
      : `Bank ••••${last4(to.accountNumber)} (${to.ifsc})`

/** A refund's backoff after failed attempts, in minutes: 1, 2, 4 … up to six hours. */
const backoffMinutes = (attempts: number) => Math.min(2 ** Math.max(0, attempts - 1), 360)

/**
 * Return requests (decision 138): a customer asks for pieces of a delivered order back within each piece's
 * rule; staff approve (a courier collects it, or the customer sends it) or reject it, receive and inspect what
 * came back, and refund it, online to the payment or for cash on delivery to the customer's UPI ID or bank
 * account, with a credit note for the lines returned.
 */
export function createReturnRequestsService(deps: {
  db: Db
  log?: FastifyBaseLogger
  files: FileStore
  cache?: Pick<CatalogueCache, 'invalidate'>
  rules: Pick<ReturnsService, 'pieceRules'>
  orders: {
    ownOrderRow(userId: string, idOrNumber: string): Promise<OrderFacts>
    lockRow(orderId: string, tx: Tx): Promise<OrderFacts | null>
    rowById(id: string, db?: DbOrTx): Promise<OrderFacts | null>
    lines(orderId: string, db?: DbOrTx): Promise<OrderLine[]>
    deliveredAt(orderId: string, db?: DbOrTx): Promise<Date | null>
  }
  accounts: {
    person(userId: string, db?: DbOrTx): Promise<{ fullName: string; email: string | null } | null>
    people(ids: string[], db?: DbOrTx): Promise<Map<string, { fullName: string; email: string | null }>>
  }
  stock: {
    take(productId: string, quantity: number, tx: DbOrTx, variantId?: string | null): Promise<number | null>
    giveBack(productId: string, quantity: number, tx: DbOrTx, variantId?: string | null): Promise<void>
  }
  /** Each product's variants with their price and stock now: what an exchange may send instead (decision 140). */
  catalogue: {
    variantChoices(
      productIds: string[],
      db?: DbOrTx,
    ): Promise<
      Map<string, Array<{ id: string; title: string; sku: string; price: number; quantity: number }>>
    >
  }
  payments: {
    refundPart(
      orderId: string,
      amount: number,
      notes?: Record<string, string>,
    ): Promise<{ refundId: string } | null>
    /** Gives back an exchange's payment that came after the exchange was called off. */
    refundPayable(purpose: 'exchange', payableId: string): Promise<{ refundId: string } | null>
  }
  invoices: {
    issueReturnCreditNote(
      tx: Tx,
      input: {
        orderId: string
        returnId: string
        lines: Array<{ itemId: string; quantity: number; before: number; ordered: number }>
        restockingFee: number
        charges: boolean
      },
    ): Promise<{ number: string } | null>
    issueExchangeInvoice(
      tx: Tx,
      input: {
        orderId: string
        returnId: string
        lines: Array<{ itemId: string; productId: string; title: string; quantity: number; price: number }>
        discount: number
      },
    ): Promise<{ number: string } | null>
  }
  /** The customer's store credit (decision 139): a return refunded as credit adds to it. */
  storeCredit: Pick<StoreCreditService, 'add'>
  /** Books a courier to collect the parcel from the customer (decision 135's provider). */
  pickup: {
    bookReturnPickup(input: {
      reference: string
      orderId: string
      items: Array<{ name: string; sku: string; units: number; price: number }>
      total: number
    }): Promise<{ awb: string | null; courier: string | null; trackingUrl: string | null }>
  }
  /** Books an exchange's replacement with the courier as a parcel of the same order (decision 140). */
  replacement: {
    ship(input: {
      actorId: string
      returnId: string
      reference: string
      orderId: string
      items: Array<{
        productId: string
        variantId: string | null
        name: string
        sku: string
        units: number
        price: number
      }>
    }): Promise<{ awb: string | null; courier: string | null; trackingUrl: string | null }>
  }
  /** Where a customer sends a parcel back: the shop's address on its invoices. */
  shopAddress(db?: DbOrTx): Promise<string>
  mail: Pick<MailService, 'send' | 'notifyStaff' | 'url'>
}) {
  const repo = createReturnRequestsRepo(deps.db)
  const { orders } = deps

  const isCod = (o: OrderFacts) => o.paymentMethod === codMethod

  async function views(rows: ReturnRow[], db: DbOrTx = deps.db): Promise<ReturnView[]> {
    if (rows.length === 0) return []
    const r = createReturnRequestsRepo(db)
    const ids = rows.map((x) => x.id)
    const [lines, events] = await Promise.all([r.linesOf(ids), r.eventsOf(ids)])
    const orderIds = [...new Set(rows.map((x) => x.orderId))]
    const orderLines = new Map<string, OrderLine>()
    const numbers = new Map<string, string>()
    const sendTo = rows.some((x) => x.method === 'send') ? await deps.shopAddress(db) : null
    for (const id of orderIds) {
      const [order, items] = await Promise.all([orders.rowById(id, db), orders.lines(id, db)])
      if (order) numbers.set(id, order.orderNumber)
      for (const i of items) orderLines.set(i.id, i)
    }
    return rows.map((row) => ({
      _id: row.id,
      number: row.number,
      orderId: row.orderId,
      orderNumber: numbers.get(row.orderId) ?? '',
      status: row.status,
      reason: row.reason,
      description: row.description,
      resolution: row.resolution,
      photos: row.photos.map(photoUrl),
      lines: lines
        .filter((l) => l.returnId === row.id)
        .map((l) => {
          const item = orderLines.get(l.orderItemId)
          return {
            itemId: l.orderItemId,
            productId: item?.productId ?? '',
            title: item?.title ?? '',
            variantTitle: item?.variantTitle ?? null,
            image: item?.image ?? null,
            quantity: l.quantity,
            amount: l.amount,
            rule: l.rule,
            exchange:
              l.exchangeVariantId && l.exchangePrice !== null
                ? {
                    variantId: l.exchangeVariantId,
                    variantTitle: l.exchangeVariantTitle ?? '',
                    price: l.exchangePrice,
                  }
                : null,
          }
        }),
      goodsAmount: row.goodsAmount,
      restockingFee: row.restockingFee,
      chargesRefunded: row.chargesRefunded,
      refundAmount: row.refundAmount,
      refundTo: maskedRefundTo(row.refundTo),
      method: row.method,
      pickup:
        row.method === 'pickup'
          ? { awb: row.pickupAwb, courier: row.pickupCourier, trackingUrl: row.pickupTrackingUrl }
          : null,
      sendTo: row.method === 'send' ? sendTo : null,
      rejectReason: row.rejectReason,
      refund: row.refundState
        ? {
            state: row.refundState,
            to:
              row.resolution === 'credit' ? 'credit' : row.refundTo ? row.refundTo.kind : ('source' as const),
            amount: row.refundAmount,
            credit: row.resolution === 'credit' ? row.refundAmount : row.refundCredit,
            reference: row.refundState === 'refunded' ? row.refundReference : null,
            at: row.refundedAt?.toISOString() ?? null,
          }
        : null,
      creditNote: row.creditNoteNumber,
      exchange:
        row.resolution === 'exchange'
          ? {
              due: row.exchangeDue,
              paid: row.exchangePaidAt !== null,
              back: row.refundAmount,
              replacement: row.replacementSentAt
                ? {
                    awb: row.replacementAwb,
                    courier: row.replacementCourier,
                    trackingUrl: row.replacementTrackingUrl,
                    at: row.replacementSentAt.toISOString(),
                  }
                : null,
              invoice: row.exchangeInvoiceNumber,
            }
          : null,
      events: events
        .filter((e) => e.returnId === row.id)
        .map((e) => ({ status: e.status, at: e.createdAt.toISOString(), note: e.note })),
      createdAt: row.createdAt.toISOString(),
    }))
  }

  async function adminViews(rows: ReturnRow[], db: DbOrTx = deps.db): Promise<AdminReturnView[]> {
    const [shown, people] = await Promise.all([
      views(rows, db),
      deps.accounts.people([...new Set(rows.map((r) => r.userId))], db),
    ])
    const methods = new Map<string, string>()
    for (const id of new Set(rows.map((r) => r.orderId))) {
      methods.set(id, (await orders.rowById(id, db))?.paymentMethod ?? '')
    }
    return shown.map((v, i) => {
      const row = rows[i]!
      const person = people.get(row.userId)
      return {
        ...v,
        customer: { id: row.userId, name: person?.fullName ?? '', email: person?.email ?? '' },
        paymentMethod: methods.get(row.orderId) ?? '',
        refundDestination: row.refundTo,
        inspection: row.receivedAt
          ? {
              note: row.inspectionNote ?? '',
              resaleable: row.resaleable ?? false,
              photos: (row.inspectionPhotos ?? []).map(photoUrl),
              at: row.receivedAt.toISOString(),
            }
          : null,
      }
    })
  }

  const viewOf = async (row: ReturnRow, db: DbOrTx = deps.db) => (await views([row], db))[0]!
  const adminViewOf = async (row: ReturnRow, db: DbOrTx = deps.db) => (await adminViews([row], db))[0]!

  /** What the customer's e-mails say of a request. */
  async function factsOf(
    row: ReturnRow,
    db: DbOrTx,
  ): Promise<{ facts: ReturnFacts; to: string | null; language: string }> {
    const [view, person, order] = await Promise.all([
      viewOf(row, db),
      deps.accounts.person(row.userId, db),
      orders.rowById(row.orderId, db),
    ])
    return {
      to: person?.email ?? null,
      language: order?.language ?? 'en',
      facts: {
        returnNumber: row.number,
        orderNumber: view.orderNumber,
        customerName: person?.fullName ?? '',
        pieces: view.lines.map((l) => ({
          title: withVariant(l.title, l.variantTitle),
          quantity: l.quantity,
        })),
        amount: row.refundAmount,
        exchange:
          row.resolution === 'exchange'
            ? {
                instead: view.lines.map((l) => ({
                  title: withVariant(l.title, l.exchange?.variantTitle ?? null),
                  quantity: l.quantity,
                })),
                due: row.exchangeDue,
              }
            : null,
      },
    }
  }

  async function tell(
    tx: Tx,
    row: ReturnRow,
    event:
      | 'requested'
      | 'approved'
      | 'rejected'
      | 'received'
      | 'refunded'
      | 'exchanged'
      | 'exchange-called-off',
    write: (
      texts: ReturnType<typeof mailTextsIn>,
      facts: ReturnFacts,
      orderUrl: string,
    ) => ReturnType<ReturnType<typeof mailTextsIn>['returnRequested']>,
  ) {
    const { facts, to, language } = await factsOf(row, tx)
    if (!to) return
    const texts = mailTextsIn(language === 'hi' ? 'hi' : 'en')
    const orderUrl = deps.mail.url(`/OrderDetails/${row.orderId}`)
    await deps.mail.send(tx, { kind: `return.${event}`, to, content: write(texts, facts, orderUrl) })
  }

  /** Stores uploaded photos under returns/ (re-encoded); on a failure, the ones already stored are removed. */
  async function storePhotos(files: Buffer[]): Promise<string[]> {
    if (files.length > returnPhotoLimit)
      throw new ValidationError(returnText.tooManyPhotos, { photo: returnText.tooManyPhotos })
    const stored: string[] = []
    try {
      for (const file of files) {
        const name = `r-${randomBytes(9).toString('hex')}`
        stored.push((await storeImage(file, { files: deps.files, folder: 'returns', name })).url)
      }
    } catch (e) {
      await dropPhotos(stored)
      throw e
    }
    return stored
  }
  const dropPhotos = (urls: string[]) =>
    Promise.all(urls.map((u) => removeImage(deps.files, u).catch(() => {})))

  /** The request, locked, in a staff action's transaction; a missing one is 'not found'. */
  async function lockFor(tx: Tx, id: string, from: ReturnStatus[], action: string): Promise<ReturnRow> {
    const row = await createReturnRequestsRepo(tx).lockById(id)
    if (!row) throw new NotFoundError(returnText.notFound)
    if (!from.includes(row.status)) {
      throw new ConflictError(`Return ${row.number} is ${row.status}: it cannot be ${action} now.`)
    }
    return row
  }

  /** What of the order can still be returned: each line's rule, the pieces not yet asked for, its window. */
  async function optionsIn(order: OrderFacts, now: Date, db: DbOrTx): Promise<ReturnOptions> {
    const [items, deliveredAt, asked] = await Promise.all([
      orders.lines(order.id, db),
      order.status === 'Delivered' ? orders.deliveredAt(order.id, db) : Promise.resolve(null),
      createReturnRequestsRepo(db).askedFor(order.id),
    ])
    const [rules, choices] = await Promise.all([
      deps.rules.pieceRules(
        items.map((i) => ({ productId: i.productId, kind: kindOfLine(i) })),
        db,
      ),
      deps.catalogue.variantChoices(
        items.filter((i) => i.variantId).map((i) => i.productId),
        db,
      ),
    ])
    const lines = items.map((i, n) => {
      const rule = rules[n]!
      const ends = deliveredAt ? deliveredAt.getTime() + (rule?.windowDays ?? 0) * day : 0
      return {
        itemId: i.id,
        title: i.title,
        variantId: i.variantId,
        variantTitle: i.variantTitle,
        image: i.image,
        ordered: i.quantity,
        available: Math.max(0, i.quantity - (asked.get(i.id) ?? 0)),
        rule: {
          returnable: rule?.returnable ?? false,
          windowDays: rule?.windowDays ?? 0,
          exchange: rule?.exchange ?? false,
          returnShipping: rule?.returnShipping ?? 'shop',
          restockingFeePercent: rule?.restockingFeePercent ?? 0,
        },
        open: deliveredAt !== null && rule !== null && now.getTime() <= ends,
        price: i.price,
        exchangeTo:
          rule?.exchange && exchangeable(i)
            ? (choices.get(i.productId) ?? []).map((v) => ({
                variantId: v.id,
                title: v.title,
                price: v.id === i.variantId ? i.price : v.price,
                available: v.quantity,
              }))
            : [],
        ends,
      }
    })
    const last = Math.max(0, ...lines.map((l) => l.ends))
    return {
      orderId: order.id,
      deliveredAt: deliveredAt?.toISOString() ?? null,
      windowEndsAt: deliveredAt ? new Date(last).toISOString() : null,
      needsRefundTo: isCod(order),
      lines: lines.map(({ ends: _, ...l }) => l),
    }
  }

  const service = {
    /** GET /returns/options: what of the caller's own order can be returned. */
    async options(userId: string, orderId: string, now = new Date()): Promise<ReturnOptions> {
      const order = await orders.ownOrderRow(userId, orderId)
      return optionsIn(order, now, deps.db)
    },

    /**
     * A customer's request: their own delivered order, each line within its window and rule (a fault taken
     * back even for a piece not returnable), no more pieces than are left to ask for. The order's row is
     * locked while it is judged, so two requests at once for the same pieces make one.
     */
    async create(
      userId: string,
      body: unknown,
      files: Buffer[] = [],
      t: Translate = translatorFor(defaultLanguage).t,
      now = new Date(),
    ): Promise<ReturnView> {
      const input = checked(returnRequestBody, body)
      // Another customer's order is 'not found' before anything about it is said.
      const owned = await orders.ownOrderRow(userId, input.orderId)
      if (photoReasons.includes(input.reason) && files.length === 0)
        throw new ValidationError(returnText.photosNeeded, { photo: returnText.photosNeeded })
      if (files.length > returnPhotoLimit)
        throw new ValidationError(returnText.tooManyPhotos, { photo: returnText.tooManyPhotos })
      const exchange = input.resolution === 'exchange'
      if (isCod(owned) && input.resolution === 'refund' && !input.refundTo)
        throw new ValidationError(returnText.refundToNeeded, { refundTo: returnText.refundToNeeded })
      const photos = await storePhotos(files)
      try {
        const row = await deps.db.transaction(async (tx) => {
          const order = await orders.lockRow(owned.id, tx)
          if (!order || order.userId !== userId) throw new NotFoundError('Order not found.')
          if (order.status !== 'Delivered') throw new UnprocessableError(returnText.notDelivered)
          const options = await optionsIn(order, now, tx)
          const byItem = new Map(options.lines.map((l) => [l.itemId, l]))
          // The same line named twice is one line (with the first exchange choice named for it).
          const wanted = new Map<string, number>()
          const instead = new Map<string, { variant: string; field: string }>()
          const fieldOf = new Map<string, string>()
          input.lines.forEach((l, i) => {
            if (!byItem.has(l.itemId))
              throw new ValidationError(returnText.notInOrder, {
                [`lines.${i}.itemId`]: returnText.notInOrder,
              })
            wanted.set(l.itemId, (wanted.get(l.itemId) ?? 0) + l.quantity)
            if (!fieldOf.has(l.itemId)) fieldOf.set(l.itemId, `lines.${i}.exchangeFor`)
            if (exchange && l.exchangeFor && !instead.has(l.itemId))
              instead.set(l.itemId, { variant: l.exchangeFor, field: `lines.${i}.exchangeFor` })
          })
          const asked = await createReturnRequestsRepo(tx).askedFor(order.id)
          const fault = isFault(input.reason)
          for (const [itemId, quantity] of wanted) {
            const line = byItem.get(itemId)!
            const title = withVariant(line.title, line.variantTitle)
            if (!line.open) {
              const ends = new Date(new Date(options.deliveredAt!).getTime() + line.rule.windowDays * day)
              throw new UnprocessableError(
                t(returnText.windowOver, {
                  date: ends.toLocaleDateString('en-IN', {
                    day: 'numeric',
                    month: 'long',
                    year: 'numeric',
                    timeZone: 'Asia/Kolkata',
                  }),
                }),
              )
            }
            if (!line.rule.returnable && !fault)
              throw new UnprocessableError(t(returnText.notReturnable, { title }))
            if (quantity > line.available) {
              const message = t(returnText.tooMany, { count: line.available, title })
              throw new ValidationError(message, { lines: message })
            }
            if (exchange) {
              // Decision 140: the line's rule offers it, the piece is not made for the customer, and the choice
              // is one of the same product's variants with enough pieces to send.
              if (!line.rule.exchange)
                throw new UnprocessableError(t(returnText.exchangeNotOffered, { title }))
              if (line.exchangeTo.length === 0)
                throw new UnprocessableError(t(returnText.exchangeWithAddons, { title }))
              const choice = instead.get(itemId)
              if (!choice) {
                const message = t(returnText.exchangeChoose, { title })
                throw new ValidationError(message, { [fieldOf.get(itemId)!]: message })
              }
              const variant = line.exchangeTo.find((v) => v.variantId === choice.variant)
              if (!variant) {
                const message = t(returnText.exchangeOtherProduct, { title: line.title })
                throw new ValidationError(message, { [choice.field]: message })
              }
              if (variant.available < quantity)
                throw new ConflictError(
                  t(returnText.exchangeShort, {
                    count: Math.max(0, variant.available),
                    title: withVariant(line.title, variant.title),
                  }),
                )
            }
          }
          const items = await orders.lines(order.id, tx)
          // An exchange keeps the sale: no restocking fee (decision 140).
          const lines = [...wanted].map(([itemId, quantity]) => ({
            itemId,
            quantity,
            restockingFeePercent: exchange ? 0 : byItem.get(itemId)!.rule.restockingFeePercent,
          }))
          const money = returnMoney({
            order: {
              items: items.map((i) => ({
                id: i.id,
                price: i.price,
                quantity: i.quantity,
                addons: (i.personalisation?.addons ?? []).map((a) => a.price),
              })),
              discount: order.discountAmount,
              shippingCharge: order.shippingCharge,
              codFee: order.codFee,
            },
            before: asked,
            lines,
            reason: input.reason,
          })
          // The difference is counted on the price per piece the customer paid before the coupon, so a coupon's
          // share stays with the pieces: a dearer choice is paid for, a cheaper one refunded (never beyond them).
          const chosen = new Map(
            [...instead].map(([itemId, c]) => [
              itemId,
              byItem.get(itemId)!.exchangeTo.find((v) => v.variantId === c.variant)!,
            ]),
          )
          const difference = exchange
            ? [...wanted].reduce(
                (sum, [itemId, quantity]) =>
                  sum + (chosen.get(itemId)!.price - byItem.get(itemId)!.price) * quantity,
                0,
              )
            : 0
          const settled = exchange
            ? {
                goodsAmount: money.goodsAmount,
                restockingFee: 0,
                chargesRefunded: 0,
                refundAmount: Math.min(money.goodsAmount, Math.max(0, -difference)),
                exchangeDue: Math.max(0, difference),
              }
            : { ...money, exchangeDue: 0 }
          const asMoney = input.resolution === 'refund' || (exchange && settled.refundAmount > 0)
          if (isCod(order) && asMoney && !input.refundTo)
            throw new ValidationError(returnText.refundToNeeded, { refundTo: returnText.refundToNeeded })
          const r = createReturnRequestsRepo(tx)
          const year = new Intl.DateTimeFormat('en-IN', { year: 'numeric', timeZone: 'Asia/Kolkata' }).format(
            now,
          )
          const number = await r.nextNumber(`RET-${year}-`)
          const created = await r.insert({
            number,
            orderId: order.id,
            userId,
            reason: input.reason,
            description: input.description,
            resolution: input.resolution,
            photos,
            refundTo: isCod(order) && asMoney ? (input.refundTo ?? null) : null,
            goodsAmount: settled.goodsAmount,
            restockingFee: settled.restockingFee,
            chargesRefunded: settled.chargesRefunded,
            refundAmount: settled.refundAmount,
            exchangeDue: settled.exchangeDue,
          })
          await r.insertLines(
            money.lines.map((l) => ({
              returnId: created.id,
              orderItemId: l.itemId,
              quantity: wanted.get(l.itemId)!,
              before: asked.get(l.itemId) ?? 0,
              amount: l.amount,
              rule: byItem.get(l.itemId)!.rule,
              exchangeVariantId: chosen.get(l.itemId)?.variantId ?? null,
              exchangeVariantTitle: chosen.get(l.itemId)?.title ?? null,
              exchangePrice: chosen.get(l.itemId)?.price ?? null,
            })),
          )
          await r.addEvent(created.id, 'requested', input.description || null)
          await tell(tx, created, 'requested', (t, f, url) => t.returnRequested(f, url))
          const { facts } = await factsOf(created, tx)
          await deps.mail.notifyStaff(
            tx,
            'staff.return-requested',
            mailTexts.staffReturnRequested(
              facts,
              plainText(returnText.reason[input.reason]),
              deps.mail.url(`/admin/returns?open=${created.id}`),
            ),
          )
          return created
        })
        return viewOf(row)
      } catch (e) {
        await dropPhotos(photos)
        throw e
      }
    },

    /** The caller's requests for one of their orders, newest first; another's order is 'not found'. */
    async forOrder(userId: string, orderId: string): Promise<ReturnView[]> {
      const order = await orders.ownOrderRow(userId, orderId)
      return views(await repo.forOrder(order.id))
    },

    /** One of the caller's own requests; anybody else's is 'not found'. */
    async get(userId: string, id: string): Promise<ReturnView> {
      const row = await repo.byId(id)
      if (!row || row.userId !== userId) throw new NotFoundError(returnText.notFound)
      return viewOf(row)
    },

    /** The console's list: the open queue (oldest first) or one status. */
    async page(query: unknown) {
      const q = checked(adminReturnsQuery, query ?? {})
      const statuses = q.status === 'open' ? openStatuses : [q.status]
      const { rows, total } = await repo.page(statuses, q.page, pageSize)
      return {
        returns: await adminViews(rows),
        total,
        page: q.page,
        pages: Math.max(1, Math.ceil(total / pageSize)),
      }
    },

    /** How many requests staff still have to act on (the dashboard). */
    openCount: () => repo.openCount(),

    async adminGet(id: string): Promise<AdminReturnView> {
      const row = await repo.byId(id)
      if (!row) throw new NotFoundError(returnText.notFound)
      return adminViewOf(row)
    },

    /**
     * Approves a request: 'pickup' books a courier to collect the parcel (under the request's number, so a
     * retry finds the same booking), 'send' asks the customer to send it to the shop's address.
     */
    async approve(actorId: string, id: string, body: unknown): Promise<AdminReturnView> {
      const input = checked(approveReturnBody, body ?? {})
      const before = await repo.byId(id)
      if (!before) throw new NotFoundError(returnText.notFound)
      if (before.status !== 'requested')
        throw new ConflictError(`Return ${before.number} is ${before.status}: it cannot be approved now.`)
      // An exchange's pieces are looked for before a courier is booked; they are taken in the approval itself.
      if (before.resolution === 'exchange') await reserve(deps.db, before, false)
      let pickup: { awb: string | null; courier: string | null; trackingUrl: string | null } | null = null
      if (input.method === 'pickup') {
        const view = await viewOf(before)
        pickup = await deps.pickup.bookReturnPickup({
          reference: before.number,
          orderId: before.orderId,
          items: view.lines.map((l) => ({
            name: withVariant(l.title, l.variantTitle),
            sku: l.itemId,
            units: l.quantity,
            price: Math.round(l.amount / Math.max(1, l.quantity)),
          })),
          total: before.goodsAmount,
        })
      }
      const sendTo = input.method === 'send' ? await deps.shopAddress() : null
      const row = await deps.db.transaction(async (tx) => {
        await lockFor(tx, id, ['requested'], 'approved')
        if (before.resolution === 'exchange') await reserve(tx, before, true)
        const r = createReturnRequestsRepo(tx)
        const after = await r.update(id, {
          status: 'approved',
          method: input.method,
          pickupAwb: pickup?.awb ?? null,
          pickupCourier: pickup?.courier ?? null,
          pickupTrackingUrl: pickup?.trackingUrl ?? null,
        })
        await r.addEvent(id, 'approved', input.note || null)
        await writeAudit(tx, {
          actorId,
          action: 'return.approve',
          entity: 'order',
          entityId: after.orderId,
          before: { status: 'requested' },
          after: { number: after.number, status: 'approved', method: input.method, awb: pickup?.awb ?? null },
        })
        await tell(tx, after, 'approved', (t, f, url) =>
          t.returnApproved(f, url, {
            pickup: pickup ? { courier: pickup.courier, awb: pickup.awb } : null,
            sendTo,
            note: input.note || null,
          }),
        )
        return after
      })
      if (row.resolution === 'exchange') deps.cache?.invalidate()
      return adminViewOf(row)
    },

    /** Rejects a request with a reason the customer reads; its pieces may be asked for again. */
    async reject(actorId: string, id: string, body: unknown): Promise<AdminReturnView> {
      const input = checked(rejectReturnBody, body ?? {})
      const row = await deps.db.transaction(async (tx) => {
        await lockFor(tx, id, ['requested'], 'rejected')
        const r = createReturnRequestsRepo(tx)
        const after = await r.update(id, { status: 'rejected', rejectReason: input.reason })
        await r.addEvent(id, 'rejected', input.reason)
        await writeAudit(tx, {
          actorId,
          action: 'return.reject',
          entity: 'order',
          entityId: after.orderId,
          before: { status: 'requested' },
          after: { number: after.number, status: 'rejected', reason: input.reason },
        })
        await tell(tx, after, 'rejected', (t, f, url) => t.returnRejected(f, url, input.reason))
        return after
      })
      return adminViewOf(row)
    },

    /**
     * Sends an exchange's replacement (decision 140): once approved (at once, if staff choose, before the parcel
     * is back) or received, and once a dearer choice is paid for. The courier is booked as a parcel of the same
     * order, under the request's number, so a retry finds the same booking; its tax invoice is issued as it goes.
     */
    async sendReplacement(actorId: string, id: string): Promise<AdminReturnView> {
      const before = await repo.byId(id)
      if (!before) throw new NotFoundError(returnText.notFound)
      if (before.resolution !== 'exchange')
        throw new ConflictError(`Return ${before.number} is not an exchange: there is nothing to send.`)
      if (before.replacementSentAt) throw new ConflictError(plainText(returnText.replacementAlreadySent))
      if (before.status !== 'approved' && before.status !== 'received')
        throw new ConflictError(
          `Return ${before.number} is ${before.status}: its replacement cannot be sent now.`,
        )
      if (before.exchangeDue > 0 && !before.exchangePaidAt)
        throw new ConflictError(
          plainText(returnText.exchangeWaitingPay, { amount: formatPaise(before.exchangeDue) }),
        )
      const lines = await repo.linesOf([id])
      const items = new Map((await orders.lines(before.orderId)).map((i) => [i.id, i]))
      const choices = await deps.catalogue.variantChoices([...items.values()].map((i) => i.productId))
      const sent = lines.flatMap((l) => {
        const item = items.get(l.orderItemId)
        if (!item || !l.exchangeVariantId || l.exchangePrice === null) return []
        const sku = choices.get(item.productId)?.find((v) => v.id === l.exchangeVariantId)?.sku
        return [
          {
            itemId: item.id,
            productId: item.productId,
            variantId: l.exchangeVariantId,
            title: withVariant(item.title, l.exchangeVariantTitle),
            sku: sku ?? l.exchangeVariantId,
            quantity: l.quantity,
            price: l.exchangePrice,
            paid: item.price * l.quantity,
          },
        ]
      })
      const parcel = await deps.replacement.ship({
        actorId,
        returnId: id,
        reference: before.number,
        orderId: before.orderId,
        items: sent.map((p) => ({
          productId: p.productId,
          variantId: p.variantId,
          name: p.title,
          sku: p.sku,
          units: p.quantity,
          price: p.price,
        })),
      })
      const row = await deps.db.transaction(async (tx) => {
        const locked = await lockFor(tx, id, ['approved', 'received'], 'sent a replacement')
        if (locked.replacementSentAt) throw new ConflictError(plainText(returnText.replacementAlreadySent))
        // The coupon's share the returned pieces carried stays with the pieces sent instead.
        const couponShare = Math.max(0, sent.reduce((sum, p) => sum + p.paid, 0) - locked.goodsAmount)
        const invoice = await deps.invoices.issueExchangeInvoice(tx, {
          orderId: locked.orderId,
          returnId: id,
          lines: sent.map(({ itemId, productId, title, quantity, price }) => ({
            itemId,
            productId,
            title,
            quantity,
            price,
          })),
          discount: Math.min(
            couponShare,
            sent.reduce((sum, p) => sum + p.price * p.quantity, 0),
          ),
        })
        const r = createReturnRequestsRepo(tx)
        const after = await r.update(id, {
          status: locked.status === 'received' && locked.refundAmount === 0 ? 'exchanged' : locked.status,
          replacementSentAt: new Date(),
          replacementAwb: parcel.awb,
          replacementCourier: parcel.courier,
          replacementTrackingUrl: parcel.trackingUrl,
          exchangeInvoiceNumber: invoice?.number ?? null,
        })
        await r.addEvent(id, 'exchanged', [parcel.courier, parcel.awb].filter(Boolean).join(', ') || null)
        await writeAudit(tx, {
          actorId,
          action: 'return.replacement',
          entity: 'order',
          entityId: after.orderId,
          before: { status: locked.status },
          after: {
            number: after.number,
            status: after.status,
            awb: parcel.awb,
            courier: parcel.courier,
            invoice: invoice?.number ?? null,
          },
        })
        await tell(tx, after, 'exchanged', (t, f, url) =>
          t.returnReplacementSent(f, url, {
            courier: parcel.courier,
            awb: parcel.awb,
            invoice: invoice?.number ?? null,
          }),
        )
        return after
      })
      return adminViewOf(row)
    },

    /**
     * Calls an exchange off before its replacement goes (decision 140): the customer did not pay a dearer
     * choice, or the shop cannot send it. The pieces set aside go back to stock, and the request becomes a
     * refund of what the returned pieces were paid (no fee kept: the shop called it off), refunded by the usual
     * step once they are back. A difference already paid is not undone here: that replacement is sent.
     */
    async refundInstead(actorId: string, id: string, body: unknown): Promise<AdminReturnView> {
      const input = checked(rejectReturnBody, body ?? {})
      const row = await deps.db.transaction(async (tx) => {
        const locked = await lockFor(tx, id, ['approved', 'received'], 'turned into a refund')
        if (locked.resolution !== 'exchange')
          throw new ConflictError(`Return ${locked.number} is not an exchange.`)
        if (locked.replacementSentAt) throw new ConflictError(plainText(returnText.replacementAlreadySent))
        if (locked.exchangePaidAt)
          throw new ConflictError(
            `The customer has paid the difference of ${formatPaise(locked.exchangeDue)}: send the replacement.`,
          )
        const r = createReturnRequestsRepo(tx)
        const items = new Map((await orders.lines(locked.orderId, tx)).map((i) => [i.id, i]))
        for (const l of await r.linesOf([id])) {
          const item = items.get(l.orderItemId)
          if (item && l.exchangeVariantId)
            await deps.stock.giveBack(item.productId, l.quantity, tx, l.exchangeVariantId)
        }
        await r.clearExchange(id)
        const after = await r.update(id, {
          resolution: 'refund',
          exchangeDue: 0,
          refundAmount: locked.goodsAmount,
        })
        await r.addEvent(id, locked.status, input.reason)
        await writeAudit(tx, {
          actorId,
          action: 'return.refund-instead',
          entity: 'order',
          entityId: after.orderId,
          before: { resolution: 'exchange' },
          after: {
            number: after.number,
            resolution: 'refund',
            amount: after.refundAmount / 100,
            reason: input.reason,
          },
        })
        await tell(tx, after, 'exchange-called-off', (t, f, url) =>
          t.returnExchangeCalledOff(f, url, input.reason),
        )
        return after
      })
      deps.cache?.invalidate()
      return adminViewOf(row)
    },

    /**
     * The parcel came back and staff inspected it, with photos of what came back (so a swapped piece is on
     * record). Resaleable pieces go back into stock, each to its variant; others stay out of it.
     */
    async receive(
      actorId: string,
      id: string,
      body: unknown,
      files: Buffer[] = [],
    ): Promise<AdminReturnView> {
      const input = checked(receiveReturnBody, body ?? {})
      const photos = await storePhotos(files)
      let row: ReturnRow
      try {
        row = await deps.db.transaction(async (tx) => {
          await lockFor(tx, id, ['approved'], 'received')
          const r = createReturnRequestsRepo(tx)
          const was = (await r.byId(id))!
          // An exchange's pieces are back: their supply is reversed now, the replacement invoiced when it is sent
          // (decision 140); with the replacement gone and nothing to refund, the exchange is done.
          const note = was.resolution === 'exchange' ? await creditNoteFor(tx, was) : null
          const after = await r.update(id, {
            status:
              was.resolution === 'exchange' && was.replacementSentAt && was.refundAmount === 0
                ? 'exchanged'
                : 'received',
            receivedAt: new Date(),
            resaleable: input.resaleable,
            inspectionNote: input.note,
            inspectionPhotos: photos,
            ...(note ? { creditNoteNumber: note.number } : {}),
          })
          if (input.resaleable) {
            const items = new Map((await orders.lines(after.orderId, tx)).map((i) => [i.id, i]))
            for (const line of await r.linesOf([id])) {
              const item = items.get(line.orderItemId)
              if (item) await deps.stock.giveBack(item.productId, line.quantity, tx, item.variantId)
            }
          }
          await r.addEvent(id, 'received', null)
          await writeAudit(tx, {
            actorId,
            action: 'return.receive',
            entity: 'order',
            entityId: after.orderId,
            before: { status: 'approved' },
            after: {
              number: after.number,
              status: after.status,
              resaleable: input.resaleable,
              note: input.note,
              ...(note ? { creditNote: note.number } : {}),
            },
          })
          await tell(tx, after, 'received', (t, f, url) => t.returnReceived(f, url))
          return after
        })
      } catch (e) {
        await dropPhotos(photos)
        throw e
      }
      if (input.resaleable) deps.cache?.invalidate()
      return adminViewOf(row)
    },

    /**
     * Refunds a received request. Online: through the payment provider, for this request's amount only; a
     * failure leaves it pending and retried (1, 2, 4 … minutes). Cash on delivery: staff paid the customer's
     * UPI ID or bank account and record the transfer's reference. Either way a credit note for the lines.
     */
    async refund(
      actorId: string | null,
      id: string,
      body: unknown,
      now = new Date(),
    ): Promise<{ view: AdminReturnView; refunded: boolean; reason?: string }> {
      const row = await repo.byId(id)
      if (!row) throw new NotFoundError(returnText.notFound)
      if (row.status !== 'received' || (row.resolution === 'exchange' && row.refundAmount === 0))
        throw new ConflictError(`Return ${row.number} is ${row.status}: it cannot be refunded now.`)
      if (row.resolution === 'exchange' && !row.replacementSentAt)
        throw new ConflictError(plainText(returnText.replacementAfterSend))
      const split = await splitOf(row, deps.db)
      // Nothing to send through the provider: store credit, or a COD refund staff paid and record.
      if (split.money === 0 || row.refundTo) {
        const reference = split.money > 0 ? checked(recordRefundBody, body ?? {}).reference : null
        const done = await deps.db.transaction(async (tx) => {
          await lockFor(tx, id, ['received'], 'refunded')
          return finish(tx, row, actorId, reference, now, split)
        })
        return { view: await adminViewOf(done), refunded: true }
      }
      const claimed = await repo.claimRefund(id, now, new Date(now.getTime() + 10 * 60_000))
      if (!claimed) throw new ConflictError(`The refund of return ${row.number} is already being sent.`)
      let reason: string
      try {
        const result = await deps.payments.refundPart(row.orderId, split.money, { return: row.number })
        if (result) {
          const done = await deps.db.transaction(async (tx) => {
            await lockFor(tx, id, ['received'], 'refunded')
            return finish(tx, row, actorId, result.refundId, now, split)
          })
          return { view: await adminViewOf(done), refunded: true }
        }
        reason = 'no captured payment was found for this order'
      } catch (err) {
        deps.log?.error({ err, returnId: id }, 'return refund through the payment provider failed')
        reason = err instanceof Error ? err.message : 'the payment provider could not be reached'
      }
      const attempts = claimed.refundAttempts + 1
      const failed = await deps.db.transaction(async (tx) => {
        const after = await createReturnRequestsRepo(tx).update(id, {
          refundAttempts: attempts,
          refundRetryAt: new Date(now.getTime() + backoffMinutes(attempts) * 60_000),
        })
        await writeAudit(tx, {
          actorId,
          action: 'return.refund.failed',
          entity: 'order',
          entityId: row.orderId,
          before: { status: 'received' },
          after: { number: row.number, attempts, reason },
        })
        return after
      })
      return { view: await adminViewOf(failed), refunded: false, reason }
    },

    /** Tries every online return refund whose retry time has come. */
    async retryRefunds(now = new Date()): Promise<number> {
      let done = 0
      for (const { id } of await repo.refundsDue(now, 20)) {
        if ((await service.refund(null, id, {}, now).catch(() => ({ refunded: false }))).refunded) done++
      }
      return done
    },
  }

  /**
   * How a refund goes (decision 139): all as store credit when the customer asked for it; otherwise as money
   * up to what the order was paid with other than store credit (less what its earlier returns sent back as
   * money), and the rest back to the store credit it was paid with.
   */
  async function splitOf(row: ReturnRow, db: DbOrTx): Promise<{ money: number; credit: number }> {
    if (row.resolution === 'credit') return { money: 0, credit: row.refundAmount }
    const order = await orders.rowById(row.orderId, db)
    if (!order || order.storeCredit <= 0) return { money: row.refundAmount, credit: 0 }
    const earlier = (await createReturnRequestsRepo(db).forOrder(row.orderId))
      .filter((r) => r.id !== row.id && r.status === 'refunded')
      .reduce((sum, r) => sum + r.refundAmount - r.refundCredit, 0)
    const money = Math.min(row.refundAmount, Math.max(0, order.total - order.storeCredit - earlier))
    return { money, credit: row.refundAmount - money }
  }

  /** The credit note of a request's pieces (decision 138): their part of the invoice, less the fee kept. */
  async function creditNoteFor(tx: Tx, row: ReturnRow) {
    const lines: ReturnLineRow[] = await createReturnRequestsRepo(tx).linesOf([row.id])
    const ordered = new Map((await orders.lines(row.orderId, tx)).map((i) => [i.id, i.quantity]))
    return deps.invoices.issueReturnCreditNote(tx, {
      orderId: row.orderId,
      returnId: row.id,
      lines: lines.map((l) => ({
        itemId: l.orderItemId,
        quantity: l.quantity,
        before: l.before,
        ordered: ordered.get(l.orderItemId) ?? l.quantity,
      })),
      restockingFee: row.restockingFee,
      charges: row.chargesRefunded > 0,
    })
  }

  /**
   * An exchange's pieces (decision 140): with `take`, taken from each chosen variant's stock in the approval's
   * transaction; without, only looked for. Too few of one is a 409 naming it, and nothing is taken.
   */
  async function reserve(db: DbOrTx, row: ReturnRow, take: boolean) {
    const lines = await createReturnRequestsRepo(db).linesOf([row.id])
    const items = new Map((await orders.lines(row.orderId, db)).map((i) => [i.id, i]))
    const choices = await deps.catalogue.variantChoices(
      [...items.values()].map((i) => i.productId),
      db,
    )
    for (const l of lines) {
      const item = items.get(l.orderItemId)
      if (!item || !l.exchangeVariantId) continue
      const short = () => {
        const left = choices.get(item.productId)?.find((v) => v.id === l.exchangeVariantId)?.quantity ?? 0
        return new ConflictError(
          plainText(returnText.exchangeShort, {
            count: Math.max(0, left),
            title: withVariant(item.title, l.exchangeVariantTitle),
          }),
        )
      }
      if (!take) {
        const left = choices.get(item.productId)?.find((v) => v.id === l.exchangeVariantId)?.quantity ?? 0
        if (left < l.quantity) throw short()
      } else if ((await deps.stock.take(item.productId, l.quantity, db, l.exchangeVariantId)) === null) {
        throw short()
      }
    }
  }

  /** The refund has gone: the request reads refunded, its credit note is issued, the customer is told. */
  async function finish(
    tx: Tx,
    row: ReturnRow,
    actorId: string | null,
    reference: string | null,
    now: Date,
    split: { money: number; credit: number },
  ) {
    const r = createReturnRequestsRepo(tx)
    if (split.credit > 0) {
      await deps.storeCredit.add(tx, {
        userId: row.userId,
        amount: split.credit,
        kind: 'return',
        reference: row.id,
        label: row.number,
        orderId: row.orderId,
      })
    }
    // An exchange's credit note was issued when its pieces came back.
    const note =
      row.resolution === 'exchange'
        ? row.creditNoteNumber
          ? { number: row.creditNoteNumber }
          : null
        : await creditNoteFor(tx, row)
    const after = await r.update(row.id, {
      status: row.resolution === 'exchange' ? 'exchanged' : 'refunded',
      refundState: 'refunded',
      refundReference: reference,
      refundCredit: split.credit,
      refundedAt: now,
      refundRetryAt: null,
      creditNoteNumber: note?.number ?? null,
    })
    await r.addEvent(row.id, 'refunded', null)
    await writeAudit(tx, {
      actorId,
      action: 'return.refund',
      entity: 'order',
      entityId: row.orderId,
      before: { status: 'received' },
      after: {
        number: row.number,
        amount: row.refundAmount / 100,
        ...(row.refundTo && reference ? { reference } : {}),
        ...(split.credit > 0 ? { storeCredit: split.credit / 100 } : {}),
        creditNote: note?.number ?? null,
      },
    })
    const to = row.refundTo
    await tell(tx, after, 'refunded', (t, f, url) =>
      t.returnRefunded(
        f,
        url,
        split.money === 0
          ? { kind: 'credit' }
          : !to
            ? { kind: 'source' }
            : to.kind === 'upi'
              ? { kind: 'upi', upi: to.upi, reference: reference ?? '' }
              : { kind: 'bank', last4: last4(to.accountNumber), reference: reference ?? '' },
        note?.number ?? null,
        split,
      ),
    )
    return after
  }

  /**
   * An exchange's difference as a payable of the payments module (decision 140): the customer's own approved
   * request whose new choice costs more, paid once.
   */
  const payableHandler: PayableHandler = {
    async termsFor(userId, payableId) {
      const row = await repo.byId(payableId)
      if (!row || row.userId !== userId) throw new NotFoundError(returnText.notFound)
      if (
        row.resolution !== 'exchange' ||
        row.exchangeDue <= 0 ||
        row.exchangePaidAt ||
        (row.status !== 'approved' && row.status !== 'received')
      )
        throw new ConflictError(plainText(returnText.exchangeNothingDue))
      return {
        id: row.id,
        amount: row.exchangeDue,
        currency: 'INR',
        number: row.number,
        receipt: row.number,
        notes: { return: row.number },
      }
    },
    async onCaptured(tx, payment) {
      const r = createReturnRequestsRepo(tx)
      const row = await r.lockById(payment.payableId ?? '')
      if (!row || row.exchangePaidAt) return { changed: false }
      // Paid after staff called the exchange off: the money goes back.
      if (row.resolution !== 'exchange') {
        return {
          changed: true,
          after: async () => {
            await deps.payments.refundPayable('exchange', row.id).catch((err) => {
              deps.log?.error(
                { err, returnId: row.id },
                'an exchange payment that came too late was not refunded',
              )
            })
          },
        }
      }
      await r.update(row.id, { exchangePaidAt: new Date() })
      await writeAudit(tx, {
        actorId: row.userId,
        action: 'return.exchange-paid',
        entity: 'order',
        entityId: row.orderId,
        before: null,
        after: { number: row.number, amount: payment.amount / 100 },
      })
      await deps.mail.notifyStaff(
        tx,
        'staff.return-exchange-paid',
        mailTexts.staffExchangePaid(
          { returnNumber: row.number, amount: payment.amount },
          deps.mail.url(`/admin/returns?open=${row.id}`),
        ),
      )
      return { changed: true }
    },
    async onFailed() {},
  }

  return { ...service, payableHandler }
}
export type ReturnRequestsService = ReturnType<typeof createReturnRequestsService>
