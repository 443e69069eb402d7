import { describe, expect, it } from 'vitest'
import { cartNoticeParam, wishlistNoticeParam } from '../../app/lib/cart-notice.ts'
import { builtShopForThisFile, builtShopOrigin } from '../support/built-shop.ts'
import { makeCustomer, makeProduct, type Shopper } from '../support/factories.ts'

// The wishlist heart as a plain form before the page's code runs (docs/decisions/018), on the production build.
const shop = builtShopForThisFile()
const origin = builtShopOrigin

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString()
const post = (
  fields: Record<string, string>,
  opts: { who?: Shopper; headers?: Record<string, string> } = {},
) =>
  shop.app.inject({
    method: 'POST',
    url: '/wishlist/add',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin,
      'sec-fetch-site': 'same-origin',
      ...(opts.who ? { cookie: `accessToken=${opts.who.token}` } : {}),
      ...opts.headers,
    },
    payload: form(fields),
  })
const wishlistOf = async (who: Shopper) =>
  (
    (await shop.app.inject({ url: '/api/v1/wishlist', headers: who.auth })).json().wishlist.items as {
      productId: string
    }[]
  ).map((i) => i.productId)

describe('the wishlist form', () => {
  it("adds to a signed-in customer's wishlist and returns to the page with a notice", async () => {
    const asha = await makeCustomer(shop.app)
    const piece = await makeProduct(shop.app)
    // An earlier notice of either form is dropped, so notices never stack.
    const res = await post(
      {
        productId: piece.id,
        back: `/Productdetails/${piece.id}?${cartNoticeParam}=added&${wishlistNoticeParam}=failed`,
      },
      { who: asha },
    )
    expect(res.statusCode).toBe(303)
    expect(res.headers.location).toBe(`/Productdetails/${piece.id}?${wishlistNoticeParam}=added`)
    expect(res.headers['cache-control']).toContain('no-store')
    expect(await wishlistOf(asha)).toEqual([piece.id])

    const page = await shop.app.inject({
      url: res.headers.location as string,
      headers: { cookie: `accessToken=${asha.token}` },
    })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('Added to your wishlist.')

    // Twice is still one entry, as with the API.
    await post({ productId: piece.id, back: '/' }, { who: asha })
    expect(await wishlistOf(asha)).toEqual([piece.id])
  })

  it('sends a visitor to sign in, then back to the page, and saves nothing', async () => {
    const piece = await makeProduct(shop.app)
    const res = await post({ productId: piece.id, back: `/Productdetails/${piece.id}` })
    expect(res.statusCode).toBe(303)
    expect(res.headers.location).toBe(`/Login?next=${encodeURIComponent(`/Productdetails/${piece.id}`)}`)
  })

  it('never returns to another site', async () => {
    const asha = await makeCustomer(shop.app)
    const piece = await makeProduct(shop.app)
    for (const back of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
      const res = await post({ productId: piece.id, back }, { who: asha })
      expect(res.headers.location).toBe(`/?${wishlistNoticeParam}=added`)
    }
  })

  it('refuses a form sent from another site', async () => {
    const asha = await makeCustomer(shop.app)
    const piece = await makeProduct(shop.app)
    for (const headers of [
      { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
      { 'sec-fetch-site': '', origin: '' },
    ]) {
      const res = await post({ productId: piece.id, back: '/' }, { who: asha, headers })
      expect(res.statusCode).toBe(403)
      expect(res.json()).toMatchObject({ success: false })
    }
    expect(await wishlistOf(asha)).toEqual([])
  })

  it('answers bad input with a 4xx, and an unknown product with the failure notice', async () => {
    const asha = await makeCustomer(shop.app)
    expect((await post({ back: '/' }, { who: asha })).statusCode).toBe(400)
    const json = await shop.app.inject({
      method: 'POST',
      url: '/wishlist/add',
      headers: { origin, 'sec-fetch-site': 'same-origin', cookie: `accessToken=${asha.token}` },
      payload: { productId: 'abc' },
    })
    expect(json.statusCode).toBe(415)
    expect((await post({ productId: 'abc', back: `/${'a'.repeat(5000)}` }, { who: asha })).statusCode).toBe(
      413,
    )
    expect((await shop.app.inject({ url: '/wishlist/add' })).statusCode).toBe(302)
    const gone = await post({ productId: 'no-such-product', back: '/' }, { who: asha })
    expect(gone.headers.location).toBe(`/?${wishlistNoticeParam}=failed`)
    expect(await wishlistOf(asha)).toEqual([])
  })
})
