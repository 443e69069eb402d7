import type { WishlistItem } from '../../../contracts/cart.ts'
import { cartServerMessages } from '../../../contracts/cart-rules.ts'
import type { Db } from '../../db/client.ts'
import { NotFoundError } from '../../http/errors.ts'
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
        items.push({
          _id: e.id,
          productId: p._id,
          title: p.title,
          url: p.image,
          addedAt: e.addedAt.toISOString(),
          price: p.price,
          quantity: p.quantity,
        })
      }
      return items
    },

    async add(userId: string, productId: string): Promise<void> {
      const product = await deps.catalogue.product(productId)
      const wishlistId = await repo.ensureWishlist(userId)
      await repo.add(wishlistId, product._id)
    },

    async remove(userId: string, productId: string): Promise<void> {
      if (!(await repo.remove(userId, productId))) throw new NotFoundError(cartServerMessages.notInWishlist)
    },
  }
}
export type WishlistService = ReturnType<typeof createWishlistService>
