import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { newId } from '../../db/ids.ts'
import { wishlistItems, wishlists } from './tables.ts'

export function createWishlistRepo(db: DbOrTx) {
  const wishlistOf = (userId: string) =>
    db.select({ id: wishlists.id }).from(wishlists).where(eq(wishlists.userId, userId))

  return {
    async ensureWishlist(userId: string): Promise<string> {
      const [row] = await db
        .insert(wishlists)
        .values({ id: newId(), userId })
        .onConflictDoUpdate({ target: wishlists.userId, set: { updatedAt: sql`now()` } })
        .returning({ id: wishlists.id })
      return row!.id
    },

    /** Adding a product (and variant) already there changes nothing (one entry per product and variant). */
    async add(wishlistId: string, productId: string, variantId: string | null): Promise<void> {
      await db
        .insert(wishlistItems)
        .values({ id: newId(), wishlistId, productId, variantId })
        .onConflictDoNothing({
          target: [wishlistItems.wishlistId, wishlistItems.productId, wishlistItems.variantId],
        })
    },

    entries(userId: string) {
      return db
        .select({
          id: wishlistItems.id,
          productId: wishlistItems.productId,
          variantId: wishlistItems.variantId,
          addedAt: wishlistItems.addedAt,
        })
        .from(wishlistItems)
        .innerJoin(wishlists, eq(wishlists.id, wishlistItems.wishlistId))
        .where(eq(wishlists.userId, userId))
        .orderBy(desc(wishlistItems.addedAt), desc(wishlistItems.id))
    },

    async remove(userId: string, productId: string, variantId?: string): Promise<boolean> {
      const rows = await db
        .delete(wishlistItems)
        .where(
          and(
            eq(wishlistItems.productId, productId),
            inArray(wishlistItems.wishlistId, wishlistOf(userId)),
            variantId ? eq(wishlistItems.variantId, variantId) : undefined,
          ),
        )
        .returning({ id: wishlistItems.id })
      return rows.length > 0
    },
  }
}
