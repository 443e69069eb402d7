import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cartItems, carts, paymentEvents, payments } from '../../server/db/schema.ts'
import {
  allowManyHolds,
  makeAdmin,
  makeCustomer,
  orderPayload,
  placeOrder,
  type Shopper,
  seedShop,
  sign,
} from '../support/factories.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'

let app: TestApp
let fx: Awaited<ReturnType<typeof seedShop>>
let asha: Shopper
let ravi: Shopper
let keySecret: string
let webhookSecret: string

beforeAll(async () => {
  app = await createTestApp()
  fx = await seedShop(app)
  asha = await makeCustomer(app, 'Asha Verma')
  ravi = await makeCustomer(app, 'Ravi Kumar')
  // One customer places many orders here, some left unpaid: the limits per customer are tested apart.
  await allowManyHolds(app)
  keySecret = app.services.config.secrets.sandboxKeySecret
  webhookSecret = app.services.config.secrets.sandboxWebhookSecret
})
afterAll(async () => {
  await app?.cleanup()
})

async function newOrder(who: Shopper, quantity = 1) {
  const res = await placeOrder(app, who, orderPayload(who.id, [{ product: fx.saree, quantity }]))
  return res.json().data[0] as { _id: string; orderID: string; totalAmount: number }
}

async function createPayment(who: Shopper, orderId: string, amount = 1) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/payments/create',
    headers: who.auth,
    payload: { orderId, amount, currency: 'INR', paymentMethod: 'Credit Card', userId: who.id },
  })
}

function verify(who: Shopper, body: Record<string, string>) {
  return app.inject({ method: 'POST', url: '/api/v1/payments/verify', headers: who.auth, payload: body })
}

function webhook(body: string, signature: string, eventId?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/payments/webhook',
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': signature,
      ...(eventId ? { 'x-razorpay-event-id': eventId } : {}),
    },
    payload: body,
  })
}

const orderOf = async (who: Shopper, id: string) =>
  (await app.inject({ url: `/api/v1/order/singleorder/${id}`, headers: who.auth })).json().data

describe('POST /payments/create', () => {
  it('opens a provider order for the server’s total in paise, whatever the client says', async () => {
    const order = await newOrder(asha, 2)
    const res = await createPayment(asha, order._id, 1)
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.id).toMatch(/^order_[A-Za-z0-9]{14}$/)
    expect(body.razorpayOrderId).toBe(body.id)
    expect(body.amount).toBe(200_00)
    expect(body.currency).toBe('INR')
    expect(body.key).toBeTruthy()
    const [row] = await app.database.db.select().from(payments).where(eq(payments.providerOrderId, body.id))
    expect(row).toMatchObject({ orderId: order._id, amount: 200_00, status: 'created', provider: 'sandbox' })
  })

  it('refuses another customer’s order and another user id', async () => {
    const order = await newOrder(asha)
    expect((await createPayment(ravi, order._id)).statusCode).toBe(404)
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/payments/create',
      headers: asha.auth,
      payload: {
        orderId: order._id,
        amount: 100,
        currency: 'INR',
        paymentMethod: 'Credit Card',
        userId: ravi.id,
      },
    })
    expect(res.statusCode).toBe(403)
    expect(
      (await app.inject({ method: 'POST', url: '/api/v1/payments/create', payload: { orderId: order._id } }))
        .statusCode,
    ).toBe(401)
  })
})

