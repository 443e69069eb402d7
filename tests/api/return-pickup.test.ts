import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orders, sandboxParcels, shipments } from '../../server/db/schema.ts'
import { startShiprocketStandIn } from '../../server/modules/shipping/shiprocket-stand-in.ts'
import { makeAdmin, makeCustomer, makeProduct, orderOf, type Person, payOrder } from '../support/factories.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'

let app: TestApp

beforeAll(async () => {
  app = await createTestApp({ RATE_LIMIT_MAX: 100_000 })
})
afterAll(async () => {
  await app?.cleanup()
})

/** A paid order of one piece, shipped with the courier and delivered: what a customer sends back. */
async function deliveredOrder(shop: TestApp, price = 1500_00) {
  const [staff, customer] = await Promise.all([makeAdmin(shop), makeCustomer(shop)])
  const product = await makeProduct(shop, { price })
  const order = await orderOf(shop, customer, product)
  await payOrder(shop, customer, order._id)
  const shipped = await shop.inject({
    method: 'POST',
    url: `/api/v1/admin/orders/${order._id}/shipments`,
    headers: staff.auth,
    payload: { weightGrams: 900 },
  })
  expect(shipped.statusCode, shipped.body).toBe(200)
  return { staff, customer, order, product, forwardAwb: shipped.json().data.awb as string }
}

const scan = (staff: Person, orderId: string, status: string) =>
  app.inject({
    method: 'POST',
    url: `/api/v1/admin/orders/${orderId}/shipments/scan`,
    headers: staff.auth,
    payload: { status },
  })

describe('a reverse pickup with the sandbox courier', () => {
  it('books a courier to collect the returned piece from the delivery address, once per reference', async () => {
    const { staff, order, product, forwardAwb } = await deliveredOrder(app)
    expect((await scan(staff, order._id, 'Delivered')).statusCode).toBe(200)
    const input = {
      reference: `RET-2026-${Date.now().toString(36)}`,
      orderId: order._id,
      items: [{ name: 'Handloom stole', sku: 'STOLE-1', units: 1, price: product.price }],
      total: product.price,
    }

    const pickup = await app.services.shipments.bookReturnPickup(input)
    expect(pickup).toEqual({
      provider: 'sandbox',
      awb: expect.stringMatching(/^SBX\d{10}$/),
      courier: 'Sandbox Express',
      trackingUrl: null,
    })
    expect(pickup.awb).not.toBe(forwardAwb)

    // The courier was told to collect from where the order was delivered, the parcel as it was sent.
    const [row] = await app.database.db
      .select()
      .from(sandboxParcels)
      .where(eq(sandboxParcels.reference, input.reference))
    const [sent] = await app.database.db.select().from(orders).where(eq(orders.id, order._id))
    const [forward] = await app.database.db.select().from(shipments).where(eq(shipments.orderId, order._id))
    expect(row).toMatchObject({ awb: pickup.awb, payment: 'prepaid', codAmount: 0 })
    expect(row!.booking).toMatchObject({
      kind: 'return',
      reference: input.reference,
      orderNumber: sent!.orderNumber,
      from: {
        address: sent!.shippingAddress,
        city: sent!.shippingCity,
        postalCode: sent!.shippingPostalCode,
        phone: sent!.shippingPhone,
      },
      items: input.items,
      total: product.price,
      parcel: {
        grams: 900,
        lengthCm: forward!.lengthCm,
        breadthCm: forward!.breadthCm,
        heightCm: forward!.heightCm,
      },
    })

    // Asked again under the same reference, it answers the same pickup and books no second one.
    expect(await app.services.shipments.bookReturnPickup(input)).toEqual(pickup)
    const held = await app.database.db
      .select()
      .from(sandboxParcels)
      .where(eq(sandboxParcels.reference, input.reference))
    expect(held).toHaveLength(1)
  })

  it('weighs the parcel as the caller says, and refuses an order it does not know', async () => {
    const { order, product } = await deliveredOrder(app)
    const reference = `RET-2026-${Date.now().toString(36)}w`
    await app.services.shipments.bookReturnPickup({
      reference,
      orderId: order._id,
      items: [{ name: 'Brass diya', sku: 'DIYA-1', units: 1, price: product.price }],
      total: product.price,
      grams: 350,
    })
    const [row] = await app.database.db
      .select()
      .from(sandboxParcels)
      .where(eq(sandboxParcels.reference, reference))
    expect(row!.booking).toMatchObject({ parcel: { grams: 350 } })

    await expect(
      app.services.shipments.bookReturnPickup({
        reference: `${reference}-x`,
        orderId: 'no-such-order',
        items: [{ name: 'Brass diya', sku: 'DIYA-1', units: 1, price: 100_00 }],
        total: 100_00,
      }),
    ).rejects.toMatchObject({ statusCode: 404 })
  })
})

describe('a reverse pickup with Shiprocket (its stand-in)', () => {
  it('sends the order’s delivery address as the pickup and answers the AWB with Shiprocket’s tracking page', async () => {
    const standIn = await startShiprocketStandIn({
      email: 'api@shop.example',
      password: 'sr-pass',
      webhookToken: 'sr-hook-token',
    })
    const shop = await createTestApp({ RATE_LIMIT_MAX: 100_000, ...standIn.env })
    try {
      const { order, product } = await deliveredOrder(shop, 2400_50)
      const pickup = await shop.services.shipments.bookReturnPickup({
        reference: 'RET-2026-00077',
        orderId: order._id,
        items: [{ name: 'Kantha quilt', sku: 'QLT-7', units: 1, price: product.price }],
        total: product.price,
      })
      const held = standIn.returns[0]!
      expect(pickup).toEqual({
        provider: 'shiprocket',
        awb: held.awb,
        courier: 'Delhivery Surface',
        trackingUrl: `https://shiprocket.co/tracking/${held.awb}`,
      })
      const [sent] = await shop.database.db.select().from(orders).where(eq(orders.id, order._id))
      expect(held.request).toMatchObject({
        order_id: 'RET-2026-00077',
        pickup_address: sent!.shippingAddress,
        pickup_city: sent!.shippingCity,
        pickup_pincode: sent!.shippingPostalCode,
        shipping_address: standIn.pickupAddress.address,
        shipping_pincode: standIn.pickupAddress.pin_code,
        order_items: [{ name: 'Kantha quilt', sku: 'QLT-7', units: 1, selling_price: 2400.5 }],
        payment_method: 'Prepaid',
        sub_total: 2400.5,
        weight: 0.9,
      })

      // Shiprocket refusing the pickup is the courier's failure (502), in its words.
      standIn.refuseCouriers('No reverse pickup courier for this pincode')
      const refused = await shop.services.shipments
        .bookReturnPickup({
          reference: 'RET-2026-00078',
          orderId: order._id,
          items: [{ name: 'Kantha quilt', sku: 'QLT-7', units: 1, price: product.price }],
          total: product.price,
        })
        .catch((e: unknown) => e)
      expect(refused).toMatchObject({
        statusCode: 502,
        message: 'Shiprocket could not assign a courier: No reverse pickup courier for this pincode',
      })
    } finally {
      await shop.cleanup()
      await standIn.stop()
    }
  })
})
