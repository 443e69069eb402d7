import { and, count, desc, eq, gte, ilike, lt, or, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client.ts'
import { orders, users } from '../../../db/schema.ts'
import { containing } from '../kit.ts'

/** The console's work queues (contracts/order-states.ts names them); the overview counts them too. */
export const queueConditions = {
  awaitingPayment: sql`${orders.status} = 'Pending' and ${orders.paymentStatus} in ('Pending', 'Failed')`,
  toShip: sql`${orders.status} in ('Pending', 'Processing') and ${orders.paymentStatus} = 'Paid'`,
  refundPending: sql`${orders.paymentStatus} = 'Refund pending'`,
  // Cash on delivery: shipped without payment, so it is its own queue (decision 080).
  codToShip: sql`${orders.status} in ('Pending', 'Processing') and ${orders.paymentStatus} = 'Pay on delivery'`,
}

/** The console's order list (decision 050): its own query over the orders module's tables, read only. */
export function createOrdersListRepo(db: DbOrTx) {
  return {
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
        const p = containing(opts.q)
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
  }
}
