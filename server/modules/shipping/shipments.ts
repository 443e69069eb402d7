import type { IncomingHttpHeaders } from 'node:http'
import { and, asc, desc, eq, inArray, isNull, lt, ne, notInArray, or, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { PDFDocument } from 'pdf-lib'
import { fulfilmentRefusal } from '../../../contracts/order-states.ts'
import { setupMessages } from '../../../contracts/setup.ts'
import {
  type BookShipmentInput,
  bookShipmentBody,
  type DeliveryRequestInput,
  ewayBillThreshold,
  finalTrackingStatuses,
  type RemittanceReport,
  remittanceDueDays,
  type ShipmentEvent,
  type ShipmentView,
  shipmentMessages,
  type TrackingStatus,
  trackingRank,
} from '../../../contracts/shipments.ts'
import type { ShippingRules } from '../../../contracts/shipping-rules.ts'
import type { Db, DbOrTx, Tx } from '../../db/client.ts'
import { ConflictError, NotFoundError, ValidationError } from '../../http/errors.ts'
import { writeAudit } from '../audit/repo.ts'
import type { OrderItemRow, OrderRow } from '../orders/repo.ts'
import { isUniqueViolation } from '../orders/repo.ts'
import { type ShippingProvider, ShippingProviderError } from './provider.ts'
import type { SandboxCourier } from './sandbox.ts'
import { codRemittances, shipments } from './tables.ts'

export type ShipmentRow = typeof shipments.$inferSelect

/** A box without a preset or a product size: what a craft parcel usually goes in. */
const defaultBox = { lengthCm: 30, breadthCm: 25, heightCm: 10 }
/** How long one booking call may hold its shipment before another try may start. */
const busyMs = 2 * 60_000

/** The events of a parcel, each once, oldest first: an event the courier repeats or sends late adds nothing. */
export function mergeEvents(known: ShipmentEvent[], told: ShipmentEvent[]): ShipmentEvent[] {
  const key = (e: ShipmentEvent) => `${e.status}|${e.at}`
  const all = new Map(known.map((e) => [key(e), e]))
  for (const e of told) if (!all.has(key(e))) all.set(key(e), e)
  return [...all.values()].sort((a, b) => a.at.localeCompare(b.at))
}

/** The parcel's state after the courier's word: never back to an earlier one. */
export const laterStatus = (now: TrackingStatus, told: TrackingStatus): TrackingStatus =>
  trackingRank[told] >= trackingRank[now] ? told : now

/** What a courier state does to its order: the order's fulfilment status it moves to, if any. */
const orderMoveFor: Partial<Record<TrackingStatus, 'Out for delivery' | 'Delivered'>> = {
  'Out for delivery': 'Out for delivery',
  Delivered: 'Delivered',
}

/**
 * Parcels booked with the courier (decision 135): booking from the console with a record kept before the
 * provider is called (so a timeout never books twice), the labels printed with the packing slips, and the
 * courier's events, by callback or by the poll, moving the order forward once.
 */
export function createShipmentsService(deps: {
  db: Db
  provider: ShippingProvider & { sandbox?: SandboxCourier }
  log?: FastifyBaseLogger
  pollMinutes: number
  rules: () => Promise<ShippingRules>
  now?: () => Date
  orders: {
    rowById(id: string): Promise<OrderRow | null>
    withItems(ids: string[]): Promise<Array<{ order: OrderRow; items: OrderItemRow[] }>>
    followCourier(
      orderId: string,
      target: 'Shipped' | 'Out for delivery' | 'Delivered',
      opts: { note: string; shippingLink?: string | null },
    ): Promise<boolean>
    deliveryFailed(orderId: string, detail: string | null): Promise<void>
    correctForCourier(
      userId: string,
      idOrNumber: string,
      fix: { phone?: string; address?: string; apartment?: string },
    ): Promise<OrderRow>
    returnedToOrigin(orderId: string, actorId: string): Promise<boolean>
  }
  /** Why orders cannot ship yet (the invoice details missing), or an empty list. */
  invoicesMissing: () => Promise<string[]>
  /** The pieces' weights and boxes. */
  parcelPieces: (lines: Array<{ productId: string; variantId: string | null; quantity: number }>) => Promise<
    Array<{
      grams: number | null
      lengthCm: number | null
      breadthCm: number | null
      heightCm: number | null
      quantity: number
    }>
  >
  packingSlips: (orderIds: string[]) => Promise<Buffer>
}) {
  const { db, provider } = deps
  const now = deps.now ?? (() => new Date())

  const liveOf = async (orderId: string, d: DbOrTx = db) =>
    (
      await d
        .select()
        .from(shipments)
        .where(
          and(eq(shipments.orderId, orderId), ne(shipments.status, 'Cancelled'), isNull(shipments.returnId)),
        )
    )[0] ?? null

  const set = (id: string, values: Partial<typeof shipments.$inferInsert>) =>
    db.update(shipments).set(values).where(eq(shipments.id, id))

  /** The parcel's weight and box: what staff chose, else the pieces' own, else the defaults. */
  async function parcelOf(
    order: OrderRow,
    items: Array<Pick<OrderItemRow, 'productId' | 'variantId' | 'quantity'>>,
    input: BookShipmentInput,
  ) {
    const rules = await deps.rules()
    const preset = input.packageName ? rules.packages.find((p) => p.name === input.packageName) : undefined
    if (input.packageName && !preset) {
      throw new ValidationError(
        `There is no package called “${input.packageName}”. Choose one of Settings, Shipping.`,
        {
          packageName: 'Unknown package',
        },
      )
    }
    const pieces = await deps.parcelPieces(
      items.map((i) => ({ productId: i.productId, variantId: i.variantId, quantity: i.quantity })),
    )
    const grams =
      input.weightGrams ??
      (pieces.length
        ? pieces.reduce((sum, p) => sum + (p.grams ?? rules.defaultWeightGrams) * p.quantity, 0)
        : (order.shippingGrams ?? rules.defaultWeightGrams))
    const boxed = pieces
      .filter((p) => p.lengthCm && p.breadthCm && p.heightCm)
      .sort((a, b) => b.lengthCm! * b.breadthCm! * b.heightCm! - a.lengthCm! * a.breadthCm! * a.heightCm!)[0]
    const box =
      preset ??
      (boxed
        ? { lengthCm: boxed.lengthCm!, breadthCm: boxed.breadthCm!, heightCm: boxed.heightCm! }
        : (rules.packages[0] ?? defaultBox))
    return {
      packageName: preset?.name ?? null,
      grams: Math.max(1, grams),
      lengthCm: Math.ceil(box.lengthCm),
      breadthCm: Math.ceil(box.breadthCm),
      heightCm: Math.ceil(box.heightCm),
    }
  }

  /** The stored parcel in the answers' shape. */
  const view = (s: ShipmentRow): ShipmentView => ({
    provider: s.provider,
    awb: s.awb,
    courier: s.courier,
    status: s.status as TrackingStatus,
    trackingUrl: s.awb ? provider.trackingUrl(s.awb) : null,
    events: s.events,
    reattemptAskedAt: s.reattemptAskedAt?.toISOString() ?? null,
    reattemptAskedBy:
      s.reattemptAskedBy === 'customer' || s.reattemptAskedBy === 'shop' ? s.reattemptAskedBy : null,
    courierTold: s.reattemptAskedAt === null || s.courierToldAt !== null,
    returnAskedAt: s.returnAskedAt?.toISOString() ?? null,
    returnReceivedAt: s.returnReceivedAt?.toISOString() ?? null,
  })

  /** Takes the shipment for one booking call; another call on it is refused until this one ends or lapses. */
  async function claim(
    order: OrderRow,
    parcel: Awaited<ReturnType<typeof parcelOf>>,
    input: BookShipmentInput,
    actorId: string,
  ) {
    return claimLive(
      (tx) => liveOf(order.id, tx),
      {
        orderId: order.id,
        provider: provider.name,
        reference: `${order.orderNumber}-${Date.now().toString(36)}`,
        ...parcel,
        ewayBill: input.ewayBill ?? null,
        codAmount: order.paymentStatus === 'Pay on delivery' ? order.total : 0,
        createdBy: actorId,
      },
      'This order is being booked right now. Wait a moment.',
      () => {
        throw new ConflictError(shipmentMessages.alreadyBooked)
      },
    )
  }

  /**
   * The live booking `find` names, written now when there is none, taken for one booking call: refused while
   * another call on it runs (`busy`); one already booked goes to `booked` (which may refuse it).
   */
  async function claimLive(
    find: (tx: Tx) => Promise<ShipmentRow | null>,
    values: typeof shipments.$inferInsert,
    busy: string,
    booked: (row: ShipmentRow) => ShipmentRow,
  ): Promise<ShipmentRow> {
    return db.transaction(async (tx) => {
      let row = await find(tx)
      if (!row) {
        try {
          ;[row] = await tx.insert(shipments).values(values).returning()
        } catch (err) {
          if (isUniqueViolation(err)) throw new ConflictError(busy)
          throw err
        }
      } else {
        const [locked] = await tx.select().from(shipments).where(eq(shipments.id, row.id)).for('update')
        row = locked!
        if (row.state === 'booked') return booked(row)
        if (row.busyUntil && row.busyUntil > now()) throw new ConflictError(busy)
      }
      const [claimed] = await tx
        .update(shipments)
        .set({ attempts: row!.attempts + 1, busyUntil: new Date(now().getTime() + busyMs) })
        .where(eq(shipments.id, row!.id))
        .returning()
      return claimed!
    })
  }

  /**
   * The provider's calls for a claimed booking: the shipment created (or, on a second try, found first: the first
   * may have booked before its answer was lost), a courier assigned and the pickup asked. The claim is let go
   * either way.
   */
  async function sendToProvider(
    claimed: ShipmentRow,
    order: OrderRow,
    goods: {
      items: Array<{ name: string; sku: string; units: number; price: number }>
      total: number
      shippingCharge: number
      discount: number
    },
  ): Promise<ShipmentRow> {
    let row = claimed
    try {
      if (!row.providerShipmentId) {
        const found = row.attempts > 1 ? await provider.findByReference(row.reference) : null
        const made =
          found ??
          (await provider.createShipment({
            reference: row.reference,
            orderNumber: order.orderNumber,
            placedAt: order.createdAt,
            to: {
              firstName: order.shippingFirstName ?? '',
              lastName: order.shippingLastName ?? '',
              address: order.shippingAddress,
              apartment: order.shippingApartment,
              city: order.shippingCity,
              state: order.shippingState,
              postalCode: order.shippingPostalCode,
              country: order.shippingCountry,
              phone: order.shippingPhone,
              email: order.shippingEmail,
            },
            items: goods.items,
            payment: row.codAmount > 0 ? 'cod' : 'prepaid',
            total: goods.total,
            shippingCharge: goods.shippingCharge,
            discount: goods.discount,
            parcel: {
              grams: row.grams,
              lengthCm: row.lengthCm,
              breadthCm: row.breadthCm,
              heightCm: row.heightCm,
            },
            ewayBill: row.ewayBill,
          }))
        ;[row] = await set(row.id, {
          providerOrderId: made.providerOrderId,
          providerShipmentId: made.providerShipmentId,
          awb: made.awb,
          courier: made.courier,
        }).returning()
      }
      if (!row!.awb) {
        const assigned = await provider.assignCourier(row!.providerShipmentId!)
        ;[row] = await set(row!.id, assigned).returning()
      }
      const { pickupOn } = await provider.requestPickup([row!.providerShipmentId!])
      const booked: ShipmentEvent = {
        status: 'Booked',
        at: now().toISOString(),
        location: null,
        detail: row!.courier,
      }
      ;[row] = await set(row!.id, {
        state: 'booked',
        busyUntil: null,
        pickupOn,
        status: 'Booked',
        events: mergeEvents(row!.events, [booked]),
        checkedAt: now(),
      }).returning()
      return row!
    } catch (err) {
      await set(row.id, { busyUntil: null })
      if (err instanceof ShippingProviderError) {
        throw new ShippingProviderError(`${err.message} ${shipmentMessages.courierDown}`)
      }
      throw err
    }
  }

  /**
   * An exchange's replacement (decision 140): a prepaid parcel of the same order to its delivery address, kept
   * under the return request (one live one per request) and booked as an order's parcel is, the record written
   * before the provider is called. It does not move the order, which stays Delivered; its tracking is the
   * request's. Money in paise.
   */
  async function bookReplacement(input: {
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
  }): Promise<{ awb: string | null; courier: string | null; trackingUrl: string | null }> {
    const order = await deps.orders.rowById(input.orderId)
    if (!order) throw new NotFoundError('No such order.')
    if (input.items.length === 0) throw new ValidationError('A replacement needs the pieces it carries.')
    const missing = await deps.invoicesMissing()
    if (missing.length > 0) throw new ConflictError(setupMessages.invoiceDetailsFirst)
    const parcel = await parcelOf(
      order,
      input.items.map((i) => ({ productId: i.productId, variantId: i.variantId, quantity: i.units })),
      {},
    )
    const claimed = await claimLive(
      async (tx) =>
        (
          await tx
            .select()
            .from(shipments)
            .where(and(eq(shipments.returnId, input.returnId), ne(shipments.status, 'Cancelled')))
        )[0] ?? null,
      {
        orderId: order.id,
        returnId: input.returnId,
        provider: provider.name,
        reference: `${input.reference}-X${Date.now().toString(36)}`,
        ...parcel,
        codAmount: 0,
        createdBy: input.actorId,
      },
      'This replacement is being booked right now. Wait a moment.',
      // Booked already (a retry after the answer was lost): the same parcel.
      (row) => row,
    )
    const row =
      claimed.state === 'booked'
        ? claimed
        : await sendToProvider(claimed, order, {
            items: input.items.map(({ name, sku, units, price }) => ({ name, sku, units, price })),
            total: input.items.reduce((sum, i) => sum + i.price * i.units, 0),
            shippingCharge: 0,
            discount: 0,
          })
    await writeAudit(db, {
      actorId: input.actorId,
      action: 'order.shipment',
      entity: 'order',
      entityId: order.id,
      before: null,
      after: {
        provider: row.provider,
        awb: row.awb,
        courier: row.courier,
        reference: row.reference,
        replacement: input.reference,
      },
    })
    return { awb: row.awb, courier: row.courier, trackingUrl: row.awb ? provider.trackingUrl(row.awb) : null }
  }

  async function bookOne(actorId: string, orderId: string, raw: BookShipmentInput): Promise<ShipmentRow> {
    const input = bookShipmentBody.parse(raw)
    const order = await deps.orders.rowById(orderId)
    if (!order) throw new NotFoundError('No such order.')
    const live = await liveOf(order.id)
    if (live?.state === 'booked') throw new ConflictError(shipmentMessages.alreadyBooked)
    if (fulfilmentRefusal(order, 'Shipped') || order.status === 'Shipped') {
      throw new ConflictError(shipmentMessages.notShippable)
    }
    const missing = await deps.invoicesMissing()
    if (missing.length > 0) throw new ConflictError(setupMessages.invoiceDetailsFirst)
    if (order.total > ewayBillThreshold && !input.ewayBill && !live?.ewayBill) {
      throw new ValidationError(shipmentMessages.ewayBillNeeded, { ewayBill: 'Required above ₹50,000' })
    }
    const [{ items } = { items: [] }] = await deps.orders.withItems([order.id])
    const parcel = await parcelOf(order, items, input)
    const row = await sendToProvider(await claim(order, parcel, input, actorId), order, {
      items: items.map((i) => ({
        name: i.variantTitle ? `${i.title} (${i.variantTitle})` : i.title,
        sku: i.sku ?? i.productId,
        units: i.quantity,
        price: i.price,
      })),
      total: order.total,
      shippingCharge: order.shippingCharge,
      discount: order.discountAmount,
    })
    await writeAudit(db, {
      actorId,
      action: 'order.shipment',
      entity: 'order',
      entityId: order.id,
      before: null,
      after: { provider: row!.provider, awb: row!.awb, courier: row!.courier, reference: row!.reference },
    })
    await deps.orders.followCourier(order.id, 'Shipped', {
      note: `Booked with ${row!.courier}, AWB ${row!.awb}`,
      shippingLink: provider.trackingUrl(row!.awb!),
    })
    return row!
  }

  /** Asks the courier about a parcel and applies what it says: once, and never backwards. */
  async function refresh(shipment: ShipmentRow): Promise<ShipmentRow> {
    const tracking = await provider.track(shipment.awb!)
    const row = await db.transaction(async (tx) => {
      const [locked] = await tx.select().from(shipments).where(eq(shipments.id, shipment.id)).for('update')
      const status = laterStatus(locked!.status as TrackingStatus, tracking.status)
      const events = mergeEvents(locked!.events, tracking.events)
      // A failed attempt not told yet (decision 136): the customer hears of each one once; a request for
      // another attempt made before it is spent.
      const failures = events.filter((e) => e.status === 'Delivery failed')
      const newFailure = failures.length > locked!.failuresTold
      const [saved] = await tx
        .update(shipments)
        .set({
          status,
          events,
          checkedAt: now(),
          ...(newFailure
            ? {
                failuresTold: failures.length,
                reattemptAskedAt: null,
                reattemptAskedBy: null,
                courierToldAt: null,
              }
            : {}),
        })
        .where(eq(shipments.id, shipment.id))
        .returning()
      return { saved: saved!, failed: newFailure ? failures.at(-1)! : null }
    })
    // An exchange's replacement is followed for its own tracking; the order stays where it is.
    if (row.saved.returnId) return row.saved
    if (row.failed && row.saved.status === 'Delivery failed' && !row.saved.returnAskedAt) {
      await deps.orders.deliveryFailed(row.saved.orderId, row.failed.detail)
    }
    return follow(row.saved)
  }

  /** The order follows the parcel's furthest state; the orders module moves it once (decision 135). */
  async function follow(row: ShipmentRow): Promise<ShipmentRow> {
    const furthest = row.events.some((e) => e.status === 'Delivered') ? 'Delivered' : row.status
    const move = orderMoveFor[furthest as TrackingStatus]
    if (move) {
      await deps.orders.followCourier(row.orderId, move, {
        note:
          move === 'Delivered'
            ? `Delivered (${row.courier}, AWB ${row.awb})`
            : `Out for delivery (${row.courier})`,
      })
    }
    return row
  }

  const byAwb = async (awb: string) =>
    (
      await db
        .select()
        .from(shipments)
        .where(and(eq(shipments.provider, provider.name), eq(shipments.awb, awb)))
    )[0] ?? null

  /** A courier's callback: its token checked by the provider, the parcel's state re-read, then applied. */
  async function callback(rawBody: Buffer | string, headers: IncomingHttpHeaders) {
    const notice = provider.webhook.read(rawBody, headers)
    const row = await byAwb(notice.awb)
    // Not one of this shop's parcels (or not yet stored): acknowledged, so the courier does not retry it.
    if (!row) return { applied: false, status: null }
    const after = await refresh(row)
    return { applied: true, status: after.status as TrackingStatus }
  }

  /** The parcel the courier could not deliver, as an order's live shipment; a 409 when there is none. */
  async function failedOf(orderId: string): Promise<ShipmentRow> {
    const row = await liveOf(orderId)
    if (!row?.awb || row.state !== 'booked') throw new ConflictError(shipmentMessages.notFailed)
    if (row.returnAskedAt || row.status === 'Returning to origin' || row.status === 'Returned to origin') {
      throw new ConflictError(shipmentMessages.alreadyReturning)
    }
    if (row.status !== 'Delivery failed') throw new ConflictError(shipmentMessages.notFailed)
    return row
  }

  /**
   * Another attempt asked for (decision 136): the request is kept first, so nothing is lost when the
   * courier cannot be reached, then passed on; answers whether the courier took it.
   */
  async function reattempt(
    row: ShipmentRow,
    by: { kind: 'customer' | 'shop'; actorId: string },
    details: { phone: string | null; address: string | null; note: string | null },
  ): Promise<boolean> {
    await set(row.id, { reattemptAskedAt: now(), reattemptAskedBy: by.kind, courierToldAt: null })
    await writeAudit(db, {
      actorId: by.actorId,
      action: 'order.delivery-action',
      entity: 'order',
      entityId: row.orderId,
      before: null,
      after: { action: 'reattempt', by: by.kind, awb: row.awb },
    })
    try {
      await provider.deliveryAction(row.awb!, { kind: 'reattempt', ...details })
    } catch (err) {
      if (err instanceof ShippingProviderError && by.kind === 'customer') {
        deps.log?.warn({ err, shipment: row.id }, 'the courier did not take a re-attempt request')
        return false
      }
      throw err
    }
    await set(row.id, { courierToldAt: now() })
    return true
  }

  /** When this instance last asked the courier for its remittances (the sweeper asks every few hours). */
  let remittancesAskedAt = 0

  /** The courier's remittances of the last 60 days, stored as told; answers how many were new. */
  async function fetchRemittances(): Promise<number> {
    const since = new Date(now().getTime() + 5.5 * 3600_000 - 60 * 86_400_000).toISOString().slice(0, 10)
    const told = await provider.remittances(since)
    let added = 0
    for (const r of told) {
      const [row] = await db
        .insert(codRemittances)
        .values({
          provider: provider.name,
          reference: r.reference,
          date: r.date,
          total: r.total,
          parcels: r.parcels,
        })
        .onConflictDoUpdate({
          target: [codRemittances.provider, codRemittances.reference],
          set: { date: r.date, total: r.total, parcels: r.parcels, updatedAt: now() },
        })
        .returning({ created: codRemittances.createdAt, updated: codRemittances.updatedAt })
      if (row && row.created.getTime() === row.updated.getTime()) added++
    }
    remittancesAskedAt = now().getTime()
    return added
  }

  /**
   * A reverse pickup for the returns module (decision 135, 'Reverse pickups'): the courier collects the returned
   * pieces at the order's delivery address and brings them to the shop's pickup address. The parcel weighs what
   * the caller says, else what the order's own parcel weighed when it was booked, else the order's packed weight
   * or the default; it goes in that parcel's box, else the shop's first package or the default box. The caller
   * keeps its own record under `reference` before calling, and calls once per return: the provider answers a
   * second call under it with the pickup it already holds. Money in paise.
   */
  async function bookReturnPickup(input: {
    reference: string
    orderId: string
    items: { name: string; sku: string; units: number; price: number }[]
    total: number
    grams?: number
  }): Promise<{ provider: string; awb: string | null; courier: string | null; trackingUrl: string | null }> {
    const order = await deps.orders.rowById(input.orderId)
    if (!order) throw new NotFoundError('No such order.')
    if (input.items.length === 0) throw new ValidationError('A return pickup needs the pieces it collects.')
    const [rules, sent] = await Promise.all([
      deps.rules(),
      db
        .select()
        .from(shipments)
        .where(and(eq(shipments.orderId, order.id), eq(shipments.state, 'booked')))
        .orderBy(desc(shipments.createdAt))
        .limit(1)
        .then((rows) => rows[0] ?? null),
    ])
    const box = sent ?? rules.packages[0] ?? defaultBox
    const grams = input.grams ?? sent?.grams ?? order.shippingGrams ?? rules.defaultWeightGrams
    const booked = await provider.bookReturnPickup({
      reference: input.reference,
      orderNumber: order.orderNumber,
      placedAt: now(),
      from: {
        firstName: order.shippingFirstName ?? '',
        lastName: order.shippingLastName ?? '',
        address: order.shippingAddress,
        apartment: order.shippingApartment,
        city: order.shippingCity,
        state: order.shippingState,
        postalCode: order.shippingPostalCode,
        country: order.shippingCountry,
        phone: order.shippingPhone,
        email: order.shippingEmail,
      },
      items: input.items,
      total: input.total,
      parcel: {
        grams: Math.max(1, Math.round(grams)),
        lengthCm: Math.ceil(box.lengthCm),
        breadthCm: Math.ceil(box.breadthCm),
        heightCm: Math.ceil(box.heightCm),
      },
    })
    return {
      provider: provider.name,
      awb: booked.awb,
      courier: booked.courier,
      trackingUrl: booked.awb ? provider.trackingUrl(booked.awb) : null,
    }
  }

  return {
    book: bookOne,
    bookReturnPickup,
    bookReplacement,
    callback,
    fetchRemittances,

    /** The sweeper's turn: the courier's remittances, every six hours per instance. */
    async fetchRemittancesIfDue() {
      if (now().getTime() - remittancesAskedAt < 6 * 3600_000) return { remittancesFetched: 0 }
      try {
        return { remittancesFetched: await fetchRemittances() }
      } catch (err) {
        remittancesAskedAt = now().getTime()
        deps.log?.warn({ err }, 'the courier’s remittances could not be read')
        return { remittancesFetched: 0 }
      }
    },

    /**
     * The remittances matched to the shop's parcels (decision 136): each line paid as expected, paid
     * differently, or for a parcel the shop does not know; and the delivered COD parcels nothing pays yet.
     */
    async remittanceReport(): Promise<RemittanceReport> {
      const stored = await db
        .select()
        .from(codRemittances)
        .where(eq(codRemittances.provider, provider.name))
        .orderBy(desc(codRemittances.date), desc(codRemittances.reference))
        .limit(100)
      const paidAwbs = new Set(stored.flatMap((r) => r.parcels.map((p) => p.awb)))
      const named = paidAwbs.size
        ? await db
            .select()
            .from(shipments)
            .where(and(eq(shipments.provider, provider.name), inArray(shipments.awb, [...paidAwbs])))
        : []
      const delivered = await db
        .select()
        .from(shipments)
        .where(
          and(
            eq(shipments.provider, provider.name),
            eq(shipments.status, 'Delivered'),
            sql`${shipments.codAmount} > 0`,
          ),
        )
      const unpaidRows = delivered.filter((r) => r.awb && !paidAwbs.has(r.awb))
      const orderIds = [...new Set([...named, ...unpaidRows].map((r) => r.orderId))]
      const numbers = new Map(
        (await deps.orders.withItems(orderIds)).map(({ order }) => [order.id, order.orderNumber]),
      )
      const byAwb = new Map(named.map((r) => [r.awb!, r]))
      const rupees = (paise: number) => paise / 100
      const deliveredAt = (r: ShipmentRow) => r.events.findLast((e) => e.status === 'Delivered')?.at ?? null
      const due = now().getTime() - remittanceDueDays * 86_400_000
      return {
        provider: provider.name,
        remittances: stored.map((r) => ({
          reference: r.reference,
          date: r.date,
          total: rupees(r.total),
          parcels: r.parcels.map((p) => {
            const mine = byAwb.get(p.awb)
            return {
              awb: p.awb,
              orderId: mine?.orderId ?? null,
              orderNumber: mine ? (numbers.get(mine.orderId) ?? null) : null,
              amount: rupees(p.amount),
              expected: mine ? rupees(mine.codAmount) : null,
              match: !mine
                ? ('unknown' as const)
                : mine.codAmount === p.amount
                  ? ('matched' as const)
                  : ('differs' as const),
            }
          }),
        })),
        unpaid: unpaidRows
          .map((r) => ({
            awb: r.awb!,
            orderId: r.orderId,
            orderNumber: numbers.get(r.orderId) ?? '',
            expected: rupees(r.codAmount),
            deliveredAt: deliveredAt(r),
            overdue: (() => {
              const at = deliveredAt(r)
              return at !== null && Date.parse(at) < due
            })(),
          }))
          .sort((a, b) => (a.deliveredAt ?? '').localeCompare(b.deliveredAt ?? '')),
      }
    },

    /** The sandbox's console button: its courier remits the cash of every delivered COD parcel not remitted yet. */
    async sandboxRemit() {
      if (!provider.sandbox) throw new NotFoundError('Remittances are sent by the courier, not the console.')
      const sent = await provider.sandbox.remit()
      await fetchRemittances()
      return sent
    },

    /**
     * The customer's answer to a failed delivery (decision 136): their corrected phone or address lines go on
     * the order and to the courier with the request for another attempt. Only their own order.
     */
    async askReattemptAsCustomer(userId: string, idOrNumber: string, input: DeliveryRequestInput) {
      const order = await deps.orders.rowById(idOrNumber)
      if (!order || order.userId !== userId) throw new NotFoundError('Order not found.')
      const row = await failedOf(order.id)
      const fixed = await deps.orders.correctForCourier(userId, order.id, {
        phone: input.phoneNumber,
        address: input.address,
        apartment: input.apartment,
      })
      const told = await reattempt(
        row,
        { kind: 'customer', actorId: userId },
        {
          phone: input.phoneNumber ?? null,
          address: input.address
            ? [fixed.shippingAddress, fixed.shippingApartment].filter(Boolean).join(', ')
            : null,
          note: input.note ?? null,
        },
      )
      return { told, shipment: view((await liveOf(order.id))!) }
    },

    /** Staff ask the courier for another attempt on a failed delivery. */
    async askReattemptAsShop(actorId: string, orderId: string, note: string | null) {
      const row = await failedOf(orderId)
      await reattempt(row, { kind: 'shop', actorId }, { phone: null, address: null, note })
      return view((await liveOf(orderId))!)
    },

    /** Staff ask the courier to bring an undelivered parcel back to the shop. */
    async askReturn(actorId: string, orderId: string, note: string | null) {
      const row = await failedOf(orderId)
      await provider.deliveryAction(row.awb!, { kind: 'return', note })
      await set(row.id, { returnAskedAt: now() })
      await writeAudit(db, {
        actorId,
        action: 'order.delivery-action',
        entity: 'order',
        entityId: orderId,
        before: null,
        after: { action: 'return', awb: row.awb },
      })
      // The courier's own record now says it is on its way back.
      return view(await refresh((await liveOf(orderId))!))
    },

    /**
     * Staff have the returned parcel in hand (decision 136): its stock goes back and an online payment is
     * refunded, once. The courier must have said it is coming back (or has arrived).
     */
    async receiveReturn(actorId: string, orderId: string) {
      const row = await liveOf(orderId)
      if (!row || (row.status !== 'Returning to origin' && row.status !== 'Returned to origin')) {
        throw new ConflictError(shipmentMessages.notReturning)
      }
      // One receipt only: the row is claimed before the order is touched.
      const [claimed] = await db
        .update(shipments)
        .set({ returnReceivedAt: now() })
        .where(and(eq(shipments.id, row.id), isNull(shipments.returnReceivedAt)))
        .returning()
      if (!claimed) throw new ConflictError(shipmentMessages.alreadyReceived)
      try {
        const refunded = await deps.orders.returnedToOrigin(orderId, actorId)
        return { refunded, shipment: view(claimed) }
      } catch (err) {
        await set(row.id, { returnReceivedAt: null })
        throw err
      }
    },

    /**
     * The orders whose parcels need staff (the console's 'Delivery problems' queue): a failed delivery not
     * sent back, or a parcel coming back not yet received. A subquery of order ids.
     */
    deliveryProblemOrders: () =>
      db
        .select({ id: shipments.orderId })
        .from(shipments)
        .where(
          and(
            eq(shipments.state, 'booked'),
            isNull(shipments.returnId),
            or(
              and(eq(shipments.status, 'Delivery failed'), isNull(shipments.returnAskedAt)),
              and(
                inArray(shipments.status, ['Returning to origin', 'Returned to origin']),
                isNull(shipments.returnReceivedAt),
              ),
            ),
          ),
        ),
    /** The provider's callback headers and words, for the API document. */
    webhookTerms: provider.webhook,
    providerName: provider.name,
    hasSandbox: Boolean(provider.sandbox),

    /** Books several orders in turn; each is told apart, one refusal does not stop the rest. */
    async bookMany(actorId: string, orderIds: string[], input: BookShipmentInput) {
      const results: Array<{
        orderId: string
        booked: boolean
        shipment: ShipmentView | null
        reason: string | null
      }> = []
      for (const orderId of orderIds) {
        try {
          const row = await bookOne(actorId, orderId, input)
          results.push({ orderId, booked: true, shipment: view(row), reason: null })
        } catch (err) {
          if (!(err instanceof Error) || !('statusCode' in err)) throw err
          results.push({ orderId, booked: false, shipment: null, reason: err.message })
        }
      }
      return { booked: results.filter((r) => r.booked).length, results }
    },

    /** The labels of booked orders with their packing slips, as one PDF: each label followed by its slip. */
    async labels(orderIds: string[]): Promise<Buffer> {
      const rows = await db
        .select()
        .from(shipments)
        .where(
          and(
            inArray(shipments.orderId, orderIds),
            eq(shipments.state, 'booked'),
            isNull(shipments.returnId),
          ),
        )
      const missing = orderIds.filter((id) => !rows.some((r) => r.orderId === id))
      if (missing.length) {
        throw new ConflictError(
          orderIds.length === 1
            ? 'This order has no courier booked yet: press Ship first.'
            : `${missing.length} of the orders have no courier booked yet: ship them first, or untick them.`,
        )
      }
      const out = await PDFDocument.create()
      const slips = await PDFDocument.load(await deps.packingSlips(orderIds))
      for (const [n, orderId] of orderIds.entries()) {
        const row = rows.find((r) => r.orderId === orderId)!
        const label = await PDFDocument.load(await provider.labels([row.providerShipmentId!]))
        for (const page of await out.copyPages(label, label.getPageIndices())) out.addPage(page)
        const [slip] = await out.copyPages(slips, [Math.min(n, slips.getPageCount() - 1)])
        out.addPage(slip!)
      }
      return Buffer.from(await out.save())
    },

    /** The courier's label of an exchange's replacement parcel (decision 140). */
    async replacementLabel(returnId: string): Promise<Buffer> {
      const [row] = await db
        .select()
        .from(shipments)
        .where(
          and(
            eq(shipments.returnId, returnId),
            eq(shipments.state, 'booked'),
            ne(shipments.status, 'Cancelled'),
          ),
        )
      if (!row?.providerShipmentId)
        throw new ConflictError('No replacement has been booked for this return yet.')
      return provider.labels([row.providerShipmentId])
    },

    /** The courier's manifest for booked orders. */
    async manifest(orderIds: string[]): Promise<Buffer> {
      const rows = await db
        .select()
        .from(shipments)
        .where(
          and(
            inArray(shipments.orderId, orderIds),
            eq(shipments.state, 'booked'),
            isNull(shipments.returnId),
          ),
        )
      if (rows.length === 0) throw new ConflictError('None of these orders has a courier booked.')
      return provider.manifest(rows.map((r) => r.providerShipmentId!))
    },

    /** Parcels the callbacks went quiet on: asked about, least recently first. */
    async poll(limit = 20) {
      const before = new Date(now().getTime() - deps.pollMinutes * 60_000)
      const quiet = await db
        .select()
        .from(shipments)
        .where(
          and(
            eq(shipments.state, 'booked'),
            notInArray(shipments.status, [...finalTrackingStatuses]),
            or(isNull(shipments.checkedAt), lt(shipments.checkedAt, before)),
          ),
        )
        .orderBy(asc(shipments.checkedAt))
        .limit(limit)
      let polled = 0
      for (const row of quiet) {
        try {
          await refresh(row)
          polled++
        } catch (err) {
          deps.log?.warn({ err, shipment: row.id }, 'tracking poll failed')
        }
      }
      return { shipmentsPolled: polled }
    },

    /** The live parcel of each order, for the order answers. */
    async ofOrders(orderIds: string[], d: DbOrTx = db): Promise<Map<string, ShipmentView>> {
      if (orderIds.length === 0) return new Map()
      const rows = await d
        .select()
        .from(shipments)
        .where(
          and(
            inArray(shipments.orderId, orderIds),
            eq(shipments.state, 'booked'),
            ne(shipments.status, 'Cancelled'),
            isNull(shipments.returnId),
          ),
        )
      return new Map(rows.map((r) => [r.orderId, view(r)]))
    },

    /** The sandbox's console button: a courier scan on an order's parcel, delivered as the courier's callback. */
    async sandboxScan(orderId: string, status: TrackingStatus) {
      if (!provider.sandbox)
        throw new NotFoundError('Courier scans are made by the courier, not the console.')
      const row = await liveOf(orderId)
      if (!row?.awb || row.state !== 'booked')
        throw new ConflictError('This order has no courier booked yet.')
      const hook = await provider.sandbox.scan(row.awb, status)
      return callback(hook.body, hook.headers)
    },
  }
}
export type ShipmentsService = ReturnType<typeof createShipmentsService>
