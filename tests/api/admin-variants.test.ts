import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listPriceBelowPrice } from '../../contracts/admin.ts'
import { variantText } from '../../contracts/admin-variants.ts'
import { productCsvColumns, productCsvText } from '../../contracts/product-csv.ts'
import { newId } from '../../server/db/ids.ts'
import { auditLog, products } from '../../server/db/schema.ts'
import { parseCsv, writeCsv } from '../../server/lib/csv.ts'
import { bulkVariantText } from '../../server/modules/admin/products/bulk.ts'
import { makeAdmin, makeProduct, type Person } from '../support/factories.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'

/** A product's options and variants in the console (decision 129): the table, stock, CSV files, bulk work. */

let app: TestApp
let owner: Person
beforeAll(async () => {
  app = await createTestApp()
  owner = await makeAdmin(app, 'Meera')
})
afterAll(() => app?.cleanup())

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  app.inject({
    method,
    url: `/api/v1/admin${url}`,
    headers: owner.auth,
    ...(payload === undefined ? {} : { payload: payload as object }),
  })

type Row = {
  _id?: string
  options: string[]
  sku: string
  price: number
  cutPrice: number
  quantity: number
  weight?: number | null
  imageId?: string | null
}
const row = (options: string[], sku: string, price: number, quantity: number, over: Partial<Row> = {}) => ({
  options,
  sku,
  price,
  cutPrice: price,
  quantity,
  ...over,
})
const saveVariants = (id: string, options: Array<{ name: string; values: string[] }>, variants: Row[]) =>
  call('PUT', `/products/${id}/variants`, { options, variants })

/** A kurta with two sizes and two colours, S / Indigo the default; stamped so searches find only it. */
async function kurta() {
  const stamp = newId().slice(-8).toUpperCase()
  const made = await makeProduct(app, {
    title: `Chikankari Kurta ${stamp}`,
    sku: `KURTA-${stamp}`,
    price: 1499_00,
    cutPrice: 1999_00,
    quantity: 7,
    hsnCode: '6211',
  })
  const options = [
    { name: 'Size', values: ['S', 'M'] },
    { name: 'Colour', values: ['Indigo', 'Red'] },
  ]
  const variants = [
    row(['S', 'Indigo'], `K-${stamp}-S-IND`, 1499, 2, { cutPrice: 1999, weight: 300 }),
    row(['S', 'Red'], `K-${stamp}-S-RED`, 1499, 0),
    row(['M', 'Indigo'], `K-${stamp}-M-IND`, 1599, 3, { cutPrice: 1999 }),
    row(['M', 'Red'], `K-${stamp}-M-RED`, 1599, 1),
  ]
  const res = await saveVariants(made.id, options, variants)
  expect(res.statusCode, res.body).toBe(200)
  return { ...made, sku: `KURTA-${stamp}`, stamp, options, variants, saved: res.json().data }
}

