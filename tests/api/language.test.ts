import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeCustomer, makeProduct, type Person } from '../support/factories.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'

// The API answers in the visitor's language (docs/decisions/097): `?lang=` or the remembered `lang` cookie.
let app: TestApp
let customer: Person
let productId: string

beforeAll(async () => {
  app = await createTestApp()
  customer = await makeCustomer(app)
  productId = (await makeProduct(app)).id
})
afterAll(() => app?.cleanup())

const addToCart = (headers: Record<string, string>, query = '') =>
  app.inject({
    method: 'POST',
    url: `/api/v1/cart/add${query}`,
    headers: { ...customer.auth, ...headers },
    payload: { productId },
  })

describe('the API in Hindi', () => {
  it('confirms in Hindi for a visitor who chose Hindi, and in English otherwise', async () => {
    expect((await addToCart({})).json().message).toBe('Product added to cart')
    expect((await addToCart({ cookie: 'lang=hi' })).json().message).toBe('उत्पाद कार्ट में जोड़ा गया')
    expect((await addToCart({ cookie: 'lang=en' })).json().message).toBe('Product added to cart')
    // The browser's own languages do not choose: only the visitor does.
    expect((await addToCart({ 'accept-language': 'hi-IN,hi;q=0.9' })).json().message).toBe(
      'Product added to cart',
    )
  })

  it('explains errors in Hindi, with the same status', async () => {
    const res = await app.inject({ url: '/api/v1/user/current-user', headers: { cookie: 'lang=hi' } })
    expect(res.statusCode).toBe(401)
    expect(res.json()).toMatchObject({ success: false, message: 'जारी रखने के लिए कृपया साइन इन करें।' })
    const missing = await app.inject({
      url: '/api/v1/Product/product?id=000000000000000000000000&lang=hi',
    })
    expect(missing.statusCode).toBe(404)
    expect(missing.json().message).toBe('उत्पाद नहीं मिला।')
  })

  it('remembers a choice made with ?lang= in a cookie, and ignores a language it does not speak', async () => {
    const res = await addToCart({}, '?lang=hi')
    expect(res.json().message).toBe('उत्पाद कार्ट में जोड़ा गया')
    expect(String(res.headers['set-cookie'])).toMatch(/^lang=hi; Path=\/; Max-Age=31536000; SameSite=Lax/)
    const unknown = await addToCart({ cookie: 'lang=fr' }, '?lang=xx')
    expect(unknown.json().message).toBe('Product added to cart')
    expect(unknown.headers['set-cookie']).toBeUndefined()
  })
})
