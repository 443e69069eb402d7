import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { maxCartQuantity } from '../../contracts/cart-rules.ts'
import { newId } from '../../server/db/ids.ts'
import { cartItems, products } from '../../server/db/schema.ts'
import { makeCustomer, makeProduct, type Shopper } from '../support/factories.ts'
import { insertCatalogue } from '../support/fixtures.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'

let app: TestApp
// Read only: no test changes these rows (one that withdraws a product makes its own).
let fx: Awaited<ReturnType<typeof insertCatalogue>>

beforeAll(async () => {
  app = await createTestApp()
  fx = await insertCatalogue(app.database.db)
})
afterAll(async () => {
  await app?.cleanup()
})

const add = (s: Shopper, productId: unknown) =>
  app.inject({ method: 'POST', url: '/api/v1/cart/add', headers: s.auth, payload: { productId } })
const getCart = (s: Shopper) => app.inject({ method: 'GET', url: '/api/v1/cart/product', headers: s.auth })
const remove = (s: Shopper, productId: unknown) =>
  app.inject({ method: 'DELETE', url: '/api/v1/cart/removeproduct', headers: s.auth, payload: { productId } })
const setQuantity = (s: Shopper, productId: unknown, quantity: unknown) =>
  app.inject({
    method: 'PATCH',
    url: '/api/v1/cart/quantity',
    headers: s.auth,
    payload: { productId, quantity },
  })

/** A new shopper whose cart holds one of each product given, added in that order. */
async function shopperWith(...productIds: string[]) {
  const shopper = await makeCustomer(app, 'Asha Verma')
  for (const id of productIds) expect((await add(shopper, id)).statusCode).toBe(200)
  return shopper
}

describe('without a token', () => {
  it.each([
    ['GET', '/api/v1/cart/product'],
    ['POST', '/api/v1/cart/add'],
    ['DELETE', '/api/v1/cart/removeproduct'],
    ['PATCH', '/api/v1/cart/quantity'],
  ] as const)('%s %s answers 401', async (method, url) => {
    const res = await app.inject({ method, url, payload: { productId: fx.saree.id, quantity: 2 } })
    expect(res.statusCode).toBe(401)
    expect(res.json()).toMatchObject({ success: false, message: expect.any(String) })
  })
  it('refuses a forged token', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/v1/cart/product',
      headers: { authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.' },
    })
    expect(res.statusCode).toBe(401)
  })
})

