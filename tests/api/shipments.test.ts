import { eq } from 'drizzle-orm'
import { extractText, getDocumentProxy } from 'unpdf'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { orders, shipments } from '../../server/db/schema.ts'
import { startShiprocketStandIn } from '../../server/modules/shipping/shiprocket-stand-in.ts'
import {
  insertOrder,
  makeAdmin,
  makeCustomer,
  makeProduct,
  orderOf,
  type Person,
  payOrder,
} from '../support/factories.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'

let app: TestApp

beforeAll(async () => {
  app = await createTestApp({ RATE_LIMIT_MAX: 100_000 })
})
afterAll(async () => {
  await app?.cleanup()
})

/** A paid order of one piece, its customer and a member of staff to ship it. */
async function paidOrder(price = 1500_00) {
  const [staff, customer] = await Promise.all([makeAdmin(app), makeCustomer(app)])
  const product = await makeProduct(app, { price })
  const order = await orderOf(app, customer, product)
  await payOrder(app, customer, order._id)
  return { staff, customer, order, product }
}

const book = (staff: Person, orderId: string, payload: object = {}) =>
  app.inject({
    method: 'POST',
    url: `/api/v1/admin/orders/${orderId}/shipments`,
    headers: staff.auth,
    payload,
  })

const scan = (staff: Person, orderId: string, status: string) =>
  app.inject({
    method: 'POST',
    url: `/api/v1/admin/orders/${orderId}/shipments/scan`,
    headers: staff.auth,
    payload: { status },
  })

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
    shippingInfo: { shippingLink: string | null }
    orderHistory: Array<{ status: string; note: string | null }>
    shipment: null | {
      provider: string
      awb: string
      courier: string
      status: string
      events: Array<{ status: string; at: string; location: string | null }>
    }
  }
}

async function pdfText(pdf: Buffer) {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true })
  return text
}

describe('booking the sandbox courier from the console', () => {
  it('books a paid order once: the AWB, the order Shipped, the parcel in the customer’s answer', async () => {
    const { staff, customer, order } = await paidOrder()
    expect((await customerView(customer, order._id)).shipment).toBeNull()

    const res = await book(staff, order._id)
    expect(res.statusCode, res.body).toBe(200)
    const shipment = res.json().data
    expect(shipment).toMatchObject({ provider: 'sandbox', courier: 'Sandbox Express', status: 'Booked' })
    expect(shipment.awb).toMatch(/^SBX\d{10}$/)

    const seen = await customerView(customer, order._id)
    expect(seen.status).toBe('Shipped')
    expect(seen.shipment?.awb).toBe(shipment.awb)
    expect(seen.shipment?.events.map((e) => e.status)).toEqual(['Booked'])
    expect(seen.orderHistory.at(-1)?.note).toBe(`Booked with Sandbox Express, AWB ${shipment.awb}`)

    const again = await book(staff, order._id)
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe('This order already has a courier booked.')
  })

  it('prints each label followed by its packing slip as one PDF', async () => {
    const first = await paidOrder()
    const second = await paidOrder()
    const awbs: string[] = []
    for (const o of [first, second]) {
      const res = await book(first.staff, o.order._id)
      expect(res.statusCode, res.body).toBe(200)
      awbs.push(res.json().data.awb)
    }
    const res = await app.inject({
      method: 'GET',
      url: `/api/v1/admin/shipments/labels?orders=${first.order._id},${second.order._id}`,
      headers: first.staff.auth,
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toBe('application/pdf')
    const pdf = await getDocumentProxy(new Uint8Array(res.rawPayload))
    expect(pdf.numPages).toBe(4)
    const { text } = await extractText(pdf, { mergePages: false })
    expect(text[0]).toContain(awbs[0])
    expect(text[1]).toContain('PACKING SLIP')
    expect(text[1]).toContain(first.order.orderID)
    expect(text[2]).toContain(awbs[1])
    expect(text[3]).toContain(second.order.orderID)
  })

  it('refuses an unpaid order and asks for the e-way bill above ₹50,000', async () => {
    const [staff, customer] = await Promise.all([makeAdmin(app), makeCustomer(app)])
    const unpaid = await orderOf(app, customer, await makeProduct(app, { price: 900_00 }))
    const refused = await book(staff, unpaid._id)
    expect(refused.statusCode).toBe(409)
    expect(refused.json().message).toContain('Only a paid or cash-on-delivery order')

    const dear = await paidOrder(60_000_00)
    const withoutBill = await book(dear.staff, dear.order._id)
    expect(withoutBill.statusCode).toBe(400)
    expect(withoutBill.json().message).toContain('e-way bill number')
    const badBill = await book(dear.staff, dear.order._id, { ewayBill: '1234' })
    expect(badBill.statusCode).toBe(400)
    const booked = await book(dear.staff, dear.order._id, { ewayBill: '123456789012' })
    expect(booked.statusCode, booked.body).toBe(200)
    const labels = await app.inject({
      method: 'GET',
      url: `/api/v1/admin/shipments/labels?orders=${dear.order._id}`,
      headers: dear.staff.auth,
    })
    expect(await pdfText(labels.rawPayload)).toContain('E-way bill 123456789012')
  })

  it('books several ticked orders at once and says why one could not be', async () => {
    const a = await paidOrder()
    const b = await paidOrder()
    const customer = await makeCustomer(app)
    const unpaid = await orderOf(app, customer, await makeProduct(app))
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/shipments',
      headers: a.staff.auth,
      payload: { orderIds: [a.order._id, unpaid._id, b.order._id] },
    })
    expect(res.statusCode, res.body).toBe(200)
    const data = res.json().data
    expect(data.booked).toBe(2)
    expect(data.results.map((r: { booked: boolean }) => r.booked)).toEqual([true, false, true])
    expect(data.results[1].reason).toContain('Only a paid or cash-on-delivery order')
  })
})

