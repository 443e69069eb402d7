import { and, eq, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Order, PlaceOrderInput } from '../../../contracts/orders.ts'
import type { Db, Tx } from '../../db/client.ts'
import { orders } from '../../db/schema.ts'
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../http/errors.ts'
import { createOrdersRepo, type FullOrder, isUniqueViolation, type OrderRow } from './repo.ts'

/** What orders need from other modules; each is optional so the module works while they are missing. */
export type OrderPeers = {
  coupons?: {
    check(code: string): Promise<{ code: string; discount: number }>
    recordUse?(code: string, tx?: Tx): Promise<void>
  }
  cart?: { clear(userId: string): Promise<unknown> }
  payments?: { refundOrder(orderId: string): Promise<unknown> }
}

const rupees = (paise: number) => Math.round(paise) / 100
const showRupees = (paise: number) =>
  `₹${new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 }).format(rupees(paise))}`

/** Statuses after which a customer can no longer cancel. */
const shippedStatuses = new Set(['Shipped', 'Delivered'])
const cancelledStatuses = new Set(['Cancelled', 'Canceled'])
/** Forward moves the shop may make; Cancelled is reachable from any status before Shipped. */
const nextStatus: Record<string, string[]> = {
  Pending: ['Processing', 'Shipped', 'Cancelled'],
  Processing: ['Shipped', 'Cancelled'],
  Shipped: ['Delivered'],
  Delivered: [],
  Cancelled: [],
  Canceled: [],
}

