import { mkdirSync, writeFileSync } from 'node:fs'
import { eq } from 'drizzle-orm'
import { extractText, getDocumentProxy } from 'unpdf'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { invoiceText } from '../../contracts/invoices.ts'
import { invoices, mailOutbox } from '../../server/db/schema.ts'
import {
  insertOrder,
  makeAdmin,
  makeCustomer,
  makeProduct,
  orderOf,
  orderPayload,
  payOrder,
  placeOrder,
  type Shopper,
  seedShop,
  shipping,
} from '../support/factories.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'
import { productBody } from './admin-helpers.ts'

let app: TestApp
let asha: Shopper
let ravi: Shopper
let staff: Shopper
let saree: { id: string; price: number }
let painting: { id: string; price: number }

const supplier = {
  legalName: 'Kalaa Seva Foundation',
  legalAddress: '5 Ashok Marg, Lucknow 226001',
  legalState: 'Uttar Pradesh',
  gstin: '09AAATK1234F1Z5',
  invoicePrefix: 'KS',
}

beforeAll(async () => {
  app = await createTestApp()
  await seedShop(app)
  asha = await makeCustomer(app, 'Asha Verma')
  ravi = await makeCustomer(app, 'Ravi Kumar')
  staff = await makeAdmin(app)
  saree = await makeProduct(app, {
    title: 'Banarasi silk saree',
    price: 10_500_00,
    hsnCode: '5007',
    gstRate: 5,
    quantity: 1000,
  })
  painting = await makeProduct(app, {
    title: 'Madhubani painting',
    price: 2_499_00,
    hsnCode: '9701',
    gstRate: 12,
    quantity: 1000,
  })
  const saved = await app.inject({
    method: 'PUT',
    url: '/api/v1/admin/settings/invoices',
    headers: staff.auth,
    payload: supplier,
  })
  expect(saved.statusCode, saved.body).toBe(200)
})
afterAll(async () => {
  await app?.cleanup()
})

const download = (who: Shopper | null, orderId: string, document?: string) =>
  app.inject({
    url: `/api/v1/order/invoice/${orderId}${document ? `?document=${document}` : ''}`,
    headers: who?.auth ?? {},
  })

/** Kept under test-results/ (ignored by git) so a person can look at the rendered documents. */
function keep(name: string, body: Buffer) {
  mkdirSync('test-results/invoices', { recursive: true })
  writeFileSync(`test-results/invoices/${name}.pdf`, body)
}

async function pdfText(body: Buffer) {
  const pdf = await getDocumentProxy(new Uint8Array(body))
  const { text } = await extractText(pdf, { mergePages: true })
  return text.replace(/\s+/g, ' ')
}

async function paidOrder(who: Shopper, state = shipping.state, extra: Record<string, unknown> = {}) {
  const payload = orderPayload(
    who.id,
    [
      { product: saree, quantity: 1 },
      { product: painting, quantity: 2 },
    ],
    extra,
  )
  const res = await placeOrder(app, who, { ...payload, shippingInfo: { ...shipping, state } })
  expect(res.statusCode, res.body).toBe(201)
  const order = res.json().data[0] as { _id: string; orderID: string }
  await payOrder(app, who, order._id)
  return order
}

const invoiceOf = async (orderId: string, kind: 'invoice' | 'credit-note' = 'invoice') =>
  (await app.database.db.select().from(invoices).where(eq(invoices.orderId, orderId))).find(
    (i) => i.kind === kind,
  )

