import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { newId } from '../../server/db/ids.ts'
import { auditLog, orderHistory, orders, payments, products } from '../../server/db/schema.ts'
import { resources } from '../../server/modules/admin/content/resources.ts'
import { staffAccountHere } from '../../server/modules/admin/people/service.ts'
import { insertOrder, makePerson, makeProduct, type Person } from '../support/factories.ts'
import { insertCatalogue } from '../support/fixtures.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'
import { multipartFiles, png, productBody } from './admin-helpers.ts'

/** Today in India as YYYY-MM-DD (the audit log's days are India's). */
const indianToday = (offsetDays = 0) =>
  new Date(Date.now() + 5.5 * 3600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10)

let app: TestApp
let admin: Person
let customer: Person
// Read only: a test that edits a product makes its own.
let fx: Awaited<ReturnType<typeof insertCatalogue>>
const someId = '0123456789abcdef01234567'

beforeAll(async () => {
  app = await createTestApp()
  fx = await insertCatalogue(app.database.db)
})
// Fresh for each test, so no test sees the orders, sessions or changes another left on them.
beforeEach(async () => {
  admin = await makePerson(app, 'admin', 'Meena Admin')
  customer = await makePerson(app, 'customer', 'Asha Verma')
})
// Closing the app removes its throw-away uploads folder too.
afterAll(async () => {
  await app?.cleanup()
})

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who?: Person, payload?: object) =>
  app.inject({ method, url: `/api/v1/admin${url}`, headers: who?.auth ?? {}, payload })

const auditFor = (entityId: string) =>
  app.database.db.select().from(auditLog).where(eq(auditLog.entityId, entityId))

describe('the /api/v1/admin guard', () => {
  const endpoints: Array<['GET' | 'POST' | 'PUT' | 'DELETE', string]> = [
    ['GET', '/overview'],
    ['GET', '/audit'],
    ['GET', '/products'],
    ['POST', '/products'],
    ['GET', `/products/${someId}`],
    ['PUT', `/products/${someId}`],
    ['DELETE', `/products/${someId}`],
    ['POST', `/products/${someId}/approval`],
    ['POST', `/products/${someId}/archive`],
    ['POST', `/products/${someId}/images`],
    ['PUT', `/products/${someId}/images/order`],
    ['DELETE', `/products/${someId}/images/${someId}`],
    ['POST', '/uploads/categories'],
    ['GET', '/return-policy'],
    ['PUT', '/return-policy'],
    ['GET', '/orders'],
    ['GET', `/orders/${someId}`],
    ['POST', `/orders/${someId}/status`],
    ['POST', `/orders/${someId}/refund`],
    ['GET', '/customers'],
    ['GET', `/customers/${someId}`],
    ['POST', `/customers/${someId}/disable`],
    ['GET', '/messages'],
    ['POST', `/messages/${someId}/status`],
    ...resources.flatMap(
      (r): Array<['GET' | 'POST' | 'PUT' | 'DELETE', string]> => [
        ['GET', `/${r.path}`],
        ['POST', `/${r.path}`],
        ['PUT', `/${r.path}/${someId}`],
        ['DELETE', `/${r.path}/${someId}`],
      ],
    ),
  ]

  it.each(endpoints)('%s %s answers 401 without a token and 403 for a customer', async (method, url) => {
    const anon = await call(method, url, undefined, {})
    expect(anon.statusCode).toBe(401)
    expect(anon.json()).toMatchObject({ success: false })
    const cust = await call(method, url, customer, {})
    expect(cust.statusCode).toBe(403)
    expect(cust.json()).toEqual({ success: false, message: 'This needs a shop administrator account.' })
  })

  it('lets an admin in', async () => {
    const res = await call('GET', '/overview', admin)
    expect(res.statusCode).toBe(200)
  })

  it('refuses a forged admin role in a customer token (the database decides the role)', async () => {
    // Signed with the real key and the customer's own live sign-in: only the role claim lies.
    const real = customer.auth.authorization.slice('Bearer '.length)
    const { sid } = JSON.parse(Buffer.from(real.split('.')[1]!, 'base64url').toString())
    const forged = await app.services.tokens.signAccess({ sub: customer.id, role: 'admin', sid })
    const res = await app.inject({
      method: 'GET',
      url: '/api/v1/admin/overview',
      headers: { authorization: `Bearer ${forged}` },
    })
    expect(res.statusCode).toBe(403)
  })
})

describe('the OpenAPI document', () => {
  it('describes every admin endpoint as needing a bearer token', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json()
    const admin = Object.entries(doc.paths as Record<string, Record<string, { security?: unknown }>>).filter(
      ([p]) => p.startsWith('/api/v1/admin/'),
    )
    expect(admin.length).toBeGreaterThan(35)
    for (const [, ops] of admin)
      for (const op of Object.values(ops)) expect(op.security).toEqual([{ bearer: [] }])
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/v1/contact', '/api/v1/newsletter']))
  })
})

