import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest'
import type { TaxedLine } from '../../contracts/gst.ts'
import { invoices, pincodes } from '../../server/db/schema.ts'
import { productVariants } from '../../server/modules/catalogue/tables.ts'
import {
  addToCart,
  mailsTo,
  makeAdmin,
  makeCoupon,
  makeCustomer,
  makeProduct,
  makeProductWithVariants,
  orderPayload,
  type Person,
  payOrder,
  placeOrder,
} from '../support/factories.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'
import { productBody } from './admin-helpers.ts'

let app: TestApp
let staff: Person

beforeAll(async () => {
  app = await createTestApp({ RATE_LIMIT_MAX: 100_000 })
  // Lucknow is in the shop's own state (Uttar Pradesh); Leh is the rest of India.
  await app.database.db
    .insert(pincodes)
    .values([
      { pin: '226001', district: 'Lucknow', state: 'Uttar Pradesh' },
      { pin: '194101', district: 'Leh', state: 'Ladakh' },
    ])
    .onConflictDoNothing()
})
beforeEach(async () => {
  staff = await makeAdmin(app)
})
afterAll(async () => {
  await app?.cleanup()
})

const free = { slabs: [], extraPerKg: 0 }
/** Rates for the shop's own state and the rest of India (rupees); the other zones ship free. */
const rates = (over: Record<string, unknown> = {}) => ({
  zones: {
    home: {
      slabs: [
        { upToGrams: 500, charge: 50 },
        { upToGrams: 1000, charge: 80 },
      ],
      extraPerKg: 30,
    },
    metro: free,
    rest: { slabs: [{ upToGrams: 1000, charge: 120 }], extraPerKg: 40 },
    northeast: free,
    islands: free,
  },
  freeAbove: null,
  minimumCharge: 0,
  defaultWeightGrams: 500,
  packages: [{ name: 'Saree box', lengthCm: 35, breadthCm: 28, heightCm: 6 }],
  ...over,
})

const saveRates = (body: unknown) =>
  app.inject({
    method: 'PUT',
    url: '/api/v1/admin/settings/shipping',
    headers: staff.auth,
    payload: body as object,
  })

/** Staff set these rates for this test; the shop ships free again when it ends, passed or failed. */
async function setRates(over: Record<string, unknown> = {}) {
  const res = await saveRates(rates(over))
  expect(res.statusCode, res.body).toBe(200)
  onTestFinished(async () => {
    const back = await saveRates({
      ...rates(),
      zones: Object.fromEntries(Object.keys(rates().zones).map((z) => [z, free])),
    })
    expect(back.statusCode, back.body).toBe(200)
  })
  return res.json().data
}

const quote = (who: Person, query: string) =>
  app.inject({ url: `/api/v1/shipping/quote?${query}`, headers: who.auth })

describe('shipping rules', () => {
  it('ship free when staff set none: the quote and the order charge nothing', async () => {
    const asha = await makeCustomer(app)
    const piece = await makeProduct(app, { price: 1_200_00, weight: 900 })
    await addToCart(app, asha, piece.id)
    const q = await quote(asha, 'pin=226001')
    expect(q.statusCode, q.body).toBe(200)
    expect(q.json().data).toMatchObject({ charge: 0, zone: 'home', served: true, text: 'Free shipping' })
    const placed = await placeOrder(app, asha, orderPayload(asha.id, [{ product: piece, quantity: 1 }]))
    expect(placed.statusCode, placed.body).toBe(201)
    expect(placed.json().data[0]).toMatchObject({ shippingCharge: 0, totalAmount: 1_200 })
  })

  it('are saved by staff and read back in rupees; slabs out of order are refused, naming the zone', async () => {
    const saved = await setRates({ freeAbove: 2_999.5 })
    expect(saved.zones.home.slabs).toEqual([
      { upToGrams: 500, charge: 50 },
      { upToGrams: 1000, charge: 80 },
    ])
    expect(saved.freeAbove).toBe(2_999.5)
    const read = await app.inject({ url: '/api/v1/admin/settings/shipping', headers: staff.auth })
    expect(read.json().data).toEqual(saved)
    const bad = rates()
    bad.zones.rest = {
      slabs: [
        { upToGrams: 1000, charge: 120 },
        { upToGrams: 500, charge: 60 },
      ],
      extraPerKg: 0,
    }
    const refused = await saveRates(bad)
    expect(refused.statusCode).toBe(400)
    expect(refused.body).toContain('the weight slabs must go up')
    expect(refused.body).toContain('zones.rest.slabs')
    const customer = await makeCustomer(app)
    expect(
      (await app.inject({ url: '/api/v1/admin/settings/shipping', headers: customer.auth })).statusCode,
    ).toBe(403)
  })
})

