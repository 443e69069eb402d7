import { describe, expect, it } from 'vitest'
import { discountPercent, formatPaise, formatRupees } from './money.ts'

describe('discountPercent', () => {
  it('rounds down, so the shop never shows more off than it gives', () => {
    // The case that was shown as -23%: 750 off 2,400 is 31.25%.
    expect(discountPercent(1650, 2400)).toBe(31)
    // 33.33…% and 66.66…% both round down.
    expect(discountPercent(100, 150)).toBe(33)
    expect(discountPercent(50, 150)).toBe(66)
    // 0.99% off is no discount at all.
    expect(discountPercent(99.01, 100)).toBe(0)
  })
  it('gives whole percents exactly, with paise and without floating-point slips', () => {
    expect(discountPercent(1500, 2000)).toBe(25)
    expect(discountPercent(0.7, 1)).toBe(30)
    expect(discountPercent(1799.1, 1999)).toBe(10)
    expect(discountPercent(57, 100)).toBe(43)
  })
  it('is the same in rupees and in paise', () => {
    expect(discountPercent(165000, 240000)).toBe(discountPercent(1650, 2400))
  })
  it('is 0 without a list price above the price, and 100 for a free piece', () => {
    expect(discountPercent(1650, 1650)).toBe(0)
    expect(discountPercent(1650, 1500)).toBe(0)
    expect(discountPercent(1650, 0)).toBe(0)
    expect(discountPercent(0, 500)).toBe(100)
  })
})

describe('formatRupees', () => {
  it('writes whole rupees without decimals, as the spec shows prices', () => {
    expect(formatRupees(1650)).toBe('₹1,650')
    expect(formatRupees(499)).toBe('₹499')
    expect(formatRupees(0)).toBe('₹0')
  })
  it('always writes two decimals when there are paise', () => {
    expect(formatRupees(45447.3)).toBe('₹45,447.30')
    expect(formatRupees(1234.5)).toBe('₹1,234.50')
    expect(formatRupees(0.05)).toBe('₹0.05')
    expect(formatRupees(1799.1)).toBe('₹1,799.10')
  })
  it('groups digits the Indian way: thousands, then lakhs and crores', () => {
    expect(formatRupees(124999)).toBe('₹1,24,999')
    expect(formatRupees(1234567.89)).toBe('₹12,34,567.89')
    expect(formatRupees(98765432)).toBe('₹9,87,65,432')
  })
  it('rounds to the paisa before choosing decimals', () => {
    expect(formatRupees(0.1 + 0.2)).toBe('₹0.30')
    expect(formatRupees(1649.999)).toBe('₹1,650')
  })
  it('shows paise always where the cart summary asks for it, and Rs on the wishlist', () => {
    expect(formatRupees(1800, { paise: 'always' })).toBe('₹1,800.00')
    expect(formatRupees(1500, { sign: 'Rs' })).toBe('Rs 1,500')
    expect(formatRupees(1500.5, { sign: 'Rs' })).toBe('Rs 1,500.50')
  })
  it('puts the minus before the sign', () => {
    expect(formatRupees(-250.5)).toBe('-₹250.50')
  })
  it('reads integer paise as the server keeps them', () => {
    expect(formatPaise(4544730)).toBe('₹45,447.30')
    expect(formatPaise(30000)).toBe('₹300')
  })
})
