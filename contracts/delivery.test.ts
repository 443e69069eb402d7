import { describe, expect, it } from 'vitest'
import { deliveryMessages, deliveryWindow, indiaDay, shortDate, zoneOf } from './delivery.ts'

const zone = { minDays: 2, maxDays: 4 }

describe('deliveryWindow', () => {
  it('counts dispatch in working days, skipping Sunday, and transit in calendar days', () => {
    // Saturday 28 Nov 2026, 10:00 in India: dispatch Monday 30 Nov (Sunday skipped).
    const w = deliveryWindow(new Date('2026-11-28T04:30:00Z'), 1, zone)
    expect(w).toEqual({ dispatch: '2026-11-30', from: '2026-12-02', to: '2026-12-04' })
  })

  it('moves a Sunday order to Monday even with no dispatch days', () => {
    expect(deliveryWindow(new Date('2026-11-29T06:00:00Z'), 0, zone).dispatch).toBe('2026-11-30')
    expect(deliveryWindow(new Date('2026-11-29T06:00:00Z'), 1, zone).dispatch).toBe('2026-12-01')
  })

  it('takes the date in India’s time: 23:00 UTC on Saturday is already Sunday in India', () => {
    expect(indiaDay(new Date('2026-11-28T18:29:59Z'))).toBe(indiaDay(new Date('2026-11-28T00:00:00Z')))
    // 18:30 UTC Saturday = 00:00 Sunday IST: a Sunday order, dispatched Tuesday after one working day.
    expect(deliveryWindow(new Date('2026-11-28T18:30:00Z'), 1, zone).dispatch).toBe('2026-12-01')
    expect(deliveryWindow(new Date('2026-11-28T18:29:00Z'), 1, zone).dispatch).toBe('2026-11-30')
  })

  it('skips every Sunday over several dispatch days, across a month', () => {
    // Friday 27 Nov: Sat 28, (Sun 29), Mon 30, Tue 1 Dec, Wed 2, (Sun 6) ...
    expect(deliveryWindow(new Date('2026-11-27T05:00:00Z'), 3, zone).dispatch).toBe('2026-12-01')
    expect(deliveryWindow(new Date('2026-11-27T05:00:00Z'), 8, zone).dispatch).toBe('2026-12-07')
  })

  it('adds a made-to-order piece’s days after the usual dispatch, shipping on the last of them, not a Sunday', () => {
    // Saturday 28 Nov: the usual dispatch Monday 30 Nov; 10–14 days on: from Thu 10 Dec + 2 = Sat 12 Dec,
    // ready by Mon 14 Dec, delivered by Fri 18 Dec.
    const w = deliveryWindow(new Date('2026-11-28T04:30:00Z'), 1, zone, { minDays: 10, maxDays: 14 })
    expect(w).toEqual({ dispatch: '2026-12-14', from: '2026-12-12', to: '2026-12-18' })
    // 13 days on is Sunday 13 Dec: it leaves on Monday 14 Dec.
    expect(deliveryWindow(new Date('2026-11-28T04:30:00Z'), 1, zone, { minDays: 7, maxDays: 13 })).toEqual({
      dispatch: '2026-12-14',
      from: '2026-12-09',
      to: '2026-12-18',
    })
  })
})

describe('words and zones', () => {
  it('writes the window ready to show', () => {
    expect(shortDate('2026-12-02')).toBe('Wed 2 Dec')
    expect(deliveryMessages.window('2026-12-02', '2026-12-04')).toBe('Delivery by Wed 2 Dec – Fri 4 Dec')
    expect(deliveryMessages.window('2026-12-04', '2026-12-04')).toBe('Delivery by Fri 4 Dec')
  })

  it('puts the home state first, then islands, north-east and metros', () => {
    expect(zoneOf({ state: 'Maharashtra', district: 'Mumbai' }, 'Maharashtra')).toBe('home')
    expect(zoneOf({ state: 'Maharashtra', district: 'Mumbai' }, '')).toBe('metro')
    expect(zoneOf({ state: 'Delhi', district: 'South Delhi' }, '')).toBe('metro')
    expect(zoneOf({ state: 'Assam', district: 'Kamrup' }, 'Uttar Pradesh')).toBe('northeast')
    expect(zoneOf({ state: 'Lakshadweep', district: 'Lakshadweep' }, '')).toBe('islands')
    expect(zoneOf({ state: 'Rajasthan', district: 'Jaipur' }, '')).toBe('rest')
  })
})
