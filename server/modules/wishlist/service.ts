import type { WishlistItem } from '../../../contracts/cart.ts'
import { cartServerMessages } from '../../../contracts/cart-rules.ts'
import type { Db } from '../../db/client.ts'
import { NotFoundError } from '../../http/errors.ts'
import { chosenVariant } from '../cart/choice.ts'
import type { CatalogueService } from '../catalogue/service.ts'
import { createWishlistRepo } from './repo.ts'

/** Each customer's wishlist; like the cart, it shows only products that are public now. */
export function createWishlistService(deps: { db: Db; catalogue: CatalogueService }) {
  const repo = createWishlistRepo(deps.db)

  return {
    async items(userId: string): Promise<WishlistItem[]> {
      const entries = await repo.entries(userId)
      const shown = await deps.catalogue.byIds(entries.map((e) => e.productId))
      const items: WishlistItem[] = []
      for (const e of entries) {
        const p = shown.get(e.productId)
        if (!p) continue
        // The variant wished for, with its own price, picture and stock (decision 129).
        const v = e.variantId ? p.variants.find((x) => x._id === e.variantId) : null
        if (e.variantId && !v) continue
        items.push({
          _id: e.id,
          productId: p._id,
          title: p.title,
          url: v?.image ?? p.image,
          addedAt: e.addedAt.toISOString(),
          price: v ? v.price : p.price,
          quantity: v ? v.quantity : p.quantity,
          ...(v ? { variantId: v._id, variantTitle: v.title } : {}),
        })
      }
      return items
    },

    /** Adds a product, of the variant chosen where it has several (decision 129); once per variant. */
    async add(userId: string, productId: string, variantId?: string): Promise<void> {
      const product = await deps.catalogue.product(productId)
      const variant = chosenVariant(product, variantId)
      const wishlistId = await repo.ensureWishlist(userId)
      await repo.add(wishlistId, product._id, variant?._id ?? null)
    },

    /** Takes an entry out: the variant's, or every entry of the product when no variant is named. */
    async remove(userId: string, productId: string, variantId?: string): Promise<void> {
      if (!(await repo.remove(userId, productId, variantId))) {
        throw new NotFoundError(cartServerMessages.notInWishlist)
      }
    },
  }
}
export type WishlistService = ReturnType<typeof createWishlistService>