describe('options and variants on the product page of the console', () => {
  it('saves options and a variant per combination; the product follows its first variant and their stock', async () => {
    const k = await kurta()
    const p = k.saved
    expect(p.options).toEqual(k.options)
    expect(p.variants.map((v: { title: string }) => v.title)).toEqual([
      'S / Indigo',
      'S / Red',
      'M / Indigo',
      'M / Red',
    ])
    expect(p.variants[0]).toMatchObject({
      options: ['S', 'Indigo'],
      sku: k.variants[0].sku,
      price: 1499,
      cutPrice: 1999,
      discount: 25,
      quantity: 2,
      weight: 300,
      imageId: null,
      effectiveGstRate: 5,
    })
    expect(p).toMatchObject({ price: 1499, cutPrice: 1999, discount: 25, quantity: 6 })

    // The shop answers them too; the list says how many.
    const shop = (await app.inject({ method: 'GET', url: `/api/v1/Product/product?id=${k.id}` })).json()
    expect(shop.product.options).toEqual(k.options)
    expect(shop.product.variants).toHaveLength(4)
    const list = (await call('GET', `/products?q=${k.stamp}`)).json().data.items
    expect(list).toMatchObject([{ _id: k.id, variantCount: 4, quantity: 6 }])

    // A change keeps the variants it names (their ids), drops the others; a picture is one of the product's.
    const imageId = p.images[0]._id
    const kept = p.variants.slice(0, 3).map((v: Row & { _id: string }) => ({
      _id: v._id,
      options: v.options,
      sku: v.sku,
      price: v.price,
      cutPrice: v.cutPrice,
      quantity: v.quantity,
      weight: v.weight,
      imageId: v.options[1] === 'Red' ? imageId : null,
    }))
    kept[2].price = 1699
    kept[2].cutPrice = 1699
    const changed = await saveVariants(
      k.id,
      [
        { name: 'Size', values: ['S', 'M'] },
        { name: 'Colour', values: ['Indigo', 'Red'] },
      ],
      kept,
    )
    expect(changed.statusCode, changed.body).toBe(200)
    const after = changed.json().data
    expect(after.variants.map((v: { _id: string }) => v._id)).toEqual(kept.map((v: { _id: string }) => v._id))
    expect(after.variants[1]).toMatchObject({ imageId, image: p.images[0].url })
    expect(after.variants[2]).toMatchObject({ price: 1699, cutPrice: 1699, discount: 0 })
    expect(after.quantity).toBe(5)

    // The product's own price and stock follow the variants whatever its form sends.
    const form = await call('PUT', `/products/${k.id}`, {
      title: after.title,
      sku: after.sku,
      price: 10,
      cutPrice: 20,
      quantity: 99,
    })
    expect(form.statusCode, form.body).toBe(200)
    expect(form.json().data).toMatchObject({ price: 1499, cutPrice: 1999, quantity: 5 })

    const [entry] = await app.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, k.id))
      .orderBy(auditLog.createdAt)
      .limit(1)
    expect(entry).toMatchObject({ action: 'product.update', actorId: owner.id })
    expect((entry.after as { variants: unknown[] }).variants).toHaveLength(4)

    // No options: sold as one piece again, its own price and stock its own.
    const none = await saveVariants(k.id, [], [])
    expect(none.statusCode, none.body).toBe(200)
    expect(none.json().message).toBe(variantText.removed)
    expect(none.json().data).toMatchObject({ options: [], variants: [], price: 1499, quantity: 5 })
    const piece = await call('PUT', `/products/${k.id}`, {
      title: after.title,
      sku: after.sku,
      price: 1299,
      cutPrice: 1299,
      quantity: 4,
    })
    expect(piece.json().data).toMatchObject({ price: 1299, quantity: 4 })
  })

  it('a variant sold above a threshold takes the rate of its own price', async () => {
    const k = await kurta()
    const dear = await saveVariants(
      k.id,
      [{ name: 'Size', values: ['S', 'XL'] }],
      [row(['S'], `${k.stamp}-S`, 1499, 1), row(['XL'], `${k.stamp}-XL`, 3999, 1)],
    )
    expect(dear.statusCode, dear.body).toBe(200)
    expect(dear.json().data.variants.map((v: { effectiveGstRate: number }) => v.effectiveGstRate)).toEqual([
      5, 18,
    ])
  })

  it('refuses options and variants that do not add up, saying which and why', async () => {
    const k = await kurta()
    const other = await kurta()
    const size = { name: 'Size', values: ['S', 'M'] }
    const two = [row(['S'], `${k.stamp}-1`, 100, 1), row(['M'], `${k.stamp}-2`, 100, 1)]
    const cases: Array<[Array<{ name: string; values: string[] }>, Row[], string]> = [
      [[{ name: 'Size', values: ['S', 'M', 's'] }], two, variantText.valueTwice('s', 'Size')],
      [[size, { name: 'Colour', values: [] }], two, variantText.noValues('Colour')],
      [
        [size, { name: 'A', values: ['1'] }, { name: 'B', values: ['1'] }, { name: 'C', values: ['1'] }],
        two,
        variantText.tooManyOptions,
      ],
      [[size, { name: 'size', values: ['1'] }], two, variantText.optionTwice('size')],
      [[size], [], variantText.optionsWithoutVariants],
      [[], two, variantText.variantsWithoutOptions],
      [[size], [two[0], row(['S'], `${k.stamp}-3`, 100, 1)], variantText.combinationTwice('S', 1, 2)],
      [[size], [two[0]], variantText.unusedValue('M', 'Size')],
      [[size], [two[0], row(['L'], `${k.stamp}-3`, 100, 1)], variantText.notAValue('Row 2 (L)', 'L', 'Size')],
      [[size], [two[0], row(['M'], `${k.stamp}-1`, 100, 1)], variantText.skuTwice(`${k.stamp}-1`, 1, 2)],
      [[size], [two[0], row(['M'], k.sku, 100, 1)], variantText.skuOfProduct('Row 2 (M)', k.sku)],
      [
        [size],
        [two[0], row(['M'], other.sku.toLowerCase(), 100, 1)],
        variantText.skuOfOtherProduct('Row 2 (M)', other.sku.toLowerCase(), other.title),
      ],
      [
        [size],
        [two[0], row(['M'], other.variants[1].sku, 100, 1)],
        variantText.skuOfOtherVariant('Row 2 (M)', other.variants[1].sku, other.title),
      ],
      [
        [size],
        [two[0], row(['M'], `${k.stamp}-2`, 500, 1, { cutPrice: 400 })],
        variantText.listPriceBelow('Row 2 (M)', 500, 400),
      ],
    ]
    for (const [options, variants, message] of cases) {
      const res = await saveVariants(k.id, options, variants)
      expect(res.statusCode, message).toBe(400)
      expect(res.json().message).toBe(message)
    }
    expect(variantText.listPriceBelow('Row 2 (M)', 500, 400)).toContain(listPriceBelowPrice(500, 400))
    // Nothing was written.
    expect((await call('GET', `/products/${k.id}`)).json().data.variants).toHaveLength(4)
    // A product's own SKU cannot be one a variant has.
    const taken = await call('PUT', `/products/${k.id}`, {
      title: k.title,
      sku: other.variants[0].sku,
      price: 1,
      cutPrice: 1,
      quantity: 1,
    })
    expect(taken.statusCode).toBe(400)
    expect(taken.json().errors.sku).toBe(`A variant of '${other.title}' already has this SKU.`)
  })
})

