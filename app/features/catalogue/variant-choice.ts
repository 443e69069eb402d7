import type { ProductOption, ProductVariant } from '../../../contracts/catalogue.ts'
import { withoutNotice } from '../../lib/cart-notice.ts'

/**
 * Choosing among a product's variants (decision 129): which variant the address names, what each value of
 * each option would be given the other choices, and which variant a tap on a value picks. Pure, so the
 * server's render, the browser's and the tests agree.
 */

/** The query parameter that names the chosen variant: a shared link opens the same piece. */
export const variantParam = 'variant'

/** One value per option, in the options' order; null where that option is not chosen. */
export type Choice = ReadonlyArray<string | null>

/** What the choice needs of a variant. */
export type Sold = Pick<ProductVariant, '_id' | 'options' | 'quantity'>

/** How a value stands given the other choices: some left, only sold-out variants, or no variant at all. */
export type ValueStock = 'inStock' | 'soldOut' | 'none'

/** The variant the address names, or the default (the first) when it names none of them; null without any. */
export function variantFor<V extends Sold>(variants: readonly V[], id: string | null | undefined): V | null {
  return variants.find((v) => v._id === id) ?? variants[0] ?? null
}

/** Whether a variant agrees with every option chosen, apart from the one at `except`. */
function fits(variant: Sold, choice: Choice, except: number): boolean {
  return choice.every((value, i) => i === except || value === null || variant.options[i] === value)
}

/**
 * Value `value` of option `index` given the other choices (those not yet made count as any): in stock
 * when a variant with it is left, sold out when every such variant is, none when no variant has it.
 */
export function valueStock(
  variants: readonly Sold[],
  choice: Choice,
  index: number,
  value: string,
): ValueStock {
  const fitting = variants.filter((v) => v.options[index] === value && fits(v, choice, index))
  if (fitting.length === 0) return 'none'
  return fitting.some((v) => v.quantity > 0) ? 'inStock' : 'soldOut'
}

/**
 * The variant a tap on `value` of option `index` picks: the one with that value that keeps most of the
 * other choices (so the exact one, even sold out, to show it is), one in stock before one sold out among
 * those that keep as many, then the first in the shop's order; null when no variant has the value.
 */
export function variantPicked<V extends Sold>(
  variants: readonly V[],
  choice: Choice,
  index: number,
  value: string,
): V | null {
  let best: V | null = null
  let bestScore = -1
  for (const v of variants) {
    if (v.options[index] !== value) continue
    const kept = choice.filter((c, i) => i !== index && c !== null && v.options[i] === c).length
    const score = kept * 2 + (v.quantity > 0 ? 1 : 0)
    if (score > bestScore) {
      best = v
      bestScore = score
    }
  }
  return best
}

export type ValueView<V> = {
  value: string
  chosen: boolean
  stock: ValueStock
  /** The variant tapping it picks; null when no variant has the value. */
  variant: V | null
}

export type OptionView<V> = { name: string; chosen: string | null; values: ValueView<V>[] }

/** Each option with its values as the page shows them, for the variant chosen. */
export function optionViews<V extends Sold>(
  options: readonly ProductOption[],
  variants: readonly V[],
  chosen: V,
): OptionView<V>[] {
  const choice = options.map((_, i) => chosen.options[i] ?? null)
  return options.map((option, index) => ({
    name: option.name,
    chosen: choice[index],
    values: option.values.map((value) => ({
      value,
      chosen: choice[index] === value,
      stock: valueStock(variants, choice, index, value),
      variant: variantPicked(variants, choice, index, value),
    })),
  }))
}

/** The page's address with a variant chosen: the rest of the query kept, a form's earlier notice dropped. */
export function variantHref(pathname: string, search: string, variantId: string): string {
  const url = new URL(withoutNotice(pathname + search), 'http://shop.invalid')
  url.searchParams.set(variantParam, variantId)
  return url.pathname + url.search
}

/**
 * Whether going from one address to the other only chooses another variant: the product need not be
 * fetched again (a reload of the same address, which a revalidation is, still fetches it).
 */
export function onlyVariantChanged(current: URL, next: URL): boolean {
  if (current.pathname !== next.pathname || current.href === next.href) return false
  const a = new URLSearchParams(current.search)
  const b = new URLSearchParams(next.search)
  a.delete(variantParam)
  b.delete(variantParam)
  a.sort()
  b.sort()
  return a.toString() === b.toString()
}
