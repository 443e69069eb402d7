import { describe, expect, it } from 'vitest'
import { nextInSeries, orderNumberPrefix } from './order-number.ts'

describe('order numbers', () => {
  it('take the year in India: 31 December 18:30 UTC is 1 January 00:00 in Kolkata', () => {
    expect(orderNumberPrefix(new Date('2026-12-31T18:29:59.999Z'))).toBe('KS-2026-')
    expect(orderNumberPrefix(new Date('2026-12-31T18:30:00Z'))).toBe('KS-2027-')
    // Early on 1 January in UTC is still 1 January in India.
    expect(orderNumberPrefix(new Date('2027-01-01T02:00:00Z'))).toBe('KS-2027-')
  })

  it('count on from the last one of the year, six digits', () => {
    expect(nextInSeries('KS-2027-', null)).toBe('KS-2027-000001')
    expect(nextInSeries('KS-2027-', 'KS-2027-000041')).toBe('KS-2027-000042')
  })
})
