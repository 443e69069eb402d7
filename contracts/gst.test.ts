import { describe, expect, it } from 'vitest'
import {
  apportion,
  computeTax,
  documentNumber,
  financialYear,
  type GstRule,
  gstChoiceFor,
  gstRuleFor,
  indianDate,
  isIntraState,
  rateForPieces,
  splitTax,
  stateCode,
} from './gst.ts'

const saree = { description: 'Banarasi silk saree', code: '5007', rate: 5, quantity: 1, unitPrice: 1_050_000 }
const pot = { description: 'Blue pottery vase', code: '6912', rate: 5, quantity: 3, unitPrice: 99_900 }
const painting = {
  description: 'Madhubani painting',
  code: '9701',
  rate: 12,
  quantity: 1,
  unitPrice: 250_000,
}

describe('splitTax', () => {
  it('takes the tax out of an inclusive price, halves inside the state with the odd paisa in SGST', () => {
    // ₹10,500 at 5%: ₹10,000 taxable, ₹500 tax.
    expect(splitTax(1_050_000, 5, true)).toEqual({ taxable: 1_000_000, cgst: 25_000, sgst: 25_000, igst: 0 })
    expect(splitTax(1_050_000, 5, false)).toEqual({ taxable: 1_000_000, cgst: 0, sgst: 0, igst: 50_000 })
    // ₹999 at 5%: 95142.857… rounds to 95143; tax 4757 paise = 2378 + 2379.
    expect(splitTax(99_900, 5, true)).toEqual({ taxable: 95_143, cgst: 2378, sgst: 2379, igst: 0 })
  })
  it('rounds an exact half up, and a 0% line has no tax', () => {
    // 21 × 100 / 105 = 20 exactly; 1 × 100 / 200 (rate 100 is only for the arithmetic) = 0.5 rounds to 1.
    expect(splitTax(21, 5, false).taxable).toBe(20)
    expect(splitTax(1, 100, false).taxable).toBe(1)
    expect(splitTax(12_345, 0, true)).toEqual({ taxable: 12_345, cgst: 0, sgst: 0, igst: 0 })
  })
})

describe('apportion', () => {
  it('shares a discount exactly, leftover paise to the largest remainders, earlier first on a tie', () => {
    expect(apportion(100, [1, 1, 1])).toEqual([34, 33, 33])
    expect(apportion(10, [300, 600])).toEqual([3, 7])
    expect(apportion(0, [5, 5])).toEqual([0, 0])
    const shares = apportion(123_457, [1_050_000, 299_700, 250_000])
    expect(shares.reduce((a, b) => a + b, 0)).toBe(123_457)
  })
})

describe('computeTax', () => {
  it('inside the shop’s state: CGST and SGST on every line, totals add up to what was paid', () => {
    const t = computeTax({ lines: [saree, pot], discount: 0, intraState: true })
    expect(t.igst).toBe(0)
    expect(t.cgst + t.sgst + t.taxable).toBe(1_050_000 + 299_700)
    expect(t.total).toBe(1_349_700)
    expect(t.lines[1]).toMatchObject({ gross: 299_700, inclusive: 299_700, taxable: 285_429 })
    expect(t.lines[1]!.cgst).toBe(Math.floor((299_700 - 285_429) / 2))
  })
  it('across states: IGST only, each line at its own rate', () => {
    const t = computeTax({ lines: [saree, painting], discount: 0, intraState: false })
    expect(t.cgst + t.sgst).toBe(0)
    expect(t.lines.map((l) => l.igst)).toEqual([50_000, 250_000 - 223_214])
  })
  it('takes a coupon off the lines before tax, in proportion, to the paisa', () => {
    // 10% off ₹16,497 = ₹1,649.70, shared over ₹10,500 + ₹2,997 + ₹2,500.
    const subtotal = 1_050_000 + 299_700 + 250_000
    const discount = Math.round(subtotal / 10)
    const t = computeTax({ lines: [saree, pot, painting], discount, intraState: true })
    expect(t.lines.map((l) => l.discount)).toEqual([105_000, 29_970, 25_000])
    expect(t.discount).toBe(discount)
    expect(t.total).toBe(subtotal - discount)
    expect(t.lines[0]).toMatchObject({ inclusive: 945_000, taxable: 900_000, cgst: 22_500, sgst: 22_500 })
    for (const l of t.lines) expect(l.taxable + l.cgst + l.sgst + l.igst).toBe(l.inclusive)
  })
  it('an odd discount still adds up and every paisa lands on one line', () => {
    const t = computeTax({ lines: [saree, pot], discount: 1, intraState: false })
    expect(t.lines.map((l) => l.discount)).toEqual([1, 0])
    expect(t.total).toBe(1_349_699)
  })
  it('an extra charge (a cash-on-delivery fee) is its own line, taxed, never discounted', () => {
    const t = computeTax({
      lines: [pot],
      discount: 29_970,
      extras: [{ description: 'Cash on delivery fee', code: '9968', rate: 18, amount: 5_000 }],
      intraState: true,
    })
    expect(t.lines).toHaveLength(2)
    expect(t.lines[1]).toMatchObject({ discount: 0, inclusive: 5_000, taxable: 4_237, cgst: 381, sgst: 382 })
    expect(t.total).toBe(299_700 - 29_970 + 5_000)
    // A zero fee adds no line.
    const none = computeTax({
      lines: [pot],
      discount: 0,
      extras: [{ description: 'x', code: '9968', rate: 18, amount: 0 }],
      intraState: true,
    })
    expect(none.lines).toHaveLength(1)
  })
})

