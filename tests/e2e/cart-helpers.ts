import type { APIRequestContext } from '@playwright/test'
import { expect } from './fixtures.ts'

export type ListedProduct = {
  _id: string
  title: string
  price: number
  image: string | null
  quantity: number
  madeToOrder: { minDays: number; maxDays: number } | null
}

/** Every approved product, page by page: the product list answers one bounded page at a time (decision 103). */
export async function everyListedProduct<T = ListedProduct>(request: APIRequestContext): Promise<T[]> {
  const all: T[] = []
  for (let page = 1; ; page++) {
    const res = await request.get(`/api/v1/Product/products?page=${page}&limit=100`)
    expect(res.ok()).toBeTruthy()
    const body = await res.json()
    all.push(...(body.data as T[]))
    if (page >= body.pagination.pages) return all
  }
}

/**
 * Approved products of the seeded shop, the best stocked first: stock is real and an unpaid order holds
 * its pieces for 30 minutes, so tests that place orders take them from the deepest shelves and never
 * sell a piece out from under another test.
 */
export async function listedProducts(request: APIRequestContext): Promise<ListedProduct[]> {
  const list = await everyListedProduct(request)
  expect(list.length).toBeGreaterThanOrEqual(2)
  // Pieces made to order (decision 132) ship later than the shop's usual dates: tests that check those dates
  // take pieces ready to ship (tests/e2e/made-to-order.phone.spec.ts has its own).
  return list.filter((p) => !p.madeToOrder).sort((x, y) => y.quantity - x.quantity)
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

export async function apiAddToCart(request: APIRequestContext, token: string, productId: string, times = 1) {
  for (let i = 0; i < times; i++) {
    const res = await request.post('/api/v1/cart/add', { headers: bearer(token), data: { productId } })
    expect(res.ok(), await res.text()).toBeTruthy()
  }
}

export async function apiAddToWishlist(request: APIRequestContext, token: string, productId: string) {
  const res = await request.post('/api/v1/wishlist/add', { headers: bearer(token), data: { productId } })
  expect(res.ok(), await res.text()).toBeTruthy()
}

export async function apiCart(request: APIRequestContext, token: string) {
  const res = await request.get('/api/v1/cart/product', { headers: bearer(token) })
  expect(res.ok()).toBeTruthy()
  return (await res.json()).cart as { items: { productId: string; quantity: number }[]; total: number }
}

export async function apiWishlist(request: APIRequestContext, token: string) {
  const res = await request.get('/api/v1/wishlist', { headers: bearer(token) })
  expect(res.ok()).toBeTruthy()
  return (await res.json()).wishlist.items as { productId: string }[]
}