describe('POST /payments/verify', () => {
  it('accepts the right signature once; a second verify changes nothing', async () => {
    const db = app.database.db
    const [cart] = await db.insert(carts).values({ userId: asha.id }).returning()
    await db.insert(cartItems).values({ cartId: cart!.id, productId: fx.saree.id, quantity: 1 })

    const order = await newOrder(asha)
    const session = (await createPayment(asha, order._id)).json()
    const paymentId = 'pay_TestPayment0001'
    const body = {
      orderId: order._id,
      razorpay_order_id: session.id,
      razorpay_payment_id: paymentId,
      razorpay_signature: sign(keySecret, `${session.id}|${paymentId}`),
    }
    const res = await verify(asha, body)
    expect(res.statusCode).toBe(200)
    expect(res.json().success).toBe(true)
    expect(res.json().payment.order.paymentInfo.status).toBe('Paid')
    expect(await db.select().from(cartItems).where(eq(cartItems.cartId, cart!.id))).toHaveLength(0)

    const again = await verify(asha, body)
    expect(again.statusCode).toBe(200)
    const rows = await db.select().from(payments).where(eq(payments.orderId, order._id))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ status: 'captured', providerPaymentId: paymentId })
    expect((await createPayment(asha, order._id)).statusCode).toBe(409)
  })

  it('refuses a wrong signature with 400 and leaves the order unpaid', async () => {
    const order = await newOrder(asha)
    const session = (await createPayment(asha, order._id)).json()
    const res = await verify(asha, {
      orderId: order._id,
      razorpay_order_id: session.id,
      razorpay_payment_id: 'pay_TestPayment0002',
      razorpay_signature: sign('not-the-secret', `${session.id}|pay_TestPayment0002`),
    })
    expect(res.statusCode).toBe(400)
    expect((await orderOf(asha, order._id)).paymentInfo.status).toBe('Pending')
  })

  it('refuses a valid signature for another order', async () => {
    const cheap = await newOrder(asha, 1)
    const dear = await newOrder(asha, 3)
    const cheapSession = (await createPayment(asha, cheap._id)).json()
    await createPayment(asha, dear._id)
    const paymentId = 'pay_TestPayment0003'
    // A genuine signature for the cheap order, presented as payment of the dear one.
    const res = await verify(asha, {
      orderId: dear._id,
      razorpay_order_id: cheapSession.id,
      razorpay_payment_id: paymentId,
      razorpay_signature: sign(keySecret, `${cheapSession.id}|${paymentId}`),
    })
    expect(res.statusCode).toBe(400)
    expect((await orderOf(asha, dear._id)).paymentInfo.status).toBe('Pending')
    expect((await orderOf(asha, cheap._id)).paymentInfo.status).toBe('Pending')
  })
})

describe('POST /payments/webhook', () => {
  const event = (type: string, providerOrderId: string, id: string) =>
    JSON.stringify({
      entity: 'event',
      id,
      event: type,
      payload: {
        payment: { entity: { id: `pay_${id.slice(4)}`, order_id: providerOrderId, amount: 100_00 } },
      },
    })

  it('applies payment.captured once, even when replayed', async () => {
    const order = await newOrder(asha)
    const session = (await createPayment(asha, order._id)).json()
    const body = event('payment.captured', session.id, 'evt_Replay00000001')
    const first = await webhook(body, sign(webhookSecret, body))
    expect(first.statusCode).toBe(200)
    expect(first.json()).toMatchObject({ applied: true, duplicate: false })
    expect((await orderOf(asha, order._id)).paymentInfo.status).toBe('Paid')
    const replay = await webhook(body, sign(webhookSecret, body))
    expect(replay.json()).toMatchObject({ applied: false, duplicate: true })
    const events = await app.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.eventId, 'evt_Replay00000001'))
    expect(events).toHaveLength(1)
  })

  it('knows an event by its signed body, not by the unsigned X-Razorpay-Event-Id header', async () => {
    const order = await newOrder(asha)
    const session = (await createPayment(asha, order._id)).json()
    const body = event('payment.captured', session.id, 'evt_SignedId000001')
    const first = await webhook(body, sign(webhookSecret, body), 'evt_Header00000001')
    expect(first.json()).toMatchObject({ applied: true, duplicate: false })
    // The same signed body again under another header is a replay.
    const again = await webhook(body, sign(webhookSecret, body), 'evt_Header00000002')
    expect(again.json()).toMatchObject({ applied: false, duplicate: true })
    const kept = await app.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.eventId, 'evt_SignedId000001'))
    expect(kept).toHaveLength(1)

    // Razorpay's own bodies carry no id: the signed bytes are the event's identity.
    const later = await newOrder(ravi)
    const laterSession = (await createPayment(ravi, later._id)).json()
    const { id: _none, ...withoutId } = JSON.parse(event('payment.failed', laterSession.id, 'evt_x'))
    const failed = JSON.stringify({ ...withoutId, account_id: 'acc_Test00000001' })
    // Two different genuine events under one header: both are applied.
    const sameHeader = 'evt_SameHeader0001'
    const a = await webhook(failed, sign(webhookSecret, failed), sameHeader)
    expect(a.json()).toMatchObject({ applied: true, duplicate: false })
    expect((await orderOf(ravi, later._id)).paymentInfo.status).toBe('Failed')
    const captured = event('payment.captured', laterSession.id, 'evt_SignedId000002')
    const b = await webhook(captured, sign(webhookSecret, captured), sameHeader)
    expect(b.json()).toMatchObject({ applied: true, duplicate: false })
    expect((await orderOf(ravi, later._id)).paymentInfo.status).toBe('Paid')
    const replayed = await webhook(failed, sign(webhookSecret, failed), 'evt_OtherHeader001')
    expect(replayed.json()).toMatchObject({ applied: false, duplicate: true })
  })

  it('refuses a tampered body or a missing signature', async () => {
    const order = await newOrder(asha)
    const session = (await createPayment(asha, order._id)).json()
    const body = event('payment.captured', session.id, 'evt_Tampered000001')
    const tampered = body.replace('10000', '1')
    expect((await webhook(tampered, sign(webhookSecret, body))).statusCode).toBe(400)
    expect((await webhook(body, '')).statusCode).toBe(400)
    expect((await webhook(body, sign('wrong', body))).statusCode).toBe(400)
    expect((await orderOf(asha, order._id)).paymentInfo.status).toBe('Pending')
  })

  it('never moves a paid order back on a late payment.failed', async () => {
    const order = await newOrder(asha)
    const session = (await createPayment(asha, order._id)).json()
    const paid = event('order.paid', session.id, 'evt_Paid0000000001')
    await webhook(paid, sign(webhookSecret, paid))
    const failed = event('payment.failed', session.id, 'evt_Failed00000001')
    const res = await webhook(failed, sign(webhookSecret, failed), 'evt_Failed00000001')
    expect(res.statusCode).toBe(200)
    expect((await orderOf(asha, order._id)).paymentInfo.status).toBe('Paid')
  })

  it('records a failed payment and lets the customer retry the same provider order', async () => {
    const order = await newOrder(asha)
    const session = (await createPayment(asha, order._id)).json()
    const failed = event('payment.failed', session.id, 'evt_Failed00000002')
    await webhook(failed, sign(webhookSecret, failed))
    expect((await orderOf(asha, order._id)).paymentInfo.status).toBe('Failed')
    const retry = (await createPayment(asha, order._id)).json()
    expect(retry.id).toBe(session.id)
    expect((await orderOf(asha, order._id)).paymentInfo.status).toBe('Pending')
  })
})

