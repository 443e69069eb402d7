import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { productCsvColumns, productCsvText, productImportLimits } from '../../contracts/product-csv.ts'
import { invoices, products } from '../../server/db/schema.ts'
import { parseCsv, utf8Bom, writeCsv } from '../../server/lib/csv.ts'
import { orderCsvHeadings } from '../../server/modules/admin/orders/export.ts'
import { notYourArea } from '../../server/plugins/auth.ts'
import {
  insertOrder,
  makeAdmin,
  makeCustomer,
  makeProduct,
  makeStaff,
  type Person,
} from '../support/factories.ts'
import { insertCatalogue } from '../support/fixtures.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'

/** The product and order CSV files of the console, and the product import with its dry run (decision 093). */

let app: TestApp
let owner: Person
let catalogueStaff: Person
let ordersStaff: Person
// Read only: the imports change only products their tests made.
let fx: Awaited<ReturnType<typeof insertCatalogue>>

beforeAll(async () => {
  app = await createTestApp()
  fx = await insertCatalogue(app.database.db)
})
beforeEach(async () => {
  owner = await makeAdmin(app, 'Meera')
  catalogueStaff = await makeStaff(app, 'catalogue', 'Kiran')
  ordersStaff = await makeStaff(app, 'orders', 'Ravi')
})
afterAll(() => app?.cleanup())

const headings = productCsvColumns.map((c) => c.heading)
const get = (who: Person, url: string) =>
  app.inject({ method: 'GET', url: `/api/v1/admin${url}`, headers: who.auth })
const send = (who: Person, url: string, csv: string) =>
  app.inject({ method: 'POST', url: `/api/v1/admin${url}`, headers: who.auth, payload: { csv } })

/** The exported file's records as objects keyed by heading. */
function table(csv: string) {
  const [head, ...rest] = parseCsv(csv)
  return rest.map((r) => Object.fromEntries(head.cells.map((h, i) => [h, r.cells[i] ?? ''])))
}
const toCsv = (rows: Array<Partial<Record<string, string>>>) =>
  writeCsv([headings, ...rows.map((r) => headings.map((h) => r[h] ?? ''))], { bom: true })

/** Every product as stored, without the times (an import that changes nothing leaves these equal). */
const snapshot = async () =>
  (await app.database.db.select().from(products).orderBy(products.id)).map(
    ({ updatedAt: _u, ...rest }) => rest,
  )

async function exported(who: Person, query = '') {
  const res = await get(who, `/products/export.csv${query}`)
  expect(res.statusCode, res.body).toBe(200)
  return res
}

describe('the product export', () => {
  it('writes every product the filters match, with names, rupees and a byte-order mark, safe from formulas', async () => {
    const tricky = await makeProduct(app, {
      title: '=HYPERLINK("http://evil.example","Click") मधुबनी',
      sku: '-TRICKY-1',
      price: 1650_00,
      cutPrice: 2400_00,
      categoryId: fx.art.id,
      subcategoryId: fx.madhubani.id,
      stateId: fx.bihar.id,
      quantity: 3,
      description: '<p>Fish, "two" of them,\nhand-painted</p>',
      hsnCode: '9701',
      gstRate: 18,
    })
    const res = await exported(owner)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"$/,
    )
    expect(res.body.startsWith(utf8Bom)).toBe(true)
    expect(parseCsv(res.body)[0].cells).toEqual(headings)
    const rows = table(res.body)
    expect(rows.length).toBe((await app.database.db.select().from(products)).length)
    const row = rows.find((r) => r.ID === tricky.id)!
    expect(row).toMatchObject({
      Name: `'=HYPERLINK("http://evil.example","Click") मधुबनी`,
      SKU: "'-TRICKY-1",
      Category: 'Art & Painting',
      Subcategory: 'Madhubani',
      State: 'Bihar',
      'Price (₹)': '1650.00',
      'MRP (₹)': '2400.00',
      Stock: '3',
      Approved: 'yes',
      'Description (HTML)': '<p>Fish, "two" of them,\nhand-painted</p>',
      'HSN code': '9701',
      'GST rate (%)': '18',
      'GST rate fixed': 'no',
      'Unit (UQC)': 'PCS',
      Archived: 'no',
    })
    expect(row['Picture addresses']).toBe(`http://localhost:3000/uploads/products/${tricky.id}/1-800.webp`)

    const handloom = table((await exported(owner, `?categoryId=${fx.handloom.id}`)).body)
    expect(handloom.length).toBeGreaterThan(0)
    expect(handloom.every((r) => r.Category === 'Handloom')).toBe(true)
    const searched = table((await exported(owner, '?q=TRICKY')).body)
    expect(searched.map((r) => r.ID)).toEqual([tricky.id])
  })

  it('is refused to Orders staff', async () => {
    const res = await get(ordersStaff, '/products/export.csv')
    expect(res.statusCode).toBe(403)
    expect(res.json().message).toBe(notYourArea)
    expect((await send(ordersStaff, '/products/import/preview', 'x')).statusCode).toBe(403)
    expect((await send(ordersStaff, '/products/import', 'x')).statusCode).toBe(403)
  })
})

