import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  isNotNull,
  isNull,
  lt,
  notInArray,
  or,
  sql,
} from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import {
  addresses,
  auditLog,
  categories,
  contactMessages,
  orderHistory,
  orderItems,
  orders,
  payments,
  productImages,
  products,
  refreshTokens,
  states,
  subcategories,
  users,
} from '../../db/schema.ts'
import { type AuditEntry, writeAudit } from '../audit/repo.ts'

/** Statuses after which an order no longer holds its products. */
export const closedOrderStatuses = ['Delivered', 'Cancelled']

/** The console's work queues (contracts/order-states.ts names them). */
const queueConditions = {
  awaitingPayment: sql`${orders.status} = 'Pending' and ${orders.paymentStatus} in ('Pending', 'Failed')`,
  toShip: sql`${orders.status} in ('Pending', 'Processing') and ${orders.paymentStatus} = 'Paid'`,
  refundPending: sql`${orders.paymentStatus} = 'Refund pending'`,
  // Cash on delivery: shipped without payment, so it is its own queue (decision 080).
  codToShip: sql`${orders.status} in ('Pending', 'Processing') and ${orders.paymentStatus} = 'Pay on delivery'`,
}

/** Orders whose money the shop keeps: paid and not cancelled. */
const kept = sql`${orders.status} <> 'Cancelled' and ${orders.paymentStatus} = 'Paid'`

const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

export type { AuditEntry }

