import { and, asc, count, desc, eq, gt, inArray, isNull, lte, notInArray, or, sql } from 'drizzle-orm'
import type { ShipmentView } from '../../../contracts/shipments.ts'
import type { DbOrTx } from '../../db/client.ts'
import { codPhoneBlocks, orderCounters, orderHistory, orderItems, orders } from './tables.ts'

export type OrderRow = typeof orders.$inferSelect
export type OrderItemRow = typeof orderItems.$inferSelect
export type OrderHistoryRow = typeof orderHistory.$inferSelect
export type OrderDocuments = { invoice: string | null; creditNote: string | null }
/** The numbers of orders' GST invoices and credit notes, as the invoices module keeps them. */
export type DocumentNumber = { orderId: string; kind: string; number: string }
export type FullOrder = {
  order: OrderRow
  items: OrderItemRow[]
  history: OrderHistoryRow[]
  documents: OrderDocuments
  /** The courier's parcel, when one is booked (the shipping module's, decision 135). */
  shipment?: ShipmentView | null
}

/** True for a unique-constraint violation, whichever driver (PGlite, node-postgres) raised it. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true
  }
  return false
}

/**
 * PostgreSQL ended the transaction to undo a deadlock (or a serialization failure): nothing of it was kept,
 * and the same work may simply be tried again.
 */
export function isDeadlock(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '40P01' || e.code === '40001') return true
  }
  return false
}

/** Statuses after which an order no longer holds its products. */
// A parcel returned to the shop (decision 136) closes its order as a cancellation does.
export const closedOrderStatuses = ['Delivered', 'Cancelled', 'Returned to origin']

/** An online order awaiting payment within its reservation: it holds its pieces (and any coupon use). */
const awaitingPayment = (now: Date) =>
  and(
    eq(orders.status, 'Pending'),
    inArray(orders.paymentStatus, ['Pending', 'Failed']),
    gt(orders.reservedUntil, now),
  )

/** A cash-on-delivery order placed and not yet delivered or cancelled: it holds its pieces until then. */
const openCod = and(
  eq(orders.paymentMethod, 'COD'),
  eq(orders.paymentStatus, 'Pay on delivery'),
  notInArray(orders.status, closedOrderStatuses),
)

/** The phone an order goes to, as its last 10 digits (contracts/hold-limits.ts `phoneKey`). */
const phoneDigits = sql`right(regexp_replace(${orders.shippingPhone}, '[^0-9]', '', 'g'), 10)`