describe('the product import', () => {
  it('round-trips: an exported file, imported again, changes nothing', async () => {
    await makeProduct(app, {
      title: '@Chikankari Kurta, "white"',
      sku: '-KURTA',
      cutPrice: 1200_00,
      description: '<p>Soft <b>cotton</b></p><ul><li>one</li><li>two</li></ul>',
      youtubeVideoLink: 'https://www.youtube.com/watch?v=abc123',
      isApproved: false,
      categoryId: fx.handloom.id,
      subcategoryId: fx.sarees.id,
    })
    const before = await snapshot()
    const file = (await exported(catalogueStaff)).body
    const preview = await send(catalogueStaff, '/products/import/preview', file)
    expect(preview.statusCode, preview.body).toBe(200)
    const data = preview.json().data
    expect(data.rows.filter((r: { outcome: string }) => r.outcome !== 'unchanged')).toEqual([])
    expect(data).toMatchObject({ creates: 0, updates: 0, errors: 0, unchanged: before.length })
    expect(data.notes).toEqual([
      'Archived, Sold, Picture addresses: for reading only; the import leaves them as they are.',
    ])

    const done = await send(catalogueStaff, '/products/import', file)
    expect(done.statusCode, done.body).toBe(200)
    expect(done.json().data).toEqual({ created: 0, updated: 0, unchanged: before.length })
    expect(await snapshot()).toEqual(before)
  })

  it('shows what will change in the dry run, writes nothing, then applies it in one go with audit entries', async () => {
    const painting = await makeProduct(app, {
      title: 'Warli Tarpa Dance Painting',
      price: 1650_00,
      cutPrice: 2400_00,
      quantity: 3,
    })
    const rows = table((await exported(owner, '?q=Warli Tarpa')).body)
    expect(rows.length).toBe(1)
    rows[0]['Price (₹)'] = '1,850'
    rows[0].Stock = '10'
    rows.push({
      SKU: 'GOND-NEW-1',
      Name: 'Gond Deer Painting',
      Category: 'art & painting',
      Subcategory: 'Madhubani',
      State: 'Uttar Pradesh',
      'Price (₹)': '₹2,100.50',
      Stock: '2',
      Approved: 'no',
      'Description (HTML)': '<p>Dots and lines</p>',
    })
    const before = await snapshot()
    const preview = await send(owner, '/products/import/preview', toCsv(rows))
    expect(preview.statusCode, preview.body).toBe(200)
    expect(preview.json().data.rows).toEqual([
      {
        row: 2,
        _id: painting.id,
        title: 'Warli Tarpa Dance Painting',
        outcome: 'update',
        changes: ['price ₹1,650.00 → ₹1,850.00', 'stock 3 → 10'],
        errors: [],
      },
      { row: 3, _id: null, title: 'Gond Deer Painting', outcome: 'create', changes: [], errors: [] },
    ])
    expect(await snapshot()).toEqual(before)

    const done = await send(owner, '/products/import', toCsv(rows))
    expect(done.statusCode, done.body).toBe(200)
    expect(done.json().data).toEqual({ created: 1, updated: 1, unchanged: 0 })
    const [updated] = await app.database.db.select().from(products).where(eq(products.id, painting.id))
    expect(updated).toMatchObject({ price: 1850_00, cutPrice: 2400_00, discount: 22, quantity: 10 })
    const [created] = await app.database.db.select().from(products).where(eq(products.sku, 'GOND-NEW-1'))
    expect(created).toMatchObject({
      title: 'Gond Deer Painting',
      price: 2100_50,
      cutPrice: 2100_50,
      categoryId: fx.art.id,
      subcategoryId: fx.madhubani.id,
      stateId: fx.up.id,
      isApproved: false,
      quantity: 2,
    })
    const sentences: string[] = []
    for (const action of ['product.import-update', 'product.import-create']) {
      const audit = await get(owner, `/audit?action=${action}&pageSize=50`)
      sentences.push(...audit.json().data.items.map((e: { sentence: string }) => e.sentence))
    }
    expect(sentences).toEqual(
      expect.arrayContaining([
        'Meera changed Warli Tarpa Dance Painting from a CSV file: the price from ₹1,650.00 to ₹1,850.00 and the stock from 3 to 10',
        'Meera added the product Gond Deer Painting at ₹2,100.50 from a CSV file',
      ]),
    )
  })

  it('reads whether the GST rate is fixed and the unit, and refuses a unit the GST returns do not know', async () => {
    const kurta = await makeProduct(app, { title: 'Angrakha Kurta Set', hsnCode: '6211', gstRate: 5 })
    const rows = table((await exported(owner, '?q=Angrakha Kurta Set')).body)
    expect(rows.length).toBe(1)
    rows[0]['GST rate fixed'] = 'yes'
    rows[0]['Unit (UQC)'] = 'set'
    const preview = await send(owner, '/products/import/preview', toCsv(rows))
    expect(preview.json().data.rows[0]).toMatchObject({
      outcome: 'update',
      changes: ['GST rate fixed no → yes', 'unit PCS → SET'],
    })
    expect((await send(owner, '/products/import', toCsv(rows))).statusCode).toBe(200)
    const [updated] = await app.database.db.select().from(products).where(eq(products.id, kurta.id))
    expect(updated).toMatchObject({ gstRateFixed: true, uqc: 'SET' })
    rows[0]['Unit (UQC)'] = 'BUNDLE'
    rows[0]['GST rate fixed'] = 'maybe'
    const bad = await send(owner, '/products/import/preview', toCsv(rows))
    expect(bad.json().data.rows[0].errors).toEqual([
      { column: 'GST rate fixed', message: "Write yes or no (found 'maybe')." },
      { column: 'Unit (UQC)', message: expect.stringContaining('The unit is one of PCS, NOS, SET') },
    ])
  })

  it('shows each bad row’s errors by row and column, and imports nothing while any remain', async () => {
    const before = await snapshot()
    const rows = [
      { SKU: 'GOOD-ROW-1', Name: 'A good row', 'Price (₹)': '500', Stock: '1' },
      { SKU: 'BAD-ROW-1', Name: 'A bad row', Category: 'Pottery', 'Price (₹)': 'five hundred', Stock: '1.5' },
      { SKU: 'GOOD-ROW-1', Name: '', 'Price (₹)': '10', 'MRP (₹)': '5', Stock: '1', Approved: 'maybe' },
      { ID: 'aaaaaaaaaaaaaaaaaaaaaaaa', SKU: 'GHOST-1', Name: 'Ghost', 'Price (₹)': '10', Stock: '1' },
    ]
    const preview = await send(owner, '/products/import/preview', toCsv(rows))
    expect(preview.statusCode, preview.body).toBe(200)
    const data = preview.json().data
    expect(data).toMatchObject({ creates: 1, errors: 3 })
    const errorsOf = (row: number) =>
      data.rows.find((r: { row: number }) => r.row === row).errors as Array<{
        column: string
        message: string
      }>
    expect(errorsOf(3)).toEqual([
      {
        column: 'Category',
        message: "There is no category called 'Pottery'. Use a name from Categories, or leave it empty.",
      },
      { column: 'Price (₹)', message: "Enter the price in rupees, such as 1650.00 (found 'five hundred')." },
      { column: 'Stock', message: "Enter the stock as a whole number, such as 5 (found '1.5')." },
    ])
    expect(errorsOf(4)).toEqual(
      expect.arrayContaining([
        { column: 'Approved', message: "Write yes or no (found 'maybe')." },
        { column: 'Name', message: 'Enter the title.' },
        { column: 'SKU', message: 'Row 2 has the same SKU; each product needs its own.' },
        expect.objectContaining({ column: 'MRP (₹)' }),
      ]),
    )
    expect(errorsOf(5)).toEqual([
      {
        column: 'ID',
        message: "No product has the ID 'aaaaaaaaaaaaaaaaaaaaaaaa'. Leave the ID empty to add a new product.",
      },
    ])

    const refused = await send(owner, '/products/import', toCsv(rows))
    expect(refused.statusCode).toBe(422)
    expect(refused.json().message).toBe(productCsvText.hasErrors(3))
    expect(await snapshot()).toEqual(before)
  })

  it('refuses a file too large, too long, without its columns or broken, saying why', async () => {
    const big = `${headings.join(',')}\r\n${'x'.repeat(productImportLimits.bytes)}`
    const tooLarge = await send(owner, '/products/import/preview', big)
    expect(tooLarge.statusCode).toBe(400)
    expect(tooLarge.json().message).toMatch(/^This file is 2 MB; the import takes files of up to 2 MB/)

    const long = toCsv(
      Array.from({ length: productImportLimits.rows + 1 }, (_, i) => ({
        SKU: `MANY-${i}`,
        Name: `Many ${i}`,
        'Price (₹)': '10',
        Stock: '1',
      })),
    )
    const tooLong = await send(owner, '/products/import/preview', long)
    expect(tooLong.statusCode).toBe(400)
    expect(tooLong.json().message).toBe(productCsvText.tooManyRows(productImportLimits.rows + 1))

    const noColumns = await send(owner, '/products/import/preview', 'Name,Price\r\nKurta,10\r\n')
    expect(noColumns.statusCode).toBe(400)
    expect(noColumns.json().message).toBe(productCsvText.missingColumns(['SKU', 'Stock']))

    const broken = await send(owner, '/products/import/preview', 'SKU,Name,Price,Stock\r\nA,"open,10,1\r\n')
    expect(broken.statusCode).toBe(400)
    expect(broken.json().message).toMatch(/^Row 2: a quoted cell is never closed/)

    expect((await send(owner, '/products/import/preview', '')).json().message).toBe(productCsvText.empty)
  })
})

