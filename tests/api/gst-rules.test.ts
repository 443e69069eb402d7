import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TaxedLine } from '../../contracts/gst.ts'
import { invoices } from '../../server/db/schema.ts'
import {
  makeAdmin,
  makeCoupon,
  makeCustomer,
  makeProduct,
  orderPayload,
  payOrder,
  placeOrder,
  type Shopper,
  seedShop,
} from '../support/factories.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'
import { productBody } from './admin-helpers.ts'

// GST by price per piece (decision 128): the HSN rules a fresh shop starts with, and the rules staff keep.
let app: TestApp
let staff: Shopper

beforeAll(async () => {
  app = await createTestApp()
  await seedShop(app)
  staff = await makeAdmin(app)
  const saved = await app.inject({
    method: 'PUT',
    url: '/api/v1/admin/settings/invoices',
    headers: staff.auth,
    payload: {
      legalName: 'Kalaa Seva Foundation',
      legalAddress: '5 Ashok Marg, Lucknow 226001',
      legalState: 'Uttar Pradesh',
      gstin: '09AAATK1234F1Z5',
      invoicePrefix: 'KS',
    },
  })
  expect(saved.statusCode, saved.body).toBe(200)
})
afterAll(async () => {
  await app?.cleanup()
})

/** A kurta (HSN 6205, chapter 62) at this tax-inclusive price in paise, saved with the old single 5%. */
const kurta = (price: number, over: Parameters<typeof makeProduct>[1] = {}) =>
  makeProduct(app, { price, hsnCode: '6205', gstRate: 5, quantity: 100, ...over })

/** Places and pays an order of these lines and answers its invoice's lines. */
async function invoicedLines(
  who: Shopper,
  lines: Array<{ product: { id: string; price: number }; quantity: number }>,
  extra: Record<string, unknown> = {},
): Promise<TaxedLine[]> {
  const res = await placeOrder(app, who, orderPayload(who.id, lines, extra))
  expect(res.statusCode, res.body).toBe(201)
  const order = res.json().data[0] as { _id: string }
  await payOrder(app, who, order._id)
  const [invoice] = await app.database.db.select().from(invoices).where(eq(invoices.orderId, order._id))
  expect(invoice).toBeTruthy()
  return invoice!.lines as TaxedLine[]
}

