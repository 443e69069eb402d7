import { and, asc, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client.ts'
import { orders, users } from '../../../db/schema.ts'
import { containing } from '../kit.ts'
import { phoneDigits } from '../people/repo.ts'

/** The console's work queues (contracts/order-states.ts names them); the overview counts them too. */
export const queueConditions = {
  awaitingPayment: sql`${orders.status} = 'Pending' and ${orders.paymentStatus} in ('Pending', 'Failed')`,
  toShip: sql`${orders.status} in ('Pending', 'Processing') and ${orders.paymentStatus} = 'Paid'`,
  refundPending: sql`${orders.paymentStatus} = 'Refund pending'`,
  // Cash on delivery: shipped without payment, so it is its own queue (decision 080).
  codToShip: sql`${orders.status} in ('Pending', 'Processing') and ${orders.paymentStatus} = 'Pay on delivery'`,
}

const anyOf = (conds: SQL[]) => sql.join(conds, sql` or `)

/**
 * The ids of the orders a search finds: by order number, the delivery name, e-mail or phone on the order,
 * or the account's name, e-mail or mobile. A phone is found by its digits however it was typed or kept
 * (+91 98290 12345, 098290-12345). Written as a union of two queries, one per table, so each can use
 * its trigram indexes (migration 0013, decision 094); an OR across the join could use none.
 */
export function searchMatches(q: string) {
  const p = containing(q.replace(/^#/, '').trim())
  const digits = phoneDigits(q)
  const phoneLike = digits ? `%${digits}%` : null
  const onOrder = [
    sql`o.id = ${q}`,
    sql`o.order_number ilike ${p}`,
    sql`o.shipping_email ilike ${p}`,
    sql`(coalesce(o.shipping_first_name, '') || ' ' || coalesce(o.shipping_last_name, '')) ilike ${p}`,
  ]
  if (phoneLike) onOrder.push(sql`regexp_replace(o.shipping_phone, '\\D', '', 'g') like ${phoneLike}`)
  const onAccount = [sql`u.email ilike ${p}`, sql`u.full_name ilike ${p}`]
  if (phoneLike) onAccount.push(sql`regexp_replace(coalesce(u.mobile, ''), '\\D', '', 'g') like ${phoneLike}`)
  return sql`select o.id from "orders" o where ${anyOf(onOrder)}
    union select o.id from "orders" o join "users" u on u.id = o.user_id where ${anyOf(onAccount)}`
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
      if (opts.q) conds.push(sql`${orders.id} in (${searchMatches(opts.q)})`)
      if (opts.status) conds.push(eq(orders.status, opts.status))
      if (opts.payment) conds.push(eq(orders.paymentStatus, opts.payment))
      if (opts.queue) conds.push(queueConditions[opts.queue])
      if (opts.from) conds.push(gte(orders.createdAt, opts.from))
      if (opts.to) conds.push(lt(orders.createdAt, opts.to))
      const where = conds.length ? and(...conds) : undefined
      // Every order has its account (a foreign key), so the plain list counts orders alone.
      const [{ total }] = opts.q
        ? await db
            .select({ total: count() })
            .from(orders)
            .innerJoin(users, eq(users.id, orders.userId))
            .where(where)
        : await db.select({ total: count() }).from(orders).where(where)
      // A page past the middle is read from the other end (oldest first, then turned round): the last of a
      // million orders skips a few rows of the (created_at, id) index, not a million (decision 103).
      const fromEnd = opts.offset + opts.limit > total / 2 && opts.offset < total
      const limit = fromEnd ? Math.min(opts.limit, total - opts.offset) : opts.limit
      const offset = fromEnd ? Math.max(0, total - opts.offset - opts.limit) : opts.offset
      const order = fromEnd
        ? [asc(orders.createdAt), asc(orders.id)]
        : [desc(orders.createdAt), desc(orders.id)]
      const read = await db
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
        .orderBy(...order)
        .limit(limit)
        .offset(offset)
      const rows = fromEnd ? read.reverse() : read
      return { rows, total }
    },
  }
}
