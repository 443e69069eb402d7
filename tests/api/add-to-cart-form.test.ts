import { describe, expect, it } from 'vitest'
import { cartNoticeParam } from '../../app/lib/cart-notice.ts'
import { builtShopForThisFile, builtShopOrigin } from '../support/built-shop.ts'
import { makeAdmin, makeCustomer, makeProduct, type Shopper } from '../support/factories.ts'

// Add To Cart as a plain form before the page's code runs (docs/decisions/018), on the production build.
const shop = builtShopForThisFile()
const origin = builtShopOrigin

const form = (fields: Record<string, string> | Array<[string, string]>) =>
  new URLSearchParams(fields).toString()
const post = (
  fields: Record<string, string> | Array<[string, string]>,
  opts: { who?: Shopper; headers?: Record<string, string> } = {},
) =>
  shop.app.inject({
    method: 'POST',
    url: '/cart/add',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin,
      'sec-fetch-site': 'same-origin',
      ...(opts.who ? { cookie: `accessToken=${opts.who.token}` } : {}),
      ...opts.headers,
    },
    payload: form(fields),
  })
const cartOf = async (who: Shopper) =>
  (await shop.app.inject({ url: '/api/v1/cart/product', headers: who.auth })).json().cart.items as {
    productId: string
    quantity: number
  }[]

describe('the Add To Cart form', () => {
  it("adds to a signed-in customer's cart and returns to the page with a notice", async () => {
    const asha = await makeCustomer(shop.app)
    const piece = await makeProduct(shop.app)
    const res = await post(
      { productId: piece.id, back: `/Productdetails/${piece.id}?${cartNoticeParam}=failed` },
      { who: asha },
    )
    expect(res.statusCode).toBe(303)
    expect(res.headers.location).toBe(`/Productdetails/${piece.id}?${cartNoticeParam}=added`)
    expect(res.headers['cache-control']).toContain('no-store')
    expect(await cartOf(asha)).toMatchObject([{ productId: piece.id, quantity: 1 }])

    const page = await shop.app.inject({
      url: res.headers.location as string,
      headers: { cookie: `accessToken=${asha.token}` },
    })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('Product added to cart!')
  })

  it('sends a visitor to sign in, then back to the page', async () => {
    const piece = await makeProduct(shop.app)
    const res = await post({ productId: piece.id, back: '/products?search=pot' })
    expect(res.statusCode).toBe(303)
    expect(res.headers.location).toBe(`/Login?next=${encodeURIComponent('/products?search=pot')}`)
  })

  it('never returns to another site', async () => {
    const asha = await makeCustomer(shop.app)
    const piece = await makeProduct(shop.app)
    for (const back of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
      const res = await post({ productId: piece.id, back }, { who: asha })
      expect(res.headers.location).toBe(`/?${cartNoticeParam}=added`)
    }
  })

  it('refuses a form sent from another site', async () => {
    const asha = await makeCustomer(shop.app)
    const piece = await makeProduct(shop.app)
    for (const headers of [
      { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
      { 'sec-fetch-site': '', origin: 'https://evil.example' },
      { 'sec-fetch-site': '', origin: '' },
    ]) {
      const res = await post({ productId: piece.id, back: '/' }, { who: asha, headers })
      expect(res.statusCode).toBe(403)
      expect(res.json()).toMatchObject({ success: false })
    }
    expect(await cartOf(asha)).toEqual([])
  })

  it('answers bad input with a 4xx', async () => {
    const asha = await makeCustomer(shop.app)
    expect((await post({ back: '/' }, { who: asha })).statusCode).toBe(400)
    expect((await post({ productId: 'x'.repeat(65), back: '/' }, { who: asha })).statusCode).toBe(400)
    const json = await shop.app.inject({
      method: 'POST',
      url: '/cart/add',
      headers: { origin, 'sec-fetch-site': 'same-origin', cookie: `accessToken=${asha.token}` },
      payload: { productId: 'abc' },
    })
    expect(json.statusCode).toBe(415)
    const huge = await post({ productId: 'abc', back: `/${'a'.repeat(5000)}` }, { who: asha })
    expect(huge.statusCode).toBe(413)
    expect((await shop.app.inject({ url: '/cart/add' })).statusCode).toBe(302)
  })

  it('keeps the cart rules: unknown product, sold out, the last pieces', async () => {
    const asha = await makeCustomer(shop.app)
    const failed = `/?${cartNoticeParam}=failed`
    expect((await post({ productId: 'no-such-product', back: '/' }, { who: asha })).headers.location).toBe(
      failed,
    )
    const soldOut = await makeProduct(shop.app, { quantity: 0 })
    expect((await post({ productId: soldOut.id, back: '/' }, { who: asha })).headers.location).toBe(failed)
    const lastOne = await makeProduct(shop.app, { quantity: 1 })
    expect((await post({ productId: lastOne.id, back: '/' }, { who: asha })).headers.location).toBe(
      `/?${cartNoticeParam}=added`,
    )
    expect((await post({ productId: lastOne.id, back: '/' }, { who: asha })).headers.location).toBe(failed)
    // The home page's cards say the spec's home wording.
    const home = await post({ productId: soldOut.id, back: '/', variant: 'home' }, { who: asha })
    expect(home.headers.location).toBe(`/?${cartNoticeParam}=login-first`)
    expect(await cartOf(asha)).toMatchObject([{ productId: lastOne.id, quantity: 1 }])
  })

  it('is rate limited like the API', async () => {
    const asha = await makeCustomer(shop.app)
    const res = await post({ back: '/' }, { who: asha })
    const api = await shop.app.inject({ url: '/api/v1/cart/product', headers: asha.auth })
    expect(res.headers['x-ratelimit-limit']).toBe('3000')
    expect(res.headers['x-ratelimit-limit']).toBe(api.headers['x-ratelimit-limit'])
  })

  it("carries the product page's 'Make it yours' fields, and refuses a required text left empty", async () => {
    const staff = await makeAdmin(shop.app)
    const asha = await makeCustomer(shop.app)
    const piece = await makeProduct(shop.app, { price: 5_000_00 })
    const saved = await shop.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/products/${piece.id}/personalisation`,
      headers: staff.auth,
      payload: {
        choices: [
          { kind: 'text', label: 'Name to weave', maxLength: 12, required: true },
          { kind: 'addon', label: 'Gift wrap', price: 99 },
          { kind: 'addon', label: 'Fall & pico', price: 150 },
        ],
      },
    })
    expect(saved.statusCode, saved.body).toBe(200)
    const [name, wrap, fall] = (saved.json().data.personalisation as Array<{ id: string }>).map((c) => c.id)
    const send = (pairs: Array<[string, string]>) =>
      post([['productId', piece.id], ['back', '/'], ['pz', '1'], ...pairs], { who: asha })
    const empty = await send([[`pz-text-${name}`, ' ']])
    expect(empty.headers.location).toBe(`/?${cartNoticeParam}=failed`)
    expect(await cartOf(asha)).toEqual([])
    const res = await send([
      [`pz-text-${name}`, 'Asha'],
      ['pz-addon', wrap!],
      ['pz-addon', fall!],
    ])
    expect(res.headers.location).toBe(`/?${cartNoticeParam}=added`)
    expect(await cartOf(asha)).toMatchObject([
      {
        productId: piece.id,
        price: 5_249,
        personalisation: { text: { [name!]: 'Asha' }, addons: [wrap, fall] },
      },
    ])
  })
})
