import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { variantMessages } from '../../contracts/cart-rules.ts'
import { stockAlertMessages } from '../../contracts/stock-alerts.ts'
import {
  mailsTo,
  makeAdmin,
  makeCustomer,
  makeProduct,
  makeProductWithVariants,
  makeStaff,
  orderPayload,
  type Person,
  placeOrder,
} from '../support/factories.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'

let app: TestApp

beforeAll(async () => {
  app = await createTestApp()
})
afterAll(async () => {
  await app?.cleanup()
})

/** A kurta in three sizes, M sold out. */
const kurta = () =>
  makeProductWithVariants(
    app,
    {
      options: [{ name: 'Size', values: ['S', 'M', 'L'] }],
      variants: [
        { values: ['S'], price: 1800_00, quantity: 2 },
        { values: ['M'], price: 1800_00, quantity: 0 },
        { values: ['L'], price: 1900_00, quantity: 1 },
      ],
    },
    { title: `Chanderi Kurta ${Math.random().toString(36).slice(2, 7)}` },
  )

const ask = (who: Person | null, body: object, url = '/api/v1/stock-alerts') =>
  app.inject({ method: 'POST', url, headers: who?.auth ?? {}, payload: body })
const mine = (who: Person, productId: string) =>
  app.inject({ url: `/api/v1/stock-alerts?productId=${productId}`, headers: who.auth })
const waiting = (staff: Person, productId: string) =>
  app.inject({ url: `/api/v1/admin/products/${productId}/stock-alerts`, headers: staff.auth })
const restock = (staff: Person, productId: string, change: number, variantId?: string) =>
  app.inject({
    method: 'POST',
    url: `/api/v1/admin/products/${productId}/stock`,
    headers: staff.auth,
    payload: { change, ...(variantId ? { variantId } : {}) },
  })
const backInStockMails = async (who: Person) =>
  (await mailsTo(app, who.email)).filter((m) => m.kind === 'customer.back-in-stock')

