import { describe, expect, it } from 'vitest'
import {
  onlyVariantChanged,
  optionViews,
  valueStock,
  variantFor,
  variantHref,
  variantPicked,
} from './variant-choice.ts'

// A kurta in three sizes and two colours: S and L in Madder red are not made, M in Madder red is sold out.
const options = [
  { name: 'Size', values: ['S', 'M', 'L'] },
  { name: 'Colour', values: ['Indigo', 'Madder red'] },
]
const v = (id: string, size: string, colour: string, quantity: number) => ({
  _id: id,
  options: [size, colour],
  quantity,
})
const variants = [
  v('s-indigo', 'S', 'Indigo', 4),
  v('m-indigo', 'M', 'Indigo', 2),
  v('l-indigo', 'L', 'Indigo', 0),
  v('m-red', 'M', 'Madder red', 0),
]

describe('variantFor', () => {
  it('takes the variant the address names', () => {
    expect(variantFor(variants, 'm-red')?._id).toBe('m-red')
  })

  it('falls back to the default (first) variant for no id or an unknown one', () => {
    expect(variantFor(variants, null)?._id).toBe('s-indigo')
    expect(variantFor(variants, 'not-a-variant')?._id).toBe('s-indigo')
  })

  it('is null for a product sold as one piece', () => {
    expect(variantFor([], 'anything')).toBeNull()
  })
})

describe('valueStock: which values are struck through given a partial choice', () => {
  it('with nothing chosen, a value stands by all its variants', () => {
    const none = [null, null]
    expect(valueStock(variants, none, 0, 'S')).toBe('inStock')
    // Only L in Indigo is made, and it is sold out.
    expect(valueStock(variants, none, 0, 'L')).toBe('soldOut')
    // Madder red is made only in M, sold out.
    expect(valueStock(variants, none, 1, 'Madder red')).toBe('soldOut')
    expect(valueStock(variants, none, 1, 'Indigo')).toBe('inStock')
  })

  it('with a colour chosen, sizes not made in it are none and sold-out ones are sold out', () => {
    const red = [null, 'Madder red']
    expect(valueStock(variants, red, 0, 'S')).toBe('none')
    expect(valueStock(variants, red, 0, 'M')).toBe('soldOut')
    expect(valueStock(variants, red, 0, 'L')).toBe('none')
  })

  it('with a size chosen, the colours follow that size only', () => {
    expect(valueStock(variants, ['S', null], 1, 'Indigo')).toBe('inStock')
    expect(valueStock(variants, ['S', null], 1, 'Madder red')).toBe('none')
    expect(valueStock(variants, ['M', null], 1, 'Madder red')).toBe('soldOut')
  })

  it("ignores the option's own current value", () => {
    // Choosing another size while S / Indigo is chosen: the size's own value does not rule others out.
    expect(valueStock(variants, ['S', 'Indigo'], 0, 'M')).toBe('inStock')
  })

  it('is none for a value no variant has', () => {
    expect(valueStock(variants, [null, null], 0, 'XL')).toBe('none')
  })
})

describe('variantPicked: which variant a choice picks', () => {
  it('picks the exact variant, even a sold-out one, so the shopper sees it sold out', () => {
    expect(variantPicked(variants, ['M', 'Indigo'], 1, 'Madder red')?._id).toBe('m-red')
    expect(variantPicked(variants, ['S', 'Indigo'], 0, 'L')?._id).toBe('l-indigo')
  })

  it('for a combination not made, keeps what it can of the other choices', () => {
    // S in Madder red is not made: the only Madder red is M.
    expect(variantPicked(variants, ['S', 'Indigo'], 1, 'Madder red')?._id).toBe('m-red')
    // From M / Madder red, S is made only in Indigo.
    expect(variantPicked(variants, ['M', 'Madder red'], 0, 'S')?._id).toBe('s-indigo')
  })

  it('among variants that keep as much, prefers one in stock, then the shop’s order', () => {
    const more = [...variants, v('l-red', 'L', 'Madder red', 3)]
    // From S / Indigo to Madder red: M and L in red keep nothing else; L is in stock.
    expect(variantPicked(more, ['S', 'Indigo'], 1, 'Madder red')?._id).toBe('l-red')
    // With nothing else chosen, the first in stock of the value.
    expect(variantPicked(variants, [null, null], 1, 'Indigo')?._id).toBe('s-indigo')
  })

  it('is null for a value no variant has', () => {
    expect(variantPicked(variants, ['S', 'Indigo'], 0, 'XL')).toBeNull()
  })
})

describe('optionViews', () => {
  it('marks the chosen values and strikes through what the other choices rule out', () => {
    const views = optionViews(options, variants, variants[3]!)
    expect(views.map((o) => [o.name, o.chosen])).toEqual([
      ['Size', 'M'],
      ['Colour', 'Madder red'],
    ])
    expect(views[0]!.values.map((x) => [x.value, x.chosen, x.stock, x.variant?._id])).toEqual([
      ['S', false, 'none', 's-indigo'],
      ['M', true, 'soldOut', 'm-red'],
      ['L', false, 'none', 'l-indigo'],
    ])
    expect(views[1]!.values.map((x) => [x.value, x.chosen, x.stock, x.variant?._id])).toEqual([
      ['Indigo', false, 'inStock', 'm-indigo'],
      ['Madder red', true, 'soldOut', 'm-red'],
    ])
  })
})

describe('the address', () => {
  it('sets ?variant= and keeps the rest of the query, without a form’s earlier notice', () => {
    expect(variantHref('/Productdetails/p1', '', 'm-red')).toBe('/Productdetails/p1?variant=m-red')
    expect(variantHref('/Productdetails/p1', '?lang=hi&variant=s-indigo&cart=added', 'm-red')).toBe(
      '/Productdetails/p1?lang=hi&variant=m-red',
    )
  })

  it('tells a change of variant alone from any other navigation', () => {
    const at = (s: string) => new URL(s, 'http://shop.test')
    expect(onlyVariantChanged(at('/Productdetails/p1'), at('/Productdetails/p1?variant=a'))).toBe(true)
    expect(
      onlyVariantChanged(
        at('/Productdetails/p1?variant=a&lang=hi'),
        at('/Productdetails/p1?lang=hi&variant=b'),
      ),
    ).toBe(true)
    // The same address again is a revalidation (Try again): it fetches.
    expect(onlyVariantChanged(at('/Productdetails/p1?variant=a'), at('/Productdetails/p1?variant=a'))).toBe(
      false,
    )
    expect(onlyVariantChanged(at('/Productdetails/p1?variant=a'), at('/Productdetails/p2?variant=a'))).toBe(
      false,
    )
    expect(
      onlyVariantChanged(at('/Productdetails/p1?variant=a'), at('/Productdetails/p1?reviews=helpful')),
    ).toBe(false)
  })
})