export function createOrdersRepo(db: DbOrTx) {
  /** The orders with their items and history, and the numbers of their documents (`docs`, read by the caller). */
  async function withDetails(rows: OrderRow[], docs: DocumentNumber[]): Promise<FullOrder[]> {
    if (rows.length === 0) return []
    const ids = rows.map((r) => r.id)
    const [items, history] = await Promise.all([
      db.select().from(orderItems).where(inArray(orderItems.orderId, ids)).orderBy(asc(orderItems.createdAt)),
      db
        .select()
        .from(orderHistory)
        .where(inArray(orderHistory.orderId, ids))
        .orderBy(asc(orderHistory.changedAt), asc(orderHistory.createdAt)),
    ])
    const numberOf = (orderId: string, kind: string) =>
      docs.find((d) => d.orderId === orderId && d.kind === kind)?.number ?? null
    return rows.map((order) => ({
      order,
      items: items.filter((i) => i.orderId === order.id),
      history: history.filter((h) => h.orderId === order.id),
      documents: { invoice: numberOf(order.id, 'invoice'), creditNote: numberOf(order.id, 'credit-note') },
    }))
  }

  return {
    withDetails,

    async byIdempotencyKey(userId: string, key: string) {
      const [row] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)))
      return row ?? null
    },

    /**
     * The next serial under a prefix such as 'KS-2026-': the counter row stays locked until the transaction
     * ends, so concurrent placements wait for each other here instead of colliding on the number.
     */
    async nextOrderSerial(prefix: string): Promise<number> {
      const [row] = await db
        .insert(orderCounters)
        .values({ prefix, last: 1 })
        .onConflictDoUpdate({
          target: orderCounters.prefix,
          set: { last: sql`${orderCounters.last} + 1`, updatedAt: new Date() },
        })
        .returning({ last: orderCounters.last })
      return row!.last
    },

    async insertOrder(
      order: typeof orders.$inferInsert,
      items: Array<Omit<typeof orderItems.$inferInsert, 'orderId'>>,
      status: string,
    ) {
      const [row] = await db.insert(orders).values(order).returning()
      // A millisecond apart, so the lines are read back (invoice, slip, e-mails) in the order placed.
      const at = row!.createdAt.getTime()
      await db
        .insert(orderItems)
        .values(items.map((i, n) => ({ ...i, orderId: row!.id, createdAt: new Date(at + n) })))
      await db
        .insert(orderHistory)
        .values({ orderId: row!.id, status, changedBy: order.userId, changedAt: new Date() })
      return row!
    },

    listForUser(userId: string) {
      return db
        .select()
        .from(orders)
        .where(eq(orders.userId, userId))
        .orderBy(desc(orders.createdAt), desc(orders.id))
    },

    /** One order by its id or its order number. */
    /** One line of an order, locked for a change to it (the caller holds the order's row). */
    async itemForUpdate(orderId: string, itemId: string) {
      const [row] = await db
        .select()
        .from(orderItems)
        .where(and(eq(orderItems.orderId, orderId), eq(orderItems.id, itemId)))
        .for('update')
      return row ?? null
    },

    async updateItem(
      itemId: string,
      values: Partial<Pick<OrderItemRow, 'personalisation' | 'finishedPhoto'>>,
    ) {
      await db.update(orderItems).set(values).where(eq(orderItems.id, itemId))
    },

    async byIdOrNumber(idOrNumber: string) {
      const [row] = await db
        .select()
        .from(orders)
        .where(or(eq(orders.id, idOrNumber), eq(orders.orderNumber, idOrNumber)))
      return row ?? null
    },

    async byIds(ids: string[]) {
      if (ids.length === 0) return []
      return db.select().from(orders).where(inArray(orders.id, ids))
    },

    /** The accounts with an order to a phone whose digits match a LIKE pattern, as a subquery. */
    userIdsWithPhone(digitsLike: string) {
      return db
        .select({ userId: orders.userId })
        .from(orders)
        .where(sql`regexp_replace(${orders.shippingPhone}, '\\D', '', 'g') like ${digitsLike}`)
    },

    /** How many orders each of these accounts has (those with none are left out). */
    countsByUser(userIds: string[]) {
      if (userIds.length === 0) return Promise.resolve([])
      return db
        .select({ userId: orders.userId, n: sql<number>`count(*)::int` })
        .from(orders)
        .where(sql`${orders.userId} = any(${sql.param(userIds)}::text[])`)
        .groupBy(orders.userId)
    },

    /** The numbers of these orders. */
    numbers(ids: string[]) {
      if (ids.length === 0) return Promise.resolve([])
      return db
        .select({ id: orders.id, orderNumber: orders.orderNumber })
        .from(orders)
        .where(sql`${orders.id} = any(${sql.param(ids)}::text[])`)
    },

    async byId(id: string) {
      const [row] = await db.select().from(orders).where(eq(orders.id, id))
      return row ?? null
    },

    /** An order's history, oldest step first. */
    historyOf(orderId: string) {
      return db
        .select({
          id: orderHistory.id,
          status: orderHistory.status,
          note: orderHistory.note,
          changedAt: orderHistory.changedAt,
          changedBy: orderHistory.changedBy,
        })
        .from(orderHistory)
        .where(eq(orderHistory.orderId, orderId))
        .orderBy(asc(orderHistory.changedAt), asc(orderHistory.createdAt))
    },

    /** One line per order of a customer, newest first. */
    summariesForUser(userId: string) {
      return db
        .select({
          id: orders.id,
          orderNumber: orders.orderNumber,
          status: orders.status,
          total: orders.total,
          paymentStatus: orders.paymentStatus,
          createdAt: orders.createdAt,
        })
        .from(orders)
        .where(eq(orders.userId, userId))
        .orderBy(desc(orders.createdAt))
    },

    /** Numbers of the orders not yet delivered or cancelled that hold a product (at most 20). */
    openOrdersHolding(productId: string) {
      return db
        .selectDistinct({ orderNumber: orders.orderNumber })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(and(eq(orderItems.productId, productId), notInArray(orders.status, closedOrderStatuses)))
        .limit(20)
    },

    /** How many order lines, of any order, name a product. */
    async linesOfProduct(productId: string) {
      const [{ n }] = await db
        .select({ n: count() })
        .from(orderItems)
        .where(eq(orderItems.productId, productId))
      return n
    },

    /** Locks the order row for the rest of the transaction (a no-op lock on PGlite's single connection). */
    async lockById(id: string) {
      const [row] = await db.select().from(orders).where(eq(orders.id, id)).for('update')
      return row ?? null
    },

    /** Serialises cash-on-delivery placements to one phone number, whichever accounts place them. */
    async lockCodPhone(phone: string) {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`cod-phone:${phone}`}))`)
    },

    /** What a customer's orders hold now: unpaid online orders, open COD orders, their pieces, and any paid history. */
    async heldBy(userId: string, now: Date) {
      const [counts] = await db
        .select({
          unpaidOrders: sql<number>`count(*) filter (where ${awaitingPayment(now)})::int`,
          openCod: sql<number>`count(*) filter (where ${openCod})::int`,
          // Paid (a delivered COD order is Paid too) or delivered: the account has bought from the shop before.
          paidBefore: sql<boolean>`coalesce(bool_or(${orders.paymentStatus} = 'Paid' or ${orders.status} = 'Delivered'), false)`,
        })
        .from(orders)
        .where(eq(orders.userId, userId))
      const [pieces] = await db
        .select({ n: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int` })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(and(eq(orders.userId, userId), eq(orders.stockHeld, true), or(awaitingPayment(now), openCod)))
      return {
        unpaidOrders: counts?.unpaidOrders ?? 0,
        openCod: counts?.openCod ?? 0,
        paidBefore: Boolean(counts?.paidBefore),
        heldPieces: pieces?.n ?? 0,
      }
    },

    /** Open cash-on-delivery orders to a phone number (its 10 digits), of any account. */
    /** Whether staff blocked cash on delivery to this phone (its last ten digits). */
    async codBlocked(phone: string): Promise<boolean> {
      const [row] = await db
        .select({ phone: codPhoneBlocks.phone })
        .from(codPhoneBlocks)
        .where(eq(codPhoneBlocks.phone, phone))
      return Boolean(row)
    },

    /** What staff weigh before blocking a phone: its COD parcels that came back, and its block if any. */
    async codRecordOf(phone: string) {
      const [returned] = await db
        .select({ n: count() })
        .from(orders)
        .where(
          and(
            eq(orders.paymentMethod, 'COD'),
            eq(orders.status, 'Returned to origin'),
            sql`${phoneDigits} = ${phone}`,
          ),
        )
      const [block] = await db.select().from(codPhoneBlocks).where(eq(codPhoneBlocks.phone, phone))
      return { returnedCod: returned?.n ?? 0, block: block ?? null }
    },

    async setCodBlock(phone: string, reason: string, by: string) {
      await db
        .insert(codPhoneBlocks)
        .values({ phone, reason, blockedBy: by })
        .onConflictDoUpdate({
          target: codPhoneBlocks.phone,
          set: { reason, blockedBy: by, updatedAt: new Date() },
        })
    },

    async clearCodBlock(phone: string) {
      const gone = await db.delete(codPhoneBlocks).where(eq(codPhoneBlocks.phone, phone)).returning()
      return gone.length > 0
    },

    async openCodToPhone(phone: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(orders)
        .where(and(openCod, sql`${phoneDigits} = ${phone}`))
      return row?.n ?? 0
    },

    async update(id: string, values: Partial<typeof orders.$inferInsert>) {
      const [row] = await db.update(orders).set(values).where(eq(orders.id, id)).returning()
      return row ?? null
    },

    /** The products these orders hold, each once. */
    async productIdsOf(orderIds: string[]): Promise<string[]> {
      if (orderIds.length === 0) return []
      const rows = await db
        .selectDistinct({ productId: orderItems.productId })
        .from(orderItems)
        .where(inArray(orderItems.orderId, orderIds))
      return rows.map((r) => r.productId)
    },

    async itemsOf(orderId: string) {
      return db.select().from(orderItems).where(eq(orderItems.orderId, orderId))
    },

    /** An order's lines in the order they were written (as its documents list them). */
    linesOf(orderId: string) {
      return db
        .select()
        .from(orderItems)
        .where(eq(orderItems.orderId, orderId))
        .orderBy(asc(orderItems.createdAt), asc(orderItems.id))
    },

    /** Orders holding a coupon without having counted it yet: unpaid, not cancelled, not lapsed. */
    async couponHolds(code: string, userId: string, now: Date) {
      const unpaidHolding = and(eq(orders.couponCounted, false), awaitingPayment(now))
      const [row] = await db
        .select({
          all: sql<number>`count(*) filter (where ${unpaidHolding})::int`,
          customer: sql<number>`count(*) filter (where ${unpaidHolding} and ${orders.userId} = ${userId})::int`,
          customerPaid: sql<number>`count(*) filter (where ${orders.couponCounted} and ${orders.userId} = ${userId})::int`,
        })
        .from(orders)
        .where(eq(orders.couponCode, code))
      return row ?? { all: 0, customer: 0, customerPaid: 0 }
    },

    /** Unpaid orders whose reservation has lapsed (of one customer, when named), locked for this transaction (skipping any another instance holds). */
    async lapsed(now: Date, limit: number, userId?: string) {
      return db
        .select()
        .from(orders)
        .where(
          and(
            userId ? eq(orders.userId, userId) : undefined,
            eq(orders.status, 'Pending'),
            inArray(orders.paymentStatus, ['Pending', 'Failed']),
            lte(orders.reservedUntil, now),
          ),
        )
        .orderBy(asc(orders.reservedUntil))
        .limit(limit)
        .for('update', { skipLocked: true })
    },

    /** The customer's latest delivered order holding the product, or null. */
    async deliveredOrderWith(userId: string, productId: string): Promise<string | null> {
      const [row] = await db
        .select({ id: orders.id })
        .from(orders)
        .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
        .where(
          and(eq(orders.userId, userId), eq(orders.status, 'Delivered'), eq(orderItems.productId, productId)),
        )
        .orderBy(desc(orders.createdAt))
        .limit(1)
      return row?.id ?? null
    },

    /** The ids of the orders a payment may still pay (unpaid, failed or expired), as a subquery. */
    idsAwaitingPayment() {
      return db
        .select({ id: orders.id })
        .from(orders)
        .where(inArray(orders.paymentStatus, ['Pending', 'Failed', 'Expired']))
    },

    /** Refunds waiting for a (re)try. */
    async refundsDue(now: Date, limit: number) {
      return db
        .select({ id: orders.id })
        .from(orders)
        .where(
          and(
            eq(orders.paymentStatus, 'Refund pending'),
            or(isNull(orders.refundRetryAt), lte(orders.refundRetryAt, now)),
          ),
        )
        .orderBy(asc(orders.updatedAt))
        .limit(limit)
    },

    async addHistory(orderId: string, status: string, changedBy: string | null, note?: string) {
      // Set here: now() inside a transaction is the transaction's start time.
      await db.insert(orderHistory).values({ orderId, status, changedBy, note, changedAt: new Date() })
    },
  }
}
export type OrdersRepo = ReturnType<typeof createOrdersRepo>
