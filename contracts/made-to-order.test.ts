import { describe, expect, it } from 'vitest'
import { leadDaysText, leadInputText, longestLead, madeToOrderText, parseLeadTime } from './made-to-order.ts'

describe('made to order', () => {
  it('reads the days as staff write them', () => {
    expect(parseLeadTime('10-14')).toEqual({ lead: { minDays: 10, maxDays: 14 } })
    expect(parseLeadTime(' 10 – 14 days ')).toEqual({ lead: { minDays: 10, maxDays: 14 } })
    expect(parseLeadTime('10 to 14')).toEqual({ lead: { minDays: 10, maxDays: 14 } })
    expect(parseLeadTime('7')).toEqual({ lead: { minDays: 7, maxDays: 7 } })
    expect(parseLeadTime('')).toEqual({ lead: null })
  })

  it('refuses what is not a number of days, a range backwards, none and more than half a year', () => {
    expect(parseLeadTime('two weeks')).toEqual({ problem: madeToOrderText.invalid })
    expect(parseLeadTime('0')).toEqual({ problem: madeToOrderText.invalid })
    expect(parseLeadTime('10-200')).toEqual({ problem: madeToOrderText.invalid })
    expect(parseLeadTime('14-10')).toEqual({ problem: madeToOrderText.order })
  })

  it('writes them back, and takes the longest of a cart’s', () => {
    expect(leadDaysText({ minDays: 10, maxDays: 14 })).toBe('10–14')
    expect(leadDaysText({ minDays: 7, maxDays: 7 })).toBe('7')
    expect(leadInputText({ leadMinDays: 10, leadMaxDays: 14 })).toBe('10-14')
    expect(leadInputText({ leadMinDays: null, leadMaxDays: null })).toBe('')
    expect(longestLead([null, { minDays: 3, maxDays: 20 }, undefined, { minDays: 10, maxDays: 14 }])).toEqual(
      {
        minDays: 10,
        maxDays: 20,
      },
    )
    expect(longestLead([null, undefined])).toBeNull()
  })
})
