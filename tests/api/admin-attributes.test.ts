import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { productAttributeText } from '../../contracts/admin.ts'
import { productCsvColumns } from '../../contracts/product-csv.ts'
import { newId } from '../../server/db/ids.ts'
import { auditLog, products } from '../../server/db/schema.ts'
import { parseCsv, writeCsv } from '../../server/lib/csv.ts'
import { makeAdmin, makeProduct, makeProductWithVariants, type Person } from '../support/factories.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'
import { productBody } from './admin-helpers.ts'

/** Materials, techniques and colours in the console and its CSV files (decision 130, issue 32). */

let app: TestApp
let owner: Person
beforeAll(async () => {
  app = await createTestApp()
  owner = await makeAdmin(app, 'Meera')
})
afterAll(() => app?.cleanup())

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  app.inject({ method, url: `/api/v1/admin${url}`, headers: owner.auth, payload })
const stored = async (id: string) => {
  const [row] = await app.database.db.select().from(products).where(eq(products.id, id))
  return { materials: row.materials, techniques: row.techniques, colours: row.colours }
}
/** A tag of the test's own, so searches and counts see only its products. */
const tagged = () => newId().slice(-8).toUpperCase()

describe('materials, techniques and colours on the product form', () => {
  it('saves them tidied, reads them back, leaves them alone when not sent, and audits a change', async () => {
    const created = await call(
      'POST',
      '/products',
      productBody({
        isApproved: true,
        materials: ' Silk ,  Zari, SILK,, silk ',
        techniques: ['Handloom   weaving', 'Block print, block PRINT'],
        colours: 'Indigo',
      }),
    )
    expect(created.statusCode, created.body).toBe(200)
    const p = created.json().data
    const tidy = {
      materials: ['Silk', 'Zari'],
      techniques: ['Handloom weaving', 'Block print'],
      colours: ['Indigo'],
    }
    expect(p).toMatchObject(tidy)
    expect((await call('GET', `/products/${p._id}`)).json().data).toMatchObject(tidy)
    expect(await stored(p._id)).toEqual(tidy)

    // The shop's filters find it by a value as saved.
    const shop = await app.inject({ url: '/api/v1/Product/products?material=Zari' })
    expect(shop.json().data.map((x: { _id: string }) => x._id)).toContain(p._id)

    // An update without them (an API client's, or a CSV without their columns) leaves them as they are.
    const rest = productBody({ sku: p.sku })
    const same = await call('PUT', `/products/${p._id}`, { ...rest, title: 'Banarasi Dupatta' })
    expect(same.statusCode, same.body).toBe(200)
    expect(same.json().data).toMatchObject({ title: 'Banarasi Dupatta', ...tidy })

    // The form sends every box: an emptied one clears the values.
    const changed = await call('PUT', `/products/${p._id}`, {
      ...rest,
      title: 'Banarasi Dupatta',
      materials: 'Silk, Zari, Resham',
      techniques: '',
      colours: 'Indigo, Gold',
    })
    expect(changed.statusCode, changed.body).toBe(200)
    expect(await stored(p._id)).toEqual({
      materials: ['Silk', 'Zari', 'Resham'],
      techniques: [],
      colours: ['Indigo', 'Gold'],
    })
    const entries = await app.database.db.select().from(auditLog).where(eq(auditLog.entityId, p._id))
    const last = entries.filter((e) => e.action === 'product.update').at(-1)!
    expect(last.before).toMatchObject(tidy)
    expect(last.after).toMatchObject({
      materials: ['Silk', 'Zari', 'Resham'],
      techniques: [],
      colours: ['Indigo', 'Gold'],
    })
  })

  it('refuses too many values, a value too long or a value not text, naming the field, and saves nothing', async () => {
    const made = await makeProduct(app, { materials: ['Cotton'] })
    const body = productBody({ sku: `T-${tagged()}` })
    const eleven = Array.from({ length: 11 }, (_, i) => `Thread ${i + 1}`).join(', ')
    const long = 'Hand-spun and hand-woven with a fine zari border'
    for (const [field, value, message] of [
      ['materials', eleven, productAttributeText.tooMany('materials', 11)],
      ['techniques', `Block print, ${long}`, productAttributeText.tooLong('techniques', long)],
      ['colours', 7, productAttributeText.notText('colours')],
    ] as const) {
      const res = await call('PUT', `/products/${made.id}`, { ...body, [field]: value })
      expect(res.statusCode, res.body).toBe(400)
      expect(res.json().errors[field]).toBe(message)
      expect(res.json().message).toContain(field)
    }
    expect(productAttributeText.tooMany('materials', 11)).toBe(
      'Give at most 10 materials (found 11); keep the ones shoppers look for.',
    )
    expect(productAttributeText.tooLong('techniques', long)).toMatch(
      /^Each technique can be at most 40 characters: '.{40}…' has \d+\.$/,
    )
    // Ten values, repeats not counted, are fine.
    const ten = `${Array.from({ length: 10 }, (_, i) => `Thread ${i + 1}`).join(', ')}, thread 1`
    const ok = await call('PUT', `/products/${made.id}`, { ...body, materials: ten })
    expect(ok.statusCode, ok.body).toBe(200)
    expect(ok.json().data.materials).toHaveLength(10)
  })

  it('answers the values in use, most used first, without archived products', async () => {
    const tag = tagged()
    const [a, b] = [`Tussar ${tag}`, `Muga ${tag}`]
    await makeProduct(app, { materials: [a, b], colours: [`Ochre ${tag}`] })
    await makeProduct(app, { materials: [b], isApproved: false })
    await makeProduct(app, { materials: [`Gone ${tag}`], archivedAt: new Date() })
    const res = await call('GET', '/products/attribute-values')
    expect(res.statusCode, res.body).toBe(200)
    const data = res.json().data
    const mine = data.materials.filter((v: { value: string }) => v.value.endsWith(tag))
    expect(mine).toEqual([
      { value: b, count: 2 },
      { value: a, count: 1 },
    ])
    expect(data.colours).toContainEqual({ value: `Ochre ${tag}`, count: 1 })
    expect(Object.keys(data).sort()).toEqual(['colours', 'materials', 'techniques'])
  })
})

