import { eq } from 'drizzle-orm'
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
let app: TestApp
let owner: Person
let catalogueStaff: Person
let kashiId: string

beforeAll(async () => {
  app = await createTestApp()
  owner = await makeAdmin(app, 'Meera Iyer')
  catalogueStaff = await makeStaff(app, 'catalogue', 'Ravi Kumar')
  const res = await admin('POST', '/temples', {
    name: 'Kashi Vishwanath',
    location: 'Varanasi, Uttar Pradesh',
    about: '<p>On the Ganga.</p>',
    servicesLink: 'https://example.org/kashi',
    images: [],
  })
  expect(res.statusCode, res.body).toBe(200)
  kashiId = res.json().data.id
})
afterAll(async () => {
  await app?.cleanup()
})

const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, who = owner) =>
  app.inject({ method, url: `/api/v1/admin${url}`, headers: who.auth, ...(payload ? { payload } : {}) })
const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ url: `/api/v1${url}`, headers })
const kashi = (over: object = {}) => ({
  name: 'Kashi Vishwanath',
  location: 'Varanasi, Uttar Pradesh',
  about: '<p>On the Ganga.</p>',
  servicesLink: 'https://example.org/kashi',
  images: [],
  ...over,
})

describe('a temple’s page data', () => {
  it('answers the temple by its web name (any case) with its four service links, and 404 for an unknown one', async () => {
    const res = await get('/temples/Kashi-Vishwanath')
    expect(res.statusCode, res.body).toBe(200)
    const { temple, prasad } = res.json().data
    expect(temple).toMatchObject({
      slug: 'kashi-vishwanath',
      name: 'Kashi Vishwanath',
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
    await admin('PUT', `/temples/${kashiId}`, kashi())
    const { temple } = (await get('/temples/kashi-vishwanath')).json().data
    expect(temple.servicesLink).toBe('https://example.org/kashi')
    expect(temple.serviceLinks).toEqual({
      virtualTour: 'https://example.org/kashi',
      liveAarti: 'https://example.org/kashi',
      orderParshad: 'https://example.org/kashi',
      bookGuide: 'https://example.org/kashi',
    })
  })

  it('opens each service’s own link where staff set one, the single link for the others', async () => {
    const res = await admin(
      'PUT',
      `/temples/${kashiId}`,
      kashi({
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
    const [page, list] = await Promise.all([get('/temples/kashi-vishwanath'), get('/temple/all')])
    const expected = {
      virtualTour: 'https://example.org/kashi',
      liveAarti: 'https://live.example.org/aarti',
      orderParshad: 'https://example.org/kashi',
      bookGuide: '/Support',
    }
    expect(page.json().data.temple.serviceLinks).toEqual(expected)
    expect(list.json().data[0].serviceLinks).toEqual(expected)
  })

  it('shows a service with its own link even when the temple has no single link', async () => {
    await admin(
      'PUT',
      `/temples/${kashiId}`,
      kashi({ servicesLink: '', orderParshadLink: 'https://prasad.example.org' }),
    )
    const { temple } = (await get('/temples/kashi-vishwanath')).json().data
    expect(temple.serviceLinks).toEqual({
      virtualTour: '',
      liveAarti: '',
      orderParshad: 'https://prasad.example.org',
      bookGuide: '',
    })
  })

  it('refuses a service link that is neither a shop address nor a web address, saying which', async () => {
    for (const [field, value] of [
      ['virtualTourLink', 'javascript:alert(1)'],
      ['liveAartiLink', '//evil.example.org/x'],
      ['orderParshadLink', 'prasad please'],
      ['bookGuideLink', 'ftp://example.org/guide'],
      ['bookGuideLink', `https://example.org/${'a'.repeat(600)}`],
    ]) {
      const res = await admin('PUT', `/temples/${kashiId}`, kashi({ [field]: value }))
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
    const res = await admin(
      'PUT',
      `/temples/${kashiId}`,
      kashi({ nameHi: ' काशी विश्वनाथ ', locationHi: '', aboutHi: '<p>गंगा के तट पर।</p><script>x()</script>' }),
    )
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data.translations).toEqual({
      hi: { name: 'काशी विश्वनाथ', about: '<p>गंगा के तट पर।</p>' },
    })

    const hi = (await get('/temples/kashi-vishwanath?lang=hi')).json().data.temple
    expect(hi).toMatchObject({
      slug: 'kashi-vishwanath',
      name: 'काशी विश्वनाथ',
      location: 'Varanasi, Uttar Pradesh',
      about: '<p>गंगा के तट पर।</p>',
    })
    const en = (await get('/temples/kashi-vishwanath')).json().data.temple
    expect(en.name).toBe('Kashi Vishwanath')
    const list = await get('/temple/all', { cookie: 'lang=hi' })
    expect(list.json().data[0].name).toBe('काशी विश्वनाथ')
    // The Hindi answer is never stored by a shared cache keyed on the address alone.
    expect(String(list.headers['cache-control'] ?? '')).not.toContain('public')
    expect((await get('/temple/all')).json().data[0].name).toBe('Kashi Vishwanath')
  })

  it('keeps the Hindi when a form without Hindi fields is saved, and drops it when they are emptied', async () => {
    await admin('PUT', `/temples/${kashiId}`, kashi({ nameHi: 'काशी विश्वनाथ' }))
    await admin('PUT', `/temples/${kashiId}`, kashi())
    expect((await get('/temples/kashi-vishwanath?lang=hi')).json().data.temple.name).toBe('काशी विश्वनाथ')
    await admin('PUT', `/temples/${kashiId}`, kashi({ nameHi: '', locationHi: '', aboutHi: '' }))
    expect((await get('/temples/kashi-vishwanath?lang=hi')).json().data.temple.name).toBe('Kashi Vishwanath')
  })
})

describe('prasad packages', () => {
  it('are products staff link to a temple: listed on its page, in Hindi too, approved ones only', async () => {
    const created = await admin(
      'POST',
      '/products',
      productBody({
        title: 'Kashi Prasad Box',
        titleHi: 'काशी प्रसाद डिब्बा',
        templeId: kashiId,
        isApproved: true,
      }),
      catalogueStaff,
    )
    expect(created.statusCode, created.body).toBe(200)
    const id = created.json().data._id
    expect(created.json().data.templeId).toBe(kashiId)
    const hidden = await makeProduct(app, { templeId: kashiId, isApproved: false })
    await makeProduct(app, { title: 'Not prasad' })

    const { prasad } = (await get('/temples/kashi-vishwanath')).json().data
    expect(prasad.map((p: { _id: string }) => p._id)).toEqual([id])
    expect(prasad[0]).toMatchObject({ title: 'Kashi Prasad Box', price: 1499 })
    expect(prasad.some((p: { _id: string }) => p._id === hidden.id)).toBe(false)
    const hindi = (await get('/temples/kashi-vishwanath?lang=hi')).json().data.prasad
    expect(hindi[0].title).toBe('काशी प्रसाद डिब्बा')

    // A CSV-style save without the field leaves the temple as it is; an empty choice removes it.
    const withoutTemple = productBody({ title: 'Kashi Prasad Box', isApproved: true })
    expect(withoutTemple).not.toHaveProperty('templeId')
    await admin('PUT', `/products/${id}`, { ...withoutTemple, sku: created.json().data.sku })
    expect((await admin('GET', `/products/${id}`)).json().data.templeId).toBe(kashiId)
    await admin('PUT', `/products/${id}`, { ...withoutTemple, sku: created.json().data.sku, templeId: '' })
    expect((await admin('GET', `/products/${id}`)).json().data.templeId).toBeNull()
    expect((await get('/temples/kashi-vishwanath')).json().data.prasad).toEqual([])
    await admin('PUT', `/products/${id}`, {
      ...withoutTemple,
      sku: created.json().data.sku,
      templeId: kashiId,
    })
  })

  it('refuses a temple that does not exist, and a temple that still offers prasad is not deleted', async () => {
    const res = await admin('POST', '/products', productBody({ templeId: 'a'.repeat(24) }))
    expect(res.statusCode).toBe(400)
    expect(res.json().errors.templeId).toBe('That temple no longer exists.')
    const bad = await admin('POST', '/products', productBody({ templeId: 'kashi' }))
    expect(bad.statusCode).toBe(400)

    const del = await admin('DELETE', `/temples/${kashiId}`)
    expect(del.statusCode).toBe(409)
    expect(del.json().message).toMatch(/prasad package/)
  })

  it('sell through the normal cart, order and sandbox payment like any product', async () => {
    const customer = await makeCustomer(app, 'Asha Verma')
    const [box] = await app.database.db.select().from(products).where(eq(products.title, 'Kashi Prasad Box'))
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
    await admin(
      'PUT',
      `/temples/${kashiId}`,
      kashi({ liveAartiLink: 'https://live.example.org/aarti', nameHi: 'काशी' }),
    )
    const rows = await app.database.db.select().from(auditLog).where(eq(auditLog.entityId, kashiId))
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
