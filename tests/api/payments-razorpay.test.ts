import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  allowManyHolds,
  makeCustomer,
  orderPayload,
  placeOrder,
  type Shopper,
  seedShop,
  sign,
} from '../support/factories.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'

const KEY_ID = 'rzp_test_StandIn0001'
const KEY_SECRET = 'stand-in-key-secret'
const WEBHOOK_SECRET = 'stand-in-webhook-secret'

/** A local stand-in for Razorpay's REST API: orders, payments and refunds, with Basic auth. */
function startStandIn() {
  const calls: Array<{ method: string; path: string; body: Record<string, unknown> }> = []
  const paymentsToOrders = new Map<string, string>()
  // The payment attempts of a provider order, as GET /v1/orders/:id/payments lists them.
  const orderPayments = new Map<string, Array<Record<string, unknown>>>()
  let n = 0
  const server: Server = createServer((req, res) => {
    let raw = ''
    req.on('data', (c) => {
      raw += c
    })
    req.on('end', () => {
      const body = raw ? JSON.parse(raw) : {}
      calls.push({ method: req.method!, path: req.url!, body })
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' })
        res.end(JSON.stringify(json))
      }
      const expected = `Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`
      if (req.headers.authorization !== expected) {
        return send(401, { error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } })
      }
      n += 1
      if (req.method === 'POST' && req.url === '/v1/orders') {
        return send(200, {
          id: `order_StandIn${String(n).padStart(7, '0')}`,
          entity: 'order',
          amount: body.amount,
          currency: body.currency,
          receipt: body.receipt,
          status: 'created',
        })
      }
      const attempts = req.url!.match(/^\/v1\/orders\/([^/]+)\/payments$/)
      if (req.method === 'GET' && attempts) {
        const items = orderPayments.get(attempts[1]!) ?? []
        return send(200, { entity: 'collection', count: items.length, items })
      }
      const pay = req.url!.match(/^\/v1\/payments\/([^/]+)$/)
      if (req.method === 'GET' && pay) {
        const orderId = paymentsToOrders.get(pay[1]!)
        if (!orderId)
          return send(400, {
            error: { code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist' },
          })
        return send(200, {
          id: pay[1],
          entity: 'payment',
          order_id: orderId,
          status: 'captured',
          amount: 100_00,
        })
      }
      const refund = req.url!.match(/^\/v1\/payments\/([^/]+)\/refund$/)
      if (req.method === 'POST' && refund) {
        return send(200, {
          id: `rfnd_StandIn${String(n).padStart(7, '0')}`,
          entity: 'refund',
          amount: body.amount,
          status: 'processed',
        })
      }
      send(404, { error: { code: 'BAD_REQUEST_ERROR', description: 'not found' } })
    })
  })
  return new Promise<{
    url: string
    calls: typeof calls
    paymentsToOrders: typeof paymentsToOrders
    orderPayments: typeof orderPayments
    close(): Promise<void>
  }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo
      resolve({
        url: `http://127.0.0.1:${port}`,
        calls,
        paymentsToOrders,
        orderPayments,
        close: () => new Promise((r) => server.close(() => r())),
      })
    })
  })
}

let standIn: Awaited<ReturnType<typeof startStandIn>>
let app: TestApp
let fx: Awaited<ReturnType<typeof seedShop>>
let asha: Shopper

beforeAll(async () => {
  standIn = await startStandIn()
  app = await createTestApp({
    PAYMENT_PROVIDER: 'razorpay',
    RAZORPAY_KEY_ID: KEY_ID,
    RAZORPAY_KEY_SECRET: KEY_SECRET,
    RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
    RAZORPAY_API_URL: standIn.url,
  })
  fx = await seedShop(app)
  asha = await makeCustomer(app)
  // One customer pays many orders here, some left unpaid: the limits per customer are tested apart.
  await allowManyHolds(app)
})
afterAll(async () => {
  await app?.cleanup()
  await standIn?.close()
})

async function newPaidSetup() {
  const order = (
    await placeOrder(app, asha, orderPayload(asha.id, [{ product: fx.saree, quantity: 1 }]))
  ).json().data[0]
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/payments/create',
    headers: asha.auth,
    payload: {
      orderId: order._id,
      amount: 100,
      currency: 'INR',
      paymentMethod: 'Credit Card',
      userId: asha.id,
    },
  })
  return { order, res }
}

