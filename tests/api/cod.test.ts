import { and, eq } from 'drizzle-orm'
import { extractText, getDocumentProxy } from 'unpdf'
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest'
import { codMessages } from '../../contracts/cod.ts'
import type { TaxedLine } from '../../contracts/gst.ts'
import { paymentStatusLabel } from '../../contracts/order-states.ts'
import { auditLog, invoices, mailOutbox } from '../../server/db/schema.ts'
import {
  addToCart,
  freshPhone,
  makeAdmin,
  makeCoupon,
  makeCustomer,
  makeProduct,
  orderPayload,
  type Person,
  placeOrder,
  shipping,
  stockOf,
} from '../support/factories.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'

let app: TestApp
let staff: Person

beforeAll(async () => {
  app = await createTestApp({ RATE_LIMIT_MAX: 100_000 })
})
beforeEach(async () => {
  staff = await makeAdmin(app)
})
afterAll(async () => {
  await app?.cleanup()
})

type Terms = { enabled: boolean; maxTotal: number; fee: number; excludedStates: string; excludedPins: string }
const open: Terms = { enabled: true, maxTotal: 10_000, fee: 0, excludedStates: '', excludedPins: '' }

/**
 * Staff save the COD settings in the console; tests run one after another, each setting what it needs, and
 * the shop's own terms come back when the test ends, passed or failed, so the next test starts from them.
 */
async function setCod(over: Partial<Terms> = {}) {
  const who = staff
  const save = (terms: Terms) =>
    app.inject({ method: 'PUT', url: '/api/v1/admin/settings/cod', headers: who.auth, payload: terms })
  const res = await save({ ...open, ...over })
  expect(res.statusCode, res.body).toBe(200)
  if (Object.keys(over).length > 0)
    onTestFinished(async () => {
      expect((await save(open)).statusCode).toBe(200)
    })
  return res.json().data
}

/** A COD order's extra fields; each to a phone of its own, as one phone may have one COD order on its way (decision 110). */
const cod = ({ shippingInfo, ...extra }: Record<string, unknown> = {}) => ({
  paymentInfo: { method: 'COD', status: 'Pending' },
  shippingInfo: { ...shipping, ...(shippingInfo as object | undefined), phoneNumber: freshPhone() },
  ...extra,
})

const read = async (who: Person, id: string) =>
  (await app.inject({ url: `/api/v1/order/singleorder/${id}`, headers: who.auth })).json().data

const staffMove = (id: string, body: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: `/api/v1/admin/orders/${id}/status`, headers: staff.auth, payload: body })

async function codOrder(who: Person, product: { id: string; price: number }, extra = {}) {
  const res = await placeOrder(app, who, orderPayload(who.id, [{ product, quantity: 1 }], cod(extra)))
  expect(res.statusCode, res.body).toBe(201)
  return res.json().data[0]
}

