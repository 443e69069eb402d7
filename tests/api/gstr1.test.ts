import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  makeAdmin,
  makeCustomer,
  makeProduct,
  orderPayload,
  placeOrder,
  type Shopper,
  seedShop,
  shipping,
} from '../support/factories.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'

// GSTR-1 from the console (issue 36, decision 145): the invoices and credit notes the shop issued in a month,
// in the GST portal's JSON, with the register's totals the tables add up to.
let app: TestApp
let staff: Shopper

beforeAll(async () => {
  app = await createTestApp()
  await seedShop(app)
  staff = await makeAdmin(app)
  await app.services.invoices.settings.save(staff.id, {
    legalName: 'Kalaa Seva Foundation',
    legalAddress: '5 Ashok Marg, Lucknow 226001',
    legalState: 'Uttar Pradesh',
    gstin: '09AAATK1234F1Z5',
    invoicePrefix: 'KS',
  })
})
afterAll(async () => {
  await app?.cleanup()
})

/** An order of one piece delivered to `state`, invoiced at `at` (a time in a month no other test uses). */
async function invoicedAt(product: { id: string; price: number }, state: string, at: string) {
  const buyer = await makeCustomer(app)
  const res = await placeOrder(app, buyer, {
    ...orderPayload(buyer.id, [{ product, quantity: 1 }]),
    shippingInfo: { ...shipping, state },
  })
  expect(res.statusCode, res.body).toBe(201)
  const orderId = res.json().data[0]._id as string
  const invoice = await app.database.db.transaction((tx) =>
    app.services.invoices.issueInvoice(tx, orderId, { now: new Date(at) }),
  )
  expect(invoice).not.toBeNull()
  return { orderId, invoice: invoice! }
}

const gstr1 = (month: string, who: Shopper = staff) =>
  app.inject({ url: `/api/v1/admin/gst/gstr1?month=${month}`, headers: who.auth })

describe('GET /admin/gst/gstr1', () => {
  it("answers the month's return from what was issued in it, reconciled to the register", async () => {
    const stole = await makeProduct(app, { price: 2_100_00, hsnCode: '6214', gstRate: 5, uqc: 'PCS' })
    const fabric = await makeProduct(app, { price: 1_180_00, hsnCode: '5208', gstRate: 5, uqc: 'MTR' })
    // July 2031 in India: the first on 1 July 00:30 IST (30 June in UTC), the last on 31 July.
    const local = await invoicedAt(stole, 'Uttar Pradesh', '2031-06-30T19:00:00Z')
    const away = await invoicedAt(fabric, 'Karnataka', '2031-07-31T12:00:00Z')
    // 1 August 00:30 in India: August's.
    await invoicedAt(stole, 'Uttar Pradesh', '2031-07-31T19:00:00Z')
    const note = await app.database.db.transaction((tx) =>
      app.services.invoices.issueCreditNote(tx, away.orderId, new Date('2031-07-31T13:00:00Z')),
    )
    expect(note).not.toBeNull()

    const res = await gstr1('2031-07')
    expect(res.statusCode, res.body).toBe(200)
    const { data, totals } = res.json()
    expect(data.gstin).toBe('09AAATK1234F1Z5')
    expect(data.fp).toBe('072031')
    const inRupees = (paise: number) => paise / 100
    expect(totals.invoices).toEqual({
      count: 2,
      taxable: inRupees(local.invoice.taxable + away.invoice.taxable),
      cgst: inRupees(local.invoice.cgst),
      sgst: inRupees(local.invoice.sgst),
      igst: inRupees(away.invoice.igst),
      total: inRupees(local.invoice.total + away.invoice.total),
    })
    expect(totals.creditNotes).toMatchObject({ count: 1, total: inRupees(away.invoice.total) })
    // ₹2,100 at 5% inside the state: ₹2,000 and ₹50 + ₹50. The fabric to Karnataka came back whole:
    // netted off, it leaves no row.
    expect(data.b2cs).toEqual([
      { sply_ty: 'INTRA', typ: 'OE', pos: '09', rt: 5, txval: 2000, camt: 50, samt: 50, csamt: 0 },
    ])
    expect(data.b2cl).toEqual([])
    expect(data.cdnur).toEqual([])
    // The product's unit goes with its line; the fabric sold and returned leaves no HSN row.
    expect(data.hsn.hsn_b2c).toEqual([
      {
        num: 1,
        hsn_sc: '6214',
        uqc: 'PCS',
        qty: 1,
        rt: 5,
        txval: 2000,
        iamt: 0,
        camt: 50,
        samt: 50,
        csamt: 0,
      },
    ])
    expect(away.invoice.lines).toMatchObject([{ uqc: 'MTR' }])
    expect(data.doc_issue.doc_det).toEqual([
      {
        doc_num: 1,
        doc_typ: 'Invoices for outward supply',
        docs: [
          {
            num: 1,
            from: local.invoice.number,
            to: away.invoice.number,
            totnum: 2,
            cancel: 0,
            net_issue: 2,
          },
        ],
      },
      {
        doc_num: 5,
        doc_typ: 'Credit Note',
        docs: [{ num: 1, from: note!.number, to: note!.number, totnum: 1, cancel: 0, net_issue: 1 }],
      },
    ])
    const b2cs = data.b2cs.reduce((a: number, r: { txval: number }) => a + r.txval, 0)
    expect(b2cs).toBe(totals.net.taxable)

    // The same table as the offline tool's CSV.
    const csv = await app.inject({
      url: '/api/v1/admin/gst/gstr1.csv?month=2031-07&table=b2cs',
      headers: staff.auth,
    })
    expect(csv.statusCode, csv.body).toBe(200)
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(csv.headers['content-disposition']).toBe('attachment; filename="gstr1-2031-07-b2cs.csv"')
    expect(csv.body).toBe(
      'Type,Place Of Supply,Rate,Applicable % of Tax Rate,Taxable Value,Cess Amount,E-Commerce GSTIN\r\n' +
        'OE,09-Uttar Pradesh,5.00,,2000.00,0.00,\r\n',
    )
  })

  it('answers an empty return for a month with nothing issued, and refuses a bad month or a customer', async () => {
    const empty = await gstr1('2030-02')
    expect(empty.statusCode, empty.body).toBe(200)
    expect(empty.json().data).toMatchObject({ fp: '022030', b2b: [], b2cl: [], b2cs: [], cdnur: [] })
    expect(empty.json().data.doc_issue.doc_det).toEqual([])
    expect(empty.json().totals.net).toEqual({ count: 0, taxable: 0, cgst: 0, sgst: 0, igst: 0, total: 0 })

    for (const month of ['2031-13', '31-07', 'July', '']) {
      const bad = await gstr1(month)
      expect(bad.statusCode, month).toBe(400)
      expect(bad.json().message).toContain('YYYY-MM')
    }
    const table = await app.inject({
      url: '/api/v1/admin/gst/gstr1.csv?month=2031-07&table=gstr3b',
      headers: staff.auth,
    })
    expect(table.statusCode).toBe(400)
    expect(table.json().message).toContain('b2cs')
    const customer = await makeCustomer(app)
    expect((await gstr1('2031-07', customer)).statusCode).toBe(403)
  })
})
