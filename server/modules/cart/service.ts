import type { Cart, CartItem } from '../../../contracts/cart.ts'
import { cartServerMessages, maxCartQuantity, stockMessages } from '../../../contracts/cart-rules.ts'
import type { Product } from '../../../contracts/catalogue.ts'
import type { Db, DbOrTx } from '../../db/client.ts'
import { ConflictError, NotFoundError, ValidationError } from '../../http/errors.ts'
import type { CatalogueService } from '../catalogue/service.ts'
import { createCartRepo } from './repo.ts'

/** Sum of price × quantity, added in paise so rupee fractions do not drift. */
export function cartTotal(items: { price: number; quantity: number }[]): number {
  const paise = items.reduce((sum, i) => sum + Math.round(i.price * 100) * i.quantity, 0)
  return paise / 100
}

/**
 * Each customer's one cart. Prices and visibility come from the public catalogue, so a product that is
 * unapproved or withdrawn after it was added simply drops out of the cart the customer sees.
 */
export function createCartService(deps: { db: Db; catalogue: CatalogueService }) {
  const repo = createCartRepo(deps.db)

  async function publicProduct(productId: string): Promise<Product> {
    return deps.catalogue.product(productId)
  }

  async function itemsFor(userId: string): Promise<CartItem[]> {
    const lines = await repo.lines(userId)
    const shown = await deps.catalogue.byIds(lines.map((l) => l.productId))
    const items: CartItem[] = []
    for (const line of lines) {
      const p = shown.get(line.productId)
      if (!p) continue
      items.push({
        _id: line.id,
        productId: p._id,
        product: { _id: p._id, title: p.title, image: p.image, price: p.price },
        price: p.price,
        quantity: line.quantity,
      })
    }
    return items
  }

  return {
    /** The lines the customer can buy, with current prices. Checkout and orders read this. */
    itemsFor,

    async view(userId: string): Promise<Cart> {
      const items = await itemsFor(userId)
      return { items, total: cartTotal(items) }
    },

    /** Adds one of an approved product; a second add of the same product raises its quantity. */
    async add(userId: string, productId: string): Promise<number> {
      const product = await publicProduct(productId)
      if (product.quantity <= 0) throw new ConflictError(stockMessages.soldOut(product.title))
      const cartId = await repo.ensureCart(userId)
      const quantity = await repo.addOne(cartId, product._id, Math.min(maxCartQuantity, product.quantity))
      if (quantity === null) {
        if (product.quantity < maxCartQuantity) {
          throw new ConflictError(stockMessages.onlyLeft(product.title, product.quantity))
        }
        throw new ValidationError(cartServerMessages.atMaximum)
      }
      return quantity
    },

    async remove(userId: string, productId: string): Promise<void> {
      if (!(await repo.remove(userId, productId))) throw new NotFoundError(cartServerMessages.notInCart)
    },

    async setQuantity(userId: string, productId: string, quantity: number): Promise<void> {
      if (!Number.isInteger(quantity) || quantity < 1 || quantity > maxCartQuantity) {
        throw new ValidationError(`Quantity ${cartServerMessages.quantity}`)
      }
      const product = await publicProduct(productId)
      if (quantity > product.quantity)
        throw new ConflictError(stockMessages.onlyLeft(product.title, product.quantity))
      if (!(await repo.setQuantity(userId, productId, quantity))) {
        throw new NotFoundError(cartServerMessages.notInCart)
      }
    },

    /** Empties the cart; pass a transaction to make it part of one. */
    async clear(userId: string, tx?: DbOrTx): Promise<void> {
      await (tx ? createCartRepo(tx) : repo).clear(userId)
    },

    /** Takes an order's products out of the cart once it is paid (whatever recorded the payment). */
    async removeOrdered(userId: string, productIds: string[], tx?: DbOrTx): Promise<void> {
      await (tx ? createCartRepo(tx) : repo).removeProducts(userId, productIds)
    },
  }
}
export type CartService = ReturnType<typeof createCartService>
