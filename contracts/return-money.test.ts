import { describe, expect, it } from 'vitest'
import { lineAmounts, partOf, returnMoney } from './return-money.ts'

describe('what a return gives back', () => {
  it('counts part of a line so that its pieces add up to it', () => {
    // ₹1,000.00 over three pieces: 333.33, 333.34, 333.33 — never a paisa more or less in all.
    const parts = [0, 1, 2].map((before) => partOf(1000_00, 3, before, 1))
    expect(parts).toEqual([333_33, 333_34, 333_33])
    expect(partOf(1000_00, 3, 0, 3)).toBe(1000_00)
    expect(partOf(1000_00, 3, 1, 2)).toBe(parts[1]! + parts[2]!)
  })

  it('splits the coupon over the pieces and their add-ons as the invoice does', () => {
    // A ₹2,000 saree with ₹150 fall & pico, and a ₹500 stole; ₹265 off: 2150 and 500 of 2650.
    const amounts = lineAmounts(
      [
        { id: 'saree', price: 2000_00, quantity: 1, addons: [150_00] },
        { id: 'stole', price: 500_00, quantity: 1, addons: [] },
      ],
      265_00,
    )
    // Shares: 2000 → 200, 150 → 15, 500 → 50.
    expect(amounts.get('saree')).toBe(1800_00 + 135_00)
    expect(amounts.get('stole')).toBe(450_00)
  })

  it("keeps a restocking fee only when it is not the shop's fault, and gives the charges back only for a fault with every piece", () => {
    const order = {
      items: [
        { id: 'a', price: 999_00, quantity: 1, addons: [] },
        { id: 'b', price: 500_00, quantity: 1, addons: [] },
      ],
      discount: 0,
      shippingCharge: 80_00,
      codFee: 49_00,
    }
    const one = [{ itemId: 'a', quantity: 1, restockingFeePercent: 10 }]
    expect(returnMoney({ order, before: new Map(), lines: one, reason: 'changed-mind' })).toMatchObject({
      goodsAmount: 999_00,
      restockingFee: 99_90,
      chargesRefunded: 0,
      refundAmount: 899_10,
    })
    expect(returnMoney({ order, before: new Map(), lines: one, reason: 'size' }).restockingFee).toBe(99_90)
    // Damaged, but the other piece is kept: the charges stay.
    expect(returnMoney({ order, before: new Map(), lines: one, reason: 'damaged' }).chargesRefunded).toBe(0)
    // Damaged, and the other piece came back before: shipping and the COD fee go back with this one.
    expect(returnMoney({ order, before: new Map([['b', 1]]), lines: one, reason: 'damaged' })).toMatchObject({
      restockingFee: 0,
      chargesRefunded: 129_00,
      refundAmount: 999_00 + 129_00,
    })
  })
})
