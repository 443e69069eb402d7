import { describe, expect, it } from 'vitest'
import { isSameOriginPost } from './same-origin.ts'

const shop = 'https://shop.example.in'
const check = (headers: Record<string, string>, url = `${shop}/cart/add`) =>
  isSameOriginPost(new Headers(headers), url, shop)

describe('isSameOriginPost', () => {
  it('follows Sec-Fetch-Site when the browser sends it', () => {
    expect(check({ 'sec-fetch-site': 'same-origin', origin: shop })).toBe(true)
    expect(check({ 'sec-fetch-site': 'cross-site', origin: shop })).toBe(false)
    expect(check({ 'sec-fetch-site': 'same-site', origin: 'https://blog.example.in' })).toBe(false)
    expect(check({ 'sec-fetch-site': 'none' })).toBe(false)
  })
  it('otherwise needs an Origin of the shop or of the address asked', () => {
    expect(check({ origin: shop })).toBe(true)
    expect(check({ origin: 'http://127.0.0.1:3000' }, 'http://127.0.0.1:3000/cart/add')).toBe(true)
    expect(check({ origin: 'https://evil.example' })).toBe(false)
    expect(check({ origin: 'null' })).toBe(false)
    expect(check({})).toBe(false)
  })
})
