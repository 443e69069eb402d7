import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeCustomer, makeProduct, makeStaff, type Person } from '../support/factories.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'
import { productBody } from './admin-helpers.ts'

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

describe('a product in Hindi', () => {
  it('shows staff’s Hindi title and descriptions to Hindi readers, the English to others and where empty', async () => {
    const staff = await makeStaff(app, 'catalogue', 'Meera Catalogue')
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/products',
      headers: staff.auth,
      payload: productBody({
        title: 'Chikankari Kurta in White',
        titleHi: 'सफ़ेद चिकनकारी कुर्ता',
        descriptionHi: '<p>लखनऊ की <strong>हाथ की कढ़ाई</strong></p><script>alert(1)</script>',
        isApproved: true,
      }),
    })
    expect(created.statusCode, created.body).toBe(200)
    const id = created.json().data._id
    expect(created.json().data).toMatchObject({ titleHi: 'सफ़ेद चिकनकारी कुर्ता', shortDescriptionHi: '' })

    const read = async (cookie: string) =>
      (await app.inject({ url: `/api/v1/Product/product?id=${id}`, headers: { cookie } })).json().product
    const hindi = await read('lang=hi')
    expect(hindi.title).toBe('सफ़ेद चिकनकारी कुर्ता')
    expect(hindi.description).toBe('<p>लखनऊ की <strong>हाथ की कढ़ाई</strong></p>')
    // No Hindi short description: the English shows.
    expect(hindi.shortDescription).toBe('Hand-embroidered in Lucknow.')
    expect((await read('lang=en')).title).toBe('Chikankari Kurta in White')

    // Lists and search answer in Hindi too, and the Hindi title finds the product.
    const list = await app.inject({ url: '/api/v1/Product/products', headers: { cookie: 'lang=hi' } })
    expect(list.json().data.find((p: { _id: string }) => p._id === id).title).toBe('सफ़ेद चिकनकारी कुर्ता')
    const englishList = await app.inject({ url: '/api/v1/Product/products' })
    expect(englishList.json().data.find((p: { _id: string }) => p._id === id).title).toBe(
      'Chikankari Kurta in White',
    )
    const found = await app.inject({
      url: `/api/v1/Product/searchproduct?query=${encodeURIComponent('चिकनकारी')}`,
      headers: { cookie: 'lang=hi' },
    })
    expect(found.json().data.map((p: { _id: string }) => p._id)).toContain(id)

    // A save without Hindi fields (as a CSV import makes) keeps them; the form's empty field clears one.
    const kept = await app.inject({
      method: 'PUT',
      url: `/api/v1/admin/products/${id}`,
      headers: staff.auth,
      payload: productBody({
        title: 'Chikankari Kurta in White',
        sku: created.json().data.sku,
        isApproved: true,
      }),
    })
    expect(kept.statusCode, kept.body).toBe(200)
    expect((await read('lang=hi')).title).toBe('सफ़ेद चिकनकारी कुर्ता')
    const cleared = await app.inject({
      method: 'PUT',
      url: `/api/v1/admin/products/${id}`,
      headers: staff.auth,
      payload: productBody({ title: 'Chikankari Kurta in White', sku: created.json().data.sku, titleHi: '' }),
    })
    expect(cleared.statusCode, cleared.body).toBe(200)
    expect((await read('lang=hi')).title).toBe('Chikankari Kurta in White')
  })
})
