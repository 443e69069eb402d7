import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { bulkProductLimit } from '../../contracts/admin.ts'
import { newId } from '../../server/db/ids.ts'
import { products } from '../../server/db/schema.ts'
import { notYourArea } from '../../server/plugins/auth.ts'
import {
  makeAdmin,
  makeCustomer,
  makeProduct,
  makeStaff,
  orderOf,
  type Person,
  seedShop,
  stockOf,
} from '../support/factories.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'

/** Bulk actions on the console's product list (decision 093). */

let app: TestApp
let owner: Person
let catalogueStaff: Person
let ordersStaff: Person

beforeAll(async () => {
  app = await createTestApp()
  await seedShop(app)
})
beforeEach(async () => {
  owner = await makeAdmin(app, 'Meera')
  catalogueStaff = await makeStaff(app, 'catalogue', 'Kiran')
  ordersStaff = await makeStaff(app, 'orders', 'Ravi')
})
afterAll(() => app?.cleanup())

const bulk = (who: Person, ids: string[], action: Record<string, unknown>) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/admin/products/bulk',
    headers: who.auth,
    payload: { ids, action },
  })

const row = async (id: string) => {
  const [r] = await app.database.db.select().from(products).where(eq(products.id, id))
  return r
}

const sentencesFor = async (id: string) => {
  const res = await app.inject({
    method: 'GET',
    url: '/api/v1/admin/audit?entity=product&pageSize=100',
    headers: owner.auth,
  })
  expect(res.statusCode, res.body).toBe(200)
  return (res.json().data.items as Array<{ entityId: string; sentence: string }>)
    .filter((e) => e.entityId === id)
    .map((e) => e.sentence)
}

const shopPrice = async (id: string) => {
  const res = await app.inject({ method: 'GET', url: `/api/v1/Product/product?id=${id}` })
  return res.statusCode === 200 ? (res.json().product.price as number) : null
}

describe('bulk approval', () => {
  it('approves ticked products in one call, says what it did and why one could not be, and audits each', async () => {
    const a = await makeProduct(app, { isApproved: false, title: 'Warli Tarpa Dance Painting' })
    const b = await makeProduct(app, { isApproved: false })
    const already = await makeProduct(app, { isApproved: true })
    const archived = await makeProduct(app, { isApproved: false, archivedAt: new Date() })
    const gone = newId()
    expect(await shopPrice(a.id)).toBeNull()

    const res = await bulk(catalogueStaff, [a.id, b.id, already.id, archived.id, gone], { kind: 'approve' })
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json()
    expect(body.data).toEqual({
      changed: 2,
      unchanged: 1,
      changeId: expect.any(String),
      failed: [
        {
          _id: archived.id,
          title: archived.title,
          reason: 'It is archived: restore it on its own page before approving it.',
        },
        { _id: gone, title: null, reason: 'This product no longer exists.' },
      ],
    })
    expect(body.message).toBe(
      '2 products approved; 1 product already was so; 2 products not changed (see why below).',
    )
    expect((await row(a.id)).isApproved).toBe(true)
    expect((await row(archived.id)).isApproved).toBe(false)
    // The shop shows it at once: the catalogue's cache was dropped.
    expect(await shopPrice(a.id)).toBe(1200)
    expect(await sentencesFor(a.id)).toEqual([
      'Kiran approved the product Warli Tarpa Dance Painting, so customers can see it',
    ])
    expect(await sentencesFor(already.id)).toEqual([])

    const back = await bulk(owner, [a.id, b.id], { kind: 'unapprove' })
    expect(back.json().data).toMatchObject({ changed: 2, unchanged: 0, failed: [] })
    expect(await shopPrice(a.id)).toBeNull()
  })
})

describe('bulk prices', () => {
  it('raises prices by a percentage in whole paise; a price equal to its MRP takes the MRP with it', async () => {
    const discounted = await makeProduct(app, { price: 1650_00, cutPrice: 2400_00, title: 'Gond Deer' })
    const plain = await makeProduct(app, { price: 999_99, cutPrice: 999_99 })
    const tight = await makeProduct(app, { price: 1000_00, cutPrice: 1050_00, title: 'Tight MRP' })
    const res = await bulk(owner, [discounted.id, plain.id, tight.id], { kind: 'changePrice', percent: 12.5 })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data).toEqual({
      changed: 2,
      unchanged: 0,
      changeId: expect.any(String),
      failed: [
        {
          _id: tight.id,
          title: 'Tight MRP',
          reason: 'The new price ₹1,125.00 would be above its MRP ₹1,050.00. Change both on its own page.',
        },
      ],
    })
    expect(await row(discounted.id)).toMatchObject({ price: 1856_25, cutPrice: 2400_00, discount: 22 })
    // 99,999 paise × 1.125 = 112,498.875: rounded to whole paise.
    expect(await row(plain.id)).toMatchObject({ price: 1124_99, cutPrice: 1124_99, discount: 0 })
    expect(await row(tight.id)).toMatchObject({ price: 1000_00 })
    expect(await shopPrice(discounted.id)).toBe(1856.25)
    expect(await sentencesFor(discounted.id)).toEqual([
      'Meera changed the price of Gond Deer from ₹1,650.00 to ₹1,856.25 in a bulk change',
    ])
  })

  it('sets one price for all, never lower than ₹1 when cutting by a percentage', async () => {
    const cheap = await makeProduct(app, { price: 5_00, cutPrice: 5_00 })
    const dear = await makeProduct(app, { price: 3000_00, cutPrice: 3000_00 })
    const cut = await bulk(owner, [cheap.id], { kind: 'changePrice', percent: -90 })
    expect(cut.json().data.changed).toBe(1)
    expect((await row(cheap.id)).price).toBe(1_00)
    const set = await bulk(owner, [cheap.id, dear.id], { kind: 'setPrice', price: 1850 })
    expect(set.json().data).toMatchObject({ changed: 2, failed: [] })
    expect(await row(dear.id)).toMatchObject({ price: 1850_00, cutPrice: 1850_00 })
    const again = await bulk(owner, [dear.id], { kind: 'setPrice', price: 1850 })
    expect(again.json().data).toMatchObject({ changed: 0, unchanged: 1 })
  })
})