describe('sandbox checkout', () => {
  it('Pay gives a payment id and a signature the verify call accepts, and sends the webhook events', async () => {
    const order = await newOrder(asha)
    const session = (await createPayment(asha, order._id)).json()
    const pay = await app.inject({
      method: 'POST',
      url: '/api/v1/payments/sandbox/pay',
      headers: asha.auth,
      payload: { razorpay_order_id: session.id },
    })
    expect(pay.statusCode).toBe(200)
    const result = pay.json()
    expect(result.razorpay_payment_id).toMatch(/^pay_[A-Za-z0-9]{14}$/)
    expect(result.razorpay_signature).toBe(sign(keySecret, `${session.id}|${result.razorpay_payment_id}`))
    // The webhook already recorded the payment (as when the browser closes before verifying).
    expect((await orderOf(asha, order._id)).paymentInfo.status).toBe('Paid')
    const v = await verify(asha, { orderId: order._id, ...result })
    expect(v.statusCode).toBe(200)
    expect(v.json().payment.order.paymentInfo.status).toBe('Paid')
  })

  it('Fail reports the provider’s error and marks the payment failed', async () => {
    const order = await newOrder(asha)
    const session = (await createPayment(asha, order._id)).json()
    const fail = await app.inject({
      method: 'POST',
      url: '/api/v1/payments/sandbox/fail',
      headers: asha.auth,
      payload: { razorpay_order_id: session.id },
    })
    expect(fail.statusCode).toBe(200)
    expect(fail.json().error.metadata.order_id).toBe(session.id)
    expect((await orderOf(asha, order._id)).paymentInfo.status).toBe('Failed')
  })

  it('pays by UPI with the test UPI ID and hands back the same three fields, the method in the events', async () => {
    const order = await newOrder(asha)
    const session = (await createPayment(asha, order._id)).json()
    const sandbox = (path: 'pay' | 'fail', extra: Record<string, unknown>) =>
      app.inject({
        method: 'POST',
        url: `/api/v1/payments/sandbox/${path}`,
        headers: asha.auth,
        payload: { razorpay_order_id: session.id, ...extra },
      })
    const badId = await sandbox('pay', { method: 'upi', vpa: 'not a upi id' })
    expect(badId.statusCode).toBe(400)
    expect(badId.json().message).toContain('UPI ID such as success@razorpay')
    // As in Razorpay's test mode, failure@razorpay never pays.
    const declined = await sandbox('pay', { method: 'upi', vpa: 'failure@razorpay' })
    expect(declined.statusCode).toBe(422)
    const pay = await sandbox('pay', { method: 'upi', vpa: 'success@razorpay' })
    expect(pay.statusCode, pay.body).toBe(200)
    const result = pay.json()
    expect(
      Object.keys(result)
        .filter((k) => k.startsWith('razorpay_'))
        .sort(),
    ).toEqual(['razorpay_order_id', 'razorpay_payment_id', 'razorpay_signature'])
    expect(result.razorpay_signature).toBe(sign(keySecret, `${session.id}|${result.razorpay_payment_id}`))
    expect((await orderOf(asha, order._id)).paymentInfo.status).toBe('Paid')
    const events = await app.database.db.select().from(paymentEvents)
    const captured = events.find(
      (e) =>
        e.type === 'payment.captured' &&
        JSON.stringify(e.payload).includes(result.razorpay_payment_id as string),
    )
    expect(JSON.stringify(captured?.payload)).toContain('"method":"upi"')
    expect(JSON.stringify(captured?.payload)).toContain('"vpa":"success@razorpay"')
  })

  it('declines a UPI payment from failure@razorpay through Fail, and netbanking needs a bank', async () => {
    const order = await newOrder(asha)
    const session = (await createPayment(asha, order._id)).json()
    const noBank = await app.inject({
      method: 'POST',
      url: '/api/v1/payments/sandbox/pay',
      headers: asha.auth,
      payload: { razorpay_order_id: session.id, method: 'netbanking' },
    })
    expect(noBank.statusCode).toBe(400)
    const fail = await app.inject({
      method: 'POST',
      url: '/api/v1/payments/sandbox/fail',
      headers: asha.auth,
      payload: { razorpay_order_id: session.id, method: 'upi', vpa: 'failure@razorpay' },
    })
    expect(fail.statusCode).toBe(200)
    expect((await orderOf(asha, order._id)).paymentInfo.status).toBe('Failed')
  })

  it('will not pay another customer’s provider order', async () => {
    const order = await newOrder(asha)
    const session = (await createPayment(asha, order._id)).json()
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/payments/sandbox/pay',
      headers: ravi.auth,
      payload: { razorpay_order_id: session.id },
    })
    expect(res.statusCode).toBe(404)
  })

  it('cancelling a paid order refunds it', async () => {
    const order = await newOrder(asha)
    const session = (await createPayment(asha, order._id)).json()
    await app.inject({
      method: 'POST',
      url: '/api/v1/payments/sandbox/pay',
      headers: asha.auth,
      payload: { razorpay_order_id: session.id },
    })
    const res = await app.inject({
      method: 'PATCH',
      url: '/api/v1/order/updateorder',
      headers: asha.auth,
      payload: { orderID: order.orderID, status: 'Cancelled' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toMatchObject({ status: 'Cancelled', refundStatus: 'Refunded' })
    const [row] = await app.database.db
      .select()
      .from(payments)
      .where(eq(payments.providerOrderId, session.id))
    expect(row!.status).toBe('refunded')
    expect(row!.refundId).toMatch(/^rfnd_/)
  })

  it('the shop cancelling a paid order refunds it too', async () => {
    const order = await newOrder(asha)
    const session = (await createPayment(asha, order._id)).json()
    await app.inject({
      method: 'POST',
      url: '/api/v1/payments/sandbox/pay',
      headers: asha.auth,
      payload: { razorpay_order_id: session.id },
    })
    const staff = await makeAdmin(app)
    const cancelled = await app.services.orders.changeStatus(order._id, 'Cancelled', { actorId: staff.id })
    expect(cancelled).toMatchObject({ status: 'Cancelled', refundStatus: 'Refunded' })
    expect(cancelled.paymentInfo.status).toBe('Refunded')
  })
})

describe('reconciliation with the sandbox', () => {
  it('the sandbox answers from its own books: a payment whose verify and webhooks were lost is applied once', async () => {
    const order = await newOrder(asha)
    const session = (await createPayment(asha, order._id)).json()
    // The dialog's Pay happened, but neither the browser's verify nor the webhooks reached the shop.
    await app.services.payments.sandboxPay(asha.id, session.id, { method: 'upi', vpa: 'success@razorpay' })
    expect((await orderOf(asha, order._id)).paymentInfo.status).toBe('Pending')
    const at = new Date(Date.now() + 16 * 60_000)
    await app.services.payments.reconcile(at)
    const paid = await orderOf(asha, order._id)
    expect(paid.paymentInfo.status).toBe('Paid')
    await app.services.payments.reconcile(new Date(at.getTime() + 30 * 60_000))
    const after = await orderOf(asha, order._id)
    expect(
      after.orderHistory.filter((h: { note: string | null }) => h.note === 'Payment received'),
    ).toHaveLength(1)
  })
})