describe('tracking moves the order', () => {
  it('goes Shipped → Out for delivery → Delivered once and never back, with the courier’s scans on the order', async () => {
    const { staff, customer, order } = await paidOrder()
    expect((await book(staff, order._id)).statusCode).toBe(200)

    for (const status of ['Picked up', 'In transit', 'Out for delivery']) {
      const res = await scan(staff, order._id, status)
      expect(res.statusCode, res.body).toBe(200)
    }
    expect((await customerView(customer, order._id)).status).toBe('Out for delivery')

    // A late scan of an earlier state is kept as an event but moves nothing back.
    const late = await scan(staff, order._id, 'In transit')
    expect(late.json().data.status).toBe('Out for delivery')
    expect((await customerView(customer, order._id)).status).toBe('Out for delivery')

    expect((await scan(staff, order._id, 'Delivered')).json().data.status).toBe('Delivered')
    const seen = await customerView(customer, order._id)
    expect(seen.status).toBe('Delivered')
    expect(seen.shipment?.status).toBe('Delivered')
    expect(seen.shipment?.events.map((e) => e.status)).toEqual([
      'Booked',
      'Picked up',
      'In transit',
      'Out for delivery',
      'In transit',
      'Delivered',
    ])
    expect(seen.orderHistory.filter((h) => h.status === 'Delivered')).toHaveLength(1)

    // The same callback again changes nothing.
    const [row] = await app.database.db.select().from(orders).where(eq(orders.id, order._id))
    const awb = seen.shipment!.awb
    const replay = await app.inject({
      method: 'POST',
      url: '/api/v1/shipping/webhook/sandbox',
      headers: { 'content-type': 'application/json', 'x-api-key': 'wrong' },
      payload: JSON.stringify({ awb }),
    })
    expect(replay.statusCode).toBe(401)
    expect(row?.status).toBe('Delivered')
    expect(
      (await customerView(customer, order._id)).orderHistory.filter((h) => h.status === 'Delivered'),
    ).toHaveLength(1)
  })

  it('collects a cash-on-delivery order’s cash when the courier delivers it', async () => {
    const [staff, customer] = await Promise.all([makeAdmin(app), makeCustomer(app)])
    const product = await makeProduct(app, { price: 800_00 })
    const { id: orderId } = await insertOrder(app, customer.id, [product], {
      paymentMethod: 'COD',
      paymentStatus: 'Pay on delivery',
    })
    expect((await book(staff, orderId)).statusCode).toBe(200)
    expect((await scan(staff, orderId, 'Delivered')).statusCode).toBe(200)
    const seen = await customerView(customer, orderId)
    expect(seen.status).toBe('Delivered')
    expect(seen.paymentInfo.status).toBe('Paid')
  })

  it('books in the package staff choose from the shop’s packages, its size sent to the courier', async () => {
    const { staff, order } = await paidOrder()
    const free = { slabs: [], extraPerKg: 0 }
    const settings = (packages: object[]) => ({
      zones: { home: free, metro: free, rest: free, northeast: free, islands: free },
      freeAbove: null,
      minimumCharge: 0,
      defaultWeightGrams: 500,
      packages,
    })
    const save = (packages: object[]) =>
      app.inject({
        method: 'PUT',
        url: '/api/v1/admin/settings/shipping',
        headers: staff.auth,
        payload: settings(packages),
      })
    expect((await save([{ name: 'Frame tube', lengthCm: 80, breadthCm: 10, heightCm: 10 }])).statusCode).toBe(
      200,
    )
    onTestFinished(async () => {
      await save([])
    })
    const listed = await app.inject({ url: '/api/v1/admin/shipments/packages', headers: staff.auth })
    expect(listed.json().data).toEqual([{ name: 'Frame tube', lengthCm: 80, breadthCm: 10, heightCm: 10 }])
    const unknown = await book(staff, order._id, { packageName: 'Tea chest' })
    expect(unknown.statusCode).toBe(400)
    expect((await book(staff, order._id, { packageName: 'Frame tube' })).statusCode).toBe(200)
    const [row] = await app.database.db.select().from(shipments).where(eq(shipments.orderId, order._id))
    expect(row).toMatchObject({ packageName: 'Frame tube', lengthCm: 80, breadthCm: 10, heightCm: 10 })
  })

  it('refuses a callback without the courier’s token or for another courier', async () => {
    const without = await app.inject({
      method: 'POST',
      url: '/api/v1/shipping/webhook/sandbox',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ awb: 'SBX0000000000' }),
    })
    expect(without.statusCode).toBe(401)
    const other = await app.inject({
      method: 'POST',
      url: '/api/v1/shipping/webhook/indiapost',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ awb: 'SBX0000000000' }),
    })
    expect(other.statusCode).toBe(404)
  })
})

