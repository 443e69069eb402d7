import { formatRupees } from '../../contracts/money.ts'

/** Sum of quantity × price, added in paise so rupee fractions do not drift. */
export function cartSubtotal(items: { price: number; quantity: number }[]): number {
  return items.reduce((sum, i) => sum + Math.round(i.price * 100) * i.quantity, 0) / 100
}

/** Spec section 9: total minus total × percent / 100, to 2 decimals. */
export function totalAfterCoupon(total: number, percent: number): number {
  return Number((total - (total * percent) / 100).toFixed(2))
}

/** ₹1,799.10 and ₹1,800.00: the cart summary always shows paise (spec section 9). */
export function formatRupees2(amount: number): string {
  return formatRupees(amount, { paise: 'always' })
}
