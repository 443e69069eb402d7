import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from './api.ts'
import { fetchWishlist } from './wishlist-api.ts'

afterEach(() => {
  vi.unstubAllGlobals()
})

const answer = (body: unknown) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json(body, { status: 200 })),
  )

describe('the wishlist fetch', () => {
  it('treats a 200 that says it failed as a failure, not as a wishlist', async () => {
    answer({ success: false, message: 'Wishlist not found' })
    const failed = await fetchWishlist().catch((e: unknown) => e)
    expect(failed).toBeInstanceOf(ApiError)
    expect((failed as ApiError).message).toBe('Wishlist not found')
  })

  it('treats an answer without items as a failure', async () => {
    answer({ success: true, wishlist: null })
    await expect(fetchWishlist()).rejects.toThrow('The wishlist answer holds no items.')
  })

  it('gives the items of a good answer', async () => {
    const items = [
      { productId: 'p1', url: '/a.webp', addedAt: '2026-12-01', price: 500, quantity: 2, _id: 'w1' },
    ]
    answer({ success: true, wishlist: { items }, message: 'ok' })
    expect((await fetchWishlist()).wishlist.items).toEqual(items)
  })
})