describe('booking with Shiprocket (its stand-in)', () => {
  it('never books a parcel twice when the courier’s answer is lost', async () => {
    const standIn = await startShiprocketStandIn({
      email: 'api@shop.example',
      password: 'sr-pass',
      webhookToken: 'sr-hook-token',
    })
    const shop = await createTestApp({ RATE_LIMIT_MAX: 100_000, ...standIn.env, SHIPROCKET_TIMEOUT_MS: 300 })
    try {
      const [staff, customer] = await Promise.all([makeAdmin(shop), makeCustomer(shop)])
      const order = await orderOf(shop, customer, await makeProduct(shop, { price: 1200_00 }))
      await payOrder(shop, customer, order._id)
      // Shiprocket makes the order but answers too late: the shop has only its own record of the try.
      standIn.delayNext('orders/create/adhoc', 2_000)
      const first = await shop.inject({
        method: 'POST',
        url: `/api/v1/admin/orders/${order._id}/shipments`,
        headers: staff.auth,
        payload: {},
      })
      expect(first.statusCode, first.body).toBe(502)
      expect(first.json().message).toContain('Nothing was booked twice')
      expect(standIn.orders).toHaveLength(1)

      const second = await shop.inject({
        method: 'POST',
        url: `/api/v1/admin/orders/${order._id}/shipments`,
        headers: staff.auth,
        payload: {},
      })
      expect(second.statusCode, second.body).toBe(200)
      expect(standIn.orders).toHaveLength(1)
      expect(standIn.calls.filter((c) => c.path.includes('orders/create/adhoc'))).toHaveLength(1)
      const awb = second.json().data.awb as string
      expect(second.json().data.trackingUrl).toBe(`https://shiprocket.co/tracking/${awb}`)

      // Its callback names the parcel; the shop re-reads the state by AWB before it believes it.
      standIn.scan(awb, { status: 17, label: 'OUT FOR DELIVERY', location: 'Lucknow' })
      const callback = (headers: Record<string, string>) =>
        shop.inject({
          method: 'POST',
          url: '/api/v1/shipping/webhook/courier',
          headers: { 'content-type': 'application/json', ...headers },
          payload: standIn.webhookBody(awb),
        })
      expect((await callback({})).statusCode).toBe(401)
      expect((await callback({ 'x-api-key': 'not-the-token' })).statusCode).toBe(401)
      const told = await callback({ 'x-api-key': 'sr-hook-token' })
      expect(told.statusCode, told.body).toBe(200)
      expect(told.json().data).toEqual({ applied: true, status: 'Out for delivery' })
      const [row] = await shop.database.db.select().from(orders).where(eq(orders.id, order._id))
      expect(row?.status).toBe('Out for delivery')
    } finally {
      await shop.cleanup()
      await standIn.stop()
    }
  })
})