describe('places, years and numbers', () => {
  it('compares states as people write them', () => {
    expect(isIntraState('Uttar Pradesh', '  uttar pradesh ')).toBe(true)
    expect(isIntraState('Jammu & Kashmir', 'Jammu and Kashmir')).toBe(true)
    expect(isIntraState('Uttar Pradesh', 'Bihar')).toBe(false)
    expect(isIntraState('', '')).toBe(false)
    expect(stateCode('Orissa')).toBe('21')
    expect(stateCode('Atlantis')).toBeNull()
  })
  it('runs the financial year April to March in India’s time', () => {
    expect(financialYear(new Date('2027-03-31T18:29:59Z'))).toBe('2026-27')
    expect(financialYear(new Date('2027-03-31T18:30:00Z'))).toBe('2027-28')
    expect(financialYear(new Date('2026-11-24T10:00:00Z'))).toBe('2026-27')
    expect(financialYear(new Date('2099-12-31T10:00:00Z'))).toBe('2099-00')
    expect(indianDate(new Date('2027-03-31T18:30:00Z'))).toBe('01-04-2027')
  })
  it('numbers documents in at most 16 characters', () => {
    expect(documentNumber('KSF', 'invoice', '2026-27', 1)).toBe('KSF/26-27/00001')
    expect(documentNumber('KSF', 'credit-note', '2026-27', 42)).toBe('KSFC/26-27/00042')
    expect(documentNumber('KSF', 'credit-note', '2026-27', 99_999).length).toBeLessThanOrEqual(16)
  })
})

describe('rates by price per piece (decision 128)', () => {
  const rule = (over: Partial<GstRule>): GstRule => ({
    id: 'r',
    hsnPrefix: '62',
    validFrom: '2025-09-22',
    rate: 5,
    threshold: 250000,
    aboveRate: 18,
    note: '',
    ...over,
  })

  it('takes the longest prefix, then the latest start on or before the day', () => {
    const rules = [
      rule({ id: 'chapter' }),
      rule({
        id: 'old',
        hsnPrefix: '6214',
        validFrom: '2017-07-01',
        rate: 5,
        threshold: null,
        aboveRate: null,
      }),
      rule({
        id: 'new',
        hsnPrefix: '6214',
        validFrom: '2027-01-01',
        rate: 18,
        threshold: null,
        aboveRate: null,
      }),
    ]
    expect(gstRuleFor(rules, '62143000', '2026-12-03')?.id).toBe('old')
    expect(gstRuleFor(rules, '62143000', '2027-01-01')?.id).toBe('new')
    expect(gstRuleFor(rules, '6205', '2026-12-03')?.id).toBe('chapter')
    expect(gstRuleFor(rules, '6205', '2025-09-21')).toBeNull()
    expect(gstRuleFor(rules, '9701', '2026-12-03')).toBeNull()
  })

  it('a fixed rate, no HSN code or no rule leave the product’s own rate', () => {
    const rules = [rule({})]
    expect(gstChoiceFor({ hsnCode: '6205', gstRate: 12, gstRateFixed: true }, rules, '2026-12-03')).toEqual({
      rate: 12,
    })
    expect(gstChoiceFor({ hsnCode: '', gstRate: 5, gstRateFixed: false }, rules, '2026-12-03')).toEqual({
      rate: 5,
    })
    expect(gstChoiceFor({ hsnCode: '6205', gstRate: 12, gstRateFixed: false }, rules, '2026-12-03')).toEqual({
      rate: 5,
      slab: { threshold: 250000, above: 18 },
    })
  })

  it('compares a piece’s value before tax at the lower rate with the threshold, for any quantity', () => {
    const choice = { rate: 5, slab: { threshold: 250000, above: 18 } }
    expect(rateForPieces(choice, 262500, 1)).toBe(5)
    expect(rateForPieces(choice, 262501, 1)).toBe(18)
    // Three pieces for ₹7,875 are ₹2,625 each; a paisa more and each is over.
    expect(rateForPieces(choice, 787500, 3)).toBe(5)
    expect(rateForPieces(choice, 787501, 3)).toBe(18)
    expect(rateForPieces({ rate: 3 }, 10_000_000, 1)).toBe(3)
  })

  it('computeTax decides the rate after the coupon’s share, and a principal charge follows it', () => {
    const kurta = {
      description: 'Kurta',
      code: '6205',
      rate: 5,
      slab: { threshold: 250000, above: 18 },
      quantity: 1,
    }
    const t = computeTax({
      lines: [
        { ...kurta, unitPrice: 280000 },
        { ...kurta, unitPrice: 260000 },
      ],
      discount: 54000,
      extras: [{ description: 'Cash on delivery fee', code: '6205', rate: 'principal', amount: 5000 }],
      intraState: false,
    })
    // Shares in proportion: 28,000 and 26,000; ₹2,520 is under ₹2,625, ₹2,340 too.
    expect(t.lines.map((l) => [l.inclusive, l.rate])).toEqual([
      [252000, 5],
      [234000, 5],
      [5000, 5],
    ])
    const none = computeTax({
      lines: [{ ...kurta, unitPrice: 280000 }],
      discount: 0,
      extras: [{ description: 'Cash on delivery fee', code: '6205', rate: 'principal', amount: 5000 }],
      intraState: false,
    })
    expect(none.lines.map((l) => l.rate)).toEqual([18, 18])
  })
})
