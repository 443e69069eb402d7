import { describe, expect, it } from 'vitest'
import { cartSubtotal, formatRupees2, totalAfterCoupon } from './cart-totals.ts'

describe('cart totals', () => {
  it('adds quantity × price without float drift', () => {
    expect(cartSubtotal([])).toBe(0)
    expect(
      cartSubtotal([
        { price: 0.1, quantity: 3 },
        { price: 1999.99, quantity: 2 },
      ]),
    ).toBe(4000.28)
  })
  it('takes the coupon percent off with 2 decimals', () => {
    expect(totalAfterCoupon(1999, 10)).toBe(1799.1)
    expect(totalAfterCoupon(999, 15)).toBe(849.15)
    expect(totalAfterCoupon(333, 33)).toBe(223.11)
    expect(totalAfterCoupon(500, 0)).toBe(500)
  })
  it('shows two decimals with Indian grouping', () => {
    expect(formatRupees2(124999.1)).toBe('₹1,24,999.10')
    expect(formatRupees2(0)).toBe('₹0.00')
  })
})
