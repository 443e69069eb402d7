import { describe, expect, it } from 'vitest'
import { type ReturnRule, returnPromise, returnTerms, ruleForPiece, shopDefaultRule } from './return-rules.ts'

const t = (message: string, values: Record<string, unknown> = {}) =>
  message
    .replace(/\{days, plural, one \{# day\} other \{# days\}\}/, `${values.days} days`)
    .replace(/\{(\w+)\}/g, (_, k: string) => String(values[k]))

const category: ReturnRule = {
  returnable: true,
  windowDays: 10,
  exchange: false,
  returnShipping: 'customer',
  restockingFeePercent: 10,
}

describe('the rule a piece is sold under', () => {
  it("takes the product's exception first, then the piece's kind, then its category's, then the shop's", () => {
    const own: ReturnRule = { ...shopDefaultRule, windowDays: 3 }
    expect(ruleForPiece({ product: own, category, shop: shopDefaultRule }, 'prasad')).toEqual({
      ...own,
      source: 'product',
      kind: 'prasad',
    })
    expect(ruleForPiece({ product: null, category, shop: shopDefaultRule }, 'made-to-measure')).toEqual({
      ...category,
      returnable: false,
      exchange: false,
      source: 'kind',
      kind: 'made-to-measure',
    })
    expect(ruleForPiece({ product: null, category, shop: shopDefaultRule }, null).source).toBe('category')
    expect(ruleForPiece({ product: null, category: null, shop: shopDefaultRule }, null)).toEqual({
      ...shopDefaultRule,
      source: 'shop',
      kind: null,
    })
  })

  it('says the promise and its terms as the product page shows them', () => {
    expect(returnPromise(t, shopDefaultRule)).toBe('Returnable within 7 days')
    expect(returnTerms(t, shopDefaultRule)).toEqual([
      'Exchange for another size or colour',
      'We pay for the return',
    ])
    expect(returnTerms(t, category)).toEqual([
      'You send it back at your cost',
      '10% restocking fee if you change your mind',
    ])
    const not = { ...category, returnable: false }
    expect(returnPromise(t, not)).toBe('Not returnable')
    expect(returnTerms(t, not)).toEqual([
      'Damaged, wrong or not as described? We take it back within 10 days of delivery.',
    ])
  })
})