describe('invoice settings', () => {
  it('staff read back what they saved; a wrong GSTIN or a long prefix is refused with a reason', async () => {
    const got = await app.inject({ url: '/api/v1/admin/settings/invoices', headers: staff.auth })
    expect(got.json().data).toEqual(supplier)
    const bad = await app.inject({
      method: 'PUT',
      url: '/api/v1/admin/settings/invoices',
      headers: staff.auth,
      payload: { ...supplier, gstin: '09AAATK1234', invoicePrefix: 'SHOP1' },
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.body).toContain('15-character GSTIN')
    expect(bad.body).toContain('1 to 3 letters or digits')
    const customer = await app.inject({ url: '/api/v1/admin/settings/invoices', headers: asha.auth })
    expect(customer.statusCode).toBe(403)
  })
})

describe('HSN code and GST rate per product', () => {
  it('staff set them on the product form; a wrong code or rate is refused; unsent they stay', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/products',
      headers: staff.auth,
      payload: productBody({ hsnCode: '6912', gstRate: '18' }),
    })
    expect(created.statusCode, created.body).toBe(200)
    const product = created.json().data
    expect(product).toMatchObject({ hsnCode: '6912', gstRate: 18 })
    // Without hsnCode and gstRate: the product keeps them.
    const unchanged = productBody({ title: 'Renamed pot' })
    const renamed = await app.inject({
      method: 'PUT',
      url: `/api/v1/admin/products/${product._id}`,
      headers: staff.auth,
      payload: { ...unchanged, sku: product.sku },
    })
    expect(renamed.json().data).toMatchObject({ title: 'Renamed pot', hsnCode: '6912', gstRate: 18 })
    const bad = await app.inject({
      method: 'PUT',
      url: `/api/v1/admin/products/${product._id}`,
      headers: staff.auth,
      payload: { ...unchanged, sku: product.sku, hsnCode: '69', gstRate: 7 },
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.body).toContain('The HSN code is 4, 6 or 8 digits.')
    expect(bad.body).toContain('The GST rate must be one of')
  })
})