describe('apparel by price per piece', () => {
  it('a ₹2,400 kurta is taxed at 5% and a ₹2,800 one at 18%, whatever rate the product was saved with', async () => {
    const asha = await makeCustomer(app)
    const [cheap, dear] = await Promise.all([kurta(2_400_00), kurta(2_800_00)])
    const lines = await invoicedLines(asha, [
      { product: cheap, quantity: 1 },
      { product: dear, quantity: 1 },
    ])
    lines.sort((a, b) => a.unitPrice - b.unitPrice)
    expect(lines.map((l) => [l.unitPrice, l.rate])).toEqual([
      [2_400_00, 5],
      [2_800_00, 18],
    ])
    // ₹2,800 at 18%: taxable 2,372.88, tax 427.12 (CGST 213.56 + SGST 213.56 inside Uttar Pradesh).
    expect(lines[1]).toMatchObject({ taxable: 2_372_88, cgst: 213_56, sgst: 213_56, igst: 0 })
    // ₹2,400 at 5%: taxable 2,285.71.
    expect(lines[0]).toMatchObject({ taxable: 2_285_71, cgst: 57_14, sgst: 57_15 })
  })

  it('the threshold is the value before tax: ₹2,625 charged is ₹2,500 at 5%, a paisa more is 18%', async () => {
    const asha = await makeCustomer(app)
    const [atLine, over] = await Promise.all([kurta(2_625_00), kurta(2_625_01)])
    const lines = await invoicedLines(asha, [
      { product: atLine, quantity: 1 },
      { product: over, quantity: 1 },
    ])
    lines.sort((a, b) => a.unitPrice - b.unitPrice)
    expect(lines.map((l) => l.rate)).toEqual([5, 18])
    expect(lines[0]!.taxable).toBe(2_500_00)
  })

  it('decides per piece on what is charged after the coupon’s share: a ₹2,700 kurta with 10% off is 5%', async () => {
    const asha = await makeCustomer(app)
    const piece = await kurta(2_700_00)
    const code = await makeCoupon(app, { discount: 10 })
    // Two of them: ₹5,400 less ₹540 is ₹2,430 a piece, under ₹2,625.
    const lines = await invoicedLines(asha, [{ product: piece, quantity: 2 }], {
      couponCode: code,
      totalAmount: 4_860,
    })
    expect(lines).toMatchObject([
      { quantity: 2, gross: 5_400_00, discount: 540_00, inclusive: 4_860_00, rate: 5 },
    ])
    // Without the coupon the same kurta is 18%.
    const full = await invoicedLines(await makeCustomer(app), [{ product: piece, quantity: 1 }])
    expect(full[0]!.rate).toBe(18)
  })

  it('leaves products of other chapters at their own rate, and a fixed rate decides over the rule', async () => {
    const asha = await makeCustomer(app)
    const painting = await makeProduct(app, { price: 9_000_00, hsnCode: '9701', gstRate: 5, quantity: 100 })
    const fixed = await kurta(3_000_00, { gstRateFixed: true })
    const ring = await makeProduct(app, { price: 8_000_00, hsnCode: '7113', gstRate: 5, quantity: 100 })
    const lines = await invoicedLines(asha, [
      { product: painting, quantity: 1 },
      { product: fixed, quantity: 1 },
      { product: ring, quantity: 1 },
    ])
    const rateAt = (price: number) => lines.find((l) => l.unitPrice === price)?.rate
    expect([rateAt(9_000_00), rateAt(3_000_00), rateAt(8_000_00)]).toEqual([5, 5, 3])
  })

  it('a COD fee is taxed at the rate the principal line was given', async () => {
    const asha = await makeCustomer(app)
    const dear = await kurta(2_800_00)
    const terms = await app.inject({
      method: 'PUT',
      url: '/api/v1/admin/settings/cod',
      headers: staff.auth,
      payload: { enabled: true, maxTotal: 50_000, fee: 50, excludedStates: [], excludedPins: [] },
    })
    expect(terms.statusCode, terms.body).toBe(200)
    const placed = await placeOrder(
      app,
      asha,
      orderPayload(asha.id, [{ product: dear, quantity: 1 }], {
        totalAmount: 2_850,
        paymentInfo: { method: 'COD', status: 'Pending' },
      }),
    )
    expect(placed.statusCode, placed.body).toBe(201)
    const order = placed.json().data[0] as { _id: string }
    // A COD order is invoiced when it is delivered.
    for (const status of ['Processing', 'Shipped', 'Delivered'] as const)
      await app.services.orders.changeStatus(order._id, status, { actorId: staff.id })
    const [invoice] = await app.database.db.select().from(invoices).where(eq(invoices.orderId, order._id))
    expect((invoice!.lines as TaxedLine[]).map((l) => [l.description, l.rate])).toEqual([
      [expect.any(String), 18],
      ['Cash on delivery fee', 18],
    ])
  })
})

