import { describe, expect, it } from 'vitest'
import {
  defaultShippingRules,
  parcelWeight,
  parsePackageSize,
  rulesOf,
  type ShippingRules,
  shippingCharge,
} from './shipping-rules.ts'

const rules: ShippingRules = {
  ...defaultShippingRules,
  zones: {
    ...defaultShippingRules.zones,
    home: {
      slabs: [
        { upToGrams: 500, charge: 40_00 },
        { upToGrams: 2000, charge: 90_00 },
      ],
      extraPerKg: 25_00,
    },
  },
  minimumCharge: 60_00,
  freeAbove: 1_500_00,
}
const piece = (grams: number | null, box: [number, number, number] | null = null, quantity = 1) => ({
  grams,
  lengthCm: box?.[0] ?? null,
  breadthCm: box?.[1] ?? null,
  heightCm: box?.[2] ?? null,
  quantity,
})

describe('a parcel’s chargeable weight', () => {
  it('is the greater of the summed weights and the summed volumes at 5000 cm³ a kilogram', () => {
    // A frame tube: 800 g, 70 × 10 × 10 cm = 7000 cm³ = 1,400 g; two of them and a 300 g stole.
    expect(parcelWeight([piece(800, [70, 10, 10], 2), piece(300)], 500)).toEqual({
      actualGrams: 1_900,
      volumetricGrams: 2_800,
      chargeableGrams: 2_800,
    })
  })
  it('counts a piece without a weight as the default, and a part of a gram as a gram', () => {
    expect(parcelWeight([piece(null, [3, 3, 3])], 500)).toEqual({
      actualGrams: 500,
      volumetricGrams: 6,
      chargeableGrams: 500,
    })
  })
})

describe('a shipping charge', () => {
  it('is the first slab the weight fits in, never below the minimum', () => {
    expect(shippingCharge(rules, 'home', 500, 999_00)).toBe(60_00)
    expect(shippingCharge(rules, 'home', 501, 999_00)).toBe(90_00)
    expect(shippingCharge(rules, 'home', 2000, 999_00)).toBe(90_00)
  })
  it('adds every kilogram begun above the last slab', () => {
    expect(shippingCharge(rules, 'home', 2001, 0)).toBe(115_00)
    expect(shippingCharge(rules, 'home', 4000, 0)).toBe(140_00)
    expect(shippingCharge(rules, 'home', 4001, 0)).toBe(165_00)
  })
  it('is free at the threshold and above it, and in a zone without slabs', () => {
    expect(shippingCharge(rules, 'home', 900, 1_499_99)).toBe(90_00)
    expect(shippingCharge(rules, 'home', 900, 1_500_00)).toBe(0)
    expect(shippingCharge(rules, 'metro', 9_000, 0)).toBe(0)
  })
  it('has no rules, so is free everywhere, for a shop that never set any', () => {
    expect(shippingCharge(rulesOf(null), 'rest', 5_000, 100_00)).toBe(0)
  })
})

describe('a package’s size as staff write it', () => {
  it('reads x, × or * between whole centimetres, with or without cm', () => {
    expect(parsePackageSize('35 x 28 x 6')).toEqual({ size: { lengthCm: 35, breadthCm: 28, heightCm: 6 } })
    expect(parsePackageSize('35×28×6 cm')).toEqual({ size: { lengthCm: 35, breadthCm: 28, heightCm: 6 } })
    expect(parsePackageSize('')).toEqual({ size: null })
  })
  it('refuses anything else with the way to write it', () => {
    expect(parsePackageSize('35 by 28')).toEqual({ problem: expect.stringContaining('35 × 28 × 6') })
    expect(parsePackageSize('0 x 28 x 6')).toEqual({
      problem: 'Each side of the package must be 1 to 300 cm.',
    })
  })
})