describe('issuing invoices', () => {
  it('a paid order inside the shop’s state gets an invoice with CGST and SGST, shown on the order', async () => {
    const order = await paidOrder(asha)
    const row = await invoiceOf(order._id)
    expect(row!.number).toMatch(/^KS\/\d\d-\d\d\/\d{5}$/)
    expect(row).toMatchObject({ intraState: true, igst: 0, total: 10_500_00 + 2 * 2_499_00 })
    expect(row!.cgst + row!.sgst + row!.taxable).toBe(row!.total)
    const api = await app.inject({ url: `/api/v1/order/singleorder/${order._id}`, headers: asha.auth })
    expect(api.json().data).toMatchObject({ invoiceNumber: row!.number, creditNoteNumber: null })
    // The payment's e-mail says the invoice is ready, by number.
    const mails = await app.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, asha.email))
    const confirmation = mails.find((m) => m.subject.includes(`${order.orderID} confirmed`))
    expect(confirmation?.text).toContain(`Your GST tax invoice ${row!.number} is ready`)

    const res = await download(asha, order._id)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/pdf')
    expect(res.headers['content-disposition']).toContain(`${row!.number.replace(/\//g, '-')}.pdf`)
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
    keep('in-state', res.rawPayload)
    const text = await pdfText(res.rawPayload)
    for (const words of [
      'TAX INVOICE',
      supplier.legalName,
      `GSTIN: ${supplier.gstin}`,
      row!.number,
      'Asha Verma',
      '12 Hazratganj, Flat 4',
      'Lucknow, Uttar Pradesh 226001',
      'Uttar Pradesh (09)',
      '5007',
      '9701',
      'CGST',
      'SGST',
      invoiceText.reverseCharge,
      'Authorised signatory',
    ]) {
      expect(text).toContain(words)
    }
    expect(text).not.toContain('IGST')

    // The customer who shops in Hindi gets the same document with its labels in Hindi.
    const hindi = await app.inject({
      url: `/api/v1/order/invoice/${order._id}`,
      headers: { ...asha.auth, cookie: 'lang=hi' },
    })
    expect(hindi.statusCode).toBe(200)
    keep('in-state-hindi', hindi.rawPayload)
    const hindiText = await pdfText(hindi.rawPayload)
    for (const words of [
      'टैक्स इनवॉइस (कर चालान)',
      `GSTIN: ${supplier.gstin}`,
      `चालान सं. ${row!.number}`,
      'मात्रा',
      'कुल CGST',
      'Banarasi silk saree',
      '₹10,500.00',
    ])
      expect(hindiText).toContain(words)
    expect(hindiText).not.toContain('TAX INVOICE')
    // The saree's line: ₹10,500 at 5% is ₹10,000 taxable, ₹250 CGST and ₹250 SGST.
    expect(text).toContain('10,000.00')
    expect(text).toContain('250.00')
  })

  it('an order to another state is taxed as IGST', async () => {
    const order = await paidOrder(asha, 'Telangana')
    const row = await invoiceOf(order._id)
    expect(row).toMatchObject({ intraState: false, cgst: 0, sgst: 0, placeOfSupply: 'Telangana (36)' })
    expect(row!.igst).toBeGreaterThan(0)
    const file = (await download(asha, order._id)).rawPayload
    keep('other-state', file)
    const text = await pdfText(file)
    expect(text).toContain('IGST')
    expect(text).toContain('Telangana (36)')
    expect(text).not.toContain('CGST')
  })

  it('a coupon is taken off the lines before tax and the invoice adds up to what was paid', async () => {
    const total = (10_500_00 + 2 * 2_499_00) * 0.9
    const order = await paidOrder(asha, shipping.state, { couponCode: 'WELCOME10', totalAmount: total / 100 })
    const row = await invoiceOf(order._id)
    expect(row!.total).toBe(total)
    const lines = row!.lines as Array<{ discount: number }>
    expect(lines.map((l) => l.discount).sort((a, b) => a - b)).toEqual([499_80, 1_050_00])
  })

  it('only the customer and staff get an order’s invoice; none before payment', async () => {
    const order = await paidOrder(asha)
    expect((await download(ravi, order._id)).statusCode).toBe(404)
    expect((await download(null, order._id)).statusCode).toBe(401)
    const forStaff = await app.inject({
      url: `/api/v1/admin/orders/${order.orderID}/invoice`,
      headers: staff.auth,
    })
    expect(forStaff.statusCode).toBe(200)
    expect(forStaff.headers['content-type']).toBe('application/pdf')
    const byCustomer = await app.inject({
      url: `/api/v1/admin/orders/${order._id}/invoice`,
      headers: asha.auth,
    })
    expect(byCustomer.statusCode).toBe(403)

    const unpaid = await orderOf(app, asha, saree)
    const none = await download(asha, unpaid._id)
    expect(none.statusCode).toBe(404)
    expect(none.json().message).toBe(invoiceText.notIssued)
  })

  it('numbers stay gap-free when two orders are paid at the same moment', async () => {
    // Invoices only: a credit note another test issued is in its own series.
    const before = await app.database.db
      .select({ serial: invoices.serial })
      .from(invoices)
      .where(eq(invoices.kind, 'invoice'))
    const first = before.length
    const [a, b] = await Promise.all([paidOrder(asha), paidOrder(ravi)])
    const rows = [await invoiceOf(a._id), await invoiceOf(b._id)]
    const serials = rows.map((r) => r!.serial).sort((x, y) => x - y)
    const all = (await app.database.db.select().from(invoices)).filter((i) => i.kind === 'invoice')
    expect(all).toHaveLength(first + 2)
    // Every serial of the year from 1 to the last, once each.
    const year = rows[0]!.financialYear
    const yearSerials = all.filter((i) => i.financialYear === year).map((i) => i.serial)
    expect([...yearSerials].sort((x, y) => x - y)).toEqual(yearSerials.map((_, i) => i + 1))
    expect(serials[1]! - serials[0]!).toBe(1)
  })

  it('a new financial year starts a new series at 1 on 1 April in India; a rolled-back issue gives its number back', async () => {
    const issue = async (orderId: string, at: string) => {
      const issued = await app.database.db.transaction((tx) =>
        app.services.invoices.issueInvoice(tx, orderId, { now: new Date(at) }),
      )
      if (!issued) throw new Error('the invoice was not issued')
      return issued
    }
    const orders: Array<{ _id: string }> = []
    // Each by its own buyer: one account may have only two orders waiting for payment (decision 110).
    for (let i = 0; i < 3; i++) orders.push(await orderOf(app, await makeCustomer(app), painting))
    // 23:59 on 31 March 2099 in India is still 2098-99; a minute later it is 2099-00.
    const march = await issue(orders[0]!._id, '2099-03-31T18:29:00Z')
    await expect(
      app.database.db.transaction(async (tx) => {
        await app.services.invoices.issueInvoice(tx, orders[1]!._id, {
          now: new Date('2099-03-31T18:29:30Z'),
        })
        throw new Error('payment transaction failed')
      }),
    ).rejects.toThrow('payment transaction failed')
    const stillMarch = await issue(orders[1]!._id, '2099-03-31T18:29:59Z')
    const april = await issue(orders[2]!._id, '2099-03-31T18:30:00Z')
    expect([march.number, stillMarch.number, april.number]).toEqual([
      'KS/98-99/00001',
      'KS/98-99/00002',
      'KS/99-00/00001',
    ])
    // Issuing again answers the same invoice.
    expect((await issue(orders[2]!._id, '2099-04-02T10:00:00Z')).number).toBe('KS/99-00/00001')
    // A new prefix is a new series, from 1 again.
    await app.services.invoices.settings.save(staff.id, { ...supplier, invoicePrefix: 'AB' })
    try {
      const other = await orderOf(app, await makeCustomer(app), painting)
      expect((await issue(other._id, '2099-04-03T10:00:00Z')).number).toBe('AB/99-00/00001')
    } finally {
      await app.services.invoices.settings.save(staff.id, supplier)
    }
  })

  it('an order delivered without an invoice (cash on delivery) is invoiced on delivery', async () => {
    const { id } = await insertOrder(app, asha.id, [saree], { status: 'Shipped', paymentStatus: 'Paid' })
    expect(await invoiceOf(id)).toBeUndefined()
    await app.services.orders.changeStatus(id, 'Delivered', { actorId: staff.id })
    expect((await invoiceOf(id))!.number).toMatch(/^KS\//)
  })
})

