import { variantMessages } from '../../../contracts/cart-rules.ts'
import type { Product, ProductVariant } from '../../../contracts/catalogue.ts'
import { withVariant } from '../../../contracts/product-card.ts'
import { NotFoundError, ValidationError } from '../../http/errors.ts'

/**
 * The variant a cart or wishlist line is for (decision 129): none for a product sold as one piece, the one
 * asked for, or the only one; a product with several needs one named, answered with its options' names.
 */
export function chosenVariant(product: Product, variantId: string | undefined): ProductVariant | null {
  if (product.variants.length === 0) {
    if (variantId) throw new ValidationError(variantMessages.single)
    return null
  }
  if (!variantId) {
    if (product.variants.length === 1) return product.variants[0]!
    throw new ValidationError(variantMessages.choose(product.options.map((o) => o.name)))
  }
  const found = product.variants.find((v) => v._id === variantId)
  if (!found) throw new NotFoundError(variantMessages.notSold)
  return found
}

/** A product's name with its variant's values, as refusals name it: 'Kurta (M / Indigo)'. */
export function lineTitle(title: string, variant: { title: string } | null | undefined): string {
  return withVariant(title, variant?.title)
}
