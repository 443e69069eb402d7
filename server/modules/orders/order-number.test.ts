import { describe, expect, it } from 'vitest'
import { orderNumberOf, orderNumberPrefix } from './order-number.ts'

describe('order numbers', () => {
  it('take the year in India: 31 December 18:30 UTC is 1 January 00:00 in Kolkata', () => {
    expect(orderNumberPrefix(new Date('2026-12-31T18:29:59.999Z'))).toBe('KS-2026-')
    expect(orderNumberPrefix(new Date('2026-12-31T18:30:00Z'))).toBe('KS-2027-')
    // Early on 1 January in UTC is still 1 January in India.
    expect(orderNumberPrefix(new Date('2027-01-01T02:00:00Z'))).toBe('KS-2027-')
  })

  it('write the serial in six digits', () => {
    expect(orderNumberOf('KS-2027-', 1)).toBe('KS-2027-000001')
    expect(orderNumberOf('KS-2027-', 42)).toBe('KS-2027-000042')
  })
})