describe('credit notes', () => {
  it('a refund issues a credit note in its own series, against the invoice', async () => {
    const order = await paidOrder(asha, 'Telangana')
    const cancel = await app.inject({
      method: 'PATCH',
      url: '/api/v1/order/updateorder',
      headers: asha.auth,
      payload: { orderID: order.orderID, status: 'Cancelled' },
    })
    expect(cancel.json().data).toMatchObject({ refundStatus: 'Refunded' })
    const invoice = await invoiceOf(order._id)
    const note = await invoiceOf(order._id, 'credit-note')
    expect(note!.number).toMatch(/^KSC\/\d\d-\d\d\/\d{5}$/)
    expect(note).toMatchObject({ invoiceId: invoice!.id, total: invoice!.total, igst: invoice!.igst })
    expect(cancel.json().data.creditNoteNumber).toBe(note!.number)

    const res = await download(asha, order._id, 'credit-note')
    expect(res.statusCode).toBe(200)
    keep('credit-note', res.rawPayload)
    const text = await pdfText(res.rawPayload)
    expect(text).toContain('CREDIT NOTE')
    expect(text).toContain(note!.number)
    expect(text).toContain(invoice!.number)
    expect((await download(ravi, order._id, 'credit-note')).statusCode).toBe(404)
  })

  it('an order without a refund has no credit note', async () => {
    const order = await paidOrder(asha)
    const res = await download(asha, order._id, 'credit-note')
    expect(res.statusCode).toBe(404)
    expect(res.json().message).toBe(invoiceText.noCreditNote)
  })
})