describe('products', () => {
  it('answers 400 with a message per field', async () => {
    const res = await call('POST', '/products', admin, {
      title: '',
      price: -5,
      cutPrice: 'x',
      discount: 120,
      sku: 'has space',
      youtubeVideoLink: 'https://vimeo.com/1',
      quantity: 1.5,
    })
    expect(res.statusCode).toBe(400)
    const body = res.json()
    expect(body.success).toBe(false)
    expect(Object.keys(body.errors)).toEqual(
      expect.arrayContaining(['title', 'price', 'cutPrice', 'sku', 'youtubeVideoLink', 'quantity']),
    )
    expect(body.errors.title).toBe('Enter the title.')
    expect(body.errors.price).toBe('The price cannot be negative.')
    // The discount is computed from the two prices, so a wrong one is not even looked at.
    expect(body.errors.discount).toBeUndefined()
  })

  it('refuses a duplicate SKU and unknown categories field by field, saving nothing', async () => {
    const res = await call('POST', '/products', admin, productBody({ sku: fx.saree.sku, categoryId: someId }))
    expect(res.statusCode).toBe(400)
    expect(res.json().errors).toMatchObject({
      sku: 'Another product already has this SKU.',
      categoryId: 'That category no longer exists.',
    })
  })

  it('creates a product awaiting approval, sanitises its HTML, audits it; approving shows it in the shop at once', async () => {
    const before = await app.inject({ method: 'GET', url: '/api/v1/Product/products' })
    expect(before.statusCode).toBe(200)
    const created = await call(
      'POST',
      '/products',
      admin,
      productBody({ categoryId: fx.handloom.id, subcategoryId: fx.sarees.id, stateId: fx.up.id }),
    )
    expect(created.statusCode, created.body).toBe(200)
    const p = created.json().data
    expect(p).toMatchObject({ title: 'Chikankari Kurta', price: 1499, cutPrice: 1999, isApproved: false })
    expect(p.description).toBe('<p>Soft cotton.</p><img src="x" />')
    const [row] = await app.database.db.select().from(products).where(eq(products.id, p._id))
    expect(row.price).toBe(149_900)
    expect(row.searchText).toContain('handloom')

    // The cached public list (warmed above) does not show it yet.
    const hidden = await app.inject({ method: 'GET', url: '/api/v1/Product/products' })
    expect(hidden.json().data.map((x: { _id: string }) => x._id)).not.toContain(p._id)

    const approved = await call('POST', `/products/${p._id}/approval`, admin, { isApproved: true })
    expect(approved.statusCode).toBe(200)
    const shop = await app.inject({ method: 'GET', url: '/api/v1/Product/products' })
    const listed = shop.json().data.find((x: { _id: string }) => x._id === p._id)
    expect(listed).toMatchObject({
      title: 'Chikankari Kurta',
      price: 1499,
      categories: 'Handloom',
      state: 'Uttar Pradesh',
    })

    const entries = await auditFor(p._id)
    expect(entries.map((e) => e.action)).toEqual(
      expect.arrayContaining(['product.create', 'product.approve']),
    )
    const approval = entries.find((e) => e.action === 'product.approve')!
    expect(approval.actorId).toBe(admin.id)
    expect(approval.before).toEqual({ isApproved: false })
    expect(approval.after).toEqual({ isApproved: true })

    const audit = await call('GET', '/audit?entity=product', admin)
    expect(audit.json().data.items[0]).toMatchObject({
      actor: admin.email,
      action: 'product.approve',
      entityId: p._id,
    })
  })

  it('edits every field and unapproving hides the product at once', async () => {
    const sku = `FISH-${newId().slice(-8)}`
    const painting = await makeProduct(app, {
      title: 'Madhubani Fish Painting',
      sku,
      categoryId: fx.art.id,
      subcategoryId: fx.madhubani.id,
      stateId: fx.bihar.id,
    })
    const res = await call(
      'PUT',
      `/products/${painting.id}`,
      admin,
      productBody({ title: 'Fish Painting, framed', sku, stateId: fx.bihar.id }),
    )
    expect(res.statusCode, res.body).toBe(200)
    const one = await app.inject({ method: 'GET', url: `/api/v1/Product/product?id=${painting.id}` })
    expect(one.json().product.title).toBe('Fish Painting, framed')
    await call('POST', `/products/${painting.id}/approval`, admin, { isApproved: false })
    const gone = await app.inject({ method: 'GET', url: `/api/v1/Product/product?id=${painting.id}` })
    expect(gone.statusCode).toBe(404)
    const audit = await auditFor(painting.id)
    const edit = audit.find((e) => e.action === 'product.update')!
    expect((edit.before as { title: string }).title).toBe('Madhubani Fish Painting')
    expect((edit.after as { title: string }).title).toBe('Fish Painting, framed')
  })

  it('uploads pictures checked by content into 200/400/800 WebP files, orders and removes them', async () => {
    const created = (await call('POST', '/products', admin, productBody())).json().data
    const upload = multipartFiles([
      { field: 'image', filename: 'a.png', content: await png(), type: 'image/png' },
      { field: 'image', filename: 'b.jpg', content: await png(300, 500), type: 'image/jpeg' },
    ])
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/products/${created._id}/images`,
      headers: { ...admin.auth, ...upload.headers },
      payload: upload.payload,
    })
    expect(res.statusCode, res.body).toBe(200)
    const images = res.json().data.images as Array<{ _id: string; url: string }>
    expect(images).toHaveLength(2)
    const stored = await app.services.files.list(`products/${created._id}/`)
    for (const img of images) {
      expect(img.url).toMatch(new RegExp(`^/uploads/products/${created._id}/[0-9a-f]{24}-800\\.webp$`))
      for (const w of [200, 400, 800]) {
        expect(stored).toContain(img.url.replace('/uploads/', '').replace('-800.webp', `-${w}.webp`))
      }
    }
    const reordered = await call('PUT', `/products/${created._id}/images/order`, admin, {
      imageIds: [images[1]._id, images[0]._id],
    })
    expect(reordered.json().data.images.map((i: { _id: string }) => i._id)).toEqual([
      images[1]._id,
      images[0]._id,
    ])
    const removed = await call('DELETE', `/products/${created._id}/images/${images[0]._id}`, admin)
    expect(removed.json().data.images).toHaveLength(1)
    const left = await app.services.files.list(`products/${created._id}/`)
    expect(left.filter((key) => key.includes(images[0]._id))).toEqual([])
    expect(left).toHaveLength(3)

    const fake = multipartFiles([
      {
        field: 'image',
        filename: 'evil.png',
        content: Buffer.from('<svg onload="alert(1)"></svg>'),
        type: 'image/png',
      },
    ])
    const bad = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/products/${created._id}/images`,
      headers: { ...admin.auth, ...fake.headers },
      payload: fake.payload,
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toMatch(/not a picture/)
  })

  it('refuses to delete a product an open order holds, archives one only past orders hold, deletes a free one', async () => {
    const held = (await call('POST', '/products', admin, productBody())).json().data
    const order = await insertOrder(app, customer.id, [{ id: held._id, price: 149_900 }])
    const refused = await call('DELETE', `/products/${held._id}`, admin)
    expect(refused.statusCode).toBe(409)
    expect(refused.json().message).toContain(order.orderNumber)
    expect(refused.json().message).toMatch(/Archive it instead/)
    expect((await call('GET', `/products/${held._id}`, admin)).statusCode).toBe(200)

    await app.database.db.update(orders).set({ status: 'Delivered' }).where(eq(orders.id, order.id))
    const archived = await call('DELETE', `/products/${held._id}`, admin)
    expect(archived.statusCode).toBe(200)
    expect(archived.json().data.outcome).toBe('archived')
    expect((await call('GET', `/products/${held._id}`, admin)).json().data.archivedAt).not.toBeNull()

    const free = (await call('POST', '/products', admin, productBody())).json().data
    const deleted = await call('DELETE', `/products/${free._id}`, admin)
    expect(deleted.json().data.outcome).toBe('deleted')
    expect((await call('GET', `/products/${free._id}`, admin)).statusCode).toBe(404)
    expect((await auditFor(free._id)).map((e) => e.action)).toContain('product.delete')
  })

  it('lists with search, filters and pagination', async () => {
    // Pieces of its own beside the catalogue's four, one of them awaiting approval.
    await makeProduct(app, { categoryId: fx.art.id, stateId: fx.up.id })
    await makeProduct(app, { categoryId: fx.handloom.id, stateId: fx.up.id, isApproved: false })
    const all = await call('GET', '/products?pageSize=2', admin)
    expect(all.json().data).toMatchObject({ page: 1, pageSize: 2 })
    expect(all.json().data.items).toHaveLength(2)
    expect(all.json().data.total).toBeGreaterThan(4)
    const search = await call('GET', '/products?q=banarasi', admin)
    expect(search.json().data.items.map((p: { title: string }) => p.title)).toEqual(['Banarasi Silk Saree'])
    const pending = await call('GET', '/products?approval=pending', admin)
    expect(pending.json().data.items.every((p: { isApproved: boolean }) => !p.isApproved)).toBe(true)
    const byState = await call('GET', `/products?stateId=${fx.up.id}&approval=approved`, admin)
    expect(byState.json().data.items.every((p: { state: string }) => p.state === 'Uttar Pradesh')).toBe(true)
    const byCat = await call('GET', `/products?categoryId=${fx.art.id}`, admin)
    expect(byCat.json().data.items.every((p: { category: string }) => p.category === 'Art & Painting')).toBe(
      true,
    )
  })

  it('finds products by title or SKU from their trigram indexes, not by reading every product', async () => {
    const plan = await app.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`)
      const { rows } = (await tx.execute(
        sql`explain select count(*) from products where title ilike '%silk%' or sku ilike '%silk%'`,
      )) as unknown as { rows: Array<Record<string, string>> }
      return rows.map((r) => Object.values(r)[0]).join('\n')
    })
    expect(plan).toContain('products_title_trgm_idx')
    expect(plan).toContain('products_sku_trgm_idx')
  })
})

describe('the audit log in sentences', () => {
  it('a price change by a named member of staff reads with names and rupees; filters by person, kind and day', async () => {
    const meera = await makePerson(app, 'admin', 'Meera', 'catalogue')
    const body = productBody({
      title: 'Warli Tarpa Dance Painting',
      price: 1650,
      cutPrice: 2400,
      description: '<p>Painted in Dahanu.</p>',
    })
    const created = await call('POST', '/products', meera, body)
    expect(created.statusCode, created.body).toBe(200)
    const id = created.json().data._id
    const changed = await call('PUT', `/products/${id}`, meera, { ...body, price: 1850 })
    expect(changed.statusCode, changed.body).toBe(200)

    const mine = await call('GET', `/audit?actor=${meera.id}`, admin)
    expect(mine.statusCode, mine.body).toBe(200)
    const page = mine.json().data
    expect(page.items.map((e: { sentence: string }) => e.sentence)).toEqual([
      'Meera changed the price of Warli Tarpa Dance Painting from ₹1,650.00 to ₹1,850.00',
      'Meera added the product Warli Tarpa Dance Painting at ₹1,650.00',
    ])
    expect(page.items[0]).toMatchObject({ actorName: 'Meera', actorId: meera.id, action: 'product.update' })
    // The raw record is still there, in paise.
    expect(page.items[0].after).toMatchObject({ price: 185000 })
    expect(page.people).toEqual(expect.arrayContaining([{ id: meera.id, name: 'Meera' }]))
    expect(page.actions).toEqual(expect.arrayContaining(['product.create', 'product.update']))

    const updates = await call('GET', `/audit?actor=${meera.id}&action=product.update`, admin)
    expect(updates.json().data.items.map((e: { action: string }) => e.action)).toEqual(['product.update'])
    const products = await call('GET', `/audit?actor=${meera.id}&action=product`, admin)
    expect(products.json().data.total).toBe(2)
    const today = await call(
      'GET',
      `/audit?actor=${meera.id}&from=${indianToday()}&to=${indianToday()}`,
      admin,
    )
    expect(today.json().data.total).toBe(2)
    const yesterday = await call('GET', `/audit?actor=${meera.id}&to=${indianToday(-1)}`, admin)
    expect(yesterday.json().data.total).toBe(0)
    const tomorrow = await call('GET', `/audit?from=${indianToday(1)}`, admin)
    expect(tomorrow.json().data.total).toBe(0)
    const bad = await call('GET', '/audit?from=2026-02-30', admin)
    expect(bad.statusCode).toBe(400)
  })
})

describe('catalogue structure and content', () => {
  it('categories: create, validate, invalidate the shop cache, refuse deleting one in use', async () => {
    const bad = await call('POST', '/categories', admin, { title: ' ', status: 'maybe' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors).toMatchObject({
      title: 'Enter the title.',
      status: 'Choose active or inactive.',
    })

    await app.inject({ method: 'GET', url: '/api/v1/category/allcategory' })
    const res = await call('POST', '/categories', admin, {
      title: 'Eco-friendly',
      status: 'active',
      isHeaderCategory: true,
      isCollectionCategory: false,
      image: '/uploads/categories/eco-800.webp',
    })
    expect(res.statusCode, res.body).toBe(200)
    const shop = await app.inject({ method: 'GET', url: '/api/v1/category/allcategory' })
    expect(shop.json().data.map((c: { categoriesTitle: string }) => c.categoriesTitle)).toContain(
      'Eco-friendly',
    )

    const inUse = await call('DELETE', `/categories/${fx.handloom.id}`, admin)
    expect(inUse.statusCode).toBe(409)
    expect(inUse.json().message).toMatch(/products? uses? this category/)

    const del = await call('DELETE', `/categories/${res.json().data.id}`, admin)
    expect(del.statusCode).toBe(200)
    expect((await auditFor(res.json().data.id)).map((a) => a.action)).toEqual(
      expect.arrayContaining(['category.create', 'category.delete']),
    )
  })

  it('coupons: unique code as a field error, optional end date and usage limit', async () => {
    const body = {
      code: 'DIWALI20',
      discount: 20,
      status: 'active',
      isPublic: false,
      endsAt: '2030-11-01',
      usageLimit: 100,
    }
    const first = await call('POST', '/coupons', admin, body)
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json().data).toMatchObject({ code: 'DIWALI20', isPublic: false, usageLimit: 100 })
    const again = await call('POST', '/coupons', admin, body)
    expect(again.statusCode).toBe(400)
    expect(again.json().errors).toEqual({ code: 'Another coupon already has this code.' })
    const bad = await call('POST', '/coupons', admin, {
      ...body,
      code: 'has space',
      discount: 0,
      endsAt: 'soon',
    })
    expect(Object.keys(bad.json().errors).sort()).toEqual(['code', 'discount', 'endsAt'])
  })

  it('coupons: a code differing only by case is refused with a 409 that names the other code', async () => {
    const body = { code: 'DIWALI15', discount: 15, status: 'active', isPublic: true }
    const first = await call('POST', '/coupons', admin, body)
    expect(first.statusCode, first.body).toBe(200)
    const message =
      'Another coupon already has the code DIWALI15. Codes are the same whatever their case, so choose a different code or edit DIWALI15.'
    const lower = await call('POST', '/coupons', admin, { ...body, code: 'diwali15' })
    expect(lower.statusCode, lower.body).toBe(409)
    expect(lower.json()).toMatchObject({ success: false, message, errors: { code: message } })
    // Renaming another coupon onto it in another case is refused the same way; its own case change is not.
    const other = await call('POST', '/coupons', admin, { ...body, code: 'HOLI15' })
    const renamed = await call('PUT', `/coupons/${other.json().data.id}`, admin, {
      ...body,
      code: 'Diwali15',
    })
    expect(renamed.statusCode).toBe(409)
    const own = await call('PUT', `/coupons/${first.json().data.id}`, admin, { ...body, code: 'Diwali15' })
    expect(own.statusCode, own.body).toBe(200)
    expect(own.json().data.code).toBe('Diwali15')
    // A customer types the code exactly, as the spec asks: there is no other coupon a case away.
    const apply = (code: string) =>
      app.inject({ method: 'POST', url: '/api/v1/coupon/apply', payload: { code } }).then((r) => r.json())
    expect(await apply('Diwali15')).toMatchObject({ success: true, code: 'Diwali15', discount: 15 })
    for (const typed of ['diwali15', 'DIWALI15'])
      expect(await apply(typed), typed).toEqual({ success: false, message: 'Invalid coupon code' })
  })

  it('states, sliders, banners, FAQ, policy sections and temples save and list', async () => {
    const cases: Array<[string, object]> = [
      ['states', { name: 'Odisha' }],
      [
        'sliders',
        { image: '/uploads/sliders/a-800.webp', title: 'Diwali', link: '/products', status: 'active' },
      ],
      ['banners', { image: '/uploads/banners/b-800.webp' }],
      ['faqs', { question: 'Do you ship abroad?', answer: '<p>Not yet.</p><script>x()</script>' }],
      ['policy-sections', { kind: 'privacy', title: 'Cookies', content: '<p>We use two.</p>' }],
      [
        'temples',
        {
          name: 'Kashi Vishwanath',
          about: 'On the Ganga.',
          servicesLink: 'https://example.in/puja',
          images: [],
        },
      ],
    ]
    for (const [path_, body] of cases) {
      const res = await call('POST', `/${path_}`, admin, body)
      expect(res.statusCode, `${path_}: ${res.body}`).toBe(200)
      const list = await call('GET', `/${path_}`, admin)
      expect(list.json().data.some((r: { id: string }) => r.id === res.json().data.id)).toBe(true)
    }
    const faq = (await call('GET', '/faqs', admin))
      .json()
      .data.find((f: { question: string }) => f.question === 'Do you ship abroad?')
    expect(faq.answer).toBe('<p>Not yet.</p>')
    const temple = (await call('GET', '/temples', admin))
      .json()
      .data.find((t: { name: string }) => t.name === 'Kashi Vishwanath')
    expect(temple.slug).toBe('kashi-vishwanath')
  })

  it('a slide links only to a shop address or a web address, as a banner does', async () => {
    const slide = (link: string) => ({
      image: '/uploads/sliders/a-800.webp',
      title: 'Holi',
      link,
      status: 'active',
    })
    for (const link of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,<script>x()</script>',
      'vbscript:msgbox(1)',
    ]) {
      const res = await call('POST', '/sliders', admin, slide(link))
      expect(res.statusCode, res.body).toBe(400)
      expect(res.json().message, link).toMatch(/link enter an address in the shop/)
      expect(res.json().errors.link, link).toMatch(/^Enter an address in the shop starting with \//)
    }
    const saved = await call('POST', '/sliders', admin, slide('/Product/Handloom'))
    expect(saved.statusCode, saved.body).toBe(200)
    const id = saved.json().data.id
    const edited = await call('PUT', `/sliders/${id}`, admin, slide('javascript:alert(1)'))
    expect(edited.statusCode).toBe(400)
    const web = await call('PUT', `/sliders/${id}`, admin, slide('https://example.in/diwali'))
    expect(web.statusCode, web.body).toBe(200)
    expect(web.json().data.link).toBe('https://example.in/diwali')
  })

  it('a temple may have no services link yet, but not a link that is not a web address', async () => {
    const empty = await call('POST', '/temples', admin, { name: 'Somnath', servicesLink: '', images: [] })
    expect(empty.statusCode, empty.body).toBe(200)
    expect(empty.json().data.servicesLink).toBe('')
    const bad = await call('POST', '/temples', admin, { name: 'Kedarnath', servicesLink: 'puja', images: [] })
    expect(bad.statusCode).toBe(400)
    expect(bad.body).toContain('The services link must be a web address')
  })

  it('return policy: HTML sanitised on save', async () => {
    const res = await call('PUT', '/return-policy', admin, {
      content: '<h2>Returns</h2><p onclick="x()">7 days</p><iframe src="x"></iframe>',
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().data.content).toBe('<h2>Returns</h2><p>7 days</p>')
    expect((await call('GET', '/return-policy', admin)).json().data.content).toBe(
      '<h2>Returns</h2><p>7 days</p>',
    )
  })
})

describe('orders', () => {
  it('moves Pending → Processing → Shipped (needs a tracking link) → Delivered, recording history', async () => {
    const o = await insertOrder(app, customer.id, [{ id: fx.saree.id, price: 10_000 }], {
      paymentStatus: 'Paid',
    })
    const processing = await call('POST', `/orders/${o.id}/status`, admin, { status: 'Processing' })
    expect(processing.statusCode, processing.body).toBe(200)

    const noLink = await call('POST', `/orders/${o.id}/status`, admin, { status: 'Shipped' })
    expect(noLink.statusCode).toBe(400)
    expect(noLink.json().errors.shippingLink).toMatch(/tracking link/)

    const link = 'https://track.example.in/AWB123'
    const shipped = await call('POST', `/orders/${o.id}/status`, admin, {
      status: 'Shipped',
      shippingLink: link,
    })
    expect(shipped.statusCode).toBe(200)
    expect(shipped.json().data).toMatchObject({ status: 'Shipped', shipping: { shippingLink: link } })

    const back = await call('POST', `/orders/${o.id}/status`, admin, { status: 'Cancelled' })
    expect(back.statusCode).toBe(409)

    await call('POST', `/orders/${o.id}/status`, admin, { status: 'Delivered' })
    const history = await app.database.db.select().from(orderHistory).where(eq(orderHistory.orderId, o.id))
    expect(history.map((h) => h.status)).toEqual(['Processing', 'Shipped', 'Delivered'])
    expect(history.every((h) => h.changedBy === admin.id)).toBe(true)

    const detail = (await call('GET', `/orders/${o.id}`, admin)).json().data
    expect(detail.items).toHaveLength(1)
    expect(detail.shipping.city).toBe('Lucknow')
    expect(detail.history.map((h: { status: string }) => h.status)).toEqual([
      'Processing',
      'Shipped',
      'Delivered',
    ])
    expect(detail.nextStatuses).toEqual([])
    expect((await auditFor(o.id)).filter((a) => a.action === 'order.status')).toHaveLength(3)
  })

  it('the customer sees the admin change in their own order (GET /order/singleorder/:id)', async () => {
    const o = await insertOrder(app, customer.id, [{ id: fx.saree.id, price: 10_000 }], {
      paymentStatus: 'Paid',
    })
    await call('POST', `/orders/${o.id}/status`, admin, {
      status: 'Shipped',
      shippingLink: 'https://track.example.in/X1',
    })
    const mine = await app.inject({
      method: 'GET',
      url: `/api/v1/order/singleorder/${o.id}`,
      headers: customer.auth,
    })
    expect(mine.statusCode, mine.body).toBe(200)
    const order = mine.json().data
    expect(order.status).toBe('Shipped')
    expect(order.shippingInfo.shippingLink).toBe('https://track.example.in/X1')
    expect(order.orderHistory.map((h: { status: string }) => h.status)).toContain('Shipped')
  })

  it('lets staff correct the tracking link of a shipped order, recorded in its history', async () => {
    const o = await insertOrder(app, customer.id, [{ id: fx.saree.id, price: 10_000 }], {
      paymentStatus: 'Paid',
    })
    await call('POST', `/orders/${o.id}/status`, admin, {
      status: 'Shipped',
      shippingLink: 'https://track.example.in/WRONG',
    })
    const fixed = await call('POST', `/orders/${o.id}/status`, admin, {
      status: 'Shipped',
      shippingLink: 'https://track.example.in/RIGHT',
    })
    expect(fixed.statusCode, fixed.body).toBe(200)
    expect(fixed.json().data.shipping.shippingLink).toBe('https://track.example.in/RIGHT')
    expect(fixed.json().data.history.at(-1)).toMatchObject({
      status: 'Shipped',
      note: 'Tracking link changed',
    })
    const same = await call('POST', `/orders/${o.id}/status`, admin, {
      status: 'Shipped',
      shippingLink: 'https://track.example.in/RIGHT',
    })
    expect(same.statusCode).toBe(409)
  })

  it('lists with search by order number, phone, customer, status and date', async () => {
    const o = await insertOrder(app, customer.id, [{ id: fx.saree.id, price: 10_000 }], {
      shippingPhone: '9123456780',
    })
    const byNumber = (await call('GET', `/orders?q=${o.orderNumber}`, admin)).json().data
    expect(byNumber.items.map((x: { _id: string }) => x._id)).toEqual([o.id])
    const byPhone = (await call('GET', '/orders?q=9123456780', admin)).json().data
    expect(byPhone.items.map((x: { _id: string }) => x._id)).toEqual([o.id])
    const byCustomer = (await call('GET', '/orders?q=Asha', admin)).json().data
    expect(byCustomer.total).toBeGreaterThan(0)
    const pending = (await call('GET', '/orders?status=Pending', admin)).json().data
    expect(pending.items.every((x: { status: string }) => x.status === 'Pending')).toBe(true)
    const today = new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10)
    const dated = (await call('GET', `/orders?from=${today}&to=${today}`, admin)).json().data
    expect(dated.items.map((x: { _id: string }) => x._id)).toContain(o.id)
    const old = (await call('GET', '/orders?to=2020-01-01', admin)).json().data
    expect(old.total).toBe(0)
  })

  it('pages join up: pages past the middle, read from the other end, continue the first ones', async () => {
    for (let i = 0; i < 5; i++) await insertOrder(app, customer.id, [{ id: fx.saree.id, price: 10_000 }])
    const all = (await call('GET', '/orders?pageSize=100', admin)).json().data
    const ids = all.items.map((x: { _id: string }) => x._id)
    expect(ids.length).toBeGreaterThanOrEqual(5)
    const paged: string[] = []
    for (let page = 1; page <= Math.ceil(all.total / 2); page++) {
      const part = (await call('GET', `/orders?page=${page}&pageSize=2`, admin)).json().data
      expect(part.total).toBe(all.total)
      paged.push(...part.items.map((x: { _id: string }) => x._id))
    }
    expect(paged).toEqual(ids)
  })

  it('refunds a paid order when staff cancel it, at once, and has nothing to refund after', async () => {
    const o = await insertOrder(app, customer.id, [{ id: fx.saree.id, price: 10_000 }], {
      paymentStatus: 'Paid',
    })
    await app.database.db.insert(payments).values({
      orderId: o.id,
      userId: customer.id,
      provider: 'sandbox',
      providerOrderId: `order_${o.id}`,
      providerPaymentId: `pay_${o.id}`,
      amount: 10_000,
      status: 'captured',
    })
    const early = await call('POST', `/orders/${o.id}/refund`, admin)
    expect(early.statusCode).toBe(409)
    expect(early.json().message).toMatch(/Cancel it first/)
    const cancelled = await call('POST', `/orders/${o.id}/status`, admin, {
      status: 'Cancelled',
      note: 'Out of stock',
    })
    expect(cancelled.statusCode, cancelled.body).toBe(200)
    expect(cancelled.json().data.payment).toMatchObject({ status: 'Refunded', paid: false })
    expect(cancelled.json().data.payment.records[0].refundId).toMatch(/^rfnd_/)
    const refundAudit = (await auditFor(o.id)).find((a) => a.action === 'order.refund')
    expect(refundAudit?.actorId).toBe(admin.id)
    const again = await call('POST', `/orders/${o.id}/refund`, admin)
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toMatch(/already been refunded/)

    const unpaid = await insertOrder(app, customer.id, [{ id: fx.saree.id, price: 10_000 }])
    await call('POST', `/orders/${unpaid.id}/status`, admin, { status: 'Cancelled' })
    const nothing = await call('POST', `/orders/${unpaid.id}/refund`, admin)
    expect(nothing.statusCode).toBe(409)
    expect(nothing.json().message).toMatch(/never paid/)
  })
})

describe('customers', () => {
  it('lists, shows orders and addresses, and disabling stops the account tokens at once', async () => {
    const other = await makePerson(app, 'customer', 'Second Shopper')
    const me = () => app.inject({ url: '/api/v1/user/current-user', headers: other.auth })
    expect((await me()).statusCode).toBe(200)
    const list = (await call('GET', '/customers?q=Second', admin)).json().data
    expect(list.items.map((c: { _id: string }) => c._id)).toEqual([other.id])

    const off = await call('POST', `/customers/${other.id}/disable`, admin, { disabled: true })
    expect(off.statusCode).toBe(200)
    expect(off.json().data.disabled).toBe(true)
    expect((await me()).statusCode).toBe(401)

    const self = await call('POST', `/customers/${admin.id}/disable`, admin, { disabled: true })
    expect(self.statusCode).toBe(409)
    // A colleague's account is not a customer's: the staff rules apply (decision 091).
    const colleague = await makePerson(app, 'admin', 'Second Admin')
    const staffOff = await call('POST', `/customers/${colleague.id}/disable`, admin, { disabled: true })
    expect(staffOff.statusCode).toBe(409)
    expect(staffOff.json().message).toBe(staffAccountHere)
    expect((await call('GET', '/overview', colleague)).statusCode).toBe(200)

    const own = await insertOrder(app, customer.id, [{ id: fx.saree.id, price: 10_000 }])
    const detail = (await call('GET', `/customers/${customer.id}`, admin)).json().data
    expect(detail.orders.map((o: { _id: string }) => o._id)).toContain(own.id)
    expect(detail).toHaveProperty('addresses')
    expect(detail).not.toHaveProperty('passwordHash')
    expect((await auditFor(other.id)).map((a) => a.action)).toContain('user.disable')
  })
})

describe('customer search', () => {
  it('finds a customer by the phone of their orders however it is typed, with their order count', async () => {
    const shopper = await makePerson(app, 'customer', 'Phone Search Shopper')
    const phone = `98${String(Date.now()).slice(-8)}`
    await insertOrder(app, shopper.id, [{ id: fx.saree.id, price: 10_000 }], { shippingPhone: phone })
    for (const typed of [phone, `+91 ${phone.slice(0, 5)}-${phone.slice(5)}`, `0${phone}`, phone.slice(-6)]) {
      const res = await call('GET', `/customers?q=${encodeURIComponent(typed)}`, admin)
      expect(res.statusCode).toBe(200)
      const items = res.json().data.items as Array<{ _id: string; orderCount: number }>
      expect(
        items.map((c) => c._id),
        typed,
      ).toEqual([shopper.id])
      expect(items[0].orderCount).toBe(1)
    }
  })
})

describe('overview', () => {
  it('counts the work waiting, products awaiting approval, new messages and today’s sales', async () => {
    await app.inject({
      method: 'POST',
      url: '/api/v1/contact',
      payload: { firstName: 'Ravi', email: 'ravi@example.in', message: 'Do you ship to Pune?' },
      remoteAddress: '10.7.0.1',
    })
    const before = (await call('GET', '/overview', admin)).json().data
    await insertOrder(app, customer.id, [{ id: fx.saree.id, price: 12_345 }], { paymentStatus: 'Paid' })
    await insertOrder(app, customer.id, [{ id: fx.saree.id, price: 10_000 }])
    const d = (await call('GET', '/overview', admin)).json().data
    expect(d.orders.toShip).toBe(before.orders.toShip + 1)
    expect(d.orders.awaitingPayment).toBe(before.orders.awaitingPayment + 1)
    expect(d.sales.today.orders).toBe(before.sales.today.orders + 1)
    expect(Math.round((d.sales.today.rupees - before.sales.today.rupees) * 100)).toBe(12_345)
    expect(d.sales.thisMonth.rupees).toBeGreaterThanOrEqual(d.sales.today.rupees)
    expect(d.stock.awaitingApproval).toBeGreaterThan(0)
    expect(d.orders.unreadMessages).toBeGreaterThan(0)
  })
})
