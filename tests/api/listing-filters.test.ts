import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newId } from '../../server/db/ids.ts'
import { artisans, categories, productMakers, products, states } from '../../server/db/schema.ts'
import { makePerson, makeProduct, orderOf } from '../support/factories.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'

let app: TestApp

beforeAll(async () => {
  app = await createTestApp()
})
afterAll(async () => {
  await app?.cleanup()
})

/**
 * A category of its own with five products: silk and cotton, woven and printed, a GI-tagged one, one sold
 * out, one by an artisan, in two states. Each test makes its own, so counts are the test's alone.
 */
async function shelf() {
  const db = app.database.db
  const tag = newId().slice(-6)
  const categoryId = newId()
  const category = `Textiles ${tag}`
  await db.insert(categories).values({ id: categoryId, title: category })
  const up = { id: newId(), name: `Uttar Pradesh ${tag}` }
  const assam = { id: newId(), name: `Assam ${tag}` }
  await db.insert(states).values([up, assam])
  const make = (title: string, over: Parameters<typeof makeProduct>[1]) =>
    makeProduct(app, { title: `${title} ${tag}`, categoryId, ...over })
  const saree = await make('Banarasi silk saree', {
    price: 8_000_00,
    materials: ['Silk', 'Zari'],
    techniques: ['Handloom weaving'],
    colours: ['Red', 'Gold'],
    giName: 'Banaras Brocades and Sarees',
    stateId: up.id,
  })
  const stole = await make('Muga silk stole', {
    price: 6_500_00,
    materials: ['Silk'],
    techniques: ['Handloom weaving'],
    colours: ['Gold'],
    silkMark: 'SM-1234',
    stateId: assam.id,
  })
  const bedsheet = await make('Dabu cotton bedsheet', {
    price: 2_200_00,
    materials: ['Cotton'],
    techniques: ['Block print'],
    colours: ['Indigo'],
    stateId: up.id,
  })
  const dupatta = await make('Chikankari cotton dupatta', {
    price: 1_600_00,
    materials: ['Cotton'],
    techniques: ['Hand embroidery'],
    colours: ['White'],
    quantity: 0,
    stateId: up.id,
  })
  const kurta = await make('Block print cotton kurta', {
    price: 1_200_00,
    materials: ['Cotton'],
    techniques: ['Block print'],
    colours: ['Indigo', 'White'],
    stateId: assam.id,
  })
  const artisanId = newId()
  const slug = `rani-jha-${tag}`
  await db.insert(artisans).values({ id: artisanId, slug, name: `Rani Jha ${tag}` })
  await db.insert(productMakers).values([
    { productId: bedsheet.id, artisanId, position: 0 },
    { productId: kurta.id, artisanId, position: 0 },
  ])
  app.services.cache.invalidate()
  return { category, up, assam, slug, saree, stole, bedsheet, dupatta, kurta }
}

const list = async (query: string) => {
  const res = await app.inject({ url: `/api/v1/Product/products?${query}` })
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as {
    data: Array<{ _id: string; title: string }>
    pagination: { total: number }
    facets: {
      material: Array<{ value: string; label: string; count: number }>
      technique: Array<{ value: string; count: number }>
      colour: Array<{ value: string; count: number }>
      state: Array<{ value: string; count: number }>
      mark: Array<{ value: string; count: number }>
      artisan: Array<{ value: string; label: string; count: number }>
      inStock: number
      price: { min: number; max: number } | null
    }
  }
}
const counts = (values: Array<{ value: string; count: number }>) =>
  Object.fromEntries(values.map((v) => [v.value, v.count]))