describe('cart', () => {
  it('starts empty', async () => {
    const asha = await shopperWith()
    const res = await getCart(asha)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ success: true, message: expect.any(String), cart: { items: [], total: 0 } })
  })

  it('adds a product, and adding it again adds one', async () => {
    const asha = await shopperWith()
    expect((await add(asha, fx.saree.id)).json()).toMatchObject({ success: true, quantity: 1 })
    expect((await add(asha, fx.saree.id)).json()).toMatchObject({ success: true, quantity: 2 })
    expect((await add(asha, fx.painting.id)).json()).toMatchObject({ success: true, quantity: 1 })
    const { cart } = (await getCart(asha)).json()
    expect(cart.items).toHaveLength(2)
    const saree = cart.items.find((i: { productId: string }) => i.productId === fx.saree.id)
    expect(saree).toMatchObject({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      product: {
        _id: fx.saree.id,
        title: 'Banarasi Silk Saree',
        image: `/uploads/products/${fx.saree.id}/1-800.webp`,
        price: 100,
      },
      price: 100,
      quantity: 2,
    })
    // 2 × ₹100 + 1 × ₹200
    expect(cart.total).toBe(400)
  })

  it("keeps each customer's cart apart", async () => {
    const asha = await shopperWith(fx.saree.id, fx.saree.id, fx.painting.id)
    const ravi = await makeCustomer(app, 'Ravi Kumar')
    const { cart } = (await getCart(ravi)).json()
    expect(cart.items).toEqual([])
    // Ravi cannot remove or change a line that is only in Asha's cart.
    expect((await remove(ravi, fx.saree.id)).statusCode).toBe(404)
    expect((await setQuantity(ravi, fx.saree.id, 3)).statusCode).toBe(404)
    expect((await getCart(asha)).json().cart.items).toHaveLength(2)
  })

  it('answers 404 for unknown, malformed and unapproved products', async () => {
    const asha = await shopperWith()
    for (const id of [newId(), 'not-an-id', fx.unapproved.id, fx.inInactive.id]) {
      const res = await add(asha, id)
      expect(res.statusCode, id).toBe(404)
      expect(res.json()).toEqual({ success: false, message: 'Product not found.' })
    }
    expect((await setQuantity(asha, fx.unapproved.id, 2)).statusCode).toBe(404)
  })

  it('answers 400 without a productId', async () => {
    const asha = await shopperWith()
    for (const payload of [{}, { productId: '' }, { productId: 42 }]) {
      const res = await app.inject({ method: 'POST', url: '/api/v1/cart/add', headers: asha.auth, payload })
      expect(res.statusCode).toBe(400)
      expect(res.json().success).toBe(false)
    }
  })

  it('sets a quantity, which survives a reload', async () => {
    const asha = await shopperWith(fx.saree.id, fx.painting.id)
    const res = await setQuantity(asha, fx.saree.id, 5)
    expect(res.statusCode).toBe(200)
    expect(
      res.json().cart.items.find((i: { productId: string }) => i.productId === fx.saree.id).quantity,
    ).toBe(5)
    const { cart } = (await getCart(asha)).json()
    expect(cart.total).toBe(5 * 100 + 200)
  })

  it.each([0, -1, 1.5, 'x', '3', maxCartQuantity + 1, 999, null])(
    'refuses quantity %j with 400',
    async (q) => {
      const asha = await shopperWith(fx.saree.id)
      const res = await setQuantity(asha, fx.saree.id, q)
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({
        success: false,
        message: `Invalid body: quantity must be a whole number from 1 to ${maxCartQuantity}.`,
      })
    },
  )

  it('accepts the maximum quantity, and add refuses to go beyond it', async () => {
    const asha = await shopperWith(fx.saree.id)
    expect((await setQuantity(asha, fx.saree.id, maxCartQuantity)).statusCode).toBe(200)
    const res = await add(asha, fx.saree.id)
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toContain(String(maxCartQuantity))
    expect((await setQuantity(asha, fx.saree.id, 1)).statusCode).toBe(200)
  })

  it('removes a line, and a second removal answers 404', async () => {
    const asha = await shopperWith(fx.saree.id, fx.painting.id)
    const first = await remove(asha, fx.painting.id)
    expect(first.statusCode).toBe(200)
    expect(first.json()).toMatchObject({ success: true })
    expect((await remove(asha, fx.painting.id)).statusCode).toBe(404)
    expect((await setQuantity(asha, fx.painting.id, 2)).statusCode).toBe(404)
    const { cart } = (await getCart(asha)).json()
    expect(cart.items.map((i: { productId: string }) => i.productId)).toEqual([fx.saree.id])
  })

  it('two quick adds of the same product make one line with quantity 2', async () => {
    const shopper = await makeCustomer(app, 'Quick Tapper')
    const answers = await Promise.all([add(shopper, fx.painting.id), add(shopper, fx.painting.id)])
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200])
    const { cart } = (await getCart(shopper)).json()
    expect(cart.items).toHaveLength(1)
    expect(cart.items[0].quantity).toBe(2)
    // And many at once on a fresh cart (the cart row itself is created concurrently too).
    const other = await makeCustomer(app, 'Many Taps')
    await Promise.all(Array.from({ length: 5 }, () => add(other, fx.saree.id)))
    const many = (await getCart(other)).json().cart
    expect(many.items).toHaveLength(1)
    expect(many.items[0].quantity).toBe(5)
  })

  it('hides a line whose product is withdrawn, and shows it again when approved', async () => {
    const piece = await makeProduct(app)
    const shopper = await makeCustomer(app, 'Withdrawn')
    await add(shopper, piece.id)
    await app.database.db.update(products).set({ isApproved: false }).where(eq(products.id, piece.id))
    app.services.catalogue.invalidate()
    expect((await getCart(shopper)).json().cart).toEqual({ items: [], total: 0 })
    await app.database.db.update(products).set({ isApproved: true }).where(eq(products.id, piece.id))
    app.services.catalogue.invalidate()
    expect((await getCart(shopper)).json().cart.items).toHaveLength(1)
  })
})

describe('cart service for checkout and orders', () => {
  it('itemsFor lists the lines and clear empties only that cart', async () => {
    const a = await makeCustomer(app, 'Clear Me')
    const b = await makeCustomer(app, 'Keep Me')
    await add(a, fx.saree.id)
    await add(b, fx.saree.id)
    const items = await app.services.cart.itemsFor(a.id)
    expect(items).toEqual([expect.objectContaining({ productId: fx.saree.id, price: 100, quantity: 1 })])
    await app.services.cart.clear(a.id)
    expect(await app.services.cart.itemsFor(a.id)).toEqual([])
    expect(await app.services.cart.itemsFor(b.id)).toHaveLength(1)
    // Clearing a customer who never had a cart is fine.
    await app.services.cart.clear(newId())
  })

  it('stores one row per line in cart_items', async () => {
    // A product of its own, added again, quickly and by several shoppers, so only this test's lines are read.
    const piece = await makeProduct(app)
    const again = await shopperWith(piece.id, piece.id)
    await Promise.all([add(again, piece.id), add(again, piece.id)])
    await shopperWith(piece.id)
    const rows = await app.database.db.select().from(cartItems).where(eq(cartItems.productId, piece.id))
    const perCart = new Map<string, number>()
    for (const r of rows) perCart.set(r.cartId, (perCart.get(r.cartId) ?? 0) + 1)
    expect([...perCart.values()].every((n) => n === 1)).toBe(true)
  })
})

describe('OpenAPI', () => {
  it('documents the cart calls with the bearer lock', async () => {
    const doc = (await app.inject('/api/openapi.json')).json()
    for (const [path, method] of [
      ['/api/v1/cart/product', 'get'],
      ['/api/v1/cart/add', 'post'],
      ['/api/v1/cart/removeproduct', 'delete'],
      ['/api/v1/cart/quantity', 'patch'],
    ] as const) {
      expect(doc.paths[path]?.[method]?.security, `${method} ${path}`).toEqual([{ bearer: [] }])
    }
  })
})

describe('caching', () => {
  it('marks cart answers private and not storable', async () => {
    const shopper = await makeCustomer(app, 'Cache Check')
    const res = await getCart(shopper)
    expect(res.headers['cache-control']).toBe('private, no-store')
  })
})
