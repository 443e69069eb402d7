import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newId } from '../../server/db/ids.ts'
import { orders } from '../../server/db/schema.ts'
import { createOrdersRepo } from '../../server/modules/orders/repo.ts'
import {
  makeAdmin,
  makeCoupon,
  makeCustomer,
  makeProduct,
  orderPayload,
  payOrder,
  placeOrder,
  type Shopper,
} from '../support/factories.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'

let app: TestApp

beforeAll(async () => {
  app = await createTestApp()
})
afterAll(async () => {
  await app?.cleanup()
})

/** Each test's own two pieces (₹100 and ₹200) and its two customers. */
async function setUp() {
  const saree = await makeProduct(app, { title: 'Banarasi Silk Saree', price: 100_00 })
  const painting = await makeProduct(app, { title: 'Madhubani Fish Painting', price: 200_00 })
  const asha = await makeCustomer(app, 'Asha Verma')
  const ravi = await makeCustomer(app, 'Ravi Kumar')
  return { saree, painting, asha, ravi }
}

describe('POST /order/add', () => {
  it('needs a bearer token', async () => {
    const { asha, saree } = await setUp()
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/order/add',
      payload: orderPayload(asha.id, [{ product: saree, quantity: 1 }]),
    })
    expect(res.statusCode).toBe(401)
  })

  it('places an order priced by the server, with a readable number, Pending and INDIA', async () => {
    const { asha, saree, painting } = await setUp()
    const res = await placeOrder(
      app,
      asha,
      orderPayload(asha.id, [
        { product: saree, quantity: 2 },
        { product: painting, quantity: 1 },
      ]),
    )
    expect(res.statusCode).toBe(201)
    const body = res.json()
    expect(body.success).toBe(true)
    expect(Array.isArray(body.data)).toBe(true)
    const order = body.data[0]
    expect(order._id).toMatch(/^[0-9a-f]{24}$/)
    expect(order.orderID).toMatch(/^KS-\d{4}-\d{6}$/)
    expect(order.status).toBe('Pending')
    expect(order.totalAmount).toBe(400)
    expect(order.customer._id).toBe(asha.id)
    expect(order.shippingInfo.country).toBe('INDIA')
    expect(order.shippingInfo.postalCode).toBe('226001')
    expect(order.paymentInfo).toEqual({ method: 'Credit Card', status: 'Pending' })
    expect(order.orderHistory.map((h: { status: string }) => h.status)).toEqual(['Pending'])
    expect(order.products).toHaveLength(2)
    expect(order.products[0].product.title).toBeTruthy()
  })

  // One account holds at most two unpaid orders (decision 110): each test places its own customer's.
  it('numbers orders one after another', async () => {
    const { asha, saree } = await setUp()
    const a = (await placeOrder(app, asha, orderPayload(asha.id, [{ product: saree, quantity: 1 }]))).json()
    const b = (await placeOrder(app, asha, orderPayload(asha.id, [{ product: saree, quantity: 1 }]))).json()
    const n = (id: string) => Number(id.split('-')[2])
    expect(n(b.data[0].orderID)).toBe(n(a.data[0].orderID) + 1)
  })

  it('refuses a tampered price or total with 409 and a clear message', async () => {
    const { asha, saree } = await setUp()
    const cheapLine = orderPayload(asha.id, [{ product: { id: saree.id, price: 100 }, quantity: 1 }])
    const res1 = await placeOrder(app, asha, cheapLine)
    expect(res1.statusCode).toBe(409)
    expect(res1.json().message).toContain('Banarasi Silk Saree')

    const cheapTotal = { ...orderPayload(asha.id, [{ product: saree, quantity: 3 }]), totalAmount: 1 }
    const res2 = await placeOrder(app, asha, cheapTotal)
    expect(res2.statusCode).toBe(409)
    expect(res2.json()).toMatchObject({ success: false, message: expect.stringContaining('₹300') })
  })

  it('refuses unapproved products', async () => {
    const { asha } = await setUp()
    const unapproved = await makeProduct(app, { title: 'Unapproved Stole', price: 300_00, isApproved: false })
    const res = await placeOrder(app, asha, orderPayload(asha.id, [{ product: unapproved, quantity: 1 }]))
    expect(res.statusCode).toBe(409)
  })

  it('refuses placing an order for somebody else', async () => {
    const { asha, ravi, saree } = await setUp()
    const res = await placeOrder(app, asha, orderPayload(ravi.id, [{ product: saree, quantity: 1 }]))
    expect(res.statusCode).toBe(403)
  })

  it('applies a coupon on the server and refuses a total that ignores it', async () => {
    const { asha, painting } = await setUp()
    await makeCoupon(app, { code: 'WELCOME10', discount: 10 })
    await makeCoupon(app, { code: 'OLD5', discount: 5, status: 'expired' })
    const lines = [{ product: painting, quantity: 1 }]
    const ok = await placeOrder(
      app,
      asha,
      orderPayload(asha.id, lines, { couponCode: 'WELCOME10', totalAmount: 180 }),
    )
    expect(ok.statusCode).toBe(201)
    expect(ok.json().data[0]).toMatchObject({ totalAmount: 180, couponCode: 'WELCOME10', couponDiscount: 10 })

    // The client claims the discount without a code the server accepts.
    const noCode = await placeOrder(app, asha, orderPayload(asha.id, lines, { totalAmount: 180 }))
    expect(noCode.statusCode).toBe(409)

    const wrongCase = await placeOrder(app, asha, orderPayload(asha.id, lines, { couponCode: 'welcome10' }))
    expect(wrongCase.statusCode).toBe(400)
    expect(wrongCase.json().message).toBe('Invalid coupon code')

    const expired = await placeOrder(app, asha, orderPayload(asha.id, lines, { couponCode: 'OLD5' }))
    expect(expired.statusCode).toBe(400)
    expect(expired.json().message).toBe('Coupon code has expired')
  })

  it('returns the first order for a repeated idempotency key (header or body)', async () => {
    const { asha, saree } = await setUp()
    const payload = orderPayload(asha.id, [{ product: saree, quantity: 1 }])
    const headers = { 'idempotency-key': 'checkout-key-0001' }
    const first = await placeOrder(app, asha, payload, headers)
    const again = await placeOrder(app, asha, payload, headers)
    expect(first.statusCode).toBe(201)
    expect(again.statusCode).toBe(200)
    expect(again.json().data[0]._id).toBe(first.json().data[0]._id)

    const bodyKey = { ...payload, idempotencyKey: 'checkout-key-0002' }
    const [x, y] = await Promise.all([placeOrder(app, asha, bodyKey), placeOrder(app, asha, bodyKey)])
    expect(x.json().data[0]._id).toBe(y.json().data[0]._id)
    const rows = await app.database.db
      .select()
      .from(orders)
      .where(eq(orders.idempotencyKey, 'checkout-key-0002'))
    expect(rows).toHaveLength(1)
  })
})