describe('the order export', () => {
  it('writes the orders the list’s filters match, one row each with its items, money and invoice', async () => {
    const customer = await makeCustomer(app, 'Asha Verma')
    const p = await makeProduct(app, { title: 'Banarasi Saree', price: 4500_00 })
    const q = await makeProduct(app, { title: '+Brass Diya', price: 250_00 })
    const shipped = await insertOrder(
      app,
      customer.id,
      [
        { id: p.id, price: 4500_00, quantity: 2 },
        { id: q.id, price: 250_00 },
      ],
      {
        status: 'Shipped',
        paymentStatus: 'Paid',
        shippingLink: 'https://track.example.in/ABC123',
        createdAt: new Date('2026-03-14T12:35:00Z'),
        discountAmount: 500_00,
        total: 8750_00,
        shippingEmail: 'asha@example.in',
      },
    )
    await app.database.db.insert(invoices).values({
      orderId: shipped.id,
      kind: 'invoice',
      number: 'INV/2025-26/000042',
      financialYear: '2025-26',
      serial: 42,
      issuedAt: new Date('2026-03-14T12:40:00Z'),
      placeOfSupply: 'Uttar Pradesh',
      supplier: {},
      recipient: {},
      intraState: true,
      lines: [],
      taxable: 0,
      cgst: 0,
      sgst: 0,
      igst: 0,
      total: 8750_00,
    })
    const cod = await insertOrder(app, customer.id, [{ id: q.id, price: 250_00 }], {
      status: 'Pending',
      paymentStatus: 'Pay on delivery',
      paymentMethod: 'COD',
      codFee: 50_00,
      total: 300_00,
      createdAt: new Date('2026-03-20T05:00:00Z'),
    })

    const res = await get(ordersStaff, '/orders/export.csv?status=Shipped')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.body.startsWith(utf8Bom)).toBe(true)
    const records = parseCsv(res.body)
    expect(records[0].cells).toEqual([...orderCsvHeadings])
    const rows = table(res.body)
    expect(rows.map((r) => r['Order number'])).toEqual([shipped.orderNumber])
    // An order's lines have no order of their own: compare them as a set.
    const { Items: items, ...rest } = rows[0]
    expect(items.split('; ').sort()).toEqual(['Item × 1', 'Item × 2'])
    expect(rest).toEqual({
      'Order number': shipped.orderNumber,
      Date: '2026-03-14 18:05',
      Customer: 'Asha Verma',
      'E-mail': 'asha@example.in',
      Phone: '9876543210',
      City: 'Lucknow',
      State: 'Uttar Pradesh',
      PIN: '226001',
      'Subtotal (₹)': '9250.00',
      'Discount (₹)': '500.00',
      'COD fee (₹)': '0.00',
      'Shipping (₹)': '0.00',
      'Total (₹)': '8750.00',
      'Payment mode': 'Online',
      'Payment status': 'Paid',
      'Fulfilment status': 'Shipped',
      'Tracking link': 'https://track.example.in/ABC123',
      'Invoice number': 'INV/2025-26/000042',
    })

    const byDate = table((await get(ordersStaff, '/orders/export.csv?from=2026-03-20&to=2026-03-20')).body)
    expect(byDate.map((r) => r['Order number'])).toEqual([cod.orderNumber])
    expect(byDate[0]).toMatchObject({
      'Payment mode': 'Cash on delivery',
      'Payment status': 'Pay on delivery',
      'COD fee (₹)': '50.00',
      'Invoice number': '',
    })
    const byCustomer = table(
      (await get(owner, `/orders/export.csv?q=${encodeURIComponent(customer.email)}`)).body,
    )
    expect(byCustomer.map((r) => r['Order number']).sort()).toEqual(
      [shipped.orderNumber, cod.orderNumber].sort(),
    )
  })

  it('is refused to Catalogue staff', async () => {
    const res = await get(catalogueStaff, '/orders/export.csv')
    expect(res.statusCode).toBe(403)
  })
})
