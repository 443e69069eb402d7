/**
 * How the shop computes a discount and writes an amount of money, shared by the server, the storefront
 * and the console (docs/decisions/014-prices-discount-and-money.md).
 */

/** Whole paise of an amount in rupees (0.1 + 0.2 rupees is 30 paise, not 30.000000000000004). */
const toPaise = (rupees: number) => Math.round(rupees * 100)

/**
 * Percent off the list price (cutPrice), rounded down so the shop never claims more than it gives:
 * ₹1,650 instead of ₹2,400 is 31% (31.25). 0 when there is no list price above the price.
 * Works on rupees or paise alike (only the ratio counts). The same rule in SQL is in decision 014.
 */
export function discountPercent(price: number, cutPrice: number): number {
  const p = toPaise(price)
  const list = toPaise(cutPrice)
  if (!(list > 0) || !(list > p) || p < 0) return 0
  return Math.floor(((list - p) * 100) / list)
}

const wholeRupees = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 })
const withPaise = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })

export type RupeeStyle = {
  /** 'when-any' (default): ₹1,650 but ₹45,447.30; 'always': ₹1,650.00 (the cart summary, spec section 9). */
  paise?: 'when-any' | 'always'
  /** The wishlist writes 'Rs 1,500' (spec section 9); everywhere else the rupee sign. */
  sign?: '₹' | 'Rs'
}

/**
 * An amount in rupees with Indian digit grouping: ₹1,24,999 for whole rupees, ₹45,447.30 when there are
 * paise (always two decimals, never ₹45,447.3). The one place the shop turns money into text.
 */
export function formatRupees(rupees: number, style: RupeeStyle = {}): string {
  const paise = toPaise(rupees)
  const abs = Math.abs(paise)
  const text =
    style.paise === 'always' || abs % 100 !== 0 ? withPaise.format(abs / 100) : wholeRupees.format(abs / 100)
  const sign = style.sign === 'Rs' ? 'Rs ' : '₹'
  return `${paise < 0 ? '-' : ''}${sign}${text}`
}

/** The same text from integer paise, as the server keeps money. */
export function formatPaise(paise: number, style: RupeeStyle = {}): string {
  return formatRupees(paise / 100, style)
}