describe('razorpay provider (against a local stand-in)', () => {
  it('creates the provider order with the server’s amount in paise and answers the public key', async () => {
    const { order, res } = await newPaidSetup()
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ provider: 'razorpay', key: KEY_ID, amount: 100_00, currency: 'INR' })
    expect(body.id).toMatch(/^order_StandIn/)
    const call = standIn.calls.find((c) => c.path === '/v1/orders' && c.body.receipt === order.orderID)
    expect(call?.body).toMatchObject({ amount: 100_00, currency: 'INR' })
  })

  it('verifies with the key secret, checks the payment with the provider, and refunds on cancel', async () => {
    const { order, res } = await newPaidSetup()
    const providerOrderId = res.json().id
    const paymentId = 'pay_StandInPay0001'
    standIn.paymentsToOrders.set(paymentId, providerOrderId)
    const verify = await app.inject({
      method: 'POST',
      url: '/api/v1/payments/verify',
      headers: asha.auth,
      payload: {
        orderId: order._id,
        razorpay_order_id: providerOrderId,
        razorpay_payment_id: paymentId,
        razorpay_signature: sign(KEY_SECRET, `${providerOrderId}|${paymentId}`),
      },
    })
    expect(verify.statusCode).toBe(200)
    expect(verify.json().payment.order.paymentInfo.status).toBe('Paid')
    expect(standIn.calls.some((c) => c.method === 'GET' && c.path === `/v1/payments/${paymentId}`)).toBe(true)

    const cancel = await app.inject({
      method: 'PATCH',
      url: '/api/v1/order/updateorder',
      headers: asha.auth,
      payload: { orderID: order._id, status: 'Cancelled' },
    })
    expect(cancel.json().data).toMatchObject({ status: 'Cancelled', refundStatus: 'Refunded' })
    const refund = standIn.calls.find((c) => c.path === `/v1/payments/${paymentId}/refund`)
    expect(refund?.body.amount).toBe(100_00)
  })

  it('refuses a payment the provider says belongs to another order', async () => {
    const { order, res } = await newPaidSetup()
    const providerOrderId = res.json().id
    const paymentId = 'pay_StandInPay0002'
    standIn.paymentsToOrders.set(paymentId, 'order_SomethingElse1')
    const verify = await app.inject({
      method: 'POST',
      url: '/api/v1/payments/verify',
      headers: asha.auth,
      payload: {
        orderId: order._id,
        razorpay_order_id: providerOrderId,
        razorpay_payment_id: paymentId,
        razorpay_signature: sign(KEY_SECRET, `${providerOrderId}|${paymentId}`),
      },
    })
    expect(verify.statusCode).toBe(400)
  })

  it('checks webhooks with RAZORPAY_WEBHOOK_SECRET', async () => {
    const { order, res } = await newPaidSetup()
    const body = JSON.stringify({
      id: 'evt_StandIn0000001',
      event: 'payment.captured',
      payload: {
        payment: {
          entity: {
            id: 'pay_StandInPay0003',
            order_id: res.json().id,
            amount: res.json().amount,
            currency: 'INR',
          },
        },
      },
    })
    const hook = (signature: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/payments/webhook',
        headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature },
        payload: body,
      })
    expect((await hook(sign(KEY_SECRET, body))).statusCode).toBe(400)
    expect((await hook(sign(WEBHOOK_SECRET, body))).statusCode).toBe(200)
    const after = await app.inject({ url: `/api/v1/order/singleorder/${order._id}`, headers: asha.auth })
    expect(after.json().data.paymentInfo.status).toBe('Paid')
  })

  it('has no sandbox endpoints', async () => {
    const { res } = await newPaidSetup()
    const pay = await app.inject({
      method: 'POST',
      url: '/api/v1/payments/sandbox/pay',
      headers: asha.auth,
      payload: { razorpay_order_id: res.json().id },
    })
    expect(pay.statusCode).toBe(404)
  })

  it('answers 502 with a plain message when the provider is down', async () => {
    const down = await createTestApp({
      PAYMENT_PROVIDER: 'razorpay',
      RAZORPAY_KEY_ID: KEY_ID,
      RAZORPAY_KEY_SECRET: KEY_SECRET,
      RAZORPAY_API_URL: 'http://127.0.0.1:9',
    })
    try {
      const f = await seedShop(down)
      const who = await makeCustomer(down)
      const order = (
        await placeOrder(down, who, orderPayload(who.id, [{ product: f.saree, quantity: 1 }]))
      ).json().data[0]
      const res = await down.inject({
        method: 'POST',
        url: '/api/v1/payments/create',
        headers: who.auth,
        payload: {
          orderId: order._id,
          amount: 100,
          currency: 'INR',
          paymentMethod: 'Credit Card',
          userId: who.id,
        },
      })
      expect(res.statusCode).toBe(502)
      expect(res.json().message).toContain('payment service')
    } finally {
      await down.cleanup()
    }
  })
})

