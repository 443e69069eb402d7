import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deliveryWindow } from '../../contracts/delivery.ts'
import { madeToOrderText } from '../../contracts/made-to-order.ts'
import { productCsvColumns } from '../../contracts/product-csv.ts'
import { newId } from '../../server/db/ids.ts'
import { pincodes } from '../../server/db/schema.ts'
import { parseCsv, writeCsv } from '../../server/lib/csv.ts'
import { makeAdmin, makeCustomer, makeProduct, type Person } from '../support/factories.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'
import { productBody } from './admin-helpers.ts'

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1)

/** Made to order (decision 132): the console's days, the answers, the cart, the delivery promise, CSV. */

let app: TestApp
let owner: Person
beforeAll(async () => {
  app = await createTestApp({ RATE_LIMIT_MAX: 100_000 })
  owner = await makeAdmin(app, 'Meera')
  await app.database.db
    .insert(pincodes)
    .values({ pin: '751002', district: 'Khordha', state: 'Odisha' })
    .onConflictDoNothing()
})
afterAll(() => app?.cleanup())

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  app.inject({
    method,
    url: `/api/v1/admin${url}`,
    headers: owner.auth,
    ...(payload === undefined ? {} : { payload: payload as object }),
  })
const publicProduct = async (id: string) =>
  (await app.inject({ url: `/api/v1/Product/product?id=${id}` })).json().product

async function painting(madeToOrder: string) {
  const stamp = newId().slice(-8).toUpperCase()
  // A product with a picture, so the shop shows it; then the console's form gives its days.
  const made = await makeProduct(app, { title: `Pattachitra ${stamp}`, sku: `PT-${stamp}` })
  const res = await call(
    'PUT',
    `/products/${made.id}`,
    productBody({ title: `Pattachitra ${stamp}`, sku: `PT-${stamp}`, isApproved: true, madeToOrder }),
  )
  expect(res.statusCode, res.body).toBe(200)
  return { id: made.id, stamp, answer: res.json().data }
}

