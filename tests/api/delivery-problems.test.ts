import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { products, sandboxParcels, shipments } from '../../server/db/schema.ts'
import {
  insertOrder,
  mailsTo,
  makeAdmin,
  makeCustomer,
  makeProduct,
  orderOf,
  type Person,
  payOrder,
  stockOf,
} from '../support/factories.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'

/** Failed deliveries and parcels returned to the shop, with the sandbox courier (decision 136). */
let app: TestApp

beforeAll(async () => {
  app = await createTestApp({ RATE_LIMIT_MAX: 100_000 })
})
afterAll(async () => {
  await app?.cleanup()
})

const post = (who: Person, url: string, payload: object = {}) =>
  app.inject({ method: 'POST', url: `/api/v1${url}`, headers: who.auth, payload })

async function customerView(customer: Person, orderId: string) {
  const res = await app.inject({
    method: 'GET',
    url: `/api/v1/order/singleorder/${orderId}`,
    headers: customer.auth,
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data as {
    status: string
    paymentInfo: { status: string }
    shippingInfo: { address: string; apartment: string | null; phoneNumber: string }
    orderHistory: Array<{ status: string; note: string | null }>
    shipment: {
      status: string
      reattemptAskedAt: string | null
      reattemptAskedBy: string | null
      courierTold: boolean
      returnAskedAt: string | null
      returnReceivedAt: string | null
      events: Array<{ status: string; detail: string | null }>
    }
  }
}

/** The order numbers in the console's 'Delivery problems' queue. */
async function problemQueue(staff: Person) {
  const res = await app.inject({
    method: 'GET',
    url: '/api/v1/admin/orders?queue=deliveryProblems&pageSize=100',
    headers: staff.auth,
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data.items.map((o: { _id: string }) => o._id) as string[]
}

/** An order of two pieces, booked with the sandbox courier and out for delivery. */
async function outForDelivery(pay: 'online' | 'cod') {
  const [staff, customer] = await Promise.all([makeAdmin(app), makeCustomer(app)])
  const product = await makeProduct(app, { price: 1200_00, quantity: 5 })
  let orderId: string
  if (pay === 'online') {
    orderId = (await orderOf(app, customer, { ...product, count: 2 }))._id
    await payOrder(app, customer, orderId)
  } else {
    orderId = (
      await insertOrder(app, customer.id, [{ ...product, quantity: 2 }], {
        paymentMethod: 'COD',
        paymentStatus: 'Pay on delivery',
        stockHeld: true,
      })
    ).id
    await stockTaken(product.id, 2)
  }
  expect((await post(staff, `/admin/orders/${orderId}/shipments`)).statusCode).toBe(200)
  expect(
    (await post(staff, `/admin/orders/${orderId}/shipments/scan`, { status: 'Out for delivery' })).statusCode,
  ).toBe(200)
  return { staff, customer, orderId, product }
}

/** An order written straight to the database holds its pieces as a placed one does. */
async function stockTaken(productId: string, units: number) {
  await app.database.db
    .update(products)
    .set({ quantity: sql`${products.quantity} - ${units}` })
    .where(eq(products.id, productId))
}

/** What the sandbox courier holds of an order's parcel. */
async function courierRecord(orderId: string) {
  const [shipment] = await app.database.db.select().from(shipments).where(eq(shipments.orderId, orderId))
  const [parcel] = await app.database.db
    .select()
    .from(sandboxParcels)
    .where(eq(sandboxParcels.reference, shipment!.reference))
  return parcel!.booking as { to: { address: string; phone: string }; instructions?: string }
}

const failDelivery = (staff: Person, orderId: string) =>
  post(staff, `/admin/orders/${orderId}/shipments/scan`, { status: 'Delivery failed' })

describe('a failed delivery', () => {
  it('tells the customer once, who corrects the phone and address and asks for another attempt', async () => {
    const { staff, customer, orderId } = await outForDelivery('online')
    // Before any failure, there is nothing to re-arrange.
    const early = await post(customer, `/order/${orderId}/delivery-attempt`, {})
    expect(early.statusCode).toBe(409)
    expect(early.json().message).toMatch(/has not reported a failed delivery/)

    expect((await failDelivery(staff, orderId)).statusCode).toBe(200)
    const failed = await customerView(customer, orderId)
    expect(failed.status).toBe('Out for delivery')
    expect(failed.shipment.status).toBe('Delivery failed')
    expect(failed.shipment.events.at(-1)!.detail).toBe('Customer not reachable on the phone given')
    expect(failed.orderHistory.at(-1)!.note).toBe(
      'Delivery attempt failed: Customer not reachable on the phone given',
    )
    const told = (await mailsTo(app, customer.email)).filter((m) => m.kind === 'order.delivery-failed')
    expect(told).toHaveLength(1)
    expect(told[0]!.subject).toMatch(/the courier could not deliver it/)
    expect(told[0]!.text).toContain(`/OrderDetails/${orderId}`)
    expect(told[0]!.text).toContain('Customer not reachable on the phone given')
    expect(await problemQueue(staff)).toContain(orderId)

    // The same failure heard again (the poll, a repeated callback) tells nobody twice.
    await app.services.shipments.poll(50)
    expect(
      (await mailsTo(app, customer.email)).filter((m) => m.kind === 'order.delivery-failed'),
    ).toHaveLength(1)

    // Bad input is refused with the field named, and nothing changes.
    const bad = await post(customer, `/order/${orderId}/delivery-attempt`, { phoneNumber: '98450' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toMatch(/10 digits/)
    // Someone else's order is not found.
    const stranger = await makeCustomer(app)
    expect((await post(stranger, `/order/${orderId}/delivery-attempt`, {})).statusCode).toBe(404)

    const asked = await post(customer, `/order/${orderId}/delivery-attempt`, {
      phoneNumber: '9845012399',
      address: '14 Temple Street, behind the post office',
      apartment: '',
      note: 'Someone is at home after 5 pm',
    })
    expect(asked.statusCode, asked.body).toBe(200)
    expect(asked.json().message).toBe(
      'Thank you. The courier will try again; the details you gave are on the parcel.',
    )
    expect(asked.json().data).toMatchObject({ reattemptAskedBy: 'customer', courierTold: true })
    const after = await customerView(customer, orderId)
    expect(after.shippingInfo.phoneNumber).toBe('9845012399')
    expect(after.shippingInfo.address).toBe('14 Temple Street, behind the post office')
    expect(after.orderHistory.at(-1)!.note).toBe(
      'Delivery details corrected by the customer (phone and address)',
    )
    // The courier's record has the new details.
    const parcel = await courierRecord(orderId)
    expect(parcel.to).toMatchObject({
      address: '14 Temple Street, behind the post office',
      phone: '9845012399',
    })
    expect(parcel.instructions).toBe('Someone is at home after 5 pm')

    // It goes out again and is delivered: no longer a problem.
    await post(staff, `/admin/orders/${orderId}/shipments/scan`, { status: 'Out for delivery' })
    await post(staff, `/admin/orders/${orderId}/shipments/scan`, { status: 'Delivered' })
    expect((await customerView(customer, orderId)).status).toBe('Delivered')
    expect(await problemQueue(staff)).not.toContain(orderId)
  })

  it('tells the customer again of a second failed attempt, and staff may ask for another one', async () => {
    const { staff, customer, orderId } = await outForDelivery('cod')
    await failDelivery(staff, orderId)
    await post(customer, `/order/${orderId}/delivery-attempt`, {})
    await post(staff, `/admin/orders/${orderId}/shipments/scan`, { status: 'Out for delivery' })
    await failDelivery(staff, orderId)
    expect(
      (await mailsTo(app, customer.email)).filter((m) => m.kind === 'order.delivery-failed'),
    ).toHaveLength(2)
    // A new failure spends the earlier request.
    expect((await customerView(customer, orderId)).shipment.reattemptAskedAt).toBeNull()

    const again = await post(staff, `/admin/orders/${orderId}/shipments/reattempt`, { note: 'Call first' })
    expect(again.statusCode, again.body).toBe(200)
    expect(again.json().data).toMatchObject({ reattemptAskedBy: 'shop', courierTold: true })
    // Asked for, but the parcel is still undelivered: it stays in the queue until it moves.
    expect(await problemQueue(staff)).toContain(orderId)
  })
})

describe('a parcel returned to the shop', () => {
  it('puts the stock back, refunds the online payment once, and reads Returned to origin', async () => {
    const { staff, customer, orderId, product } = await outForDelivery('online')
    const stockBefore = await stockOf(app, product.id)
    // Not coming back yet: nothing to receive.
    const early = await post(staff, `/admin/orders/${orderId}/shipments/received`)
    expect(early.statusCode).toBe(409)
    expect(early.json().message).toMatch(/has not said this parcel is coming back/)

    await failDelivery(staff, orderId)
    const back = await post(staff, `/admin/orders/${orderId}/shipments/return`)
    expect(back.statusCode, back.body).toBe(200)
    expect(back.json().data.status).toBe('Returning to origin')
    expect(back.json().data.returnAskedAt).not.toBeNull()
    // The customer can no longer ask for another attempt.
    const late = await post(customer, `/order/${orderId}/delivery-attempt`, {})
    expect(late.statusCode).toBe(409)
    expect(late.json().message).toBe('This parcel is already on its way back to the shop.')
    expect(await problemQueue(staff)).toContain(orderId)
    expect(await stockOf(app, product.id)).toBe(stockBefore)
    // Coming back: it is received, never marked delivered by hand, and the console offers no such move.
    const byHand = await post(staff, `/admin/orders/${orderId}/status`, { status: 'Delivered' })
    expect(byHand.statusCode).toBe(409)
    expect(byHand.json().message).toMatch(/bringing this parcel back/)
    const consoleView = await app.inject({ url: `/api/v1/admin/orders/${orderId}`, headers: staff.auth })
    expect(consoleView.json().data.nextStatuses).toEqual([])

    const received = await post(staff, `/admin/orders/${orderId}/shipments/received`)
    expect(received.statusCode, received.body).toBe(200)
    expect(received.json().data.refunded).toBe(true)
    expect(await stockOf(app, product.id)).toBe(stockBefore + 2)
    const seen = await customerView(customer, orderId)
    expect(seen.status).toBe('Returned to origin')
    expect(seen.paymentInfo.status).toBe('Refunded')
    expect(seen.shipment.returnReceivedAt).not.toBeNull()
    const mail = (await mailsTo(app, customer.email)).find((m) => m.kind === 'order.returned')
    expect(mail?.subject).toMatch(/came back to us/)
    expect(mail?.text).toContain('We are refunding ₹2,400 to the way you paid')
    expect(await problemQueue(staff)).not.toContain(orderId)

    // Received once only: the stock is not given back twice.
    const twice = await post(staff, `/admin/orders/${orderId}/shipments/received`)
    expect(twice.statusCode).toBe(409)
    expect(await stockOf(app, product.id)).toBe(stockBefore + 2)
  })

  it('refunds nothing for cash on delivery, and puts its stock back', async () => {
    const { staff, customer, orderId, product } = await outForDelivery('cod')
    const stockBefore = await stockOf(app, product.id)
    await failDelivery(staff, orderId)
    // The courier sends it back of its own accord (after its attempts): its scans say so.
    await post(staff, `/admin/orders/${orderId}/shipments/scan`, { status: 'Returned to origin' })
    expect(await problemQueue(staff)).toContain(orderId)
    const received = await post(staff, `/admin/orders/${orderId}/shipments/received`)
    expect(received.statusCode, received.body).toBe(200)
    expect(received.json().data.refunded).toBe(false)
    const seen = await customerView(customer, orderId)
    expect(seen.status).toBe('Returned to origin')
    expect(seen.paymentInfo.status).toBe('Pay on delivery')
    expect(await stockOf(app, product.id)).toBe(stockBefore + 2)
    const mail = (await mailsTo(app, customer.email)).find((m) => m.kind === 'order.returned')
    expect(mail?.text).toContain('Nothing was collected on delivery')
  })
})

describe('cash-on-delivery remittances', () => {
  type Report = {
    provider: string
    remittances: Array<{
      reference: string
      date: string
      total: number
      parcels: Array<{
        awb: string
        orderId: string | null
        amount: number
        expected: number | null
        match: string
      }>
    }>
    unpaid: Array<{ awb: string; orderId: string; expected: number; overdue: boolean }>
  }
  const report = async (staff: Person) => {
    const res = await app.inject({ url: '/api/v1/admin/shipments/remittances', headers: staff.auth })
    expect(res.statusCode, res.body).toBe(200)
    return res.json().data as Report
  }
  const deliveredCod = async () => {
    const o = await outForDelivery('cod')
    await post(o.staff, `/admin/orders/${o.orderId}/shipments/scan`, { status: 'Delivered' })
    const [row] = await app.database.db.select().from(shipments).where(eq(shipments.orderId, o.orderId))
    return { ...o, awb: row!.awb! }
  }

  it('matches the courier’s remittance to the COD orders it pays, and lists what differs or is missing', async () => {
    const paid = await deliveredCod()
    const short = await deliveredCod()
    const { staff } = paid
    // Before the courier sends anything, both are delivered and unpaid.
    const before = await report(staff)
    expect(before.provider).toBe('sandbox')
    expect(before.unpaid.filter((u) => [paid.awb, short.awb].includes(u.awb))).toHaveLength(2)
    expect(before.unpaid.find((u) => u.awb === paid.awb)).toMatchObject({ expected: 2400, overdue: false })

    // The courier keeps ₹50 back on one parcel.
    await app.database.db
      .update(sandboxParcels)
      .set({ codAmount: 2350_00 })
      .where(eq(sandboxParcels.awb, short.awb))
    const remit = await post(staff, '/admin/shipments/sandbox-remit')
    expect(remit.statusCode, remit.body).toBe(200)
    const reference = remit.json().data.reference as string
    expect(reference).toMatch(/^SBXUTR\d{10}$/)

    const after = await report(staff)
    const sent = after.remittances.find((r) => r.reference === reference)!
    expect(sent.date).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(sent.parcels.find((p) => p.awb === paid.awb)).toMatchObject({
      orderId: paid.orderId,
      amount: 2400,
      expected: 2400,
      match: 'matched',
    })
    expect(sent.parcels.find((p) => p.awb === short.awb)).toMatchObject({
      orderId: short.orderId,
      amount: 2350,
      expected: 2400,
      match: 'differs',
    })
    expect(after.unpaid.map((u) => u.awb)).not.toContain(paid.awb)
    // Asking again adds nothing: each remittance is kept once.
    const again = await post(staff, '/admin/shipments/remittances/fetch')
    expect(again.json().data.added).toBe(0)
    expect((await report(staff)).remittances.filter((r) => r.reference === reference)).toHaveLength(1)
  })

  it('marks a delivered COD parcel unpaid after two weeks as overdue', async () => {
    const late = await deliveredCod()
    const [row] = await app.database.db.select().from(shipments).where(eq(shipments.orderId, late.orderId))
    const longAgo = new Date(Date.now() - 20 * 86_400_000).toISOString()
    await app.database.db
      .update(shipments)
      .set({ events: row!.events.map((e) => (e.status === 'Delivered' ? { ...e, at: longAgo } : e)) })
      .where(eq(shipments.id, row!.id))
    expect((await report(late.staff)).unpaid.find((u) => u.awb === late.awb)).toMatchObject({ overdue: true })
  })
})