describe('order numbers', () => {
  it('are all different when many customers place at the same moment, one after another in the year', async () => {
    const saree = await makeProduct(app, { title: 'Kota Doria Saree', price: 100_00, quantity: 50 })
    const buyers = await Promise.all(Array.from({ length: 24 }, (_, n) => makeCustomer(app, `Buyer ${n}`)))
    // Each from an address of its own: the placing limit per address is not what this is about.
    const placed = await Promise.all(
      buyers.map((b, n) =>
        app.inject({
          method: 'POST',
          url: '/api/v1/order/add',
          headers: b.auth,
          remoteAddress: `10.0.8.${n + 1}`,
          payload: orderPayload(b.id, [{ product: saree, quantity: 1 }]),
        }),
      ),
    )
    expect(placed.map((r) => r.statusCode)).toEqual(Array(24).fill(201))
    const serials = placed
      .map((r) => r.json().data[0].orderID as string)
      .map((n) => Number(n.match(/^KS-\d{4}-(\d{6})$/)![1]))
      .sort((a, b) => a - b)
    // Other tests in this file place orders too: the 24 are consecutive, not necessarily from 1.
    expect(serials).toEqual(serials.map((_, i) => serials[0]! + i))
  })

  it('are taken under a lock: a second placement waits for the first to end instead of reading the same last number', async () => {
    const prefix = `T-${newId()}-`
    const db = app.database.db
    let took!: () => void
    const tookFirst = new Promise<void>((resolve) => {
      took = resolve
    })
    let finish!: () => void
    const held = new Promise<void>((resolve) => {
      finish = resolve
    })
    const first = db.transaction(async (tx) => {
      const serial = await createOrdersRepo(tx).nextOrderSerial(prefix)
      took()
      await held
      return serial
    })
    await tookFirst
    const second = db.transaction((tx) => createOrdersRepo(tx).nextOrderSerial(prefix))
    finish()
    expect([await first, await second]).toEqual([1, 2])
    // A placement that rolls back gives its number back.
    await db
      .transaction(async (tx) => {
        await createOrdersRepo(tx).nextOrderSerial(prefix)
        throw new Error('rolled back')
      })
      .catch(() => undefined)
    expect(await db.transaction((tx) => createOrdersRepo(tx).nextOrderSerial(prefix))).toBe(3)
  })
})

