import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resources } from '../../server/modules/admin/content/resources.ts'
import { makeCoupon, makePerson, orderOf, type Person, payOrder } from '../support/factories.ts'
import { insertCatalogue } from '../support/fixtures.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'
import { multipartFiles, png } from './admin-helpers.ts'

/**
 * Every console answer goes through its contract (docs/decisions/090), and a response schema drops the
 * keys it does not list: each answer must carry all that its service produced, or the console would
 * silently lose a field.
 */

// Made once in beforeAll and only read: each test compares one answer with what its service makes of the
// same rows, so no test changes what another sees.
let app: TestApp
let admin: Person
let customer: Person
let fx: Awaited<ReturnType<typeof insertCatalogue>>
let orderId = ''
let messageId = ''
let outboxId = ''

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  app.inject({ method, url: `/api/v1/admin${url}`, headers: admin.auth, payload })
/** What the service produced, as JSON writes it (dates as ISO text, no undefined). */
const asJson = (value: unknown) => JSON.parse(JSON.stringify(value))
const firstPage = { page: 1, pageSize: 20 }

beforeAll(async () => {
  app = await createTestApp()
  fx = await insertCatalogue(app.database.db)
  admin = await makePerson(app, 'admin', 'Meena Admin')
  customer = await makePerson(app, 'customer', 'Asha Verma')

  const picture = multipartFiles([
    { field: 'image', filename: 'a.png', content: await png(), type: 'image/png' },
  ])
  const upload = await app.inject({
    method: 'POST',
    url: `/api/v1/admin/products/${fx.saree.id}/images`,
    headers: { ...admin.auth, ...picture.headers },
    payload: picture.payload,
  })
  expect(upload.statusCode, upload.body).toBe(200)

  // A paid order that staff moved on: payment records, history by a member of staff, an invoice.
  const order = await orderOf(app, customer, fx.saree)
  orderId = order._id
  await payOrder(app, customer, orderId)
  const moved = await call('POST', `/orders/${orderId}/status`, { status: 'Processing', note: 'Packed' })
  expect(moved.statusCode, moved.body).toBe(200)

  await app.inject({
    method: 'POST',
    url: '/api/v1/contact',
    payload: { firstName: 'Ravi', email: 'ravi@example.in', message: 'Do you ship to Pune?' },
  })
  messageId = (await call('GET', '/messages?kind=contact')).json().data.items[0]._id
  const replied = await call('POST', `/messages/${messageId}/replies`, { body: 'Yes, in 4 days.' })
  expect(replied.statusCode, replied.body).toBe(201)
  outboxId = replied.json().data.replies[0].outboxId

  await makeCoupon(app)
  const rows: Array<[string, object]> = [
    [
      'sliders',
      { image: '/uploads/sliders/a-800.webp', title: 'Diwali', link: '/products', status: 'active' },
    ],
    ['banners', { image: '/uploads/banners/b-800.webp' }],
    ['faqs', { question: 'Do you ship abroad?', answer: '<p>Not yet.</p>' }],
    ['policy-sections', { kind: 'terms', title: 'Orders', content: '<p>Paid orders ship.</p>' }],
    ['temples', { name: 'Kashi Vishwanath', servicesLink: 'https://example.in/puja', images: [] }],
    ['search-synonyms', { term: 'pashmeena', expansions: 'pashmina' }],
  ]
  for (const [path, body] of rows) {
    const res = await call('POST', `/${path}`, body)
    expect(res.statusCode, `${path}: ${res.body}`).toBe(200)
  }
  expect((await call('PUT', '/return-policy', { content: '<p>7 days.</p>' })).statusCode).toBe(200)
})

// Closing the app removes its throw-away uploads folder too.
afterAll(async () => {
  await app?.cleanup()
})

describe('the console answers', () => {
  const reads: Array<[string, () => string, () => Promise<unknown>]> = [
    ['the overview', () => '/overview', () => app.services.admin.overview('owner')],
    ['the audit log', () => '/audit', () => app.services.admin.audit(firstPage)],
    [
      'the product list',
      () => '/products',
      () => app.services.admin.products.list({ ...firstPage, approval: 'all' }),
    ],
    ['a product', () => `/products/${fx.saree.id}`, () => app.services.admin.products.get(fx.saree.id)],
    ['the order list', () => '/orders', () => app.services.admin.orders.list(firstPage)],
    ['an order', () => `/orders/${orderId}`, () => app.services.admin.orders.get(orderId)],
    ['the customer list', () => '/customers', () => app.services.admin.customers.list(firstPage)],
    ['a customer', () => `/customers/${customer.id}`, () => app.services.admin.customers.get(customer.id)],
    ['the message list', () => '/messages', () => app.services.admin.messages.list(firstPage)],
    [
      'a message thread',
      () => `/messages/${messageId}/thread`,
      () => app.services.messages.thread(messageId),
    ],
    [
      'the outbox',
      () => '/outbox',
      async () => ({
        ...(await app.services.mail.outbox.list('owner', { page: 1 })),
        sending: app.services.mail.sending,
      }),
    ],
    ['an e-mail', () => `/outbox/${outboxId}`, () => app.services.mail.outbox.get('owner', outboxId)],
    ['the mail settings', () => '/settings/mail', () => app.services.mail.settings.get()],
    ['the limits per customer', () => '/settings/limits', () => app.services.holds.limits()],
    ['the return policy', () => '/return-policy', () => app.services.admin.content.returnPolicy.get()],
    ...resources.map((r): [string, () => string, () => Promise<unknown>] => [
      `the ${r.path} list`,
      () => `/${r.path}`,
      () => app.services.admin.content.resources.list(r.path),
    ]),
  ]

  it.each(reads)('%s: everything its service produced', async (_what, url, produced) => {
    const res = await call('GET', url())
    expect(res.statusCode, res.body).toBe(200)
    const expected = asJson(await produced())
    expect(res.json().data).toEqual(expected)
    // Not a list that happens to be empty: there is something to lose.
    expect(JSON.stringify(expected).length).toBeGreaterThan(20)
  })
})