describe('stock per variant', () => {
  it('adds to and takes from one variant; a product with variants refuses a change of its own', async () => {
    const k = await kurta()
    const red = k.saved.variants[3]
    const added = await call('POST', `/products/${k.id}/stock`, { change: 4, variantId: red._id })
    expect(added.statusCode, added.body).toBe(200)
    expect(added.json().message).toBe('Stock of M / Red: now 5 pieces')
    expect(added.json().data.variants[3].quantity).toBe(5)
    expect(added.json().data.quantity).toBe(10)

    const whole = await call('POST', `/products/${k.id}/stock`, { change: 4 })
    expect(whole.statusCode).toBe(400)
    expect(whole.json().message).toBe(variantText.stockPerVariant)
    const tooMany = await call('POST', `/products/${k.id}/stock`, { change: -6, variantId: red._id })
    expect(tooMany.statusCode).toBe(409)
    expect(tooMany.json().message).toBe('Only 5 pieces in stock, so 6 cannot be taken away.')
    const stranger = await call('POST', `/products/${k.id}/stock`, { change: 1, variantId: newId() })
    expect(stranger.json().message).toBe(variantText.noVariantOfProduct)

    const piece = await makeProduct(app, { quantity: 3 })
    const taken = await call('POST', `/products/${piece.id}/stock`, { change: -2 })
    expect(taken.statusCode, taken.body).toBe(200)
    expect(taken.json().data.quantity).toBe(1)
    const wrong = await call('POST', `/products/${piece.id}/stock`, { change: 1, variantId: red._id })
    expect(wrong.json().message).toBe(variantText.productHasNoVariants)
  })
})

const headings = productCsvColumns.map((c) => c.heading)
function table(csv: string) {
  const [head, ...rest] = parseCsv(csv)
  return rest.map((r) => Object.fromEntries(head.cells.map((h, i) => [h, r.cells[i] ?? ''])))
}
const toCsv = (rows: Array<Partial<Record<string, string>>>) =>
  writeCsv([headings, ...rows.map((r) => headings.map((h) => r[h] ?? ''))], { bom: true })
const exportOf = async (q: string) => {
  const res = await call('GET', `/products/export.csv?q=${q}`)
  expect(res.statusCode, res.body).toBe(200)
  return res.body
}
const importing = (path: string, csv: string) => call('POST', `/products/import${path}`, { csv })

