import { formatRupees } from '../../contracts/money.ts'

/** ₹1,24,999 or ₹45,447.30: the rupee sign, Indian digit grouping, two decimals when there are paise. */
export { formatRupees }

/** 'Rs 1,24,999' as the wishlist shows prices. */
export function formatRs(amount: number): string {
  return formatRupees(amount, { sign: 'Rs' })
}

/** Cuts a title at n characters and adds an ellipsis when it was longer. */
export function truncate(text: string, n: number): string {
  return text.length > n ? `${text.slice(0, n)}...` : text
}
