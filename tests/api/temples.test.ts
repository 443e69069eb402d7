import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, categories, products } from '../../server/db/schema.ts'
import {
  addToCart,
  makeAdmin,
  makeCustomer,
  makeProduct,
  makeStaff,
  orderOf,
  type Person,
  payOrder,
  stockOf,
} from '../support/factories.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'
import { productBody } from './admin-helpers.ts'

// Temples' own pages, each service's own link, Hindi fields and prasad packages (decision 099).
// Each test makes its own temple; the two staff members are only read.
let app: TestApp
let owner: Person
let catalogueStaff: Person

beforeAll(async () => {
  app = await createTestApp()
  owner = await makeAdmin(app, 'Meera Iyer')
  catalogueStaff = await makeStaff(app, 'catalogue', 'Ravi Kumar')
})
afterAll(async () => {
  await app?.cleanup()
})

const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, who = owner) =>
  app.inject({ method, url: `/api/v1/admin${url}`, headers: who.auth, ...(payload ? { payload } : {}) })
const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ url: `/api/v1${url}`, headers })

type Temple = {
  id: string
  name: string
  slug: string
  form: (over?: object) => Record<string, unknown>
}
let temples = 0
/** A temple of this test's own, as staff add one: Kashi Vishwanath with a number of its own. */
async function newTemple(): Promise<Temple> {
  const name = `Kashi Vishwanath ${++temples}${Math.random()
    .toString(36)
    .replace(/[^a-z]/g, '')
    .slice(0, 4)}`
  const form = (over: object = {}) => ({
    name,
    location: 'Varanasi, Uttar Pradesh',
    about: '<p>On the Ganga.</p>',
    servicesLink: 'https://example.org/kashi',
    images: [],
    ...over,
  })
  const res = await admin('POST', '/temples', form())
  expect(res.statusCode, res.body).toBe(200)
  return { id: res.json().data.id, name, slug: name.toLowerCase().replace(/ /g, '-'), form }
}
const inList = (res: { json(): { data: Array<{ slug: string }> } }, t: Temple) =>
  res.json().data.find((x) => x.slug === t.slug) as unknown as Record<string, unknown> & { name: string }

describe('a temple’s page data', () => {
  it('answers the temple by its web name (any case) with its four service links, and 404 for an unknown one', async () => {
    const t = await newTemple()
    const res = await get(`/temples/${t.name.replace(/ /g, '-')}`)
    expect(res.statusCode, res.body).toBe(200)
    const { temple, prasad } = res.json().data
    expect(temple).toMatchObject({
      slug: t.slug,
      name: t.name,
      location: 'Varanasi, Uttar Pradesh',
      about: '<p>On the Ganga.</p>',
    })
    expect(prasad).toEqual([])
    const missing = await get('/temples/no-such-temple')
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toEqual({ success: false, message: 'No temple has this address.' })
  })
})