describe('variants in the product CSV files, one row each', () => {
  it('exports a row per variant, imports it again as no change, and changes exactly the edited variant', async () => {
    const k = await kurta()
    const file = await exportOf(k.stamp)
    const rows = table(file)
    expect(rows).toHaveLength(4)
    expect(rows[0]).toMatchObject({
      ID: k.id,
      SKU: k.sku,
      Name: k.title,
      'Price (₹)': '1499.00',
      Stock: '6',
      'Option1 name': 'Size',
      'Option1 value': 'S',
      'Option2 name': 'Colour',
      'Option2 value': 'Indigo',
      'Variant SKU': k.variants[0].sku,
      'Variant price': '1499.00',
      'Variant list price': '1999.00',
      'Variant stock': '2',
      'Variant weight (g)': '300',
    })
    // The following rows carry the product's ID and SKU and their variant's columns only.
    expect(rows[2]).toEqual({
      ...Object.fromEntries(headings.map((h) => [h, ''])),
      ID: k.id,
      SKU: k.sku,
      'Option1 value': 'M',
      'Option2 value': 'Indigo',
      'Variant SKU': k.variants[2].sku,
      'Variant price': '1599.00',
      'Variant list price': '1999.00',
      'Variant stock': '3',
    })

    const same = await importing('/preview', file)
    expect(same.statusCode, same.body).toBe(200)
    expect(same.json().data).toMatchObject({ creates: 0, updates: 0, unchanged: 1, errors: 0 })
    expect(same.json().data.notes).toContain(productCsvText.variantsFollow)

    // M / Indigo has a list price of its own: only its price changes.
    rows[2]['Variant price'] = '1,649'
    const edited = toCsv(rows)
    const dry = await importing('/preview', edited)
    expect(dry.json().data.rows).toEqual([
      {
        row: 2,
        _id: k.id,
        title: k.title,
        outcome: 'update',
        changes: ['variant M / Indigo price ₹1,599.00 → ₹1,649.00'],
        errors: [],
      },
    ])
    const done = await importing('', edited)
    expect(done.statusCode, done.body).toBe(200)
    expect(done.json().data).toEqual({ created: 0, updated: 1, unchanged: 0 })
    const again = table(await exportOf(k.stamp))
    rows[2]['Variant price'] = '1649.00'
    expect(again).toEqual(rows)
    const saved = (await call('GET', `/products/${k.id}`)).json().data
    expect(saved.variants.map((v: { _id: string }) => v._id)).toEqual(
      k.saved.variants.map((v: { _id: string }) => v._id),
    )
  })

  it('adds a new product with variants, grouped by its SKU, and removes a product’s variants when its rows have none', async () => {
    const k = await kurta()
    const stamp = newId().slice(-8).toUpperCase()
    const rows = [
      {
        SKU: `DUP-${stamp}`,
        Name: `Bandhani Dupatta ${stamp}`,
        'Price (₹)': '1',
        Stock: '0',
        'Option1 name': 'Colour',
        'Option1 value': 'Red',
        'Variant SKU': `DUP-${stamp}-R`,
        'Variant price': '899',
        'Variant list price': '999',
        'Variant stock': '2',
      },
      {
        SKU: `DUP-${stamp}`,
        'Option1 value': 'Green',
        'Variant SKU': `DUP-${stamp}-G`,
        'Variant price': '949',
        'Variant stock': '3',
      },
      // The kurta's row without variant columns: sold as one piece again.
      { ...table(await exportOf(k.stamp))[0], ...Object.fromEntries(variantHeadings.map((h) => [h, ''])) },
    ]
    const dry = await importing('/preview', toCsv(rows))
    expect(dry.statusCode, dry.body).toBe(200)
    const data = dry.json().data
    expect(data.rows[0]).toMatchObject({ row: 2, outcome: 'create', errors: [] })
    expect(data.rows[1]).toMatchObject({ row: 4, _id: k.id, outcome: 'update' })
    expect(data.rows[1].changes).toEqual([
      'options Size (S, M); Colour (Indigo, Red) → none',
      'variant S / Indigo removed',
      'variant S / Red removed',
      'variant M / Indigo removed',
      'variant M / Red removed',
    ])
    const done = await importing('', toCsv(rows))
    expect(done.statusCode, done.body).toBe(200)
    const [dupatta] = await app.database.db
      .select()
      .from(products)
      .where(eq(products.sku, `DUP-${stamp}`))
    const made = (await call('GET', `/products/${dupatta.id}`)).json().data
    expect(made).toMatchObject({
      options: [{ name: 'Colour', values: ['Red', 'Green'] }],
      price: 899,
      cutPrice: 999,
      quantity: 5,
    })
    expect(made.variants.map((v: { sku: string }) => v.sku)).toEqual([`DUP-${stamp}-R`, `DUP-${stamp}-G`])
    const kurtaNow = (await call('GET', `/products/${k.id}`)).json().data
    expect(kurtaNow).toMatchObject({ options: [], variants: [], price: 1499, quantity: 6 })
  })

  it('says what is wrong with a variant’s row, naming the row', async () => {
    const k = await kurta()
    const rows = table(await exportOf(k.stamp))
    rows[1]['Variant price'] = 'lots'
    rows[2]['Option1 value'] = 'S'
    rows[2]['Option2 value'] = 'Red'
    const dry = await importing('/preview', toCsv(rows))
    expect(dry.json().data.rows[0].errors).toEqual([
      {
        column: 'Variant price',
        message: "Row 3: enter the variant's price in rupees, such as 1650.00 (found 'lots').",
      },
    ])
    rows[1]['Variant price'] = '1499'
    // A product's own columns are read from its first row only, and the dry run says so.
    rows[3].Name = 'Another name'
    const twice = await importing('/preview', toCsv(rows))
    expect(twice.json().data.notes).toContain(
      "Row 5: only the variant columns are read there; a product's own columns are read from its first row.",
    )
    expect(twice.json().data.rows[0].errors).toEqual([
      { column: 'Option1 value', message: variantText.combinationTwice('S / Red', 3, 4) },
    ])
  })
})

