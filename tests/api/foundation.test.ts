import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertCatalogue } from '../support/fixtures.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'

let app: TestApp
let fx: Awaited<ReturnType<typeof insertCatalogue>>

beforeAll(async () => {
  app = await createTestApp()
  fx = await insertCatalogue(app.database.db)
})
afterAll(async () => {
  await app?.cleanup()
})

describe('health', () => {
  it('answers /healthz and /readyz with the database reachable', async () => {
    expect((await app.inject('/healthz')).json()).toEqual({ status: 'ok' })
    const ready = await app.inject('/readyz')
    expect(ready.statusCode).toBe(200)
    expect(ready.json().status).toBe('ready')
  })
})

describe('error model', () => {
  it('answers a call without a body, or with a body that is not an object, by asking for one', async () => {
    for (const payload of [undefined, '[1,2]', '"text"']) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/user/login',
        ...(payload === undefined ? {} : { headers: { 'content-type': 'application/json' }, payload }),
      })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({ success: false, message: 'Send the request body as a JSON object.' })
    }
  })
  it('checks the token of a signed-in call before its body: no token or a forged one is 401', async () => {
    const forged = { authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.' }
    for (const [method, url] of [
      ['POST', '/api/v1/cart/add'],
      ['DELETE', '/api/v1/cart/removeproduct'],
      ['PATCH', '/api/v1/cart/quantity'],
      ['POST', '/api/v1/wishlist/add'],
      ['POST', '/api/v1/wishlist/remove'],
      ['POST', '/api/v1/order/add'],
      ['PATCH', '/api/v1/order/updateorder'],
      ['POST', '/api/v1/payments/create'],
      ['POST', '/api/v1/payments/verify'],
      ['POST', '/api/v1/adress/add'],
      ['PATCH', '/api/v1/user/update-account'],
    ] as const) {
      for (const headers of [{}, forged]) {
        const res = await app.inject({ method, url, headers })
        expect(res.statusCode, `${method} ${url}`).toBe(401)
        expect(res.json().success).toBe(false)
      }
    }
  })
  it('answers an unknown endpoint with 404 and a message', async () => {
    const res = await app.inject('/api/v1/nothing-here')
    expect(res.statusCode).toBe(404)
    expect(res.json()).toMatchObject({ success: false, message: expect.stringContaining('No such endpoint') })
  })
  it('answers a missing query parameter with 400 naming it', async () => {
    const res = await app.inject('/api/v1/Product/product')
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ success: false, message: expect.stringContaining('id') })
  })
  it('answers malformed JSON with 400, not 500', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/Product/product',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken":',
    })
    expect(res.statusCode).toBeGreaterThanOrEqual(400)
    expect(res.statusCode).toBeLessThan(500)
    expect(res.json().success).toBe(false)
  })
  it('answers an oversized body with 413 and a message', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/Product/product',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ x: 'a'.repeat(2 * 1024 * 1024) }),
    })
    expect(res.statusCode).toBe(413)
    expect(res.json()).toEqual({ success: false, message: 'The request is too large.' })
  })
  it('never leaks a stack trace', async () => {
    const res = await app.inject('/api/v1/Product/product?id=%00%01')
    expect(res.body).not.toMatch(/at .*\.ts:\d+/)
  })
})

describe('security headers', () => {
  it('sends a Content-Security-Policy and nosniff', async () => {
    const res = await app.inject('/healthz')
    expect(res.headers['content-security-policy']).toContain("default-src 'self'")
    expect(res.headers['x-content-type-options']).toBe('nosniff')
  })
})

describe('OpenAPI', () => {
  it('publishes the document with the catalogue paths', async () => {
    const res = await app.inject('/api/openapi.json')
    expect(res.statusCode).toBe(200)
    const doc = res.json()
    expect(doc.openapi).toMatch(/^3\./)
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/category/allcategory',
        '/api/v1/Product/products',
        '/api/v1/Product/product',
      ]),
    )
  })
  it('serves a readable page at /api/docs', async () => {
    const res = await app.inject('/api/docs/')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/html')
  })
})

describe('catalogue reads', () => {
  it('lists only active categories with subcategories', async () => {
    const res = await app.inject('/api/v1/category/allcategory')
    expect(res.statusCode).toBe(200)
    const titles = res.json().data.map((c: { categoriesTitle: string }) => c.categoriesTitle)
    expect(titles).toEqual(['Handloom', 'Art & Painting'])
    expect(res.json().data[0].subcategories[0]).toEqual({ _id: fx.sarees.id, subCategoryTitle: 'Sarees' })
  })
  it('lists only approved products of active categories, in rupees', async () => {
    const res = await app.inject('/api/v1/Product/products')
    const list = res.json().data
    expect(list.map((p: { title: string }) => p.title)).toEqual([
      'Banarasi Silk Saree',
      'Madhubani Fish Painting',
    ])
    expect(list[0]).toMatchObject({
      price: 100,
      cutPrice: 150,
      IsApproved: true,
      categories: 'Handloom',
      state: 'Uttar Pradesh',
    })
    expect(list[0].thumbnail).toHaveLength(2)
  })
  it('serves gzip and brotli from the cache with an ETag', async () => {
    const gz = await app.inject({ url: '/api/v1/Product/products', headers: { 'accept-encoding': 'gzip' } })
    expect(gz.headers['content-encoding']).toBe('gzip')
    const again = await app.inject({
      url: '/api/v1/Product/products',
      headers: { 'if-none-match': String(gz.headers.etag) },
    })
    expect(again.statusCode).toBe(304)
  })
  it('answers an unknown or unapproved product id with 404', async () => {
    for (const id of ['000000000000000000000000', fx.unapproved.id, 'not-an-id']) {
      const res = await app.inject(`/api/v1/Product/product?id=${id}`)
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({ success: false, message: 'Product not found.' })
    }
  })
})
