import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orders } from '../../server/db/schema.ts'
import {
  makeCustomer,
  makeProduct,
  openPayment,
  orderPayload,
  payOpened,
  payOrder,
  placeOrder,
  type Shopper,
  shipping,
  stockOf,
} from '../support/factories.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'

let app: TestApp

beforeAll(async () => {
  app = await createTestApp()
})
afterAll(async () => {
  await app?.cleanup()
})

const addressBook = async (who: Shopper) => {
  const res = await app.inject({ url: `/api/v1/adress?userId=${who.id}`, headers: who.auth })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data as Array<{ fullName: string; streetAddress: string; phoneNumber: string }>
}

const myOrders = async (who: Shopper) => {
  const res = await app.inject({ url: '/api/v1/order/allorder', headers: who.auth })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data as Array<{
    _id: string
    status: string
    paymentInfo: { status: string }
    reservedUntil: string | null
  }>
}

describe('the address typed at checkout', () => {
  it('is saved to the address book with the order, once', async () => {
    const p = await makeProduct(app, { quantity: 10 })
    const asha = await makeCustomer(app, 'Asha Verma')
    expect(await addressBook(asha)).toEqual([])

    const first = await placeOrder(app, asha, orderPayload(asha.id, [{ product: p, quantity: 1 }]))
    expect(first.statusCode, first.body).toBe(201)
    const saved = await addressBook(asha)
    expect(saved).toHaveLength(1)
    expect(saved[0]).toMatchObject({
      fullName: 'Asha Verma',
      streetAddress: '12 Hazratganj, Flat 4',
      city: 'Lucknow',
      state: 'Uttar Pradesh',
      postalCode: '226001',
      phoneNumber: '9876543210',
      country: 'INDIA',
    })

    // The same address again (as 'Deliver Here' fills it, and typed with other case and spacing): no copy.
    const again = { ...shipping, address: '12 hazratganj,  flat 4', apartment: '', city: 'LUCKNOW' }
    const second = await placeOrder(
      app,
      asha,
      orderPayload(asha.id, [{ product: p, quantity: 2 }], { shippingInfo: again }),
    )
    expect(second.statusCode, second.body).toBe(201)
    expect(await addressBook(asha)).toHaveLength(1)
    // Paid, so the third is within the two unpaid orders one account may have (decision 110).
    await payOrder(app, asha, second.json().data[0]._id)

    // A new address is added beside it.
    const elsewhere = { ...shipping, address: '8 Banjara Hills Road', apartment: '', city: 'Hyderabad' }
    const third = await placeOrder(
      app,
      asha,
      orderPayload(asha.id, [{ product: p, quantity: 1 }], { shippingInfo: elsewhere }),
    )
    expect(third.statusCode, third.body).toBe(201)
    expect((await addressBook(asha)).map((a) => a.streetAddress)).toEqual([
      '12 Hazratganj, Flat 4',
      '8 Banjara Hills Road',
    ])
  })

  it('is not saved when the order is refused, nor when it has no name', async () => {
    const p = await makeProduct(app, { quantity: 10 })
    const ravi = await makeCustomer(app, 'Ravi Kumar')
    const refused = await placeOrder(
      app,
      ravi,
      orderPayload(ravi.id, [{ product: p, quantity: 1 }], { totalAmount: 1 }),
    )
    expect(refused.statusCode).toBe(409)
    expect(await addressBook(ravi)).toEqual([])

    const nameless = { ...shipping, firstName: '', lastName: '' }
    const placed = await placeOrder(
      app,
      ravi,
      orderPayload(ravi.id, [{ product: p, quantity: 1 }], { shippingInfo: nameless }),
    )
    expect(placed.statusCode, placed.body).toBe(201)
    expect(await addressBook(ravi)).toEqual([])
  })
})

describe('paying again after a failed payment', () => {
  it('pays the same order: one order in the history, paid', async () => {
    const p = await makeProduct(app, { quantity: 10 })
    const meera = await makeCustomer(app, 'Meera Iyer')
    const payload = orderPayload(meera.id, [{ product: p, quantity: 1 }])
    const placed = await placeOrder(app, meera, payload, { 'idempotency-key': 'attempt-one-abc123' })
    expect(placed.statusCode, placed.body).toBe(201)
    const order = placed.json().data[0] as { _id: string }

    const session = await openPayment(app, meera, order._id)
    const fail = await app.inject({
      method: 'POST',
      url: '/api/v1/payments/sandbox/fail',
      headers: meera.auth,
      payload: { razorpay_order_id: session.id },
    })
    expect(fail.statusCode).toBe(200)
    expect((await myOrders(meera))[0]!.paymentInfo.status).toBe('Failed')

    // 'Try again': the checkout reopens payment for the order it kept; the provider order is the same.
    const retry = await openPayment(app, meera, order._id)
    expect(retry.id).toBe(session.id)
    const verified = await payOpened(app, meera, order._id, retry.id)
    expect(verified.statusCode, verified.body).toBe(200)

    const list = await myOrders(meera)
    expect(list).toHaveLength(1)
    expect(list[0]).toMatchObject({ _id: order._id, status: 'Pending', paymentInfo: { status: 'Paid' } })
  })
})

describe('an unpaid order past its reservation', () => {
  it('reads as expired in the customer’s list and detail, with its stock back on sale', async () => {
    const p = await makeProduct(app, { quantity: 4 })
    const kabir = await makeCustomer(app, 'Kabir Das')
    const placed = await placeOrder(app, kabir, orderPayload(kabir.id, [{ product: p, quantity: 1 }]))
    expect(placed.statusCode, placed.body).toBe(201)
    const order = placed.json().data[0] as { _id: string }
    expect((await myOrders(kabir))[0]).toMatchObject({
      status: 'Pending',
      paymentInfo: { status: 'Pending' },
    })
    expect(await stockOf(app, p.id)).toBe(3)

    // The reservation lapses before the sweeper's next run.
    await app.database.db
      .update(orders)
      .set({ reservedUntil: new Date(Date.now() - 60_000) })
      .where(eq(orders.id, order._id))

    const [listed] = await myOrders(kabir)
    expect(listed).toMatchObject({ status: 'Cancelled', paymentInfo: { status: 'Expired' } })
    expect(await stockOf(app, p.id)).toBe(4)
    const detail = await app.inject({ url: `/api/v1/order/singleorder/${order._id}`, headers: kabir.auth })
    expect(detail.json().data.paymentInfo.status).toBe('Expired')
  })

  it('in the detail too, when the detail is read first', async () => {
    const p = await makeProduct(app, { quantity: 4 })
    const neha = await makeCustomer(app, 'Neha Sen')
    const placed = await placeOrder(app, neha, orderPayload(neha.id, [{ product: p, quantity: 1 }]))
    const order = placed.json().data[0] as { _id: string }
    await app.database.db
      .update(orders)
      .set({ reservedUntil: new Date(Date.now() - 1000) })
      .where(eq(orders.id, order._id))
    const detail = await app.inject({ url: `/api/v1/order/singleorder/${order._id}`, headers: neha.auth })
    expect(detail.json().data).toMatchObject({ status: 'Cancelled', paymentInfo: { status: 'Expired' } })
  })
})