export function toApiOrder({ order, items, history }: FullOrder): Order {
  return {
    _id: order.id,
    orderID: order.orderNumber,
    customer: { _id: order.userId },
    status: order.status,
    totalAmount: rupees(order.total),
    subtotal: rupees(order.subtotal),
    discountAmount: rupees(order.discountAmount),
    couponCode: order.couponCode,
    couponDiscount: order.couponPercent,
    createdAt: order.createdAt.toISOString(),
    products: items.map((i) => ({
      _id: i.id,
      product: { _id: i.productId, title: i.title, image: i.image },
      quantity: i.quantity,
      price: rupees(i.price),
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
    refundStatus: order.refundStatus,
    orderHistory: history.map((h) => ({ status: h.status, changedAt: h.changedAt.toISOString() })),
  }
}

export function createOrdersService(deps: { db: Db; log?: FastifyBaseLogger; peers?: () => OrderPeers }) {
  const repo = createOrdersRepo(deps.db)
  const peers = () => deps.peers?.() ?? {}

  async function couponPercent(code: string): Promise<{ code: string; discount: number }> {
    const coupons = peers().coupons
    if (!coupons) throw new ValidationError('Invalid coupon code')
    return coupons.check(code)
  }

  async function full(row: OrderRow): Promise<Order> {
    const [detailed] = await repo.withDetails([row])
    return toApiOrder(detailed!)
  }

  /** A paid order that was cancelled gets its money back through the payment provider. */
  async function refundCancelled(orderId: string) {
    const payments = peers().payments
    if (!payments) return
    try {
      await payments.refundOrder(orderId)
    } catch (err) {
      // Stays marked for refund (refundStatus Pending); the shop can retry from the console.
      deps.log?.error({ err, orderId }, 'refund of a cancelled order failed')
    }
  }

  async function nextOrderNumber(tx: ReturnType<typeof createOrdersRepo>, now: Date) {
    const prefix = `KS-${now.getUTCFullYear()}-`
    const last = await tx.lastOrderNumber(prefix)
    const n = last ? Number(last.slice(prefix.length)) + 1 : 1
    return `${prefix}${String(n).padStart(6, '0')}`
  }

  return {
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
     * Places an order priced entirely from the shop's own data. The client's total must match the
     * server's (to the paisa), so nobody pays an amount they did not see. A repeated idempotency key
     * returns the first order.
     */
    async placeOrder(
      userId: string,
      input: PlaceOrderInput,
      idempotencyKey?: string,
    ): Promise<{ order: Order; created: boolean }> {
      if (input.customerId !== userId) throw new ForbiddenError('You can only place orders for yourself.')
      const key = idempotencyKey ?? input.idempotencyKey
      if (key) {
        const existing = await repo.byIdempotencyKey(userId, key)
        if (existing) return { order: await full(existing), created: false }
      }

      // One line per product, quantities merged.
      const lines = new Map<string, { quantity: number; price: number }>()
      for (const p of input.products) {
        const line = lines.get(p.productId)
        if (line) line.quantity += p.quantity
        else lines.set(p.productId, { quantity: p.quantity, price: p.price })
      }
      const found = await repo.sellableProducts([...lines.keys()])
      const byId = new Map(found.map((p) => [p.id, p]))
      const missing = [...lines.keys()].filter((id) => !byId.has(id))
      if (missing.length > 0) {
        throw new ConflictError(
          'Some products in your cart are no longer available. Please review your cart and try again.',
        )
      }
      for (const [id, line] of lines) {
        const product = byId.get(id)!
        if (Math.round(line.price * 100) !== product.price) {
          throw new ConflictError(
            `The price of ${product.title} is now ${showRupees(product.price)} (your cart shows ${showRupees(Math.round(line.price * 100))}). Please review your cart and place the order again.`,
          )
        }
      }

      const coupon = input.couponCode ? await couponPercent(input.couponCode) : null
      const percent = coupon?.discount ?? 0
      const subtotal = [...lines].reduce((sum, [id, l]) => sum + byId.get(id)!.price * l.quantity, 0)
      const discountAmount = Math.round((subtotal * percent) / 100)
      const total = subtotal - discountAmount
      const clientTotal = Math.round(input.totalAmount * 100)
      // One paisa of slack for the browser's floating-point rounding of the coupon.
      if (Math.abs(clientTotal - total) > 1) {
        throw new ConflictError(
          `The order total is ${showRupees(total)}, but your cart shows ${showRupees(clientTotal)}. Prices or your coupon have changed: please review your cart and place the order again.`,
        )
      }

      const s = input.shippingInfo
      for (let attempt = 0; ; attempt++) {
        try {
          const row = await deps.db.transaction(async (tx) => {
            const txRepo = createOrdersRepo(tx)
            const now = new Date()
            if (coupon) await peers().coupons?.recordUse?.(coupon.code, tx)
            return txRepo.insertOrder(
              {
                orderNumber: await nextOrderNumber(txRepo, now),
                userId,
                status: 'Pending',
                subtotal,
                discountAmount,
                total,
                couponCode: coupon?.code ?? null,
                couponPercent: percent,
                idempotencyKey: key ?? null,
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
                paymentMethod: 'Credit Card',
                paymentStatus: 'Pending',
              },
              [...lines].map(([id, l]) => {
                const p = byId.get(id)!
                return { productId: id, title: p.title, image: p.image, price: p.price, quantity: l.quantity }
              }),
              'Pending',
            )
          })
          return { order: await full(row), created: true }
        } catch (err) {
          if (!isUniqueViolation(err) || attempt >= 4) throw err
          // Same idempotency key placed concurrently: answer with that order.
          if (key) {
            const existing = await repo.byIdempotencyKey(userId, key)
            if (existing) return { order: await full(existing), created: false }
          }
          // Otherwise two orders took the same number at once: take the next one.
        }
      }
    },

    async listForCustomer(userId: string): Promise<Order[]> {
      return (await repo.listForUser(userId)).map(toApiOrder)
    },

    /** One of the customer's own orders; anybody else's is 'not found'. */
    async getForCustomer(userId: string, idOrNumber: string): Promise<Order> {
      const row = await repo.byIdOrNumber(idOrNumber)
      if (!row || row.userId !== userId) throw new NotFoundError('Order not found.')
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
     * Customer cancellation: only before the order ships. A paid order is marked for refund and
     * the refund goes through the payment provider.
     */
    async cancelForCustomer(userId: string, idOrNumber: string): Promise<Order> {
      const found = await repo.byIdOrNumber(idOrNumber)
      if (!found || found.userId !== userId) throw new NotFoundError('Order not found.')
      const outcome = await deps.db.transaction(async (tx) => {
        const txRepo = createOrdersRepo(tx)
        const row = (await txRepo.lockById(found.id))!
        if (cancelledStatuses.has(row.status)) return { row, changed: false }
        if (shippedStatuses.has(row.status)) {
          throw new ConflictError('This order has already been shipped and can no longer be cancelled.')
        }
        const paid = row.paymentStatus === 'Paid'
        const updated = await txRepo.update(row.id, {
          status: 'Cancelled',
          ...(paid ? { refundStatus: 'Pending' } : {}),
        })
        await txRepo.addHistory(row.id, 'Cancelled', userId, 'Cancelled by the customer')
        return { row: updated!, changed: true }
      })
      if (outcome.changed && outcome.row.refundStatus === 'Pending') await refundCancelled(outcome.row.id)
      return full((await repo.byIdOrNumber(outcome.row.id))!)
    },

    /** The shop moves an order forward (or cancels it); every change is written to its history. */
    async changeStatus(
      orderId: string,
      status: string,
      opts: { shippingLink?: string | null; by?: string | null; note?: string } = {},
    ): Promise<Order> {
      const row = await deps.db.transaction(async (tx) => {
        const txRepo = createOrdersRepo(tx)
        const current = await txRepo.lockById(orderId)
        if (!current) throw new NotFoundError('Order not found.')
        if (!(nextStatus[current.status] ?? []).includes(status)) {
          throw new ConflictError(`An order that is ${current.status} cannot become ${status}.`)
        }
        const paid = current.paymentStatus === 'Paid'
        const updated = await txRepo.update(current.id, {
          status,
          ...(opts.shippingLink !== undefined ? { shippingLink: opts.shippingLink } : {}),
          ...(status === 'Cancelled' && paid ? { refundStatus: 'Pending' } : {}),
        })
        await txRepo.addHistory(current.id, status, opts.by ?? null, opts.note)
        return updated!
      })
      if (status === 'Cancelled' && row.refundStatus === 'Pending') await refundCancelled(row.id)
      return full((await repo.byIdOrNumber(row.id))!)
    },

    /** Payment captured: the order is Paid (never moved back from Paid). Returns whether it changed. */
    async markPaid(orderId: string, tx?: Tx): Promise<boolean> {
      const r = createOrdersRepo(tx ?? deps.db)
      const row = await r.lockById(orderId)
      if (!row || row.paymentStatus === 'Paid' || row.paymentStatus === 'Refunded') return false
      await r.update(orderId, { paymentStatus: 'Paid' })
      return true
    },

    /** Payment failed: recorded only while the order is not paid. */
    async markPaymentFailed(orderId: string, tx?: Tx) {
      const r = createOrdersRepo(tx ?? deps.db)
      const row = await r.lockById(orderId)
      if (row?.paymentStatus !== 'Pending') return false
      await r.update(orderId, { paymentStatus: 'Failed' })
      return true
    },

    async setRefund(orderId: string, refundStatus: 'Pending' | 'Refunded' | 'Failed') {
      await repo.update(orderId, {
        refundStatus,
        ...(refundStatus === 'Refunded' ? { paymentStatus: 'Refunded' } : {}),
      })
    },

    /** A payment may be retried after a failure: the order goes back to awaiting payment. */
    async markPaymentRetry(orderId: string) {
      const row = await repo.byIdOrNumber(orderId)
      if (row?.paymentStatus === 'Failed') await repo.update(orderId, { paymentStatus: 'Pending' })
    },
  }
}
export type OrdersService = ReturnType<typeof createOrdersService>
