import { describe, expect, it } from 'vitest'
import { toCard } from './product-card.ts'

const product = {
  _id: 'p1',
  title: 'Blue Pottery Vase',
  image: '/uploads/products/p1/1-800.webp',
  price: 1499,
  cutPrice: 1999,
  quantity: 12,
  rating: null,
}

describe('toCard', () => {
  it('carries only what a card shows: no stock count, no empty rating', () => {
    expect(toCard(product)).toEqual({
      _id: 'p1',
      title: 'Blue Pottery Vase',
      image: '/uploads/products/p1/1-800.webp',
      price: 1499,
      cutPrice: 1999,
    })
  })

  it('says sold out, and the rating when there is one', () => {
    const card = toCard({ ...product, quantity: 0, rating: { average: 4.5, count: 2 } })
    expect(card.soldOut).toBe(true)
    expect(card.rating).toEqual({ average: 4.5, count: 2 })
    expect(toCard({ ...product, quantity: -1 }).soldOut).toBe(true)
  })
})