describe("'Notify me' on a sold-out piece", () => {
  it('needs a signed-in customer', async () => {
    const k = await kurta()
    const res = await ask(null, { productId: k.id, variantId: k.variants[1]!.id })
    expect(res.statusCode).toBe(401)
  })

  it('is kept once per customer and size, shown to its asker, and counted for staff per variant', async () => {
    const k = await kurta()
    const [asha, ravi, staff] = await Promise.all([
      makeCustomer(app, 'Asha Verma'),
      makeCustomer(app, 'Ravi Kumar'),
      makeAdmin(app),
    ])
    const m = k.variants[1]!.id
    const first = await ask(asha, { productId: k.id, variantId: m })
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json().message).toBe(stockAlertMessages.asked)
    expect((await ask(asha, { productId: k.id, variantId: m })).statusCode).toBe(200)
    expect((await ask(ravi, { productId: k.id, variantId: m })).statusCode).toBe(200)

    expect((await mine(asha, k.id)).json().data).toEqual([{ variantId: m }])
    const other = await makeCustomer(app, 'Meera Iyer')
    expect((await mine(other, k.id)).json().data).toEqual([])
    const counted = await waiting(staff, k.id)
    expect(counted.statusCode).toBe(200)
    expect(counted.json().data).toEqual([{ variantId: m, waiting: 2 }])
    // The count is the console's: a customer is refused, and so are staff who run only the orders.
    expect((await waiting(asha, k.id)).statusCode).toBe(403)
    expect((await waiting(await makeStaff(app, 'orders'), k.id)).statusCode).toBe(403)
    expect((await waiting(await makeStaff(app, 'catalogue'), k.id)).statusCode).toBe(200)
    expect((await waiting(staff, '0'.repeat(24))).statusCode).toBe(404)
  })

  it('is refused for what is in stock, and asks which size when the product has several', async () => {
    const k = await kurta()
    const asha = await makeCustomer(app)
    const inStock = await ask(asha, { productId: k.id, variantId: k.variants[0]!.id })
    expect(inStock.statusCode).toBe(409)
    expect(inStock.json().message).toBe(stockAlertMessages.inStock)
    const which = await ask(asha, { productId: k.id })
    expect(which.statusCode).toBe(400)
    expect(which.json().message).toBe(variantMessages.choose(['Size']))
    const unknown = await ask(asha, { productId: '0'.repeat(24) })
    expect(unknown.statusCode).toBe(404)
  })

  it('e-mails each waiting customer once when the size is back, in the language they asked in', async () => {
    const k = await kurta()
    const [asha, ravi, staff] = await Promise.all([
      makeCustomer(app, 'Asha Verma'),
      makeCustomer(app, 'Ravi Kumar'),
      makeAdmin(app),
    ])
    const m = k.variants[1]!.id
    await ask(asha, { productId: k.id, variantId: m })
    await ask(ravi, { productId: k.id, variantId: m }, '/api/v1/stock-alerts?lang=hi')
    // Another size coming back tells nobody waiting for M.
    expect((await restock(staff, k.id, 3, k.variants[2]!.id)).statusCode).toBe(200)
    await app.services.stockAlerts.sendDue()
    expect(await backInStockMails(asha)).toHaveLength(0)

    expect((await restock(staff, k.id, 2, m)).statusCode).toBe(200)
    // Two instances' sweepers at once: each alert is claimed by one.
    const runs = await Promise.all([app.services.stockAlerts.sendDue(), app.services.stockAlerts.sendDue()])
    expect(runs.reduce((n, r) => n + r.backInStock, 0)).toBeGreaterThanOrEqual(2)
    await app.services.stockAlerts.sendDue()

    const [toAsha] = await backInStockMails(asha)
    expect(await backInStockMails(asha)).toHaveLength(1)
    expect(toAsha!.subject).toBe(`Back in stock: ${k.title} (M)`)
    expect(toAsha!.text).toContain(`/Productdetails/${k.id}?variant=${m}`)
    expect(toAsha!.text).toContain('Dear Asha Verma,')
    const toRavi = await backInStockMails(ravi)
    expect(toRavi).toHaveLength(1)
    expect(toRavi[0]!.subject).toBe(`स्टॉक में वापस: ${k.title} (M)`)
    expect((await waiting(staff, k.id)).json().data).toEqual([])
    expect((await mine(asha, k.id)).json().data).toEqual([])

    // Sold out again and asked again: one more e-mail when it is back again.
    const buyer = await makeCustomer(app, 'Buyer')
    const payload = orderPayload(buyer.id, [{ product: { id: k.id, price: 1800_00 }, quantity: 2 }])
    const bought = await placeOrder(app, buyer, {
      ...payload,
      products: payload.products.map((p) => ({ ...p, variantId: m })),
    })
    expect(bought.statusCode, bought.body).toBe(201)
    expect((await ask(asha, { productId: k.id, variantId: m })).statusCode).toBe(200)
    await app.services.stockAlerts.sendDue()
    expect(await backInStockMails(asha)).toHaveLength(1)
    await restock(staff, k.id, 1, m)
    await app.services.stockAlerts.sendDue()
    expect(await backInStockMails(asha)).toHaveLength(2)
  })

  it('works for a piece without sizes, waits while it is not on sale, and can be taken back', async () => {
    const shawl = await makeProduct(app, { title: 'Pashmina Shawl', quantity: 0 })
    const [asha, ravi, staff] = await Promise.all([
      makeCustomer(app),
      makeCustomer(app, 'Ravi'),
      makeAdmin(app),
    ])
    expect((await ask(asha, { productId: shawl.id })).statusCode).toBe(200)
    expect((await ask(ravi, { productId: shawl.id })).statusCode).toBe(200)
    const back = await app.inject({
      method: 'POST',
      url: '/api/v1/stock-alerts/remove',
      headers: ravi.auth,
      payload: { productId: shawl.id },
    })
    expect(back.statusCode).toBe(200)
    expect(back.json().message).toBe(stockAlertMessages.withdrawn)
    const again = await app.inject({
      method: 'POST',
      url: '/api/v1/stock-alerts/remove',
      headers: ravi.auth,
      payload: { productId: shawl.id },
    })
    expect(again.statusCode).toBe(404)

    const hide = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/products/${shawl.id}/approval`,
      headers: staff.auth,
      payload: { isApproved: false },
    })
    expect(hide.statusCode, hide.body).toBe(200)
    await restock(staff, shawl.id, 1)
    await app.services.stockAlerts.sendDue()
    expect(await backInStockMails(asha)).toHaveLength(0)
    await app.inject({
      method: 'POST',
      url: `/api/v1/admin/products/${shawl.id}/approval`,
      headers: staff.auth,
      payload: { isApproved: true },
    })
    await app.services.stockAlerts.sendDue()
    const mails = await backInStockMails(asha)
    expect(mails.map((m) => m.subject)).toEqual(['Back in stock: Pashmina Shawl'])
    expect(await backInStockMails(ravi)).toHaveLength(0)
  })
})
