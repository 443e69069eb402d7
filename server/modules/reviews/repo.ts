import { and, desc, eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { orderItems, orders, products, reviewHelpfulVotes, reviews, users } from '../../db/schema.ts'

export type ReviewRow = typeof reviews.$inferSelect

/** Reviews, their helpful marks and each product's published count and rating total (decision 096). */
export function createReviewsRepo(db: DbOrTx) {
  return {
    byId(id: string) {
      return db
        .select()
        .from(reviews)
        .where(eq(reviews.id, id))
        .then((r) => r[0] ?? null)
    },
    byCustomer(userId: string, productId: string) {
      return db
        .select()
        .from(reviews)
        .where(and(eq(reviews.userId, userId), eq(reviews.productId, productId)))
        .then((r) => r[0] ?? null)
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
    async insert(values: typeof reviews.$inferInsert) {
      const [row] = await db.insert(reviews).values(values).returning()
      return row
    },
    async update(id: string, values: Partial<typeof reviews.$inferInsert>) {
      const [row] = await db.update(reviews).set(values).where(eq(reviews.id, id)).returning()
      return row
    },
    /** One page of a product's published reviews, newest or most helpful first, with the reviewer's name. */
    publishedPage(productId: string, sort: 'newest' | 'helpful', offset: number, limit: number) {
      const order =
        sort === 'helpful'
          ? [desc(reviews.helpfulCount), desc(reviews.createdAt), desc(reviews.id)]
          : [desc(reviews.createdAt), desc(reviews.id)]
      return db
        .select({ review: reviews, fullName: users.fullName })
        .from(reviews)
        .innerJoin(users, eq(users.id, reviews.userId))
        .where(and(eq(reviews.productId, productId), eq(reviews.status, 'published')))
        .orderBy(...order)
        .limit(limit)
        .offset(offset)
    },
    /**
     * Recounts the product's published reviews into products.review_count and rating_total: one indexed
     * pass over that product's reviews, in the transaction that changed one of them.
     */
    refreshProductRating(productId: string) {
      return db
        .update(products)
        .set({
          reviewCount: sql`(SELECT count(*)::int FROM ${reviews} WHERE ${reviews.productId} = ${productId} AND ${reviews.status} = 'published')`,
          ratingTotal: sql`(SELECT coalesce(sum(${reviews.rating}), 0)::int FROM ${reviews} WHERE ${reviews.productId} = ${productId} AND ${reviews.status} = 'published')`,
        })
        .where(eq(products.id, productId))
    },
    /** Records a helpful mark; false when the customer had marked it already. */
    async addHelpfulVote(reviewId: string, userId: string): Promise<boolean> {
      const added = await db
        .insert(reviewHelpfulVotes)
        .values({ reviewId, userId })
        .onConflictDoNothing()
        .returning({ reviewId: reviewHelpfulVotes.reviewId })
      if (added.length === 0) return false
      await db
        .update(reviews)
        .set({ helpfulCount: sql`${reviews.helpfulCount} + 1`, updatedAt: sql`${reviews.updatedAt}` })
        .where(eq(reviews.id, reviewId))
      return true
    },
    /** The published reviews of a product that the customer marked helpful. */
    async helpfulIds(userId: string, productId: string): Promise<string[]> {
      const rows = await db
        .select({ id: reviewHelpfulVotes.reviewId })
        .from(reviewHelpfulVotes)
        .innerJoin(reviews, eq(reviews.id, reviewHelpfulVotes.reviewId))
        .where(and(eq(reviewHelpfulVotes.userId, userId), eq(reviews.productId, productId)))
      return rows.map((r) => r.id)
    },
  }
}
export type ReviewsRepo = ReturnType<typeof createReviewsRepo>
