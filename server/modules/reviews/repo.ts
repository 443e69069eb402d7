import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { reviewHelpfulVotes, reviews } from './tables.ts'

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
    /** The product and the writer of each of these reviews. */
    productsAndWriters(ids: string[]) {
      if (!ids.length) return Promise.resolve([])
      return db
        .select({ id: reviews.id, productId: reviews.productId, userId: reviews.userId })
        .from(reviews)
        .where(inArray(reviews.id, ids))
    },
    byCustomer(userId: string, productId: string) {
      return db
        .select()
        .from(reviews)
        .where(and(eq(reviews.userId, userId), eq(reviews.productId, productId)))
        .then((r) => r[0] ?? null)
    },
    async insert(values: typeof reviews.$inferInsert) {
      const [row] = await db.insert(reviews).values(values).returning()
      return row
    },
    async update(id: string, values: Partial<typeof reviews.$inferInsert>) {
      const [row] = await db.update(reviews).set(values).where(eq(reviews.id, id)).returning()
      return row
    },
    /** One page of a product's published reviews, newest or most helpful first. */
    publishedPage(productId: string, sort: 'newest' | 'helpful', offset: number, limit: number) {
      const order =
        sort === 'helpful'
          ? [desc(reviews.helpfulCount), desc(reviews.createdAt), desc(reviews.id)]
          : [desc(reviews.createdAt), desc(reviews.id)]
      return db
        .select()
        .from(reviews)
        .where(and(eq(reviews.productId, productId), eq(reviews.status, 'published')))
        .orderBy(...order)
        .limit(limit)
        .offset(offset)
    },
    /** The product's published reviews counted, and their ratings added up: one indexed pass over them. */
    async publishedRating(productId: string): Promise<{ count: number; total: number }> {
      const [row] = await db
        .select({
          count: sql<number>`count(*)::int`,
          total: sql<number>`coalesce(sum(${reviews.rating}), 0)::int`,
        })
        .from(reviews)
        .where(and(eq(reviews.productId, productId), eq(reviews.status, 'published')))
      return row ?? { count: 0, total: 0 }
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