const variantHeadings = headings.filter((h) => /^(Option\d|Variant) /.test(h))

describe('bulk price work on products with variants', () => {
  it('changes every variant by the percentage, the product following, and the undo puts them back', async () => {
    const k = await kurta()
    const piece = await makeProduct(app, { title: `Brass Diya ${k.stamp}`, price: 500_00, cutPrice: 500_00 })
    const action = { kind: 'changePrice', percent: 10, rounding: 'rupee', listPrice: 'scale' }
    const preview = await call('POST', '/products/bulk/preview', { ids: [k.id, piece.id], action })
    expect(preview.statusCode, preview.body).toBe(200)
    const p = preview.json().data
    expect(p.changes).toBe(2)
    expect(p.notes).toContain(
      "1 product has variants: the prices of their 4 variants change the same way; each shows its first variant's price here.",
    )
    const kurtaRow = p.rows.find((r: { _id: string }) => r._id === k.id)
    expect(kurtaRow.after).toMatchObject({ price: 1649, cutPrice: 2199 })

    const done = await call('POST', '/products/bulk', { ids: [k.id, piece.id], action, expectedCount: 2 })
    expect(done.statusCode, done.body).toBe(200)
    expect(done.json().data).toMatchObject({ changed: 2, failed: [] })
    const after = (await call('GET', `/products/${k.id}`)).json().data
    expect(after.variants.map((v: { price: number }) => v.price)).toEqual([1649, 1649, 1759, 1759])
    expect(after.variants.map((v: { cutPrice: number }) => v.cutPrice)).toEqual([2199, 1649, 2199, 1759])
    expect(after).toMatchObject({ price: 1649, cutPrice: 2199 })

    const undo = await call('POST', `/products/bulk/${done.json().data.changeId}/undo`)
    expect(undo.statusCode, undo.body).toBe(200)
    expect(undo.json().data).toMatchObject({ changed: 2, failed: [] })
    const back = (await call('GET', `/products/${k.id}`)).json().data
    expect(back.variants.map((v: { price: number }) => v.price)).toEqual([1499, 1499, 1599, 1599])
    expect(back.variants.map((v: { cutPrice: number }) => v.cutPrice)).toEqual([1999, 1499, 1999, 1599])
    expect(back).toMatchObject({ price: 1499, cutPrice: 1999, quantity: 6 })
  })

  it('leaves a variant changed again since as it is on undo, and refuses a set price or stock, saying why', async () => {
    const k = await kurta()
    const action = { kind: 'changePrice', percent: -10, rounding: 'paisa', listPrice: 'keep' }
    const done = await call('POST', '/products/bulk', { ids: [k.id], action })
    expect(done.json().data.changed).toBe(1)
    const now = (await call('GET', `/products/${k.id}`)).json().data
    const edited = now.variants.map((v: Row & { _id: string }, i: number) => ({
      _id: v._id,
      options: v.options,
      sku: v.sku,
      price: i === 1 ? 1000 : v.price,
      cutPrice: v.cutPrice,
      quantity: v.quantity,
      weight: v.weight,
    }))
    expect((await saveVariants(k.id, k.options, edited)).statusCode).toBe(200)
    const undo = await call('POST', `/products/bulk/${done.json().data.changeId}/undo`)
    expect(undo.json().data.failed).toEqual([
      { _id: k.id, title: k.title, reason: bulkVariantText.variantChangedSince('S / Red', 1000_00) },
    ])

    for (const [kind, extra, reason] of [
      ['setPrice', { price: 999 }, bulkVariantText.setPrice],
      ['setStock', { quantity: 5 }, bulkVariantText.stock],
      ['changeStock', { change: 5 }, bulkVariantText.stock],
    ] as const) {
      const res = await call('POST', '/products/bulk', { ids: [k.id], action: { kind, ...extra } })
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json().data).toMatchObject({ changed: 0, failed: [{ _id: k.id, reason }] })
    }
  })
})
