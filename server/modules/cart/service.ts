import type { Cart, CartItem } from '../../../contracts/cart.ts'
import { cartServerMessages, maxCartQuantity, stockMessages } from '../../../contracts/cart-rules.ts'
import type { Product } from '../../../contracts/catalogue.ts'
import {
  answerOf,
  asStored,
  type PersonalisationAnswer,
  personalisationLines,
  readAnswer,
  readKept,
} from '../../../contracts/personalisation.ts'
import type { Db, DbOrTx } from '../../db/client.ts'
import { ConflictError, NotFoundError, ValidationError } from '../../http/errors.ts'
import type { CatalogueService } from '../catalogue/service.ts'
import { chosenVariant, lineTitle } from './choice.ts'
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
      // A line for one piece of a product that has since been given variants names no choice: it drops out.
      const v = line.variantId ? p.variants.find((x) => x._id === line.variantId) : null
      if (line.variantId ? !v : p.variants.length > 0) continue
      const price = v ? v.price : p.price
      const lead = v ? v.madeToOrder : p.madeToOrder
      // Personalisation (decision 133): the line's price is the piece's and its add-ons'.
      const chosen = readKept(p.personalisation.map(asStored), line.personalisation)
      const answer = answerOf(chosen.ordered)
      items.push({
        _id: line.id,
        productId: p._id,
        product: { _id: p._id, title: p.title, image: v?.image ?? p.image, price },
        price: (Math.round(price * 100) + chosen.addonsPerPiece) / 100,
        quantity: line.quantity,
        ...(v ? { variantId: v._id, variantTitle: v.title } : {}),
        ...(lead ? { madeToOrder: lead } : {}),
        ...(answer
          ? { personalisation: answer, personalisationLines: personalisationLines(chosen.ordered) }
          : {}),
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

    /**
     * Adds one of an approved product, of the variant chosen where it has several (decision 129); a second
     * add of the same product and variant raises its line's quantity.
     */
    async add(
      userId: string,
      productId: string,
      variantId?: string,
      personalisation?: PersonalisationAnswer,
      translate?: Parameters<typeof readAnswer>[2],
    ): Promise<number> {
      const product = await publicProduct(productId)
      const variant = chosenVariant(product, variantId)
      // Personalisation (decision 133): checked against the product's choices; kept on the line.
      // Without one, a line keeps its earlier choice; a product asking for a text cannot be added without it
      // (from a card, say): the product page asks for it.
      let answer: PersonalisationAnswer | null | undefined
      const choices = product.personalisation.map(asStored)
      if (personalisation !== undefined || choices.some((c) => c.kind === 'text' && c.required)) {
        const read = readAnswer(choices, personalisation, translate)
        if ('problem' in read) throw new ValidationError(read.problem)
        answer = answerOf(read.ordered) ?? null
      }
      const stock = variant ? variant.quantity : product.quantity
      const title = lineTitle(product.title, variant)
      if (stock <= 0) throw new ConflictError(stockMessages.soldOut(title))
      const cartId = await repo.ensureCart(userId)
      const quantity = await repo.addOne(
        cartId,
        product._id,
        variant?._id ?? null,
        Math.min(maxCartQuantity, stock),
        answer,
      )
      if (quantity === null) {
        if (stock < maxCartQuantity) throw new ConflictError(stockMessages.onlyLeft(title, stock))
        throw new ValidationError(cartServerMessages.atMaximum)
      }
      return quantity
    },

    /** Takes a line out: the variant's, or every line of the product when no variant is named. */
    async remove(userId: string, productId: string, variantId?: string): Promise<void> {
      if (!(await repo.remove(userId, productId, variantId))) {
        throw new NotFoundError(cartServerMessages.notInCart)
      }
    },

    async setQuantity(
      userId: string,
      productId: string,
      quantity: number,
      variantId?: string,
    ): Promise<void> {
      if (!Number.isInteger(quantity) || quantity < 1 || quantity > maxCartQuantity) {
        throw new ValidationError(`Quantity ${cartServerMessages.quantity}`)
      }
      const product = await publicProduct(productId)
      const variant = chosenVariant(product, variantId)
      const stock = variant ? variant.quantity : product.quantity
      if (quantity > stock)
        throw new ConflictError(stockMessages.onlyLeft(lineTitle(product.title, variant), stock))
      if (!(await repo.setQuantity(userId, productId, variant?._id ?? null, quantity))) {
        throw new NotFoundError(cartServerMessages.notInCart)
      }
    },

    /** Empties the cart; pass a transaction to make it part of one. */
    async clear(userId: string, tx?: DbOrTx): Promise<void> {
      await (tx ? createCartRepo(tx) : repo).clear(userId)
    },

    /** Takes an order's lines (product and variant) out of the cart once it is paid (whatever recorded it). */
    async removeOrdered(
      userId: string,
      lines: Array<{ productId: string; variantId: string | null }>,
      tx?: DbOrTx,
    ): Promise<void> {
      await (tx ? createCartRepo(tx) : repo).removeLines(userId, lines)
    },
  }
}
export type CartService = ReturnType<typeof createCartService>