describe('GET /api/v1/Product/products filters and counts (decision 130)', () => {
  it('answers the counts of every filter for a listing', async () => {
    const s = await shelf()
    const body = await list(`category=${encodeURIComponent(s.category)}`)
    expect(body.pagination.total).toBe(5)
    expect(counts(body.facets.material)).toEqual({ Cotton: 3, Silk: 2, Zari: 1 })
    expect(counts(body.facets.technique)).toEqual({
      'Block print': 2,
      'Handloom weaving': 2,
      'Hand embroidery': 1,
    })
    expect(counts(body.facets.colour)).toEqual({ Gold: 2, Indigo: 2, White: 2, Red: 1 })
    expect(counts(body.facets.state)).toEqual({ [s.up.name]: 3, [s.assam.name]: 2 })
    expect(counts(body.facets.mark)).toEqual({ gi: 1, silk: 1 })
    expect(body.facets.artisan).toEqual([{ value: s.slug, label: `Rani Jha ${s.slug.slice(-6)}`, count: 2 }])
    expect(body.facets.inStock).toBe(4)
    expect(body.facets.price).toEqual({ min: 1200, max: 8000 })
  })

  it("any of one filter's values, every filter given; a facet counts with the other filters applied", async () => {
    const s = await shelf()
    const base = `category=${encodeURIComponent(s.category)}`
    const cotton = await list(`${base}&material=Cotton`)
    expect(cotton.data.map((p) => p._id).sort()).toEqual([s.bedsheet.id, s.dupatta.id, s.kurta.id].sort())
    // Its own facet still offers silk with its count; the others count among the cotton pieces.
    expect(counts(cotton.facets.material)).toEqual({ Cotton: 3, Silk: 2, Zari: 1 })
    expect(counts(cotton.facets.colour)).toEqual({ Indigo: 2, White: 2 })
    const either = await list(`${base}&colour=Red&colour=Indigo`)
    expect(either.data.map((p) => p._id).sort()).toEqual([s.saree.id, s.bedsheet.id, s.kurta.id].sort())
    const joined = await list(`${base}&colour=Red,Indigo&technique=Block%20print`)
    expect(joined.data.map((p) => p._id).sort()).toEqual([s.bedsheet.id, s.kurta.id].sort())
    const state = await list(`${base}&state=${encodeURIComponent(s.assam.name.toUpperCase())}`)
    expect(state.data.map((p) => p._id).sort()).toEqual([s.stole.id, s.kurta.id].sort())
    expect(counts(state.facets.state)).toEqual({ [s.up.name]: 3, [s.assam.name]: 2 })
  })

  it('marks, artisan, price and stock', async () => {
    const s = await shelf()
    const base = `category=${encodeURIComponent(s.category)}`
    const ids = async (q: string) => (await list(`${base}&${q}`)).data.map((p) => p._id).sort()
    expect(await ids('mark=gi')).toEqual([s.saree.id])
    expect(await ids('mark=gi&mark=silk')).toEqual([s.saree.id, s.stole.id].sort())
    expect(await ids(`artisan=${s.slug}`)).toEqual([s.bedsheet.id, s.kurta.id].sort())
    expect(await ids('minPrice=1600&maxPrice=6500')).toEqual([s.stole.id, s.bedsheet.id, s.dupatta.id].sort())
    expect(await ids('material=Cotton&inStock=1')).toEqual([s.bedsheet.id, s.kurta.id].sort())
    expect(await ids('artisan=nobody-at-all')).toEqual([])
    expect(await ids('material=Bamboo')).toEqual([])
  })

  it('an order taking the last piece leaves it out of "in stock" at once, its cancellation brings it back, and the other rows are not read again', async () => {
    const s = await shelf()
    const base = `category=${encodeURIComponent(s.category)}`
    const inStock = async () => {
      const body = await list(`${base}&inStock=1`)
      return {
        ids: body.data.map((p) => p._id).sort(),
        count: body.facets.inStock,
        colours: counts(body.facets.colour),
      }
    }
    expect((await inStock()).ids).toEqual([s.saree.id, s.stole.id, s.bedsheet.id, s.kurta.id].sort())
    // Changed behind the catalogue's back: a listing that read its rows again would show it.
    await app.database.db
      .update(products)
      .set({ colours: ['Green'] })
      .where(eq(products.id, s.stole.id))

    const buyer = await makePerson(app)
    const order = await orderOf(app, buyer, { ...s.kurta, count: s.kurta.quantity })
    const after = await inStock()
    expect(after.ids).toEqual([s.saree.id, s.stole.id, s.bedsheet.id].sort())
    expect(after.count).toBe(3)
    expect(after.colours).toEqual({ Gold: 2, Indigo: 1, Red: 1 })

    const cancelled = await app.inject({
      method: 'PATCH',
      url: '/api/v1/order/updateorder',
      headers: buyer.auth,
      payload: { orderID: order._id, status: 'Cancelled' },
    })
    expect(cancelled.statusCode, cancelled.body).toBe(200)
    expect((await inStock()).ids).toEqual([s.saree.id, s.stole.id, s.bedsheet.id, s.kurta.id].sort())
    // A console write drops the rows: the change made behind its back shows now.
    app.services.cache.invalidate()
    expect((await inStock()).colours).toEqual({ Gold: 1, Green: 1, Indigo: 2, Red: 1, White: 1 })
  })

  it('refuses a price that is not a number or a mark it does not know, saying which', async () => {
    const bad = await app.inject({ url: '/api/v1/Product/products?minPrice=cheap' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toContain('minPrice')
    const mark = await app.inject({ url: '/api/v1/Product/products?mark=fake' })
    expect(mark.statusCode).toBe(400)
    expect(mark.json().message).toContain('mark')
  })
})
