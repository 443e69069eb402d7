import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listPriceBelowPrice } from '../../contracts/admin.ts'
import { products } from '../../server/db/schema.ts'
import { makePerson, type Person } from '../support/factories.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'
import { productBody } from './admin-helpers.ts'

let app: TestApp
let admin: Person

beforeAll(async () => {
  app = await createTestApp()
  admin = await makePerson(app, 'admin', 'Meena Admin')
})
afterAll(async () => {
  await app?.cleanup()
})

const send = (method: 'POST' | 'PUT', url: string, payload: object) =>
  app.inject({ method, url: `/api/v1/admin${url}`, headers: admin.auth, payload })

const rowOf = async (id: string) =>
  (await app.database.db.select().from(products).where(eq(products.id, id)))[0]

describe('product prices in the console API', () => {
  it('refuses a list price below the price, naming both prices, and saves nothing', async () => {
    const sku = 'PRICE-LOW-1'
    const res = await send('POST', '/products', productBody({ sku, price: 1650, cutPrice: 1500 }))
    expect(res.statusCode).toBe(400)
    const body = res.json()
    expect(body.success).toBe(false)
    expect(body.errors.cutPrice).toBe(listPriceBelowPrice(1650, 1500))
    expect(body.errors.cutPrice).toContain('₹1,500')
    expect(body.errors.cutPrice).toContain('₹1,650')
    expect(body.message).toContain('₹1,500 is lower than the price ₹1,650')
    expect(await app.database.db.select().from(products).where(eq(products.sku, sku))).toEqual([])
  })

  it('refuses a lower list price on update too, keeping the saved prices', async () => {
    const created = await send('POST', '/products', productBody({ price: 1200, cutPrice: 1600 }))
    expect(created.statusCode, created.body).toBe(200)
    const id = created.json().data._id
    const res = await send('PUT', `/products/${id}`, productBody({ price: 1200, cutPrice: 999.5 }))
    expect(res.statusCode).toBe(400)
    expect(res.json().errors.cutPrice).toBe(
      'The cut price (list price) ₹999.50 is lower than the price ₹1,200. ' +
        'Enter a cut price of at least the price; the same amount means no discount.',
    )
    expect(await rowOf(id)).toMatchObject({ price: 120_000, cutPrice: 160_000, discount: 25 })
  })

  it('computes the discount from the two prices and ignores a typed one', async () => {
    const created = await send(
      'POST',
      '/products',
      productBody({ price: 1650, cutPrice: 2400, discount: 23 }),
    )
    expect(created.statusCode, created.body).toBe(200)
    const p = created.json().data
    expect(p.discount).toBe(31)
    expect((await rowOf(p._id)).discount).toBe(31)

    const updated = await send(
      'PUT',
      `/products/${p._id}`,
      productBody({ sku: p.sku, price: 999, cutPrice: 1500, discount: 90 }),
    )
    expect(updated.statusCode, updated.body).toBe(200)
    expect(updated.json().data.discount).toBe(33)
    expect((await rowOf(p._id)).discount).toBe(33)

    // The shop shows the same percent.
    await send('POST', `/products/${p._id}/approval`, { isApproved: true })
    const shop = await app.inject({ method: 'GET', url: `/api/v1/Product/product?id=${p._id}` })
    expect(shop.statusCode, shop.body).toBe(200)
    expect(shop.json().product).toMatchObject({ price: 999, cutPrice: 1500, discount: 33 })
  })

  it('accepts a list price equal to the price as no discount', async () => {
    const res = await send('POST', '/products', productBody({ price: 500, cutPrice: 500, discount: 50 }))
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data.discount).toBe(0)
  })

  it('shows the computed percent in the shop even for a row whose stored discount is stale', async () => {
    const created = await send('POST', '/products', productBody({ price: 1650, cutPrice: 2400 }))
    const id = created.json().data._id
    await send('POST', `/products/${id}/approval`, { isApproved: true })
    // A row saved before the rule, with the percent staff typed.
    await app.database.db.update(products).set({ discount: 23 }).where(eq(products.id, id))
    const list = await app.inject({ method: 'GET', url: '/api/v1/Product/products' })
    const listed = list.json().data.find((x: { _id: string }) => x._id === id)
    expect(listed.discount).toBe(31)
  })
})
