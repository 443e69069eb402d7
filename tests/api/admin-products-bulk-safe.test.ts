import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newId } from '../../server/db/ids.ts'
import { products } from '../../server/db/schema.ts'
import { makeAdmin, makeProduct, makeStaff, type Person, seedShop } from '../support/factories.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'

/** Bulk changes that are safe (decision 125): all that match, a preview, rounding, one confirmation, an undo. */

let app: TestApp
beforeAll(async () => {
  app = await createTestApp()
  await seedShop(app)
})
afterAll(() => app?.cleanup())

const post = (who: Person, url: string, payload?: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: `/api/v1/admin/products${url}`, headers: who.auth, payload })

const row = async (id: string) => {
  const [r] = await app.database.db.select().from(products).where(eq(products.id, id))
  return r
}

const shopPrice = async (id: string) => {
  const res = await app.inject({ method: 'GET', url: `/api/v1/Product/product?id=${id}` })
  return res.json().product as { price: number; cutPrice: number; discount: number }
}

/** Products whose titles share a word only this test uses, so a filter on it finds them and no others. */
async function handloom(n: number, over: (i: number) => Partial<typeof products.$inferInsert> = () => ({})) {
  const stamp = `Hl${newId().slice(-8)}`
  const made = []
  for (let i = 0; i < n; i++) {
    made.push(await makeProduct(app, { title: `Handloom ${stamp} ${i}`, ...over(i) }))
  }
  return { stamp, made }
}

describe('a bulk price change over all products matching the filters', () => {
  it('previews every matching product (more than a page), rounds to 99, and changes all of them on confirming', async () => {
    const owner = await makeAdmin(app, 'Meera')
    // 45 matching products: more than two pages of the list. An ₹18,999 saree with an MRP of ₹23,750.
    const { stamp, made } = await handloom(45, (i) => ({
      price: 18_999_00 + i * 100,
      cutPrice: 23_750_00,
      discount: 20,
    }))
    const other = await makeProduct(app, {
      title: 'Brass Diya',
      price: 500_00,
      cutPrice: 500_00,
      discount: 0,
    })
    const action = { kind: 'changePrice', percent: 10, rounding: 'ninetyNine', listPrice: 'keep' }

    const preview = await post(owner, '/bulk/preview', { matching: { q: stamp }, action })
    expect(preview.statusCode, preview.body).toBe(200)
    const p = preview.json()
    expect(p.message).toBe('This would change 45 products of 45.')
    expect(p.data).toMatchObject({ count: 45, changes: 45, unchanged: 0, failed: [], discountsChanged: 45 })
    expect(p.data.rows).toHaveLength(45)
    // ₹18,999 + 10% = ₹20,898.90, rounded to the nearest amount ending in 99: ₹20,899; the MRP stays.
    const first = p.data.rows.find((r: { _id: string }) => r._id === made[0].id)
    expect(first.before).toEqual({
      price: 18999,
      cutPrice: 23750,
      discount: 20,
      quantity: 10,
      isApproved: true,
    })
    expect(first.after).toEqual({
      price: 20899,
      cutPrice: 23750,
      discount: 12,
      quantity: 10,
      isApproved: true,
    })
    expect(p.data.notes).toEqual([
      'New prices are rounded to the nearest amount ending in 99 rupees (under ₹100, ending in 9).',
      // The example is the first product of the list (the newest), as the preview lists them.
      `45 products keep their MRP, so the discount shown changes on 45 products (${made[44].title}: −19% becomes −12%).`,
    ])
    // The preview wrote nothing.
    expect((await row(made[0].id)).price).toBe(18_999_00)

    const applied = await post(owner, '/bulk', { matching: { q: stamp }, expectedCount: 45, action })
    expect(applied.statusCode, applied.body).toBe(200)
    expect(applied.json().message).toBe('45 products repriced.')
    expect(applied.json().data).toMatchObject({ changed: 45, unchanged: 0, failed: [] })
    for (const m of made) expect((await row(m.id)).price % 100_00).toBe(99_00)
    expect(await shopPrice(made[0].id)).toMatchObject({ price: 20899, cutPrice: 23750, discount: 12 })
    expect((await row(other.id)).price).toBe(500_00)
  })

  it('changes the MRP by the same percentage when asked, so the discount badges stay', async () => {
    const owner = await makeAdmin(app, 'Meera')
    const { stamp, made } = await handloom(3, () => ({ price: 1_600_00, cutPrice: 2_000_00, discount: 20 }))
    const action = { kind: 'changePrice', percent: 10, rounding: 'rupee', listPrice: 'scale' }
    const preview = (await post(owner, '/bulk/preview', { matching: { q: stamp }, action })).json().data
    expect(preview.discountsChanged).toBe(0)
    expect(preview.notes).toEqual([
      'New prices are rounded to whole rupees.',
      'The MRP of 3 products changes by the same percentage, so the discount shown stays.',
    ])
    const done = await post(owner, '/bulk', { matching: { q: stamp }, expectedCount: 3, action })
    expect(done.statusCode, done.body).toBe(200)
    expect(await shopPrice(made[2].id)).toMatchObject({ price: 1760, cutPrice: 2200, discount: 20 })
  })

  it('refuses the change when the products matching are no longer those the preview covered', async () => {
    const owner = await makeAdmin(app, 'Meera')
    const { stamp, made } = await handloom(2)
    const action = { kind: 'changePrice', percent: -10 }
    expect((await post(owner, '/bulk/preview', { matching: { q: stamp }, action })).json().data.count).toBe(2)
    await makeProduct(app, { title: `Handloom ${stamp} added meanwhile` })
    const res = await post(owner, '/bulk', { matching: { q: stamp }, expectedCount: 2, action })
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toBe(
      'The products changed since the preview: it covered 2, and 3 match now. Look at the preview again.',
    )
    expect((await row(made[0].id)).price).toBe(1200_00)
  })

  it('answers 400 in words for a filter that matches nothing, and for ticked products and a filter together', async () => {
    const owner = await makeAdmin(app, 'Meera')
    const none = await post(owner, '/bulk/preview', {
      matching: { q: `nothing-${newId()}` },
      action: { kind: 'approve' },
    })
    expect(none.statusCode).toBe(400)
    expect(none.json().message).toBe('No products match the filters.')
    const p = await makeProduct(app)
    const both = await post(owner, '/bulk', { ids: [p.id], matching: {}, action: { kind: 'approve' } })
    expect(both.statusCode).toBe(400)
    expect(both.json().errors).toEqual({
      matching: 'Change the ticked products or all that match the filters, not both.',
    })
    const neither = await post(owner, '/bulk/preview', { action: { kind: 'approve' } })
    expect(neither.statusCode).toBe(400)
    expect(neither.json().errors).toEqual({ ids: 'Tick the products to change.' })
    const rounding = await post(owner, '/bulk/preview', {
      ids: [p.id],
      action: { kind: 'changePrice', percent: 5, rounding: 'tens' },
    })
    expect(rounding.statusCode).toBe(400)
    expect(Object.values(rounding.json().errors)).toEqual(['Choose how to round the new prices.'])
  })
})

