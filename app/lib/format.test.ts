import { describe, expect, it } from 'vitest'
import { formatRs, formatRupees, truncate } from './format.ts'

describe('formatRupees', () => {
  it('groups digits the Indian way', () => {
    expect(formatRupees(124999)).toBe('₹1,24,999')
    expect(formatRupees(499)).toBe('₹499')
    expect(formatRupees(1234.5)).toBe('₹1,234.50')
  })
  it('writes Rs for the wishlist', () => {
    expect(formatRs(1500)).toBe('Rs 1,500')
  })
})

describe('truncate', () => {
  it('keeps short titles and cuts long ones with an ellipsis', () => {
    expect(truncate('Short', 20)).toBe('Short')
    expect(truncate('Madhubani Fish Painting on Paper', 20)).toBe('Madhubani Fish Paint...')
  })
})
