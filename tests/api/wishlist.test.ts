import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newId } from '../../server/db/ids.ts'
import { products } from '../../server/db/schema.ts'
import { makeCustomer, makeProduct, type Shopper } from '../support/factories.ts'
import { insertCatalogue } from '../support/fixtures.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'

let app: TestApp
// Read only: no test changes these products; each test has shoppers of its own.
let fx: Awaited<ReturnType<typeof insertCatalogue>>

beforeAll(async () => {
  app = await createTestApp()
  fx = await insertCatalogue(app.database.db)
})
afterAll(async () => {
  await app?.cleanup()
})

const add = (s: Shopper, productId: unknown) =>
  app.inject({ method: 'POST', url: '/api/v1/wishlist/add', headers: s.auth, payload: { productId } })
const remove = (s: Shopper, productId: unknown) =>
  app.inject({ method: 'POST', url: '/api/v1/wishlist/remove', headers: s.auth, payload: { productId } })
const getWishlist = (s: Shopper) => app.inject({ method: 'GET', url: '/api/v1/wishlist', headers: s.auth })

/** A shopper who has put the saree and the painting on her wishlist. */
async function withTwo(name = 'Asha Verma') {
  const s = await makeCustomer(app, name)
  expect((await add(s, fx.saree.id)).statusCode).toBe(200)
  expect((await add(s, fx.painting.id)).statusCode).toBe(200)
  return s
}

describe('without a token', () => {
  it.each([
    ['GET', '/api/v1/wishlist'],
    ['POST', '/api/v1/wishlist/add'],
    ['POST', '/api/v1/wishlist/remove'],
  ] as const)('%s %s answers 401', async (method, url) => {
    const res = await app.inject({ method, url, payload: { productId: fx.saree.id } })
    expect(res.statusCode).toBe(401)
    expect(res.json().success).toBe(false)
  })
})

describe('wishlist', () => {
  it('starts empty with success and a message', async () => {
    const asha = await makeCustomer(app, 'Asha Verma')
    const res = await getWishlist(asha)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ success: true, message: expect.any(String), wishlist: { items: [] } })
  })

  it('adds products once each, newest first, with the fields the page shows', async () => {
    const asha = await makeCustomer(app, 'Asha Verma')
    expect((await add(asha, fx.saree.id)).json()).toMatchObject({ success: true })
    expect((await add(asha, fx.painting.id)).statusCode).toBe(200)
    expect((await add(asha, fx.saree.id)).statusCode).toBe(200)
    const { wishlist } = (await getWishlist(asha)).json()
    expect(wishlist.items).toHaveLength(2)
    const saree = wishlist.items.find((i: { productId: string }) => i.productId === fx.saree.id)
    expect(saree).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      productId: fx.saree.id,
      title: 'Banarasi Silk Saree',
      url: `/uploads/products/${fx.saree.id}/1-800.webp`,
      addedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      price: 100,
      quantity: 1000,
    })
  })

  it('reports stock as quantity, so the page can say Out Of Stock', async () => {
    const asha = await makeCustomer(app, 'Asha Verma')
    const piece = await makeProduct(app)
    expect((await add(asha, piece.id)).statusCode).toBe(200)
    await app.database.db.update(products).set({ quantity: 0 }).where(eq(products.id, piece.id))
    app.services.catalogue.invalidate()
    const { wishlist } = (await getWishlist(asha)).json()
    expect(wishlist.items.find((i: { productId: string }) => i.productId === piece.id).quantity).toBe(0)
  })

  it("keeps each customer's wishlist apart", async () => {
    const asha = await withTwo('Asha Verma')
    const ravi = await makeCustomer(app, 'Ravi Kumar')
    expect((await getWishlist(ravi)).json().wishlist.items).toEqual([])
    expect((await remove(ravi, fx.saree.id)).statusCode).toBe(404)
    expect((await getWishlist(asha)).json().wishlist.items).toHaveLength(2)
  })

  it('answers 404 for unknown and unapproved products', async () => {
    const asha = await makeCustomer(app, 'Asha Verma')
    for (const id of [newId(), 'nope', fx.unapproved.id, fx.inInactive.id]) {
      const res = await add(asha, id)
      expect(res.statusCode, id).toBe(404)
      expect(res.json()).toEqual({ success: false, message: 'Product not found.' })
    }
  })

  it('answers 400 without a productId', async () => {
    const asha = await makeCustomer(app, 'Asha Verma')
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/wishlist/add',
      headers: asha.auth,
      payload: {},
    })
    expect(res.statusCode).toBe(400)
  })

  it('removes a product, and a second removal answers 404', async () => {
    const asha = await withTwo('Asha Verma')
    const res = await remove(asha, fx.saree.id)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ success: true })
    expect((await remove(asha, fx.saree.id)).statusCode).toBe(404)
    const { wishlist } = (await getWishlist(asha)).json()
    expect(wishlist.items.map((i: { productId: string }) => i.productId)).toEqual([fx.painting.id])
  })

  it('two quick adds keep one entry', async () => {
    const s = await makeCustomer(app, 'Quick')
    const answers = await Promise.all([add(s, fx.saree.id), add(s, fx.saree.id), add(s, fx.saree.id)])
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200])
    expect((await getWishlist(s)).json().wishlist.items).toHaveLength(1)
  })
})
