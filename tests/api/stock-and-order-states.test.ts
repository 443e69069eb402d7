import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { couponMessages, maxCartQuantity, stockMessages } from '../../contracts/cart-rules.ts'
import { auditLog, cartItems, carts, coupons } from '../../server/db/schema.ts'
import {
  addToCart,
  makeAdmin,
  makeCoupon,
  makeCustomer,
  makeProduct,
  openPayment,
  orderOf,
  orderPayload,
  type Person,
  payOpened,
  payOrder,
  placeOrder,
  sign,
  stockOf,
} from '../support/factories.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'

let app: TestApp
let staff: Person

beforeAll(async () => {
  // Many orders from one test address: the per-address order limit is tested elsewhere.
  app = await createTestApp({ RATE_LIMIT_MAX: 100_000 })
  staff = await makeAdmin(app)
})
afterAll(async () => {
  await app?.cleanup()
})

const read = async (who: Person, id: string) =>
  (await app.inject({ url: `/api/v1/order/singleorder/${id}`, headers: who.auth })).json().data

const staffMove = (id: string, body: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: `/api/v1/admin/orders/${id}/status`, headers: staff.auth, payload: body })

const later = (minutes: number) => new Date(Date.now() + minutes * 60_000)

describe('stock', () => {
  it('sells the last piece once when 20 customers race for it', async () => {
    const piece = await makeProduct(app, { quantity: 1, title: 'Last Pattachitra Scroll' })
    const buyers = await Promise.all(Array.from({ length: 20 }, (_, i) => makeCustomer(app, `Buyer ${i}`)))
    const answers = await Promise.all(
      buyers.map((b) => placeOrder(app, b, orderPayload(b.id, [{ product: piece, quantity: 1 }]))),
    )
    const placed = answers.filter((a) => a.statusCode === 201)
    const refused = answers.filter((a) => a.statusCode === 409)
    expect(placed).toHaveLength(1)
    expect(refused).toHaveLength(19)
    expect(refused[0]!.json()).toEqual({ success: false, message: stockMessages.onlyLeft(piece.title, 0) })
    expect(await stockOf(app, piece.id)).toBe(0)
  })

  it('refuses an order for more than is left, naming the product and what is left, and reserves nothing', async () => {
    const a = await makeProduct(app, { quantity: 5 })
    const b = await makeProduct(app, { quantity: 2, title: 'Kantha Stole' })
    const asha = await makeCustomer(app)
    const res = await placeOrder(
      app,
      asha,
      orderPayload(asha.id, [
        { product: a, quantity: 3 },
        { product: b, quantity: 3 },
      ]),
    )
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toBe('Only 2 of Kantha Stole are left.')
    expect(await stockOf(app, a.id)).toBe(5)
    expect(await stockOf(app, b.id)).toBe(2)
  })

  it('refuses a sold-out product in the cart and in an order', async () => {
    const soldOut = await makeProduct(app, { quantity: 0, title: 'Sold Out Dhokra Horse' })
    const asha = await makeCustomer(app)
    const add = await addToCart(app, asha, soldOut.id)
    expect(add.statusCode).toBe(409)
    expect(add.json().message).toBe(stockMessages.soldOut(soldOut.title))
    const order = await placeOrder(app, asha, orderPayload(asha.id, [{ product: soldOut, quantity: 1 }]))
    expect(order.statusCode).toBe(409)
    expect(order.json().message).toBe(stockMessages.soldOut(soldOut.title))
  })

  it('refuses a cart quantity above the stock', async () => {
    const few = await makeProduct(app, { quantity: 2, title: 'Bidri Box' })
    const asha = await makeCustomer(app)
    await addToCart(app, asha, few.id)
    await addToCart(app, asha, few.id)
    const third = await addToCart(app, asha, few.id)
    expect(third.statusCode).toBe(409)
    expect(third.json().message).toBe('Only 2 of Bidri Box are left.')
  })

  it('checks the per-line maximum on merged lines', async () => {
    const p = await makeProduct(app, { quantity: 500 })
    const asha = await makeCustomer(app)
    const res = await placeOrder(
      app,
      asha,
      orderPayload(asha.id, [
        { product: p, quantity: maxCartQuantity },
        { product: p, quantity: 5 },
      ]),
    )
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toContain(`at most ${maxCartQuantity}`)
    expect(await stockOf(app, p.id)).toBe(500)
  })

  it('keeps the stock taken through payment, and gives it back on a cancel', async () => {
    const p = await makeProduct(app, { quantity: 4 })
    const asha = await makeCustomer(app)
    const order = await orderOf(app, asha, { ...p, count: 3 })
    expect(await stockOf(app, p.id)).toBe(1)
    await payOrder(app, asha, order._id)
    expect(await stockOf(app, p.id)).toBe(1)
    const cancel = await app.inject({
      method: 'PATCH',
      url: '/api/v1/order/updateorder',
      headers: asha.auth,
      payload: { orderID: order._id, status: 'Cancelled' },
    })
    expect(cancel.statusCode).toBe(200)
    expect(await stockOf(app, p.id)).toBe(4)
    const after = await read(asha, order._id)
    expect(after.status).toBe('Cancelled')
    expect(after.paymentInfo.status).toBe('Refunded')
    expect(after.refundStatus).toBe('Refunded')
  })

  it('releases an unpaid order after its reservation lapses, with a history entry', async () => {
    const p = await makeProduct(app, { quantity: 2 })
    const asha = await makeCustomer(app)
    const order = await orderOf(app, asha, p)
    expect(await stockOf(app, p.id)).toBe(1)
    expect(Date.parse((await read(asha, order._id)).reservedUntil)).toBeGreaterThan(Date.now() + 29 * 60_000)
    expect(await app.services.orders.expireLapsed(later(5))).toBe(0)
    expect(await app.services.orders.expireLapsed(later(31))).toBeGreaterThanOrEqual(1)
    expect(await stockOf(app, p.id)).toBe(2)
    const after = await read(asha, order._id)
    expect(after.status).toBe('Cancelled')
    expect(after.paymentInfo.status).toBe('Expired')
    expect(after.orderHistory.at(-1)).toMatchObject({ status: 'Cancelled' })
    expect(after.orderHistory.at(-1).note).toContain('expired')
    const pay = await app.inject({
      method: 'POST',
      url: '/api/v1/payments/create',
      headers: asha.auth,
      payload: { orderId: order._id },
    })
    expect(pay.statusCode).toBe(409)
    expect(pay.json().message).toContain('expired')
  })

  it('takes a payment that arrives after the reservation lapsed while the pieces are still there', async () => {
    const p = await makeProduct(app, { quantity: 1 })
    const asha = await makeCustomer(app)
    const order = await orderOf(app, asha, p)
    const session = await openPayment(app, asha, order._id)
    await app.services.orders.expireLapsed(later(31))
    expect(await stockOf(app, p.id)).toBe(1)
    const verify = await payOpened(app, asha, order._id, session.id)
    expect(verify.statusCode).toBe(200)
    const after = await read(asha, order._id)
    expect(after.status).toBe('Pending')
    expect(after.paymentInfo.status).toBe('Paid')
    expect(await stockOf(app, p.id)).toBe(0)
  })

  it('refunds a payment that arrives after the reservation lapsed and the piece sold meanwhile', async () => {
    const p = await makeProduct(app, { quantity: 1, title: 'Only Chikankari Jacket' })
    const asha = await makeCustomer(app)
    const ravi = await makeCustomer(app, 'Ravi Kumar')
    const order = await orderOf(app, asha, p)
    const session = await openPayment(app, asha, order._id)
    await app.services.orders.expireLapsed(later(31))
    await orderOf(app, ravi, p)
    await payOpened(app, asha, order._id, session.id)
    const after = await read(asha, order._id)
    expect(after.status).toBe('Cancelled')
    expect(after.paymentInfo.status).toBe('Refunded')
    expect(after.orderHistory.map((h: { note: string | null }) => h.note).join(' ')).toContain(
      'Only Chikankari Jacket had sold out',
    )
    expect(await stockOf(app, p.id)).toBe(0)
  })
})

