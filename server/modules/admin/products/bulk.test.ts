import { describe, expect, it } from 'vitest'
import { roundPrice } from './bulk.ts'

describe('rounding a bulk price change (decision 125)', () => {
  it.each([
    // paise, rounding, rounded paise
    [2_089_890, 'paisa', 2_089_890],
    [2_089_890, 'rupee', 2_089_900],
    [2_089_849, 'rupee', 2_089_800],
    [2_089_890, 'ninetyNine', 2_089_900],
    [2_089_890, 'nine', 2_089_900],
    [124_800, 'ninetyNine', 119_900],
    [124_900, 'ninetyNine', 129_900], // ₹1,249 is as near ₹1,199 as ₹1,299: a tie goes up
    [125_000, 'ninetyNine', 129_900],
    [123_300, 'nine', 122_900],
    [123_500, 'nine', 123_900],
    [5_500, 'ninetyNine', 5_900], // under ₹100: ending in 9
    [450, 'nine', 500], // under ₹10: whole rupees
  ] as const)('rounds %i paise (%s) to %i', (paise, rounding, expected) => {
    expect(roundPrice(paise, rounding)).toBe(expected)
  })
})