describe('bulk stock', () => {
  it('sets the stock, or adds and takes away without undoing what an order has taken meanwhile', async () => {
    const shawl = await makeProduct(app, { quantity: 4, title: 'Pashmina Shawl' })
    const scarf = await makeProduct(app, { quantity: 2, title: 'Silk Scarf' })
    const customer = await makeCustomer(app)
    // An order holds one shawl: the stock the console sees is what is left to sell.
    await orderOf(app, customer, shawl)
    expect(await stockOf(app, shawl.id)).toBe(3)

    const add = await bulk(owner, [shawl.id, scarf.id], { kind: 'changeStock', change: 5 })
    expect(add.json().data).toMatchObject({ changed: 2, failed: [] })
    expect(await stockOf(app, shawl.id)).toBe(8)
    expect(await stockOf(app, scarf.id)).toBe(7)

    const take = await bulk(owner, [shawl.id, scarf.id], { kind: 'changeStock', change: -8 })
    expect(take.json().data).toEqual({
      changed: 1,
      unchanged: 0,
      changeId: expect.any(String),
      failed: [
        { _id: scarf.id, title: 'Silk Scarf', reason: 'Only 7 pieces in stock, so 8 cannot be taken away.' },
      ],
    })
    expect(await stockOf(app, shawl.id)).toBe(0)
    expect(await stockOf(app, scarf.id)).toBe(7)

    const set = await bulk(owner, [shawl.id, scarf.id], { kind: 'setStock', quantity: 7 })
    expect(set.json().data).toMatchObject({ changed: 1, unchanged: 1 })
    expect(await stockOf(app, shawl.id)).toBe(7)
    expect(await sentencesFor(shawl.id)).toEqual([
      'Meera changed the stock of Pashmina Shawl from 0 to 7 in a bulk change',
      'Meera changed the stock of Pashmina Shawl from 8 to 0 in a bulk change',
      'Meera changed the stock of Pashmina Shawl from 3 to 8 in a bulk change',
    ])
  })
})

describe('what a bulk action refuses', () => {
  it('answers 400 in words for no products, too many, a repeated one or a bad action', async () => {
    const p = await makeProduct(app)
    const none = await bulk(owner, [], { kind: 'approve' })
    expect(none.statusCode).toBe(400)
    expect(none.json().errors).toEqual({ ids: 'Tick at least one product.' })
    const many = await bulk(
      owner,
      Array.from({ length: bulkProductLimit + 1 }, () => newId()),
      { kind: 'approve' },
    )
    expect(many.statusCode).toBe(400)
    expect(many.json().errors).toEqual({ ids: 'Change at most 200 products at a time.' })
    expect((await bulk(owner, [p.id, p.id], { kind: 'approve' })).statusCode).toBe(400)
    const zero = await bulk(owner, [p.id], { kind: 'changeStock', change: 0 })
    expect(zero.statusCode).toBe(400)
    expect(Object.values(zero.json().errors)).toEqual([
      'Enter how many to add (or, with a minus, to take away).',
    ])
    const wild = await bulk(owner, [p.id], { kind: 'changePrice', percent: -95 })
    expect(wild.statusCode).toBe(400)
    expect((await bulk(owner, [p.id], { kind: 'explode' })).statusCode).toBe(400)
  })

  it('is refused to Orders staff (403) and to customers, and changes nothing', async () => {
    const p = await makeProduct(app, { isApproved: false })
    const res = await bulk(ordersStaff, [p.id], { kind: 'approve' })
    expect(res.statusCode).toBe(403)
    expect(res.json().message).toBe(notYourArea)
    const customer = await makeCustomer(app)
    expect((await bulk(customer, [p.id], { kind: 'approve' })).statusCode).toBe(403)
    expect((await row(p.id)).isApproved).toBe(false)
  })
})