describe('reading orders', () => {
  it('lists only the caller’s orders, newest first', async () => {
    const { asha, ravi, saree, painting } = await setUp()
    await placeOrder(app, ravi, orderPayload(ravi.id, [{ product: painting, quantity: 2 }]))
    // Four orders, each paid before the next, as one account may hold only two unpaid (decision 110).
    for (let i = 0; i < 4; i++) {
      const placed = await placeOrder(app, asha, orderPayload(asha.id, [{ product: saree, quantity: 1 }]))
      await payOrder(app, asha, placed.json().data[0]._id)
    }
    const mine = (await app.inject({ url: '/api/v1/order/allorder', headers: asha.auth })).json().data
    expect(mine.length).toBeGreaterThan(3)
    expect(mine.every((o: { customer: { _id: string } }) => o.customer._id === asha.id)).toBe(true)
    const times = mine.map((o: { createdAt: string }) => Date.parse(o.createdAt))
    expect([...times].sort((a, b) => b - a)).toEqual(times)
    const his = (await app.inject({ url: '/api/v1/order/allorder', headers: ravi.auth })).json().data
    expect(his).toHaveLength(1)
  })

  it('shows one order to its owner only', async () => {
    const { asha, ravi, painting } = await setUp()
    await placeOrder(app, ravi, orderPayload(ravi.id, [{ product: painting, quantity: 2 }]))
    const his = (await app.inject({ url: '/api/v1/order/allorder', headers: ravi.auth })).json().data[0]
    const own = await app.inject({ url: `/api/v1/order/singleorder/${his._id}`, headers: ravi.auth })
    expect(own.statusCode).toBe(200)
    expect(own.json().data.orderID).toBe(his.orderID)
    const other = await app.inject({ url: `/api/v1/order/singleorder/${his._id}`, headers: asha.auth })
    expect(other.statusCode).toBe(404)
    const anon = await app.inject({ url: `/api/v1/order/singleorder/${his._id}` })
    expect(anon.statusCode).toBe(401)
  })
})

describe('cancelling', () => {
  const cancel = (who: Shopper, orderID: string) =>
    app.inject({
      method: 'PATCH',
      url: '/api/v1/order/updateorder',
      headers: who.auth,
      payload: { orderID, status: 'Cancelled' },
    })

  it('cancels an own Pending order, records it in the history, and is idempotent', async () => {
    const { asha, saree } = await setUp()
    const order = (
      await placeOrder(app, asha, orderPayload(asha.id, [{ product: saree, quantity: 1 }]))
    ).json().data[0]
    const res = await cancel(asha, order._id)
    expect(res.statusCode).toBe(200)
    expect(res.json().message).toBe('Order canceled successfully!')
    expect(res.json().data.status).toBe('Cancelled')
    expect(res.json().data.orderHistory.map((h: { status: string }) => h.status)).toEqual([
      'Pending',
      'Cancelled',
    ])
    const again = await cancel(asha, order.orderID)
    expect(again.statusCode).toBe(200)
    expect(again.json().data.orderHistory).toHaveLength(2)
  })

  it('refuses to cancel somebody else’s order', async () => {
    const { asha, ravi, saree } = await setUp()
    const order = (
      await placeOrder(app, ravi, orderPayload(ravi.id, [{ product: saree, quantity: 1 }]))
    ).json().data[0]
    const res = await cancel(asha, order._id)
    expect(res.statusCode).toBe(404)
    const still = await app.inject({ url: `/api/v1/order/singleorder/${order._id}`, headers: ravi.auth })
    expect(still.json().data.status).toBe('Pending')
  })

  it('refuses once the order has shipped', async () => {
    const { asha, saree } = await setUp()
    const staff = await makeAdmin(app)
    const order = (
      await placeOrder(app, asha, orderPayload(asha.id, [{ product: saree, quantity: 1 }]))
    ).json().data[0]
    await payOrder(app, asha, order._id)
    await app.services.orders.changeStatus(order._id, 'Processing', { actorId: staff.id })
    await app.services.orders.changeStatus(order._id, 'Shipped', {
      actorId: staff.id,
      shippingLink: 'https://track.example.in/1',
    })
    const res = await cancel(asha, order._id)
    expect(res.statusCode).toBe(409)
    const after = (
      await app.inject({ url: `/api/v1/order/singleorder/${order._id}`, headers: asha.auth })
    ).json().data
    expect(after.status).toBe('Shipped')
    expect(after.shippingInfo.shippingLink).toBe('https://track.example.in/1')
    expect(
      after.orderHistory.map((h: { status: string; note: string | null }) => [h.status, h.note]),
    ).toEqual([
      ['Pending', null],
      ['Pending', 'Payment received'],
      ['Processing', null],
      ['Shipped', 'Shipped with tracking link'],
    ])
  })

  it('counts orders for the dashboard', async () => {
    const { saree } = await setUp()
    const meera = await makeCustomer(app, 'Meera Das')
    for (let i = 0; i < 2; i++) {
      await placeOrder(app, meera, orderPayload(meera.id, [{ product: saree, quantity: 1 }]))
    }
    expect(await app.services.orders.countsForCustomer(meera.id)).toEqual({
      total: 2,
      pending: 2,
      completed: 0,
    })
  })
})

describe('API document', () => {
  it('documents the order, payment and PIN calls', async () => {
    const doc = (await app.inject('/api/openapi.json')).json()
    for (const path of [
      '/api/v1/order/add',
      '/api/v1/order/allorder',
      '/api/v1/order/singleorder/{id}',
      '/api/v1/order/updateorder',
      '/api/v1/payments/create',
      '/api/v1/payments/verify',
      '/api/v1/payments/webhook',
      '/api/v1/pincode/{pin}',
    ]) {
      expect(doc.paths[path], path).toBeTruthy()
    }
  })
})