describe('order and payment states', () => {
  it('lets staff ship a paid order but not an unpaid one', async () => {
    const p = await makeProduct(app)
    const asha = await makeCustomer(app)
    const unpaid = await orderOf(app, asha, p)
    for (const status of ['Processing', 'Shipped', 'Delivered']) {
      const res = await staffMove(unpaid._id, { status, shippingLink: 'https://track.example.in/x' })
      expect(res.statusCode, status).toBe(409)
    }
    const detail = (
      await app.inject({ url: `/api/v1/admin/orders/${unpaid._id}`, headers: staff.auth })
    ).json().data
    expect(detail.nextStatuses).toEqual(['Cancelled'])
    expect((await read(asha, unpaid._id)).status).toBe('Pending')

    const paid = await orderOf(app, asha, p)
    await payOrder(app, asha, paid._id)
    const ship = await staffMove(paid._id, { status: 'Shipped', shippingLink: 'https://track.example.in/1' })
    expect(ship.statusCode, ship.body).toBe(200)
    expect(ship.json().data.status).toBe('Shipped')
    // No shortcut from Pending to Delivered: it ships first.
    const other = await orderOf(app, asha, p)
    await payOrder(app, asha, other._id)
    expect((await staffMove(other._id, { status: 'Delivered' })).statusCode).toBe(409)
  })

  it('refunds a paid order that staff cancel, at once, with history and audit entries', async () => {
    const p = await makeProduct(app, { quantity: 3 })
    const asha = await makeCustomer(app)
    const order = await orderOf(app, asha, p)
    await payOrder(app, asha, order._id)
    const res = await staffMove(order._id, { status: 'Cancelled', note: 'Damaged in the workshop' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data.payment.status).toBe('Refunded')
    expect(res.json().data.status).toBe('Cancelled')
    expect(await stockOf(app, p.id)).toBe(3)
    const after = await read(asha, order._id)
    expect(after.refundStatus).toBe('Refunded')
    expect(after.orderHistory.map((h: { note: string | null }) => h.note)).toContain(
      'Damaged in the workshop',
    )
    const audits = await app.database.db.select().from(auditLog).where(eq(auditLog.entityId, order._id))
    expect(audits.map((a) => a.action).sort()).toEqual(['order.refund', 'order.status'])
    expect(audits.find((a) => a.action === 'order.status')!.actorId).toBe(staff.id)
  })

  it('separates awaiting payment from paid orders to ship in the console', async () => {
    const p = await makeProduct(app)
    const meera = await makeCustomer(app, 'Meera Queue')
    const unpaid = await orderOf(app, meera, p)
    const paid = await orderOf(app, meera, p)
    await payOrder(app, meera, paid._id)
    const list = async (query: string) =>
      (await app.inject({ url: `/api/v1/admin/orders?q=Meera%20Queue&${query}`, headers: staff.auth }))
        .json()
        .data.items.map((o: { _id: string }) => o._id)
    expect(await list('queue=awaitingPayment')).toEqual([unpaid._id])
    expect(await list('queue=toShip')).toEqual([paid._id])
    expect(await list('payment=Paid')).toEqual([paid._id])
    const overview = (await app.inject({ url: '/api/v1/admin/overview', headers: staff.auth })).json().data
    expect(overview.orders.awaitingPayment).toBeGreaterThanOrEqual(1)
    expect(overview.orders.toShip).toBeGreaterThanOrEqual(1)
  })
})

describe('coupons', () => {
  /** One piece of a product with a coupon, at the total the customer was shown. */
  const oneWithCoupon = (who: Person, product: { id: string; price: number }, code: string, total: number) =>
    placeOrder(
      app,
      who,
      orderPayload(who.id, [{ product, quantity: 1 }], { couponCode: code, totalAmount: total }),
    )

  it('holds a limited coupon for an unpaid order and gives it back when that order is cancelled', async () => {
    const code = await makeCoupon(app, { discount: 10, usageLimit: 1 })
    const p = await makeProduct(app, { price: 1000_00 })
    const asha = await makeCustomer(app)
    const ravi = await makeCustomer(app, 'Ravi Kumar')
    const withCoupon = (who: Person) => oneWithCoupon(who, p, code, 900)
    const first = await withCoupon(asha)
    expect(first.statusCode).toBe(201)
    const second = await withCoupon(ravi)
    expect(second.statusCode).toBe(400)
    expect(second.json().message).toBe(couponMessages.expired)
    await app.inject({
      method: 'PATCH',
      url: '/api/v1/order/updateorder',
      headers: asha.auth,
      payload: { orderID: first.json().data[0]._id, status: 'Cancelled' },
    })
    const again = await withCoupon(ravi)
    expect(again.statusCode, again.body).toBe(201)
  })

  it('counts a use when the order is paid and gives it back when a paid order is cancelled', async () => {
    const code = await makeCoupon(app, { discount: 10, usageLimit: 25 })
    const p = await makeProduct(app, { price: 1000_00 })
    const asha = await makeCustomer(app)
    const used = async () =>
      (await app.database.db.select().from(coupons).where(eq(coupons.code, code)))[0]!.usedCount
    const res = await placeOrder(
      app,
      asha,
      orderPayload(asha.id, [{ product: p, quantity: 1 }], { couponCode: code, totalAmount: 900 }),
    )
    const order = res.json().data[0]
    expect(await used()).toBe(0)
    await payOrder(app, asha, order._id)
    expect(await used()).toBe(1)
    await app.inject({
      method: 'PATCH',
      url: '/api/v1/order/updateorder',
      headers: asha.auth,
      payload: { orderID: order._id, status: 'Cancelled' },
    })
    expect(await used()).toBe(0)
  })

  it('keeps a per-customer limit', async () => {
    const code = await makeCoupon(app, { discount: 15, perCustomerLimit: 1 })
    const p = await makeProduct(app, { price: 1000_00 })
    const asha = await makeCustomer(app)
    const ravi = await makeCustomer(app, 'Ravi Kumar')
    const withCoupon = (who: Person) => oneWithCoupon(who, p, code, 850)
    expect((await withCoupon(asha)).statusCode).toBe(201)
    const twice = await withCoupon(asha)
    expect(twice.statusCode).toBe(400)
    expect(twice.json().message).toContain('once per customer')
    expect((await withCoupon(ravi)).statusCode).toBe(201)
  })

  it('refuses a coupon that would make the order free', async () => {
    const code = await makeCoupon(app, { discount: 100 })
    const p = await makeProduct(app, { price: 500_00 })
    const asha = await makeCustomer(app)
    const res = await placeOrder(
      app,
      asha,
      orderPayload(asha.id, [{ product: p, quantity: 1 }], { couponCode: code, totalAmount: 0 }),
    )
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toContain('free')
  })
})

describe('payments', () => {
  const webhookSecret = () => app.services.config.secrets.sandboxWebhookSecret
  const webhook = (body: string) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/payments/webhook',
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': sign(webhookSecret(), body) },
      payload: body,
    })
  const captured = (id: string, providerOrderId: string, amount: number, currency = 'INR') =>
    JSON.stringify({
      entity: 'event',
      id,
      event: 'payment.captured',
      payload: {
        payment: {
          entity: { id: `pay_${id}`, order_id: providerOrderId, amount, currency, status: 'captured' },
        },
      },
    })

  it('does not apply a webhook whose amount or currency differs from the order, and records it', async () => {
    const p = await makeProduct(app, { price: 2000_00 })
    const asha = await makeCustomer(app)
    const order = await orderOf(app, asha, p)
    const session = await openPayment(app, asha, order._id)
    expect((await webhook(captured('evt_low1', session.id, 100))).json()).toMatchObject({ applied: false })
    expect((await webhook(captured('evt_usd1', session.id, 2000_00, 'USD'))).json()).toMatchObject({
      applied: false,
    })
    expect((await read(asha, order._id)).paymentInfo.status).toBe('Pending')
    const audits = await app.database.db.select().from(auditLog).where(eq(auditLog.entityId, order._id))
    expect(audits.filter((a) => a.action === 'payment.amount-mismatch')).toHaveLength(2)
    // The right amount is applied.
    expect((await webhook(captured('evt_ok1', session.id, 2000_00))).json()).toMatchObject({ applied: true })
    expect((await read(asha, order._id)).paymentInfo.status).toBe('Paid')
  })

  it('empties the ordered lines from the cart when a webhook records the payment', async () => {
    const p = await makeProduct(app, { price: 300_00 })
    const other = await makeProduct(app, { price: 400_00 })
    const asha = await makeCustomer(app)
    for (const id of [p.id, other.id]) {
      await addToCart(app, asha, id)
    }
    const order = await orderOf(app, asha, p)
    const session = await openPayment(app, asha, order._id)
    expect((await webhook(captured('evt_cart1', session.id, 300_00))).json()).toMatchObject({ applied: true })
    const [cart] = await app.database.db.select().from(carts).where(eq(carts.userId, asha.id))
    const left = await app.database.db.select().from(cartItems).where(eq(cartItems.cartId, cart!.id))
    expect(left.map((l) => l.productId)).toEqual([other.id])
  })

  it('refuses an idempotency key reused with a different payload (422) and repeats the same one', async () => {
    const p = await makeProduct(app)
    const asha = await makeCustomer(app)
    const key = `key-${Date.now()}`
    const one = orderPayload(asha.id, [{ product: p, quantity: 1 }], { idempotencyKey: key })
    const first = await placeOrder(app, asha, one)
    expect(first.statusCode).toBe(201)
    const same = await placeOrder(app, asha, one)
    expect(same.json().data[0]._id).toBe(first.json().data[0]._id)
    const two = await placeOrder(
      app,
      asha,
      orderPayload(asha.id, [{ product: p, quantity: 2 }], { idempotencyKey: key }),
    )
    expect(two.statusCode).toBe(422)
    expect(two.json().message).toContain('idempotency key')
  })
})