describe('a product made to order', () => {
  it("keeps the console's days, answers them to the shop, and clears them when emptied", async () => {
    const p = await painting('10 – 14')
    expect(p.answer.madeToOrder).toBe('10-14')
    expect((await publicProduct(p.id)).madeToOrder).toEqual({ minDays: 10, maxDays: 14 })

    const wrong = await call(
      'PUT',
      `/products/${p.id}`,
      productBody({ sku: `PT-${p.stamp}`, madeToOrder: '14-10' }),
    )
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().message).toBe(`Invalid body: madeToOrder ${lowerFirst(madeToOrderText.order)}`)
    const words = await call(
      'PUT',
      `/products/${p.id}`,
      productBody({ sku: `PT-${p.stamp}`, madeToOrder: 'soon' }),
    )
    expect(words.statusCode).toBe(400)
    expect(words.json().message).toBe(`Invalid body: madeToOrder ${lowerFirst(madeToOrderText.invalid)}`)
    // Refused, so nothing changed.
    expect((await publicProduct(p.id)).madeToOrder).toEqual({ minDays: 10, maxDays: 14 })

    // A save that does not send the field leaves it; an empty one makes the piece ready to ship.
    const kept = await call(
      'PUT',
      `/products/${p.id}`,
      productBody({ sku: `PT-${p.stamp}`, title: 'Renamed' }),
    )
    expect(kept.json().data.madeToOrder).toBe('10-14')
    const cleared = await call(
      'PUT',
      `/products/${p.id}`,
      productBody({ sku: `PT-${p.stamp}`, madeToOrder: '' }),
    )
    expect(cleared.json().data.madeToOrder).toBe('')
    expect((await publicProduct(p.id)).madeToOrder).toBeNull()
  })

  it('lets a variant take its own days, the others following the product', async () => {
    const p = await painting('7')
    const res = await call('PUT', `/products/${p.id}/variants`, {
      options: [{ name: 'Size', values: ['Small', 'Large'] }],
      variants: [
        { options: ['Small'], sku: `PT-${p.stamp}-S`, price: 1500, cutPrice: 1500, quantity: 2 },
        {
          options: ['Large'],
          sku: `PT-${p.stamp}-L`,
          price: 3500,
          cutPrice: 3500,
          quantity: 1,
          madeToOrder: '21-28',
        },
      ],
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data.variants.map((v: { madeToOrder: string }) => v.madeToOrder)).toEqual(['', '21-28'])
    const shown = await publicProduct(p.id)
    expect(shown.variants.map((v: { madeToOrder: unknown }) => v.madeToOrder)).toEqual([
      { minDays: 7, maxDays: 7 },
      { minDays: 21, maxDays: 28 },
    ])

    // In the cart, each line carries its days.
    const asha = await makeCustomer(app)
    for (const v of shown.variants)
      await app.inject({
        method: 'POST',
        url: '/api/v1/cart/add',
        headers: asha.auth,
        payload: { productId: p.id, variantId: v._id },
      })
    const cart = (await app.inject({ url: '/api/v1/cart/product', headers: asha.auth })).json().cart
    expect(cart.items.map((i: { madeToOrder?: unknown }) => i.madeToOrder)).toEqual([
      { minDays: 7, maxDays: 7 },
      { minDays: 21, maxDays: 28 },
    ])
    // A piece ready to ship carries none, as before.
    const plain = await makeProduct(app)
    await app.inject({
      method: 'POST',
      url: '/api/v1/cart/add',
      headers: asha.auth,
      payload: { productId: plain.id },
    })
    const again = (await app.inject({ url: '/api/v1/cart/product', headers: asha.auth })).json().cart
    const line = again.items.find((i: { productId: string }) => i.productId === plain.id)
    expect(line).toBeDefined()
    expect('madeToOrder' in line).toBe(false)
  })

  it('moves the delivery promise by its days, and refuses days that are not a pair', async () => {
    const settings = (await call('GET', '/settings/delivery')).json().data
    const ready = (await app.inject({ url: '/api/v1/delivery/estimate?pin=751002' })).json().data
    const made = (
      await app.inject({ url: '/api/v1/delivery/estimate?pin=751002&leadMin=10&leadMax=14' })
    ).json().data
    const zone = settings.zones[made.zone]
    const expected = deliveryWindow(new Date(), settings.dispatchDays, zone, { minDays: 10, maxDays: 14 })
    expect({ dispatch: made.dispatchDate, from: made.from, to: made.to }).toEqual(expected)
    expect(made.to > ready.to).toBe(true)
    expect(made.text).not.toBe(ready.text)

    for (const q of [
      'leadMin=10',
      'leadMin=14&leadMax=10',
      'leadMin=0&leadMax=3',
      'leadMin=1&leadMax=999',
      'leadMin=a&leadMax=3',
    ]) {
      const res = await app.inject({ url: `/api/v1/delivery/estimate?pin=751002&${q}` })
      expect(res.statusCode, q).toBe(400)
    }
  })

  it('moves through the CSV files: the product’s days and a variant’s own, round trip', async () => {
    const p = await painting('10-14')
    await call('PUT', `/products/${p.id}/variants`, {
      options: [{ name: 'Frame', values: ['None', 'Teak'] }],
      variants: [
        { options: ['None'], sku: `PT-${p.stamp}-N`, price: 1500, cutPrice: 1500, quantity: 2 },
        {
          options: ['Teak'],
          sku: `PT-${p.stamp}-T`,
          price: 2500,
          cutPrice: 2500,
          quantity: 1,
          madeToOrder: '15-20',
        },
      ],
    })
    const file = (await call('GET', `/products/export.csv?q=${p.stamp}`)).body
    const [head, ...rest] = parseCsv(file)
    const rows = rest.map((r) => Object.fromEntries(head!.cells.map((h, i) => [h, r.cells[i] ?? ''])))
    expect(rows.map((r) => [r['Made to order (days)'], r['Variant made to order (days)']])).toEqual([
      ['10-14', ''],
      ['', '15-20'],
    ])
    const same = await call('POST', '/products/import/preview', { csv: file })
    expect(same.json().data).toMatchObject({ updates: 0, unchanged: 1, errors: 0 })

    rows[0]!['Made to order (days)'] = '12-16'
    rows[1]!['Variant made to order (days)'] = ''
    const headings = productCsvColumns.map((c) => c.heading)
    const edited = writeCsv([headings, ...rows.map((r) => headings.map((h) => r[h] ?? ''))], { bom: true })
    const done = await call('POST', '/products/import', { csv: edited })
    expect(done.statusCode, done.body).toBe(200)
    const shown = await publicProduct(p.id)
    expect(shown.madeToOrder).toEqual({ minDays: 12, maxDays: 16 })
    expect(shown.variants.map((v: { madeToOrder: unknown }) => v.madeToOrder)).toEqual([
      { minDays: 12, maxDays: 16 },
      { minDays: 12, maxDays: 16 },
    ])

    rows[0]!['Made to order (days)'] = 'a fortnight'
    const bad = writeCsv([headings, ...rows.map((r) => headings.map((h) => r[h] ?? ''))], { bom: true })
    const refused = await call('POST', '/products/import/preview', { csv: bad })
    expect(refused.json().data.rows[0].errors).toEqual([
      { column: 'Made to order (days)', message: madeToOrderText.invalid },
    ])
  })
})
