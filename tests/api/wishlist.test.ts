import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newId } from '../../server/db/ids.ts'
import { products } from '../../server/db/schema.ts'
import { makeCustomer, type Shopper } from '../support/factories.ts'
import { insertCatalogue } from '../support/fixtures.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'

let app: TestApp
let fx: Awaited<ReturnType<typeof insertCatalogue>>
let asha: Shopper
let ravi: Shopper

beforeAll(async () => {
  app = await createTestApp()
  fx = await insertCatalogue(app.database.db)
  asha = await makeCustomer(app, 'Asha Verma')
  ravi = await makeCustomer(app, 'Ravi Kumar')
})
afterAll(async () => {
  await app?.cleanup()
})

const add = (s: Shopper, productId: unknown) =>
  app.inject({ method: 'POST', url: '/api/v1/wishlist/add', headers: s.auth, payload: { productId } })
const remove = (s: Shopper, productId: unknown) =>
  app.inject({ method: 'POST', url: '/api/v1/wishlist/remove', headers: s.auth, payload: { productId } })
const getWishlist = (s: Shopper) => app.inject({ method: 'GET', url: '/api/v1/wishlist', headers: s.auth })

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
    const res = await getWishlist(asha)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ success: true, message: expect.any(String), wishlist: { items: [] } })
  })

  it('adds products once each, newest first, with the fields the page shows', async () => {
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
    await app.database.db.update(products).set({ quantity: 0 }).where(eq(products.id, fx.painting.id))
    app.services.catalogue.invalidate()
    const { wishlist } = (await getWishlist(asha)).json()
    expect(wishlist.items.find((i: { productId: string }) => i.productId === fx.painting.id).quantity).toBe(0)
    await app.database.db.update(products).set({ quantity: 10 }).where(eq(products.id, fx.painting.id))
    app.services.catalogue.invalidate()
  })

  it("keeps each customer's wishlist apart", async () => {
    expect((await getWishlist(ravi)).json().wishlist.items).toEqual([])
    expect((await remove(ravi, fx.saree.id)).statusCode).toBe(404)
    expect((await getWishlist(asha)).json().wishlist.items).toHaveLength(2)
  })

  it('answers 404 for unknown and unapproved products', async () => {
    for (const id of [newId(), 'nope', fx.unapproved.id, fx.inInactive.id]) {
      const res = await add(asha, id)
      expect(res.statusCode, id).toBe(404)
      expect(res.json()).toEqual({ success: false, message: 'Product not found.' })
    }
  })

  it('answers 400 without a productId', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/wishlist/add',
      headers: asha.auth,
      payload: {},
    })
    expect(res.statusCode).toBe(400)
  })

  it('removes a product, and a second removal answers 404', async () => {
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