describe('reconciliation (against the stand-in)', () => {
  const later = (minutes: number) => new Date(Date.now() + minutes * 60_000)
  const orderOf = async (id: string) =>
    (await app.inject({ url: `/api/v1/order/singleorder/${id}`, headers: asha.auth })).json().data

  it('pays an order whose browser callback and webhook were both lost, exactly once', async () => {
    const { order, res } = await newPaidSetup()
    const providerOrderId = res.json().id as string
    standIn.orderPayments.set(providerOrderId, [
      {
        id: 'pay_StandInLost001',
        entity: 'payment',
        order_id: providerOrderId,
        status: 'failed',
        amount: 100_00,
        currency: 'INR',
      },
      {
        id: 'pay_StandInLost002',
        entity: 'payment',
        order_id: providerOrderId,
        status: 'captured',
        amount: 100_00,
        currency: 'INR',
      },
    ])
    // Not asked before 15 minutes.
    await app.services.payments.reconcile(later(10))
    expect(standIn.calls.some((c) => c.path === `/v1/orders/${providerOrderId}/payments`)).toBe(false)
    expect((await orderOf(order._id)).paymentInfo.status).toBe('Pending')

    const first = await app.services.payments.reconcile(later(16))
    expect(first.reconciledPaid).toBeGreaterThanOrEqual(1)
    const paid = await orderOf(order._id)
    expect(paid.paymentInfo.status).toBe('Paid')
    expect(paid.invoiceNumber).toMatch(/^KS\//)
    // Runs again (and two at once): nothing more happens to it.
    const again = await Promise.all([
      app.services.payments.reconcile(later(40)),
      app.services.payments.reconcile(later(40)),
    ])
    const after = await orderOf(order._id)
    expect(
      after.orderHistory.filter((h: { note: string | null }) => h.note === 'Payment received'),
    ).toHaveLength(1)
    expect(after.paymentInfo.status).toBe('Paid')
    expect(again.every((r) => r.reconciledPaid === 0)).toBe(true)
  })

  it('marks an order failed when every attempt failed, and leaves one with no attempt alone', async () => {
    const failed = await newPaidSetup()
    const failedId = failed.res.json().id as string
    standIn.orderPayments.set(failedId, [
      {
        id: 'pay_StandInFail001',
        entity: 'payment',
        order_id: failedId,
        status: 'failed',
        amount: 100_00,
        currency: 'INR',
      },
    ])
    const untouched = await newPaidSetup()
    await app.services.payments.reconcile(later(20))
    expect((await orderOf(failed.order._id)).paymentInfo.status).toBe('Failed')
    expect((await orderOf(untouched.order._id)).paymentInfo.status).toBe('Pending')
  })

  it('never applies a captured payment whose amount differs from the order’s', async () => {
    const { order, res } = await newPaidSetup()
    const providerOrderId = res.json().id as string
    standIn.orderPayments.set(providerOrderId, [
      {
        id: 'pay_StandInSmall01',
        entity: 'payment',
        order_id: providerOrderId,
        status: 'captured',
        amount: 1_00,
        currency: 'INR',
      },
    ])
    await app.services.payments.reconcile(later(30))
    expect((await orderOf(order._id)).paymentInfo.status).toBe('Pending')
  })
})