describe('a shipping charge', () => {
  it('is quoted for the cart by the greater of actual and volumetric weight, and the order charges the same', async () => {
    await setRates()
    const asha = await makeCustomer(app)
    // 400 g with no box; 300 g in a 40 × 30 × 10 cm box, which a courier bills as 2,400 g.
    const small = await makeProduct(app, { price: 800_00, weight: 400 })
    const bulky = await makeProduct(app, {
      price: 900_00,
      weight: 300,
      packageLengthCm: 40,
      packageBreadthCm: 30,
      packageHeightCm: 10,
    })
    await addToCart(app, asha, small.id)
    const one = await quote(asha, 'pin=226001')
    expect(one.json().data).toMatchObject({ charge: 50, chargeableWeightGrams: 400, zone: 'home' })
    await addToCart(app, asha, bulky.id)
    const both = (await quote(asha, 'pin=226001')).json().data
    // 2,400 g: the last slab (₹80 up to 1 kg) and two kilograms begun above it at ₹30.
    expect(both).toMatchObject({ charge: 140, chargeableWeightGrams: 2400, text: 'Shipping ₹140' })
    expect((await quote(asha, 'pin=194101')).json().data).toMatchObject({ charge: 200, zone: 'rest' })

    const lines = [
      { product: small, quantity: 1 },
      { product: bulky, quantity: 1 },
    ]
    const without = await placeOrder(app, asha, orderPayload(asha.id, lines))
    expect(without.statusCode).toBe(409)
    expect(without.json().message).toContain('The order total is ₹1,840')
    const placed = await placeOrder(app, asha, orderPayload(asha.id, lines, { totalAmount: 1_840 }))
    expect(placed.statusCode, placed.body).toBe(201)
    const order = placed.json().data[0]
    expect(order).toMatchObject({ shippingCharge: 140, totalAmount: 1_840, subtotal: 1_700 })
    const read = await app.inject({ url: `/api/v1/order/singleorder/${order._id}`, headers: asha.auth })
    expect(read.json().data).toMatchObject({ shippingCharge: 140, totalAmount: 1_840 })
    const console = await app.inject({ url: `/api/v1/admin/orders/${order._id}`, headers: staff.auth })
    expect(console.json().data).toMatchObject({ shippingCharge: 140, total: 1_840 })
  })

  it('is free from the threshold on the goods after the coupon, and the invoice bills it as its own line', async () => {
    await setRates({ freeAbove: 3_000 })
    const asha = await makeCustomer(app)
    const saree = await makeProduct(app, { price: 3_200_00, weight: 700, hsnCode: '5007', gstRate: 5 })
    const code = await makeCoupon(app, { discount: 10 })
    await addToCart(app, asha, saree.id)
    expect((await quote(asha, 'pin=226001')).json().data).toMatchObject({
      charge: 0,
      freeAbove: 3_000,
      text: 'Free shipping',
    })
    // ₹3,200 less 10% is ₹2,880: under the threshold, so it pays the 1 kg slab.
    const withCode = (await quote(asha, `pin=226001&coupon=${code}`)).json().data
    expect(withCode).toMatchObject({
      charge: 80,
      text: 'Shipping ₹80 · Free shipping on orders of ₹3,000 or more',
    })

    const placed = await placeOrder(
      app,
      asha,
      orderPayload(asha.id, [{ product: saree, quantity: 1 }], { couponCode: code, totalAmount: 2_960 }),
    )
    expect(placed.statusCode, placed.body).toBe(201)
    const order = placed.json().data[0]
    expect(order).toMatchObject({ shippingCharge: 80, discountAmount: 320, totalAmount: 2_960 })
    await payOrder(app, asha, order._id)
    const [invoice] = await app.database.db.select().from(invoices).where(eq(invoices.orderId, order._id))
    const billed = (invoice!.lines as TaxedLine[]).map((l) => [l.description, l.rate, l.inclusive])
    expect(billed).toEqual([
      [expect.any(String), 5, 2_880_00],
      ['Shipping', 5, 80_00],
    ])
    const mails = await mailsTo(app, asha.email)
    expect(mails.some((m) => /Shipping\s+₹80/.test(m.text))).toBe(true)
  })

  it('for one piece follows its variant’s own weight, and a product not on sale is not found', async () => {
    await setRates()
    const product = await makeProductWithVariants(app, {
      options: [{ name: 'Size', values: ['S', 'XL'] }],
      variants: [
        { values: ['S'], price: 1_000_00, quantity: 5 },
        { values: ['XL'], price: 1_000_00, quantity: 5 },
      ],
    })
    const [light, heavy] = product.variants
    await app.database.db
      .update(productVariants)
      .set({ weight: 450 })
      .where(eq(productVariants.id, light!.id))
    await app.database.db
      .update(productVariants)
      .set({ weight: 1_600 })
      .where(eq(productVariants.id, heavy!.id))
    const piece = (variantId: string) =>
      app.inject({
        url: `/api/v1/shipping/quote/piece?pin=226001&productId=${product.id}&variantId=${variantId}`,
      })
    expect((await piece(light!.id)).json().data).toMatchObject({ charge: 50, chargeableWeightGrams: 450 })
    expect((await piece(heavy!.id)).json().data).toMatchObject({ charge: 110, chargeableWeightGrams: 1600 })
    const missing = await app.inject({
      url: '/api/v1/shipping/quote/piece?pin=226001&productId=nosuchproduct',
    })
    expect(missing.statusCode).toBe(404)
    const badPin = await app.inject({ url: `/api/v1/shipping/quote/piece?pin=12&productId=${product.id}` })
    expect(badPin.statusCode).toBe(400)
    expect(badPin.body).toContain('6-digit PIN code')
  })
})

describe('a product’s parcel', () => {
  it('is set in the console as grams and a box, cleared with empty fields, and refused when unreadable', async () => {
    const call = (method: 'POST' | 'PUT' | 'GET', url: string, payload?: object) =>
      app.inject({ method, url: `/api/v1/admin${url}`, headers: staff.auth, payload })
    const created = await call('POST', '/products', productBody({ weight: 650, packageSize: '35 x 28 x 6' }))
    expect(created.statusCode, created.body).toBeLessThan(300)
    const id = created.json().data._id
    expect((await call('GET', `/products/${id}`)).json().data).toMatchObject({
      weight: 650,
      packageSize: '35 × 28 × 6',
    })
    const wrong = await call('PUT', `/products/${id}`, productBody({ packageSize: '35 by 28' }))
    expect(wrong.statusCode).toBe(400)
    expect(wrong.body).toContain('length × breadth × height')
    const cleared = await call('PUT', `/products/${id}`, productBody({ weight: '', packageSize: '' }))
    expect(cleared.statusCode, cleared.body).toBe(200)
    expect((await call('GET', `/products/${id}`)).json().data).toMatchObject({
      weight: null,
      packageSize: '',
    })
  })
})