/** The back office's own queries over the shop's tables (decision 050). */
export function createAdminRepo(db: DbOrTx) {
  return {
    writeAudit(entry: AuditEntry) {
      return writeAudit(db, entry)
    },
    async auditPage(opts: { entity?: string; offset: number; limit: number }) {
      const where = opts.entity ? eq(auditLog.entity, opts.entity) : undefined
      const rows = await db
        .select({
          id: auditLog.id,
          actorId: auditLog.actorId,
          actorEmail: users.email,
          action: auditLog.action,
          entity: auditLog.entity,
          entityId: auditLog.entityId,
          before: auditLog.before,
          after: auditLog.after,
          createdAt: auditLog.createdAt,
        })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorId))
        .where(where)
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(opts.limit)
        .offset(opts.offset)
      const [{ total }] = await db.select({ total: count() }).from(auditLog).where(where)
      return { rows, total }
    },

    // ----- products -----
    async productPage(opts: {
      q?: string
      categoryId?: string
      stateId?: string
      approval: 'all' | 'approved' | 'pending' | 'archived'
      offset: number
      limit: number
    }) {
      const conds = []
      if (opts.q) conds.push(or(ilike(products.title, like(opts.q)), ilike(products.sku, like(opts.q))))
      if (opts.categoryId) conds.push(eq(products.categoryId, opts.categoryId))
      if (opts.stateId) conds.push(eq(products.stateId, opts.stateId))
      if (opts.approval === 'archived') conds.push(isNotNull(products.archivedAt))
      else {
        if (opts.approval !== 'all') conds.push(isNull(products.archivedAt))
        if (opts.approval === 'approved') conds.push(eq(products.isApproved, true))
        if (opts.approval === 'pending') conds.push(eq(products.isApproved, false))
      }
      const where = conds.length ? and(...conds) : undefined
      const rows = await db
        .select({
          id: products.id,
          title: products.title,
          sku: products.sku,
          price: products.price,
          cutPrice: products.cutPrice,
          discount: products.discount,
          quantity: products.quantity,
          isApproved: products.isApproved,
          archivedAt: products.archivedAt,
          category: categories.title,
          state: states.name,
          image: sql<
            string | null
          >`(select ${productImages.url} from ${productImages} where ${productImages.productId} = ${products.id} order by ${productImages.position} limit 1)`,
          updatedAt: products.updatedAt,
        })
        .from(products)
        .leftJoin(categories, eq(categories.id, products.categoryId))
        .leftJoin(states, eq(states.id, products.stateId))
        .where(where)
        .orderBy(desc(products.createdAt), desc(products.id))
        .limit(opts.limit)
        .offset(opts.offset)
      const [{ total }] = await db.select({ total: count() }).from(products).where(where)
      return { rows, total }
    },
    productById(id: string) {
      return db
        .select()
        .from(products)
        .where(eq(products.id, id))
        .then((r) => r[0] ?? null)
    },
    productBySku(sku: string) {
      return db
        .select({ id: products.id })
        .from(products)
        .where(sql`lower(${products.sku}) = ${sku.toLowerCase()}`)
        .then((r) => r[0] ?? null)
    },
    imagesOf(productId: string) {
      return db
        .select()
        .from(productImages)
        .where(eq(productImages.productId, productId))
        .orderBy(asc(productImages.position), asc(productImages.createdAt))
    },
    async namesFor(ids: { categoryId: string | null; subcategoryId: string | null; stateId: string | null }) {
      const [cat] = ids.categoryId
        ? await db.select().from(categories).where(eq(categories.id, ids.categoryId))
        : []
      const [sub] = ids.subcategoryId
        ? await db.select().from(subcategories).where(eq(subcategories.id, ids.subcategoryId))
        : []
      const [st] = ids.stateId ? await db.select().from(states).where(eq(states.id, ids.stateId)) : []
      return { category: cat ?? null, subcategory: sub ?? null, state: st ?? null }
    },
    /** Orders not yet delivered or cancelled that contain the product. */
    openOrdersHolding(productId: string) {
      return db
        .selectDistinct({ orderNumber: orders.orderNumber })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(and(eq(orderItems.productId, productId), notInArray(orders.status, closedOrderStatuses)))
        .limit(20)
    },
    async orderLinesOf(productId: string) {
      const [{ n }] = await db
        .select({ n: count() })
        .from(orderItems)
        .where(eq(orderItems.productId, productId))
      return n
    },
    productsUsing(column: 'categoryId' | 'subcategoryId' | 'stateId', id: string) {
      return db
        .select({ n: count() })
        .from(products)
        .where(eq(products[column], id))
        .then((r) => r[0].n)
    },

    // ----- orders -----
    async orderPage(opts: {
      q?: string
      status?: string
      payment?: string
      queue?: keyof typeof queueConditions
      from?: Date
      to?: Date
      offset: number
      limit: number
    }) {
      const conds = []
      if (opts.q) {
        const p = like(opts.q)
        conds.push(
          or(
            ilike(orders.orderNumber, p),
            ilike(orders.id, p),
            ilike(orders.shippingPhone, p),
            ilike(users.email, p),
            ilike(users.fullName, p),
            ilike(users.mobile, p),
            sql`(coalesce(${orders.shippingFirstName}, '') || ' ' || coalesce(${orders.shippingLastName}, '')) ilike ${p}`,
          ),
        )
      }
      if (opts.status) conds.push(eq(orders.status, opts.status))
      if (opts.payment) conds.push(eq(orders.paymentStatus, opts.payment))
      if (opts.queue) conds.push(queueConditions[opts.queue])
      if (opts.from) conds.push(gte(orders.createdAt, opts.from))
      if (opts.to) conds.push(lt(orders.createdAt, opts.to))
      const where = conds.length ? and(...conds) : undefined
      const rows = await db
        .select({
          id: orders.id,
          orderNumber: orders.orderNumber,
          status: orders.status,
          total: orders.total,
          paymentStatus: orders.paymentStatus,
          createdAt: orders.createdAt,
          customerId: users.id,
          customerName: users.fullName,
          customerEmail: users.email,
          phone: orders.shippingPhone,
          city: orders.shippingCity,
        })
        .from(orders)
        .innerJoin(users, eq(users.id, orders.userId))
        .where(where)
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(opts.limit)
        .offset(opts.offset)
      const [{ total }] = await db
        .select({ total: count() })
        .from(orders)
        .innerJoin(users, eq(users.id, orders.userId))
        .where(where)
      return { rows, total }
    },
    orderById(id: string) {
      return db
        .select()
        .from(orders)
        .where(eq(orders.id, id))
        .then((r) => r[0] ?? null)
    },
    orderItemsOf(orderId: string) {
      return db
        .select()
        .from(orderItems)
        .where(eq(orderItems.orderId, orderId))
        .orderBy(asc(orderItems.createdAt))
    },
    orderHistoryOf(orderId: string) {
      return db
        .select({
          id: orderHistory.id,
          status: orderHistory.status,
          note: orderHistory.note,
          changedAt: orderHistory.changedAt,
          changedBy: orderHistory.changedBy,
          changedByEmail: users.email,
        })
        .from(orderHistory)
        .leftJoin(users, eq(users.id, orderHistory.changedBy))
        .where(eq(orderHistory.orderId, orderId))
        .orderBy(asc(orderHistory.changedAt), asc(orderHistory.createdAt))
    },
    paymentsOf(orderId: string) {
      return db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.createdAt))
    },

    // ----- customers -----
    async customerPage(opts: { q?: string; offset: number; limit: number }) {
      const where = opts.q
        ? or(
            ilike(users.email, like(opts.q)),
            ilike(users.fullName, like(opts.q)),
            ilike(users.mobile, like(opts.q)),
          )
        : undefined
      const rows = await db
        .select({
          id: users.id,
          fullName: users.fullName,
          email: users.email,
          mobile: users.mobile,
          role: users.role,
          disabledAt: users.disabledAt,
          createdAt: users.createdAt,
          orderCount: sql<number>`(select count(*)::int from ${orders} where ${orders.userId} = ${users.id})`,
        })
        .from(users)
        .where(where)
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(opts.limit)
        .offset(opts.offset)
      const [{ total }] = await db.select({ total: count() }).from(users).where(where)
      return { rows, total }
    },
    userById(id: string) {
      return db
        .select({
          id: users.id,
          fullName: users.fullName,
          userName: users.userName,
          email: users.email,
          mobile: users.mobile,
          dob: users.dob,
          gender: users.gender,
          role: users.role,
          disabledAt: users.disabledAt,
          createdAt: users.createdAt,
        })
        .from(users)
        .where(eq(users.id, id))
        .then((r) => r[0] ?? null)
    },
    addressesOf(userId: string) {
      return db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(asc(addresses.createdAt))
    },
    ordersOf(userId: string) {
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
    setDisabled(userId: string, disabledAt: Date | null) {
      return db.update(users).set({ disabledAt }).where(eq(users.id, userId))
    },
    revokeRefreshTokens(userId: string) {
      return db
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)))
    },

    // ----- messages -----
    async messagePage(opts: {
      q?: string
      kind?: 'contact' | 'newsletter'
      status?: 'new' | 'read'
      offset: number
      limit: number
    }) {
      const conds = []
      if (opts.kind) conds.push(eq(contactMessages.kind, opts.kind))
      if (opts.status) conds.push(eq(contactMessages.status, opts.status))
      if (opts.q) {
        const p = like(opts.q)
        conds.push(
          or(
            ilike(contactMessages.email, p),
            ilike(contactMessages.firstName, p),
            ilike(contactMessages.lastName, p),
            ilike(contactMessages.message, p),
            ilike(contactMessages.phone, p),
          ),
        )
      }
      const where = conds.length ? and(...conds) : undefined
      const rows = await db
        .select()
        .from(contactMessages)
        .where(where)
        .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
        .limit(opts.limit)
        .offset(opts.offset)
      const [{ total }] = await db.select({ total: count() }).from(contactMessages).where(where)
      return { rows, total }
    },
    messageById(id: string) {
      return db
        .select()
        .from(contactMessages)
        .where(eq(contactMessages.id, id))
        .then((r) => r[0] ?? null)
    },

    // ----- overview -----
    async overview(now: Date, todayStart: Date, monthStart: Date) {
      const [o] = await db
        .select({
          today: sql<number>`count(*) filter (where ${orders.createdAt} >= ${todayStart.toISOString()}::timestamptz)::int`,
          month: sql<number>`count(*) filter (where ${orders.createdAt} >= ${monthStart.toISOString()}::timestamptz)::int`,
          revenueToday: sql<number>`coalesce(sum(${orders.total}) filter (where ${orders.createdAt} >= ${todayStart.toISOString()}::timestamptz and ${kept}), 0)::bigint`,
          revenueMonth: sql<number>`coalesce(sum(${orders.total}) filter (where ${orders.createdAt} >= ${monthStart.toISOString()}::timestamptz and ${kept}), 0)::bigint`,
          revenueAll: sql<number>`coalesce(sum(${orders.total}) filter (where ${kept}), 0)::bigint`,
          awaitingPayment: sql<number>`count(*) filter (where ${queueConditions.awaitingPayment})::int`,
          toShip: sql<number>`count(*) filter (where ${queueConditions.toShip})::int`,
          refundPending: sql<number>`count(*) filter (where ${queueConditions.refundPending})::int`,
          codToShip: sql<number>`count(*) filter (where ${queueConditions.codToShip})::int`,
        })
        .from(orders)
        .where(lt(orders.createdAt, new Date(now.getTime() + 60_000)))
      const byStatus = await db
        .select({ status: orders.status, n: count() })
        .from(orders)
        .groupBy(orders.status)
      const [{ pending }] = await db
        .select({ pending: count() })
        .from(products)
        .where(and(eq(products.isApproved, false), isNull(products.archivedAt)))
      const [{ unread }] = await db
        .select({ unread: count() })
        .from(contactMessages)
        .where(and(eq(contactMessages.status, 'new'), eq(contactMessages.kind, 'contact')))
      const [{ subscribers }] = await db
        .select({ subscribers: count() })
        .from(contactMessages)
        .where(and(eq(contactMessages.status, 'new'), eq(contactMessages.kind, 'newsletter')))
      return {
        orders: o,
        byStatus,
        pendingProducts: pending,
        newMessages: unread,
        newSubscribers: subscribers,
      }
    },
  }
}
export type AdminRepo = ReturnType<typeof createAdminRepo>