describe('service links', () => {
  it('opens the spec’s single link for every service none of which has its own', async () => {
    const t = await newTemple()
    await admin('PUT', `/temples/${t.id}`, t.form())
    const { temple } = (await get(`/temples/${t.slug}`)).json().data
    expect(temple.servicesLink).toBe('https://example.org/kashi')
    expect(temple.serviceLinks).toEqual({
      virtualTour: 'https://example.org/kashi',
      liveAarti: 'https://example.org/kashi',
      orderParshad: 'https://example.org/kashi',
      bookGuide: 'https://example.org/kashi',
    })
  })

  it('opens each service’s own link where staff set one, the single link for the others', async () => {
    const t = await newTemple()
    const res = await admin(
      'PUT',
      `/temples/${t.id}`,
      t.form({
        liveAartiLink: 'https://live.example.org/aarti',
        bookGuideLink: '/Support',
        virtualTourLink: '',
      }),
    )
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data).toMatchObject({
      liveAartiLink: 'https://live.example.org/aarti',
      bookGuideLink: '/Support',
      virtualTourLink: null,
      orderParshadLink: null,
    })
    const [page, list] = await Promise.all([get(`/temples/${t.slug}`), get('/temple/all')])
    const expected = {
      virtualTour: 'https://example.org/kashi',
      liveAarti: 'https://live.example.org/aarti',
      orderParshad: 'https://example.org/kashi',
      bookGuide: '/Support',
    }
    expect(page.json().data.temple.serviceLinks).toEqual(expected)
    expect(inList(list, t).serviceLinks).toEqual(expected)
  })

  it('shows a service with its own link even when the temple has no single link', async () => {
    const t = await newTemple()
    await admin(
      'PUT',
      `/temples/${t.id}`,
      t.form({ servicesLink: '', orderParshadLink: 'https://prasad.example.org' }),
    )
    const { temple } = (await get(`/temples/${t.slug}`)).json().data
    expect(temple.serviceLinks).toEqual({
      virtualTour: '',
      liveAarti: '',
      orderParshad: 'https://prasad.example.org',
      bookGuide: '',
    })
  })

  it('refuses a service link that is neither a shop address nor a web address, saying which', async () => {
    const t = await newTemple()
    for (const [field, value] of [
      ['virtualTourLink', 'javascript:alert(1)'],
      ['liveAartiLink', '//evil.example.org/x'],
      ['orderParshadLink', 'prasad please'],
      ['bookGuideLink', 'ftp://example.org/guide'],
      ['bookGuideLink', `https://example.org/${'a'.repeat(600)}`],
    ]) {
      const res = await admin('PUT', `/temples/${t.id}`, t.form({ [field]: value }))
      expect(res.statusCode, `${field}: ${value}`).toBe(400)
      expect(res.json().success).toBe(false)
      expect(res.json().errors?.[field] ?? res.json().message, field).toMatch(
        /address in the shop|at most 500 characters/,
      )
    }
  })
})

describe('Hindi', () => {
  it('shows staff’s Hindi name, place and text to Hindi readers, the English where one is empty', async () => {
    const t = await newTemple()
    const res = await admin(
      'PUT',
      `/temples/${t.id}`,
      t.form({
        nameHi: ' काशी विश्वनाथ ',
        locationHi: '',
        aboutHi: '<p>गंगा के तट पर।</p><script>x()</script>',
      }),
    )
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data.translations).toEqual({
      hi: { name: 'काशी विश्वनाथ', about: '<p>गंगा के तट पर।</p>' },
    })

    const hi = (await get(`/temples/${t.slug}?lang=hi`)).json().data.temple
    expect(hi).toMatchObject({
      slug: t.slug,
      name: 'काशी विश्वनाथ',
      location: 'Varanasi, Uttar Pradesh',
      about: '<p>गंगा के तट पर।</p>',
    })
    const en = (await get(`/temples/${t.slug}`)).json().data.temple
    expect(en.name).toBe(t.name)
    const list = await get('/temple/all', { cookie: 'lang=hi' })
    expect(inList(list, t).name).toBe('काशी विश्वनाथ')
    // The Hindi answer is never stored by a shared cache keyed on the address alone.
    expect(String(list.headers['cache-control'] ?? '')).not.toContain('public')
    expect(inList(await get('/temple/all'), t).name).toBe(t.name)
  })

  it('keeps the Hindi when a form without Hindi fields is saved, and drops it when they are emptied', async () => {
    const t = await newTemple()
    await admin('PUT', `/temples/${t.id}`, t.form({ nameHi: 'काशी विश्वनाथ' }))
    await admin('PUT', `/temples/${t.id}`, t.form())
    expect((await get(`/temples/${t.slug}?lang=hi`)).json().data.temple.name).toBe('काशी विश्वनाथ')
    await admin('PUT', `/temples/${t.id}`, t.form({ nameHi: '', locationHi: '', aboutHi: '' }))
    expect((await get(`/temples/${t.slug}?lang=hi`)).json().data.temple.name).toBe(t.name)
  })
})