describe('undoing a bulk change', () => {
  it('puts every product back as it was, leaves one changed since with the reason, and is done once', async () => {
    const owner = await makeAdmin(app, 'Meera')
    const staff = await makeStaff(app, 'catalogue', 'Kiran')
    const { stamp, made } = await handloom(4, () => ({ price: 999_00, cutPrice: 1_250_00, discount: 20 }))
    const change = await post(staff, '/bulk', {
      matching: { q: stamp },
      action: { kind: 'changePrice', percent: 10, rounding: 'nine' },
    })
    expect(change.statusCode, change.body).toBe(200)
    const changeId = change.json().data.changeId
    expect(typeof changeId).toBe('string')
    expect((await row(made[0].id)).price).toBe(1_099_00)

    // Someone sets one product's price by hand afterwards: the undo leaves that one alone.
    const edited = made[3]
    await app.database.db.update(products).set({ price: 1_111_00 }).where(eq(products.id, edited.id))

    const undo = await post(owner, `/bulk/${changeId}/undo`)
    expect(undo.statusCode, undo.body).toBe(200)
    expect(undo.json().message).toBe(
      'Undone: 3 products back as before the change; 1 product left as it is (see why below).',
    )
    expect(undo.json().data).toEqual({
      changed: 3,
      unchanged: 0,
      changeId: null,
      failed: [
        {
          _id: edited.id,
          title: edited.title,
          reason: 'Its price was changed again since (now ₹1,111), so it was left as it is.',
        },
      ],
    })
    for (const m of made.slice(0, 3)) {
      expect(await row(m.id)).toMatchObject({ price: 999_00, cutPrice: 1_250_00, discount: 20 })
    }
    expect(await shopPrice(made[0].id)).toMatchObject({ price: 999, discount: 20 })
    expect((await row(edited.id)).price).toBe(1_111_00)

    const again = await post(owner, `/bulk/${changeId}/undo`)
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe('This change was already undone.')

    const audit = await app.inject({
      method: 'GET',
      url: '/api/v1/admin/audit?entity=product&pageSize=100',
      headers: owner.auth,
    })
    const sentences = (audit.json().data.items as Array<{ entityId: string; sentence: string }>)
      .filter((e) => e.entityId === made[0].id)
      .map((e) => e.sentence)
    expect(sentences, sentences.join('\n')).toContain(
      `Meera changed the price of ${made[0].title} from ₹1,099.00 to ₹999.00 undoing a bulk change`,
    )
  })

  it('takes back the pieces a stock change added, and answers 404 for a change that does not exist', async () => {
    const owner = await makeAdmin(app, 'Meera')
    const { made } = await handloom(2, () => ({ quantity: 4 }))
    const added = await post(owner, '/bulk', {
      ids: made.map((m) => m.id),
      action: { kind: 'changeStock', change: 6 },
    })
    expect((await row(made[0].id)).quantity).toBe(10)
    // Two pieces sold meanwhile stay sold: the undo takes away the six added, not 'back to four'.
    await app.database.db.update(products).set({ quantity: 8 }).where(eq(products.id, made[0].id))
    const undo = await post(owner, `/bulk/${added.json().data.changeId}/undo`)
    expect(undo.statusCode, undo.body).toBe(200)
    expect((await row(made[0].id)).quantity).toBe(2)
    expect((await row(made[1].id)).quantity).toBe(4)
    const missing = await post(owner, `/bulk/${newId()}/undo`)
    expect(missing.statusCode).toBe(404)
    expect(missing.json().message).toBe('There is no such bulk change.')
  })

  it('is refused to Orders staff (403)', async () => {
    const owner = await makeAdmin(app, 'Meera')
    const orders = await makeStaff(app, 'orders', 'Ravi')
    const p = await makeProduct(app, { isApproved: false })
    const change = await post(owner, '/bulk', { ids: [p.id], action: { kind: 'approve' } })
    const res = await post(orders, `/bulk/${change.json().data.changeId}/undo`)
    expect(res.statusCode).toBe(403)
    expect((await row(p.id)).isApproved).toBe(true)
    expect(
      (await post(orders, '/bulk/preview', { ids: [p.id], action: { kind: 'unapprove' } })).statusCode,
    ).toBe(403)
  })
})