const headings = productCsvColumns.map((c) => c.heading)
function table(csv: string) {
  const [head, ...rest] = parseCsv(csv)
  return rest.map((r) => Object.fromEntries(head.cells.map((h, i) => [h, r.cells[i] ?? ''])))
}
const toCsv = (rows: Array<Partial<Record<string, string>>>, columns = headings) =>
  writeCsv([columns, ...rows.map((r) => columns.map((h) => r[h] ?? ''))], { bom: true })
const exportOf = async (q: string) => {
  const res = await call('GET', `/products/export.csv?q=${q}`)
  expect(res.statusCode, res.body).toBe(200)
  return res.body
}
const dryRun = async (csv: string) => {
  const res = await call('POST', '/products/import/preview', { csv })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data
}

describe('materials, techniques and colours in the product CSV files', () => {
  it('exports them joined by commas, imports the file again as no change, and shows an edited cell in the dry run', async () => {
    const tag = tagged()
    const made = await makeProduct(app, {
      title: `Banarasi Saree ${tag}`,
      materials: ['Silk', 'Zari'],
      techniques: ['Handloom weaving'],
      colours: ['Red', 'Gold'],
    })
    const file = await exportOf(tag)
    const rows = table(file)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      ID: made.id,
      Materials: 'Silk, Zari',
      Techniques: 'Handloom weaving',
      Colours: 'Red, Gold',
    })
    expect(await dryRun(file)).toMatchObject({ creates: 0, updates: 0, unchanged: 1, errors: 0 })

    rows[0].Materials = 'Silk,  Zari, Resham, silk'
    rows[0].Colours = ''
    const edited = toCsv(rows)
    const dry = await dryRun(edited)
    expect(dry.rows).toEqual([
      {
        row: 2,
        _id: made.id,
        title: made.title,
        outcome: 'update',
        changes: ['materials Silk, Zari → Silk, Zari, Resham', 'colours Red, Gold → empty'],
        errors: [],
      },
    ])
    expect(await stored(made.id)).toMatchObject({ materials: ['Silk', 'Zari'] })
    const done = await call('POST', '/products/import', { csv: edited })
    expect(done.statusCode, done.body).toBe(200)
    expect(await stored(made.id)).toEqual({
      materials: ['Silk', 'Zari', 'Resham'],
      techniques: ['Handloom weaving'],
      colours: [],
    })
    const [entry] = await app.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'product.import-update'))
    expect(entry.after).toMatchObject({ materials: ['Silk', 'Zari', 'Resham'], colours: [] })

    // A file without these columns leaves them as they are.
    const without = headings.filter((h) => !['Materials', 'Techniques', 'Colours'].includes(h))
    const again = table(await exportOf(tag))
    expect(await dryRun(toCsv(again, without))).toMatchObject({ unchanged: 1, updates: 0, errors: 0 })
  })

  it('refuses a bad cell naming its column, and reads them from a product’s first row only', async () => {
    const tag = tagged()
    const kurta = await makeProductWithVariants(
      app,
      {
        options: [{ name: 'Size', values: ['S', 'M'] }],
        variants: [
          { values: ['S'], price: 1499_00, quantity: 2 },
          { values: ['M'], price: 1599_00, quantity: 3 },
        ],
      },
      { title: `Chikankari Kurta ${tag}`, materials: ['Cotton'], colours: ['White'] },
    )
    const file = await exportOf(tag)
    const rows = table(file)
    expect(rows).toHaveLength(2)
    expect(rows[0]).toMatchObject({ Materials: 'Cotton', Colours: 'White', 'Option1 value': 'S' })
    expect(rows[1]).toMatchObject({ ID: kurta.id, Materials: '', Colours: '', 'Option1 value': 'M' })
    expect(await dryRun(file)).toMatchObject({ unchanged: 1, updates: 0, errors: 0 })

    rows[0].Colours = Array.from({ length: 12 }, (_, i) => `Shade ${i}`).join(', ')
    const bad = await dryRun(toCsv(rows))
    expect(bad.rows[0]).toMatchObject({
      outcome: 'error',
      errors: [{ column: 'Colours', message: productAttributeText.tooMany('colours', 12) }],
    })

    rows[0].Colours = 'White'
    rows[1].Materials = 'Linen'
    const second = await dryRun(toCsv(rows))
    expect(second.rows[0]).toMatchObject({ outcome: 'unchanged' })
    expect(second.notes).toContain(
      "Row 3: only the variant columns are read there; a product's own columns are read from its first row.",
    )
  })
})
