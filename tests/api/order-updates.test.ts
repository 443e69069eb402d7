import { createECDH, randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { codConfirmAnswers, orderUpdateAnswers } from '../../contracts/messaging.ts'
import { contactConsents, mailOutbox, messageOutbox, orders, users } from '../../server/db/schema.ts'
import {
  freshMobile,
  freshPhone,
  mailsTo,
  makeAdmin,
  makeCustomer,
  makeProduct,
  messagesTo,
  orderPayload,
  type Person,
  payOrder,
  placeOrder,
  shipping,
} from '../support/factories.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'

/**
 * Order updates where people read them (decision 143): the channels a customer chooses and when, withdrawn
 * as easily; each order event's WhatsApp and SMS message in the order's transaction; a cash-on-delivery
 * order confirmed or cancelled from the link in its message.
 */
let app: TestApp

beforeAll(async () => {
  app = await createTestApp({ RATE_LIMIT_MAX: 100_000 })
})
afterAll(async () => {
  await app?.cleanup()
})

const api = (who: Person | null, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  app.inject({ method, url: `/api/v1${url}`, headers: who?.auth ?? {}, ...(payload ? { payload } : {}) })

const choose = (who: Person, body: object) => api(who, 'PUT', '/user/order-updates', body)

/** The ten digits of a fresh mobile number, as the checkout's delivery form takes it. */
const tenDigits = (mobile: string) => mobile.slice(3)

/** A customer's order of one piece, with WhatsApp (and maybe SMS) updates chosen at the checkout. */
async function orderWithUpdates(
  who: Person,
  opts: { pay: 'online' | 'cod'; updates?: Array<'whatsapp' | 'sms'>; mobile?: string } = { pay: 'online' },
) {
  const mobile = opts.mobile ?? freshMobile()
  const product = await makeProduct(app, { price: 850_00, quantity: 5 })
  const res = await placeOrder(
    app,
    who,
    orderPayload(who.id, [{ product, quantity: 1 }], {
      shippingInfo: { ...shipping, phoneNumber: tenDigits(mobile) },
      paymentInfo: { method: opts.pay === 'cod' ? 'COD' : 'Credit Card', status: 'Pending' },
      ...(opts.updates ? { updates: opts.updates } : {}),
    }),
  )
  expect(res.statusCode, res.body).toBe(201)
  const order = res.json().data[0] as { _id: string; orderID: string }
  return { mobile, orderId: order._id, orderNumber: order.orderID }
}

/** The messages about one order, by channel and kind, oldest first. */
async function aboutOrder(orderId: string) {
  const rows = await app.database.db
    .select()
    .from(messageOutbox)
    .where(eq(messageOutbox.regarding, `order:${orderId}`))
    .orderBy(messageOutbox.createdAt, messageOutbox.id)
  return rows.map((r) => ({
    channel: r.channel,
    kind: r.kind,
    to: r.toPhone,
    text: r.text,
    status: r.status,
  }))
}

describe('choosing the channels for order updates', () => {
  it('records each choice with its time and where it was made, and withdraws it as easily', async () => {
    const customer = await makeCustomer(app)
    const start = await api(customer, 'GET', '/user/order-updates')
    expect(start.statusCode, start.body).toBe(200)
    expect(start.json().data).toEqual({
      email: { on: true, since: null, phone: null },
      whatsapp: { on: false, since: null, phone: null },
      sms: { on: false, since: null, phone: null },
      phone: null,
    })

    // No number anywhere: WhatsApp cannot be turned on, and the answer says why.
    const noNumber = await choose(customer, { whatsapp: true })
    expect(noNumber.statusCode).toBe(422)
    expect(noNumber.json().message).toBe(orderUpdateAnswers.needsPhone)

    const mobile = freshMobile()
    const on = await choose(customer, { whatsapp: true, phone: `0${tenDigits(mobile)}` })
    expect(on.statusCode, on.body).toBe(200)
    expect(on.json().data.whatsapp).toMatchObject({ on: true, phone: mobile })
    expect(Date.parse(on.json().data.whatsapp.since)).toBeGreaterThan(Date.now() - 60_000)
    // The number is remembered for the next choice.
    const sms = await choose(customer, { sms: true })
    expect(sms.json().data.sms).toMatchObject({ on: true, phone: mobile })

    const off = await choose(customer, { whatsapp: false, email: false })
    expect(off.statusCode).toBe(200)
    expect(off.json().data.whatsapp.on).toBe(false)
    expect(off.json().data.email.on).toBe(false)
    expect(off.json().data.sms.on).toBe(true)
    // The same choice again is no new record.
    await choose(customer, { whatsapp: false })

    const history = await app.database.db
      .select()
      .from(contactConsents)
      .where(eq(contactConsents.userId, customer.id))
      .orderBy(contactConsents.createdAt, contactConsents.id)
    expect(history.map((h) => [h.channel, h.granted, h.source])).toEqual([
      ['whatsapp', true, 'settings'],
      ['sms', true, 'settings'],
      ['email', false, 'settings'],
      ['whatsapp', false, 'settings'],
    ])
  })

  it('refuses a body with no channel, a bad number, and a caller who is not signed in', async () => {
    const customer = await makeCustomer(app)
    expect((await choose(customer, {})).statusCode).toBe(400)
    const bad = await choose(customer, { whatsapp: true, phone: '12345' })
    expect(bad.statusCode).toBe(400)
    expect(bad.body).toMatch(/10-digit Indian mobile number/)
    expect((await api(null, 'GET', '/user/order-updates')).statusCode).toBe(401)
  })

  it("keeps one customer's choices from another", async () => {
    const [a, b] = await Promise.all([makeCustomer(app), makeCustomer(app)])
    await choose(a, { whatsapp: true, phone: freshMobile() })
    expect((await api(b, 'GET', '/user/order-updates')).json().data.whatsapp.on).toBe(false)
  })
})

describe("an order's updates by WhatsApp and SMS", () => {
  it('takes the checkout’s choice for the delivery number, and tells a paid order once', async () => {
    const customer = await makeCustomer(app, 'Kavya Rao')
    const { mobile, orderId, orderNumber } = await orderWithUpdates(customer, {
      pay: 'online',
      updates: ['whatsapp'],
    })
    const [consent] = await app.database.db
      .select()
      .from(contactConsents)
      .where(eq(contactConsents.userId, customer.id))
    expect(consent).toMatchObject({ channel: 'whatsapp', granted: true, phone: mobile, source: 'checkout' })

    // The 'awaiting payment' reminder waits, like its e-mail, and is withdrawn once the order is paid.
    const placed = await aboutOrder(orderId)
    expect(placed.map((m) => m.kind)).toEqual(['order.placed'])
    await payOrder(app, customer, orderId)
    const paid = await aboutOrder(orderId)
    expect(paid).toEqual([
      {
        channel: 'whatsapp',
        kind: 'order.paid',
        to: mobile,
        status: 'queued',
        text: expect.stringContaining(`Namaste Kavya, we received ₹850 for order ${orderNumber}.`),
      },
    ])
    expect(paid[0]!.text).toContain(`/OrderDetails/${orderId}`)

    // Handed to the provider once; the next round has nothing more.
    await app.services.messaging.deliverDue()
    await app.services.messaging.deliverDue()
    const sent = await messagesTo(app, mobile)
    expect(sent.map((m) => [m.kind, m.status])).toEqual([['order.paid', 'sent']])
  })

  it('follows the parcel: shipped with its tracking link, out for delivery, delivered, by both channels', async () => {
    const [staff, customer] = await Promise.all([makeAdmin(app), makeCustomer(app, 'Ravi Kumar')])
    const { mobile, orderId, orderNumber } = await orderWithUpdates(customer, {
      pay: 'online',
      updates: ['whatsapp', 'sms'],
    })
    await payOrder(app, customer, orderId)
    // Booked with the (sandbox) courier, then its scans move the order on.
    expect((await api(staff, 'POST', `/admin/orders/${orderId}/shipments`, {})).statusCode).toBe(200)
    for (const status of ['Out for delivery', 'Delivered']) {
      const scan = await api(staff, 'POST', `/admin/orders/${orderId}/shipments/scan`, { status })
      expect(scan.statusCode, scan.body).toBe(200)
    }
    const messages = await aboutOrder(orderId)
    const kinds = (channel: string) => messages.filter((m) => m.channel === channel).map((m) => m.kind)
    const journey = ['order.paid', 'order.shipped', 'order.out-for-delivery', 'order.delivered']
    expect(kinds('whatsapp')).toEqual(journey)
    expect(kinds('sms')).toEqual(journey)
    expect(messages.every((m) => m.to === mobile)).toBe(true)
    // The sandbox courier has no tracking page: the order's own page stands in for it.
    const shipped = messages.find((m) => m.kind === 'order.shipped')!
    expect(shipped.text).toMatch(
      new RegExp(`order ${orderNumber} is on its way\\. Track it: \\S+/OrderDetails/${orderId} Your order:`),
    )
    expect(messages.find((m) => m.kind === 'order.out-for-delivery')!.text).toContain(
      'is out for delivery today',
    )
  })

  it('sends the update to each device with push on, beside WhatsApp', async () => {
    const customer = await makeCustomer(app)
    const browserKeys = createECDH('prime256v1')
    const subscribed = await api(customer, 'POST', '/user/push-subscriptions', {
      endpoint: `https://push.example.net/send/${customer.id}`,
      keys: {
        p256dh: browserKeys.generateKeys().toString('base64url'),
        auth: randomBytes(16).toString('base64url'),
      },
    })
    expect(subscribed.statusCode, subscribed.body).toBe(201)
    const { orderId } = await orderWithUpdates(customer, { pay: 'online', updates: ['whatsapp'] })
    await payOrder(app, customer, orderId)
    const paid = (await aboutOrder(orderId)).filter((m) => m.kind === 'order.paid')
    expect(paid.map((m) => m.channel).sort()).toEqual(['push', 'whatsapp'])
    expect(paid.find((m) => m.channel === 'push')?.to).toBe(subscribed.json().data._id)
  })

  it('sends the tracking link staff give when they mark an order shipped', async () => {
    const [staff, customer] = await Promise.all([makeAdmin(app), makeCustomer(app, 'Ravi Kumar')])
    const { orderId, orderNumber } = await orderWithUpdates(customer, {
      pay: 'online',
      updates: ['whatsapp'],
    })
    await payOrder(app, customer, orderId)
    const tracking = 'https://track.example.in/AWB143'
    const moved = await api(staff, 'POST', `/admin/orders/${orderId}/status`, {
      status: 'Shipped',
      shippingLink: tracking,
    })
    expect(moved.statusCode, moved.body).toBe(200)
    const shipped = (await aboutOrder(orderId)).find((m) => m.kind === 'order.shipped')
    expect(shipped?.text).toContain(`order ${orderNumber} is on its way. Track it: ${tracking} Your order:`)
  })

  it('says when the courier could not deliver, with the link to put the address right', async () => {
    const [staff, customer] = await Promise.all([makeAdmin(app), makeCustomer(app, 'Lata Iyer')])
    const { orderId } = await orderWithUpdates(customer, { pay: 'online', updates: ['sms'] })
    await payOrder(app, customer, orderId)
    await api(staff, 'POST', `/admin/orders/${orderId}/shipments`, {})
    for (const status of ['Out for delivery', 'Delivery failed'])
      expect(
        (await api(staff, 'POST', `/admin/orders/${orderId}/shipments/scan`, { status })).statusCode,
      ).toBe(200)
    const failed = (await aboutOrder(orderId)).find((m) => m.kind === 'order.delivery-failed')
    expect(failed?.channel).toBe('sms')
    expect(failed?.text).toMatch(
      /could not deliver order .+ check your address and number here: http.+\/OrderDetails\//,
    )
  })

  it('writes nothing by phone without a choice, and no order e-mail once e-mail is turned off', async () => {
    const customer = await makeCustomer(app)
    const { orderId } = await orderWithUpdates(customer, { pay: 'online' })
    await payOrder(app, customer, orderId)
    expect(await aboutOrder(orderId)).toEqual([])
    expect((await mailsTo(app, customer.email)).map((m) => m.kind)).toContain('order.paid')

    const quiet = await makeCustomer(app)
    expect((await choose(quiet, { email: false })).statusCode).toBe(200)
    const second = await orderWithUpdates(quiet, { pay: 'online' })
    await payOrder(app, quiet, second.orderId)
    expect((await mailsTo(app, quiet.email)).filter((m) => m.kind.startsWith('order.'))).toEqual([])
  })

  it('refuses WhatsApp updates to a delivery number that is no mobile, placing nothing', async () => {
    const customer = await makeCustomer(app)
    const product = await makeProduct(app, { price: 500_00, quantity: 3 })
    const res = await placeOrder(
      app,
      customer,
      orderPayload(customer.id, [{ product, quantity: 1 }], {
        shippingInfo: { ...shipping, phoneNumber: '5123456789' },
        updates: ['whatsapp'],
      }),
    )
    expect(res.statusCode).toBe(422)
    expect(res.json().message).toBe(orderUpdateAnswers.notMobile)
    expect(await app.database.db.select().from(orders).where(eq(orders.userId, customer.id))).toEqual([])
  })

  it('writes no message for an order whose placement was refused inside its transaction', async () => {
    const customer = await makeCustomer(app)
    const mobile = freshMobile()
    await choose(customer, { whatsapp: true, phone: mobile })
    const product = await makeProduct(app, { price: 500_00, quantity: 1 })
    // The piece is sold out by the time the order takes its stock: the whole placement is rolled back.
    const res = await placeOrder(
      app,
      customer,
      orderPayload(customer.id, [{ product: { ...product }, quantity: 2 }], {
        shippingInfo: { ...shipping, phoneNumber: tenDigits(mobile) },
        paymentInfo: { method: 'COD', status: 'Pending' },
      }),
    )
    expect(res.statusCode).toBe(409)
    expect(await messagesTo(app, mobile)).toEqual([])
  })
})

describe('a cash-on-delivery order confirmed from its link', () => {
  /** A COD order with WhatsApp updates, and the link its message carries. */
  async function codOrder(who: Person) {
    const placed = await orderWithUpdates(who, { pay: 'cod', updates: ['whatsapp'] })
    const [message] = await aboutOrder(placed.orderId)
    expect(message?.kind).toBe('order.cod-confirm')
    expect(message?.text).toMatch(/ready to be packed\. Please confirm it, or cancel it, here: /)
    const link = new URL(/https?:\/\/\S+/.exec(message!.text)![0])
    expect(link.pathname).toBe(`/ConfirmOrder/${placed.orderId}`)
    return { ...placed, t: link.searchParams.get('t')! }
  }

  it('shows the order without sign-in and keeps the confirmation for staff', async () => {
    const customer = await makeCustomer(app)
    const { orderId, orderNumber, t } = await codOrder(customer)
    const seen = await api(null, 'GET', `/cod/confirm/${orderId}?t=${t}`)
    expect(seen.statusCode, seen.body).toBe(200)
    expect(seen.json().data).toEqual({
      orderID: orderId,
      orderNumber,
      totalAmount: 850,
      items: 1,
      status: 'Pending',
      confirmedAt: null,
      open: true,
    })
    // Nothing personal on the page a link opens.
    expect(seen.body).not.toContain(shipping.address)

    const confirmed = await api(null, 'POST', `/cod/confirm/${orderId}?t=${t}`, { answer: 'confirm' })
    expect(confirmed.statusCode, confirmed.body).toBe(200)
    expect(confirmed.json().message).toBe(codConfirmAnswers.confirmed)
    expect(confirmed.json().data.confirmedAt).toBeTruthy()
    // Twice is fine.
    expect(
      (await api(null, 'POST', `/cod/confirm/${orderId}?t=${t}`, { answer: 'confirm' })).statusCode,
    ).toBe(200)
    const view = await api(customer, 'GET', `/order/singleorder/${orderId}`)
    const notes = view.json().data.orderHistory.map((h: { note: string | null }) => h.note)
    expect(notes).toContain('Confirmed by the customer from the link')
  })

  it('cancels the order from the link, giving its piece back', async () => {
    const customer = await makeCustomer(app)
    const { orderId, t } = await codOrder(customer)
    const res = await api(null, 'POST', `/cod/confirm/${orderId}?t=${t}`, { answer: 'cancel' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().message).toBe(codConfirmAnswers.cancelled)
    expect(res.json().data).toMatchObject({ status: 'Cancelled', open: false })
  })

  it('answers the same 404 for a wrong token, another order and a made-up one', async () => {
    const [a, b] = await Promise.all([makeCustomer(app), makeCustomer(app)])
    const first = await codOrder(a)
    const second = await codOrder(b)
    for (const url of [
      `/cod/confirm/${first.orderId}?t=${second.t}`,
      `/cod/confirm/${first.orderId}?t=`,
      `/cod/confirm/${first.orderId}`,
      `/cod/confirm/nope?t=${first.t}`,
    ]) {
      const res = await api(null, 'POST', url, { answer: 'cancel' })
      expect(res.statusCode, url).toBe(404)
      expect(res.json().message).toBe(codConfirmAnswers.badLink)
    }
    const [row] = await app.database.db.select().from(orders).where(eq(orders.id, first.orderId))
    expect(row!.status).toBe('Pending')
    expect(
      (await api(null, 'POST', `/cod/confirm/${first.orderId}?t=${first.t}`, { answer: 'no' })).statusCode,
    ).toBe(400)
  })

  it('cannot be changed from the link once the order is on its way', async () => {
    const [staff, customer] = await Promise.all([makeAdmin(app), makeCustomer(app)])
    const { orderId, t } = await codOrder(customer)
    expect((await api(staff, 'POST', `/admin/orders/${orderId}/shipments`, {})).statusCode).toBe(200)
    const res = await api(null, 'POST', `/cod/confirm/${orderId}?t=${t}`, { answer: 'cancel' })
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toBe(codConfirmAnswers.tooLate)
  })

  it('tells staff of a phone-only customer’s cash-on-delivery order, and the customer by WhatsApp', async () => {
    const customer = await makeCustomer(app)
    const mobile = freshMobile()
    await app.database.db
      .update(users)
      .set({ email: null, phone: mobile, phoneVerifiedAt: new Date() })
      .where(eq(users.id, customer.id))
    await app.services.settings.save({ notificationEmail: 'orders@kalaasetu.example' })
    await choose(customer, { whatsapp: true })
    const { orderId, orderNumber } = await orderWithUpdates(customer, {
      pay: 'cod',
      mobile: `+91${freshPhone().replace(/^7/, '8')}`,
    })
    // The account's own number gets the update; the delivery number was not chosen for it.
    expect((await aboutOrder(orderId)).map((m) => [m.kind, m.to])).toEqual([['order.cod-confirm', mobile]])
    const staffMails = await app.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, 'staff.order-cod'))
    expect(staffMails.filter((m) => m.text.includes(orderNumber))).toHaveLength(1)
  })
})
