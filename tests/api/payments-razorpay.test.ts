import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startRazorpayStandIn } from '../../server/modules/payments/razorpay-stand-in.ts'
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

let standIn: Awaited<ReturnType<typeof startRazorpayStandIn>>
let app: TestApp
let fx: Awaited<ReturnType<typeof seedShop>>
let asha: Shopper

beforeAll(async () => {
  standIn = await startRazorpayStandIn({
    keyId: KEY_ID,
    keySecret: KEY_SECRET,
    webhookSecret: WEBHOOK_SECRET,
  })
  app = await createTestApp(standIn.env)
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
    standIn.paymentMethods.set(paymentId, 'upi')
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
    // Razorpay's record says how it was paid: the order names it.
    expect(verify.json().payment.order.paymentInfo.method).toBe('UPI')
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
    // The stand-in's keys, at an address where nothing listens.
    const down = await createTestApp({ ...standIn.env, RAZORPAY_API_URL: 'http://127.0.0.1:9' })
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
