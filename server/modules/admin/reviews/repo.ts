import { and, count, desc, eq, ilike, or, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client.ts'
import { orders, products, reviews, users } from '../../../db/schema.ts'
import { containing } from '../kit.ts'

export type ReviewFilter = {
  q?: string
  status?: 'pending' | 'published' | 'hidden'
  rating?: number
  productId?: string
  id?: string
}

/** The console's list of reviews (read only; the reviews module changes them). */
export function createReviewsListRepo(db: DbOrTx) {
  const where = (f: ReviewFilter) => {
    const p = f.q ? containing(f.q) : null
    return and(
      f.status ? eq(reviews.status, f.status) : undefined,
      f.rating ? eq(reviews.rating, f.rating) : undefined,
      f.productId ? eq(reviews.productId, f.productId) : undefined,
      f.id ? eq(reviews.id, f.id) : undefined,
      p
        ? or(
            ilike(products.title, p),
            ilike(users.fullName, p),
            ilike(users.email, p),
            ilike(reviews.body, p),
          )
        : undefined,
    )
  }
  return {
    async reviewPage(f: ReviewFilter & { offset: number; limit: number }) {
      const rows = await db
        .select({
          review: reviews,
          productTitle: products.title,
          customerName: users.fullName,
          customerEmail: users.email,
          orderNumber: orders.orderNumber,
        })
        .from(reviews)
        .innerJoin(products, eq(products.id, reviews.productId))
        .innerJoin(users, eq(users.id, reviews.userId))
        .leftJoin(orders, eq(orders.id, reviews.orderId))
        .where(where(f))
        // Waiting ones first, then newest.
        .orderBy(sql`(${reviews.status} <> 'pending')`, desc(reviews.createdAt), desc(reviews.id))
        .limit(f.limit)
        .offset(f.offset)
      const [{ total }] = await db
        .select({ total: count() })
        .from(reviews)
        .innerJoin(products, eq(products.id, reviews.productId))
        .innerJoin(users, eq(users.id, reviews.userId))
        .where(where(f))
      return { rows, total }
    },
    /** Reviews waiting for staff (served by the status index). */
    async waiting(): Promise<number> {
      const [{ n }] = await db.select({ n: count() }).from(reviews).where(eq(reviews.status, 'pending'))
      return n
    },
  }
}
