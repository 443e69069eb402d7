import { and, asc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm'
import type { PersonalisationAnswer } from '../../../contracts/personalisation.ts'
import type { DbOrTx } from '../../db/client.ts'
import { newId } from '../../db/ids.ts'
import { cartItems, carts } from './tables.ts'

/** The line of a product's variant, or of the product alone when it has none (decision 129). */
const sameVariant = (variantId: string | null): SQL =>
  variantId ? eq(cartItems.variantId, variantId) : isNull(cartItems.variantId)

export function createCartRepo(db: DbOrTx) {
  const cartOf = (userId: string) => db.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId))

  return {
    /** The customer's cart id, created on first use; safe when two requests race to create it. */
    async ensureCart(userId: string): Promise<string> {
      const [row] = await db
        .insert(carts)
        .values({ id: newId(), userId })
        .onConflictDoUpdate({ target: carts.userId, set: { updatedAt: sql`now()` } })
        .returning({ id: carts.id })
      return row!.id
    },

    /**
     * One more of a product: a new line with 1, or the existing line plus 1 while below the maximum.
     * The unique (cart, product) index makes concurrent adds land on one line. Null when at the maximum.
     */
    async addOne(
      cartId: string,
      productId: string,
      variantId: string | null,
      max: number,
      // Personalisation (decision 133): the line's choice from now on; undefined keeps the line's.
      personalisation?: PersonalisationAnswer | null,
    ): Promise<number | null> {
      const rows = await db
        .insert(cartItems)
        .values({
          id: newId(),
          cartId,
          productId,
          variantId,
          quantity: 1,
          personalisation: personalisation ?? null,
        })
        .onConflictDoUpdate({
          // The unique (cart, product, variant) constraint treats a missing variant as one value.
          target: [cartItems.cartId, cartItems.productId, cartItems.variantId],
          set: {
            quantity: sql`${cartItems.quantity} + 1`,
            updatedAt: sql`now()`,
            ...(personalisation === undefined ? {} : { personalisation: sql`excluded.personalisation` }),
          },
          setWhere: sql`${cartItems.quantity} < ${max}`,
        })
        .returning({ quantity: cartItems.quantity })
      return rows[0]?.quantity ?? null
    },

    lines(userId: string) {
      return db
        .select({
          id: cartItems.id,
          productId: cartItems.productId,
          variantId: cartItems.variantId,
          quantity: cartItems.quantity,
          personalisation: cartItems.personalisation,
        })
        .from(cartItems)
        .innerJoin(carts, eq(carts.id, cartItems.cartId))
        .where(eq(carts.userId, userId))
        .orderBy(asc(cartItems.createdAt), asc(cartItems.id))
    },

    /** True when the line existed in this customer's cart. */
    /** True when the line existed in this customer's cart; without a variant, every line of the product. */
    async remove(userId: string, productId: string, variantId?: string): Promise<boolean> {
      const rows = await db
        .delete(cartItems)
        .where(
          and(
            eq(cartItems.productId, productId),
            inArray(cartItems.cartId, cartOf(userId)),
            variantId ? eq(cartItems.variantId, variantId) : undefined,
          ),
        )
        .returning({ id: cartItems.id })
      return rows.length > 0
    },

    async setQuantity(
      userId: string,
      productId: string,
      variantId: string | null,
      quantity: number,
    ): Promise<boolean> {
      const rows = await db
        .update(cartItems)
        .set({ quantity })
        .where(
          and(
            eq(cartItems.productId, productId),
            sameVariant(variantId),
            inArray(cartItems.cartId, cartOf(userId)),
          ),
        )
        .returning({ id: cartItems.id })
      return rows.length > 0
    },

    async clear(userId: string): Promise<void> {
      await db.delete(cartItems).where(inArray(cartItems.cartId, cartOf(userId)))
    },
    async removeLines(userId: string, lines: Array<{ productId: string; variantId: string | null }>) {
      if (lines.length === 0) return
      await db
        .delete(cartItems)
        .where(
          and(
            inArray(cartItems.cartId, cartOf(userId)),
            or(...lines.map((l) => and(eq(cartItems.productId, l.productId), sameVariant(l.variantId)))),
          ),
        )
    },
  }
}
export type CartRepo = ReturnType<typeof createCartRepo>