describe('prasad packages', () => {
  it('are products staff link to a temple: listed on its page, in Hindi too, approved ones only', async () => {
    const t = await newTemple()
    const created = await admin(
      'POST',
      '/products',
      productBody({
        title: 'Kashi Prasad Box',
        titleHi: 'काशी प्रसाद डिब्बा',
        templeId: t.id,
        isApproved: true,
      }),
      catalogueStaff,
    )
    expect(created.statusCode, created.body).toBe(200)
    const id = created.json().data._id
    expect(created.json().data.templeId).toBe(t.id)
    const hidden = await makeProduct(app, { templeId: t.id, isApproved: false })
    await makeProduct(app, { title: 'Not prasad' })

    const { prasad } = (await get(`/temples/${t.slug}`)).json().data
    expect(prasad.map((p: { _id: string }) => p._id)).toEqual([id])
    expect(prasad[0]).toMatchObject({ title: 'Kashi Prasad Box', price: 1499 })
    expect(prasad.some((p: { _id: string }) => p._id === hidden.id)).toBe(false)
    const hindi = (await get(`/temples/${t.slug}?lang=hi`)).json().data.prasad
    expect(hindi[0].title).toBe('काशी प्रसाद डिब्बा')

    // A CSV-style save without the field leaves the temple as it is; an empty choice removes it.
    const withoutTemple = productBody({ title: 'Kashi Prasad Box', isApproved: true })
    expect(withoutTemple).not.toHaveProperty('templeId')
    await admin('PUT', `/products/${id}`, { ...withoutTemple, sku: created.json().data.sku })
    expect((await admin('GET', `/products/${id}`)).json().data.templeId).toBe(t.id)
    await admin('PUT', `/products/${id}`, { ...withoutTemple, sku: created.json().data.sku, templeId: '' })
    expect((await admin('GET', `/products/${id}`)).json().data.templeId).toBeNull()
    expect((await get(`/temples/${t.slug}`)).json().data.prasad).toEqual([])
    await admin('PUT', `/products/${id}`, {
      ...withoutTemple,
      sku: created.json().data.sku,
      templeId: t.id,
    })
  })

  it('refuses a temple that does not exist, and a temple that still offers prasad is not deleted', async () => {
    const t = await newTemple()
    const res = await admin('POST', '/products', productBody({ templeId: 'a'.repeat(24) }))
    expect(res.statusCode).toBe(400)
    expect(res.json().errors.templeId).toBe('That temple no longer exists.')
    const bad = await admin('POST', '/products', productBody({ templeId: 'kashi' }))
    expect(bad.statusCode).toBe(400)

    await makeProduct(app, { templeId: t.id })
    const del = await admin('DELETE', `/temples/${t.id}`)
    expect(del.statusCode).toBe(409)
    expect(del.json().message).toMatch(/prasad package/)
  })

  it('sell through the normal cart, order and sandbox payment like any product', async () => {
    const customer = await makeCustomer(app, 'Asha Verma')
    const t = await newTemple()
    const made = await makeProduct(app, { title: 'Kashi Prasad Box', templeId: t.id })
    const [box] = await app.database.db.select().from(products).where(eq(products.id, made.id))
    const add = await addToCart(app, customer, box!.id)
    expect(add.statusCode, add.body).toBe(200)
    const cart = await app.inject({ url: '/api/v1/cart/product', headers: customer.auth })
    expect(cart.body).toContain('Kashi Prasad Box')
    const order = await orderOf(app, customer, { id: box!.id, price: box!.price })
    await payOrder(app, customer, order._id)
    const mine = await app.inject({ url: '/api/v1/order/allorder', headers: customer.auth })
    const placed = mine.json().data.find((o: { _id: string }) => o._id === order._id)
    expect(placed.paymentInfo.status).toBe('Paid')
    expect(await stockOf(app, box!.id)).toBe(box!.quantity - 1)
  })
})

describe('the console', () => {
  it('audits a temple’s new link and Hindi name', async () => {
    const t = await newTemple()
    await admin(
      'PUT',
      `/temples/${t.id}`,
      t.form({ liveAartiLink: 'https://live.example.org/aarti', nameHi: 'काशी' }),
    )
    // In the order written: without ORDER BY, PostgreSQL may hand rows back in any order.
    const rows = await app.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, t.id))
      .orderBy(asc(auditLog.createdAt))
    const last = rows.at(-1)!
    expect(last.action).toBe('temple.update')
    expect(last.after).toMatchObject({
      liveAartiLink: 'https://live.example.org/aarti',
      translations: { hi: { name: 'काशी' } },
    })
  })

  it('keeps a Prasad collection category like any other', async () => {
    const res = await admin('POST', '/categories', {
      title: 'Prasad',
      status: 'active',
      isHeaderCategory: false,
      isCollectionCategory: true,
    })
    expect(res.statusCode, res.body).toBe(200)
    const [row] = await app.database.db.select().from(categories).where(eq(categories.title, 'Prasad'))
    expect(row?.isCollectionCategory).toBe(true)
  })
})