describe('the rules staff keep', () => {
  const rule = (over: Record<string, unknown> = {}) => ({
    hsnPrefix: '6214',
    validFrom: '2026-01-01',
    rate: 5,
    threshold: null,
    aboveRate: null,
    note: 'Stoles',
    ...over,
  })

  it('lists the rules a fresh shop starts with, the one in force said so; a customer may not read them', async () => {
    const res = await app.inject({ url: '/api/v1/admin/settings/gst-rules', headers: staff.auth })
    expect(res.statusCode).toBe(200)
    const chapter62 = res.json().data.find((r: { hsnPrefix: string }) => r.hsnPrefix === '62')
    expect(chapter62).toMatchObject({
      validFrom: '2025-09-22',
      rate: 5,
      threshold: 2500,
      aboveRate: 18,
      inForce: true,
    })
    const asha = await makeCustomer(app)
    expect(
      (await app.inject({ url: '/api/v1/admin/settings/gst-rules', headers: asha.auth })).statusCode,
    ).toBe(403)
  })

  it('refuses a rule that does not hold together, with a reason, and a second rule for the same code and day', async () => {
    const bad = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/settings/gst-rules',
      headers: staff.auth,
      payload: rule({ hsnPrefix: '621', rate: 12, threshold: 1000 }),
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.body).toContain('The HSN code is a chapter (2 digits) or a code of 4, 6 or 8 digits.')
    const slab = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/settings/gst-rules',
      headers: staff.auth,
      payload: rule({ threshold: 1000, aboveRate: 5 }),
    })
    expect(slab.statusCode).toBe(400)
    expect(slab.body).toContain('The rate above the value must be higher than the rate up to it.')
    const first = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/settings/gst-rules',
      headers: staff.auth,
      payload: rule({ hsnPrefix: '630210', validFrom: '2026-02-01' }),
    })
    expect(first.statusCode, first.body).toBe(200)
    const again = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/settings/gst-rules',
      headers: staff.auth,
      payload: rule({ hsnPrefix: '630210', validFrom: '2026-02-01', rate: 18 }),
    })
    expect(again.statusCode).toBe(409)
  })

  it('a new rule applies to invoices issued from its day; one issued before keeps its rate', async () => {
    const asha = await makeCustomer(app)
    const stole = await makeProduct(app, { price: 1_800_00, hsnCode: '62143000', gstRate: 5, quantity: 100 })
    const before = await invoicedLines(asha, [{ product: stole, quantity: 1 }])
    expect(before[0]!.rate).toBe(5)
    // From today, this code alone at 18% (a longer prefix than chapter 62's rule decides).
    const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10)
    const added = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/settings/gst-rules',
      headers: staff.auth,
      payload: rule({ hsnPrefix: '62143000', validFrom: today, rate: 18, note: 'Test rule' }),
    })
    expect(added.statusCode, added.body).toBe(200)
    const after = await invoicedLines(await makeCustomer(app), [{ product: stole, quantity: 1 }])
    expect(after[0]!.rate).toBe(18)
    const [kept] = await app.database.db
      .select()
      .from(invoices)
      .where(eq(invoices.total, before[0]!.inclusive))
    expect((kept!.lines as TaxedLine[])[0]!.rate).toBe(5)
    // The console's product answer says the rate that applies now.
    const product = await app.inject({ url: `/api/v1/admin/products/${stole.id}`, headers: staff.auth })
    expect(product.json().data).toMatchObject({
      gstRate: 5,
      effectiveGstRate: 18,
      gstRateFixed: false,
      uqc: 'PCS',
    })
    // Removed, the code takes chapter 62's rule again.
    const id = (added.json().data as Array<{ _id: string; hsnPrefix: string }>).find(
      (r) => r.hsnPrefix === '62143000',
    )!._id
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/settings/gst-rules/${id}`,
      headers: staff.auth,
    })
    expect(removed.statusCode).toBe(200)
    const again = await app.inject({ url: `/api/v1/admin/products/${stole.id}`, headers: staff.auth })
    expect(again.json().data.effectiveGstRate).toBe(5)
  })

  it('staff fix a product’s own rate and unit on its form; the rate list offers only the rates in force', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/products',
      headers: staff.auth,
      payload: productBody({
        price: 3000,
        cutPrice: 3500,
        hsnCode: '6205',
        gstRate: '5',
        gstRateFixed: 'true',
        uqc: 'SET',
      }),
    })
    expect(created.statusCode, created.body).toBe(200)
    expect(created.json().data).toMatchObject({
      gstRate: 5,
      gstRateFixed: true,
      effectiveGstRate: 5,
      uqc: 'SET',
    })
    const removedSlab = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/products',
      headers: staff.auth,
      payload: productBody({ gstRate: '12' }),
    })
    expect(removedSlab.statusCode).toBe(400)
    expect(removedSlab.body).toContain('The GST rate must be one of 0, 3, 5, 18, 40 percent.')
  })
})