describe('cash-on-delivery settings', () => {
  it('start on, up to ₹10,000, with no fee, and are public for the checkout', async () => {
    const res = await app.inject({ url: '/api/v1/cod/terms' })
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toEqual({
      enabled: true,
      maxTotal: 10_000,
      fee: 0,
      excludedStates: [],
      excludedPins: [],
    })
  })

  it('are for staff only, and refuse a PIN code that is not 6 digits', async () => {
    const asha = await makeCustomer(app)
    const denied = await app.inject({
      method: 'PUT',
      url: '/api/v1/admin/settings/cod',
      headers: asha.auth,
      payload: open,
    })
    expect(denied.statusCode).toBe(403)
    const bad = await app.inject({
      method: 'PUT',
      url: '/api/v1/admin/settings/cod',
      headers: staff.auth,
      payload: { ...open, excludedPins: '7940, 12' },
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toContain('each PIN code must be 6 digits')
  })
})

describe('placing a cash-on-delivery order', () => {
  it('is refused when COD is switched off, with the reason', async () => {
    await setCod({ enabled: false })
    const piece = await makeProduct(app)
    const asha = await makeCustomer(app)
    const res = await placeOrder(app, asha, orderPayload(asha.id, [{ product: piece, quantity: 1 }], cod()))
    expect(res.statusCode).toBe(422)
    expect(res.json()).toEqual({ success: false, message: codMessages.off })
    expect(await stockOf(app, piece.id)).toBe(10)
    await setCod()
  })

  it('is refused over the limit, naming the limit', async () => {
    await setCod({ maxTotal: 2000 })
    const piece = await makeProduct(app, { price: 1200_00 })
    const asha = await makeCustomer(app)
    const res = await placeOrder(app, asha, orderPayload(asha.id, [{ product: piece, quantity: 2 }], cod()))
    expect(res.statusCode).toBe(422)
    expect(res.json().message).toBe(codMessages.overLimit(2000_00))
    expect(res.json().message).toBe(
      'Cash on delivery is available for orders up to ₹2,000. Please pay online for this order.',
    )
    // One piece is within the limit.
    await codOrder(asha, piece)
    await setCod()
  })

  it('is refused in an excluded state and for an excluded PIN code', async () => {
    await setCod({ excludedStates: 'Ladakh\nuttar pradesh', excludedPins: '500001' })
    const piece = await makeProduct(app)
    const asha = await makeCustomer(app)
    const inState = await placeOrder(
      app,
      asha,
      orderPayload(asha.id, [{ product: piece, quantity: 1 }], cod()),
    )
    expect(inState.statusCode).toBe(422)
    expect(inState.json().message).toBe(codMessages.state('Uttar Pradesh'))
    const atPin = await placeOrder(
      app,
      asha,
      orderPayload(
        asha.id,
        [{ product: piece, quantity: 1 }],
        cod({ shippingInfo: { ...shipping, city: 'Hyderabad', state: 'Telangana', postalCode: '500001' } }),
      ),
    )
    expect(atPin.statusCode).toBe(422)
    expect(atPin.json().message).toBe(codMessages.pin('500001'))
    // Elsewhere, and online payment anywhere, are still fine.
    await codOrder(asha, piece, {
      shippingInfo: { ...shipping, city: 'Pune', state: 'Maharashtra', postalCode: '411001' },
    })
    const online = await placeOrder(app, asha, orderPayload(asha.id, [{ product: piece, quantity: 1 }]))
    expect(online.statusCode).toBe(201)
    await setCod()
  })

  it('refuses PayPal, which is not offered', async () => {
    const piece = await makeProduct(app)
    const asha = await makeCustomer(app)
    const res = await placeOrder(
      app,
      asha,
      orderPayload(asha.id, [{ product: piece, quantity: 1 }], { paymentInfo: { method: 'PayPal' } }),
    )
    expect(res.statusCode).toBe(422)
    expect(res.json().message).toBe(codMessages.paypalOff)
  })

  it('puts the COD fee in the total as its own amount, and wants the total with the fee', async () => {
    await setCod({ fee: 49 })
    const piece = await makeProduct(app, { price: 1200_00 })
    const asha = await makeCustomer(app)
    const withoutFee = await placeOrder(
      app,
      asha,
      orderPayload(asha.id, [{ product: piece, quantity: 1 }], cod()),
    )
    expect(withoutFee.statusCode).toBe(409)
    expect(withoutFee.json().message).toContain('The order total is ₹1,249')
    const order = await codOrder(asha, piece, { totalAmount: 1249 })
    expect(order).toMatchObject({ subtotal: 1200, codFee: 49, totalAmount: 1249 })
    await setCod()
  })
})

describe('a cash-on-delivery order', () => {
  it('records the method, reserves stock, says pay on delivery and is not expired by the sweeper', async () => {
    const piece = await makeProduct(app, { quantity: 3 })
    const asha = await makeCustomer(app)
    await addToCart(app, asha, piece.id)
    const order = await codOrder(asha, piece)
    expect(order.paymentInfo).toEqual({ method: 'COD', status: 'Pay on delivery' })
    expect(paymentStatusLabel(order.paymentInfo.status)).toBe('Pay on delivery')
    expect(order.reservedUntil).toBeNull()
    expect(order.codFee).toBe(0)
    expect(await stockOf(app, piece.id)).toBe(2)
    // Ordered: it leaves the cart at once, as a paid online order does.
    const cart = (await app.inject({ url: '/api/v1/cart', headers: asha.auth })).json()
    expect(JSON.stringify(cart)).not.toContain(piece.id)

    const dayAfter = new Date(Date.now() + 26 * 3600_000)
    await app.services.orders.sweep(dayAfter)
    const list = (await app.inject({ url: '/api/v1/order/allorder', headers: asha.auth })).json().data
    const again = list.find((o: { _id: string }) => o._id === order._id)
    expect(again).toMatchObject({ status: 'Pending', paymentInfo: { status: 'Pay on delivery' } })
    expect(await stockOf(app, piece.id)).toBe(2)

    // It cannot be paid online by mistake.
    const pay = await app.inject({
      method: 'POST',
      url: '/api/v1/payments/create',
      headers: asha.auth,
      payload: { orderId: order._id, currency: 'INR' },
    })
    expect(pay.statusCode).toBe(409)
    expect(pay.json().message).toBe(codMessages.notOnline)
  })

  it('is e-mailed as pay on delivery, not as awaiting payment', async () => {
    const piece = await makeProduct(app)
    const asha = await makeCustomer(app)
    const order = await codOrder(asha, piece)
    const mails = await app.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, asha.email), eq(mailOutbox.kind, 'order.placed')))
    expect(mails).toHaveLength(1)
    expect(mails[0]!.subject).toBe(`Order ${order.orderID} confirmed: pay on delivery`)
    expect(mails[0]!.subject).not.toContain('awaiting payment')
  })

  it('is shipped unpaid and becomes paid when staff mark it delivered', async () => {
    const piece = await makeProduct(app)
    const asha = await makeCustomer(app)
    const order = await codOrder(asha, piece)
    expect((await staffMove(order._id, { status: 'Processing' })).statusCode).toBe(200)
    const shipped = await staffMove(order._id, {
      status: 'Shipped',
      shippingLink: 'https://track.example.in/AB123',
    })
    expect(shipped.statusCode, shipped.body).toBe(200)
    expect((await read(asha, order._id)).paymentInfo.status).toBe('Pay on delivery')
    const delivered = await staffMove(order._id, { status: 'Delivered' })
    expect(delivered.statusCode, delivered.body).toBe(200)
    const seen = await read(asha, order._id)
    expect(seen).toMatchObject({ status: 'Delivered', paymentInfo: { method: 'COD', status: 'Paid' } })
    expect(seen.orderHistory.at(-1).note).toContain('collected in cash')
  })

  it("is invoiced when delivered, its fee a taxed line of its own at the goods' rate", async () => {
    await setCod({ fee: 49 })
    const piece = await makeProduct(app, { price: 1050_00 })
    const asha = await makeCustomer(app)
    const order = await codOrder(asha, piece, { totalAmount: 1099 })
    await setCod()
    expect(await app.database.db.select().from(invoices).where(eq(invoices.orderId, order._id))).toHaveLength(
      0,
    )
    for (const status of ['Processing', 'Shipped', 'Delivered'])
      expect(
        (await staffMove(order._id, { status, shippingLink: 'https://track.example.in/AB124' })).statusCode,
      ).toBe(200)
    const [invoice] = await app.database.db.select().from(invoices).where(eq(invoices.orderId, order._id))
    expect(invoice).toBeDefined()
    expect(invoice!.total).toBe(1099_00)
    const fee = (invoice!.lines as TaxedLine[]).find((l) => l.description === 'Cash on delivery fee')
    // ₹49 inclusive of 5%: ₹46.67 taxable, ₹2.33 tax.
    expect(fee).toMatchObject({ rate: 5, taxable: 46_67 })
    const res = await app.inject({ url: `/api/v1/order/invoice/${order._id}`, headers: asha.auth })
    expect(res.statusCode).toBe(200)
    const pdf = await getDocumentProxy(new Uint8Array(res.rawPayload))
    const { text } = await extractText(pdf, { mergePages: true })
    expect(text.replace(/\s+/g, ' ')).toContain('Cash on delivery fee')
  })

  it('is cancelled with its stock and coupon use given back and no refund', async () => {
    const piece = await makeProduct(app, { quantity: 4 })
    const code = await makeCoupon(app, { discount: 10, usageLimit: 1 })
    const asha = await makeCustomer(app)
    const order = await codOrder(asha, piece, { couponCode: code, totalAmount: 1080 })
    expect(order.totalAmount).toBe(1080)
    expect(await stockOf(app, piece.id)).toBe(3)
    // Its coupon use counts at once: a firm order, not an unpaid hold.
    const ravi = await makeCustomer(app, 'Ravi Kumar')
    const second = await placeOrder(
      app,
      ravi,
      orderPayload(ravi.id, [{ product: piece, quantity: 1 }], cod({ couponCode: code, totalAmount: 1080 })),
    )
    expect(second.statusCode).toBeGreaterThanOrEqual(400)
    expect(second.statusCode).toBeLessThan(500)

    const cancel = await app.inject({
      method: 'PATCH',
      url: '/api/v1/order/updateorder',
      headers: asha.auth,
      payload: { orderID: order._id, status: 'Cancelled' },
    })
    expect(cancel.statusCode, cancel.body).toBe(200)
    const seen = await read(asha, order._id)
    expect(seen.status).toBe('Cancelled')
    expect(seen.refundStatus).toBeNull()
    expect(seen.paymentInfo.status).not.toMatch(/Refund/)
    expect(await stockOf(app, piece.id)).toBe(4)
    const refunds = await app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, order._id), eq(auditLog.action, 'order.refund')))
    expect(refunds).toHaveLength(0)
    const mails = await app.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, asha.email), eq(mailOutbox.kind, 'order.cancelled')))
    expect(mails).toHaveLength(1)
    // The coupon use went back with the cancellation.
    const retry = await placeOrder(
      app,
      ravi,
      orderPayload(ravi.id, [{ product: piece, quantity: 1 }], cod({ couponCode: code, totalAmount: 1080 })),
    )
    expect(retry.statusCode, retry.body).toBe(201)
  })
})

describe('the console', () => {
  it('lists COD orders to ship in their own queue', async () => {
    const piece = await makeProduct(app)
    const asha = await makeCustomer(app)
    const order = await codOrder(asha, piece)
    const queue = await app.inject({ url: '/api/v1/admin/orders?queue=codToShip', headers: staff.auth })
    expect(queue.statusCode).toBe(200)
    expect(JSON.stringify(queue.json())).toContain(order.orderID)
    const paid = await app.inject({ url: '/api/v1/admin/orders?queue=toShip', headers: staff.auth })
    expect(JSON.stringify(paid.json())).not.toContain(order.orderID)
    const overview = (await app.inject({ url: '/api/v1/admin/overview', headers: staff.auth })).json()
    expect(overview.data.orders.codToShip).toBeGreaterThanOrEqual(1)
  })
})
