import { and, count, desc, eq, ilike, inArray, or, type SQLWrapper, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { containing } from '../../lib/text-search.ts'
import { reviews } from './tables.ts'

export type ReviewFilter = {
  q?: string
  status?: 'pending' | 'published' | 'hidden'
  rating?: number
  productId?: string
  id?: string
}

/** Subqueries of other modules finding what a search names: products by title, customers by name or e-mail. */
export type ReviewSearch = {
  productsTitled(pattern: string): SQLWrapper
  customersMatching(pattern: string): SQLWrapper
}

/** The console's list of reviews (read only; the reviews module changes them). */
export function createReviewList(db: DbOrTx) {
  const where = (f: ReviewFilter, search: ReviewSearch) => {
    const p = f.q ? containing(f.q) : null
    return and(
      f.status ? eq(reviews.status, f.status) : undefined,
      f.rating ? eq(reviews.rating, f.rating) : undefined,
      f.productId ? eq(reviews.productId, f.productId) : undefined,
      f.id ? eq(reviews.id, f.id) : undefined,
      p
        ? or(
            inArray(reviews.productId, search.productsTitled(p)),
            inArray(reviews.userId, search.customersMatching(p)),
            ilike(reviews.body, p),
          )
        : undefined,
    )
  }
  return {
    async reviewPage(f: ReviewFilter & { offset: number; limit: number }, search: ReviewSearch) {
      const rows = await db
        .select()
        .from(reviews)
        .where(where(f, search))
        // Waiting ones first, then newest.
        .orderBy(sql`(${reviews.status} <> 'pending')`, desc(reviews.createdAt), desc(reviews.id))
        .limit(f.limit)
        .offset(f.offset)
      const [{ total }] = await db.select({ total: count() }).from(reviews).where(where(f, search))
      return { rows, total }
    },
    /** Reviews waiting for staff (served by the status index). */
    async waiting(): Promise<number> {
      const [{ n }] = await db.select({ n: count() }).from(reviews).where(eq(reviews.status, 'pending'))
      return n
    },
  }
}
