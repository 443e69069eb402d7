import { eq } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildDir, buildIsCurrent } from '../../scripts/build-stamp.ts'
import { buildApp, type ShopApp } from '../../server/app.ts'
import { testConfig } from '../../server/config.ts'
import { type Database, openPostgres } from '../../server/db/client.ts'
import { newId } from '../../server/db/ids.ts'
import { categories, products } from '../../server/db/schema.ts'
import type { CatalogueChange } from '../../server/lib/cache.ts'
import { SESSION_CACHE_MS } from '../../server/modules/accounts/service.ts'
import {
  makeAdmin,
  makeCustomer,
  makeProduct,
  makeStaff,
  orderOf,
  type Person,
} from '../support/factories.ts'
import { openTestDatabase, type TestApp } from '../support/test-app.ts'
import { productBody } from './admin-helpers.ts'

// Two instances of the shop on one PostgreSQL database drop their caches together, the sign-ins they
// remember included (docs/decisions/066).
const postgres = Boolean(process.env.DATABASE_URL)

describe.skipIf(!postgres)('two instances on one PostgreSQL database', () => {
  let one: TestApp
  let two: TestApp
  let second: Database
  let drop: () => Promise<void>
  let admin: Person

  beforeAll(async () => {
    if (!buildIsCurrent()) {
      const { build } = await import('../../scripts/build.ts')
      build()
    }
    const opened = await openTestDatabase()
    drop = opened.drop
    // The second instance has a pool of its own on the same database, as a second process would.
    second = await openPostgres(opened.database.url!)
    // One set of secrets, as instances on one database share (decision 067): a token from one works on the other.
    const { secrets } = testConfig()
    const start = async (database: Database) => {
      const app = await buildApp({
        config: { ...testConfig({ PUBLIC_URL: 'http://localhost:3000' }), secrets },
        database,
        web: { buildDirectory: buildDir() },
      })
      await app.ready()
      return Object.assign(app, { database, cleanup: async () => {} }) as TestApp
    }
    one = await start(opened.database)
    two = await start(second)
    admin = await makeAdmin(one)
  }, 180_000)

  afterAll(async () => {
    await (one as ShopApp | undefined)?.close()
    await (two as ShopApp | undefined)?.close()
    await one?.database.close()
    await second?.close()
    await drop?.()
  })

  const apiPrice = async (app: TestApp, id: string) => {
    const res = await app.inject({ method: 'GET', url: `/api/v1/Product/product?id=${id}` })
    return res.statusCode === 200 ? (res.json().product.price as number) : res.statusCode
  }
  const page = async (app: TestApp, id: string) =>
    (await app.inject({ method: 'GET', url: `/Productdetails/${id}`, headers: { accept: 'text/html' } })).body
  /** Polls until `check` holds, for at most `ms`; returns how long it took. */
  async function within(ms: number, check: () => Promise<boolean>) {
    const started = Date.now()
    while (!(await check())) {
      if (Date.now() - started > ms) throw new Error(`not seen within ${ms} ms`)
      await new Promise((r) => setTimeout(r, 20))
    }
    return Date.now() - started
  }
  const editPrice = (id: string, sku: string, price: number) =>
    one.inject({
      method: 'PUT',
      url: `/api/v1/admin/products/${id}`,
      headers: admin.auth,
      payload: productBody({ sku, price, cutPrice: price + 500 }),
    })

  it('both instances listen for cache notices', () => {
    expect(one.cacheBroadcast?.listening()).toBe(true)
    expect(two.cacheBroadcast?.listening()).toBe(true)
  })

  it('a price changed on one instance is served by the other, API and page, within a second', async () => {
    const piece = await makeProduct(one, { price: 1200_00, cutPrice: 1500_00 })
    const sku = `T-${piece.id.slice(-10)}`
    // Instance 2 warms both caches with the old price (once the creation's own notice has arrived).
    await within(1000, async () => (await apiPrice(two, piece.id)) === 1200)
    expect(await page(two, piece.id)).toContain('1,200')

    const saved = await editPrice(piece.id, sku, 3777)
    expect(saved.statusCode, saved.body).toBe(200)
    await within(1000, async () => (await apiPrice(two, piece.id)) === 3777)
    await within(1000, async () => (await page(two, piece.id)).includes('3,777'))
  })

  it('a product created and approved on one instance is found on the other', async () => {
    // A miss on instance 2 first, so a stale cached list would show.
    const list = async () =>
      (await two.inject('/api/v1/Product/products')).json().data.map((p: { _id: string }) => p._id)
    await list()
    const created = await one.inject({
      method: 'POST',
      url: '/api/v1/admin/products',
      headers: admin.auth,
      payload: productBody(),
    })
    expect(created.statusCode, created.body).toBe(200)
    const id = created.json().data._id as string
    expect(await apiPrice(two, id)).toBe(404)
    const approved = await one.inject({
      method: 'POST',
      url: `/api/v1/admin/products/${id}/approval`,
      headers: admin.auth,
      payload: { isApproved: true },
    })
    expect(approved.statusCode).toBe(200)
    await within(1000, async () => (await list()).includes(id))
    await within(1000, async () => (await apiPrice(two, id)) === 1499)
  })

  it('an order on one instance takes the last piece out of the other\'s "in stock" listing; the notice names it', async () => {
    const categoryId = newId()
    const category = `Shelf ${categoryId.slice(-6)}`
    await one.database.db.insert(categories).values({ id: categoryId, title: category })
    const last = await makeProduct(one, { categoryId, quantity: 1 })
    const other = await makeProduct(one, { categoryId })
    const inStock = async () =>
      (await two.inject(`/api/v1/Product/products?category=${encodeURIComponent(category)}&inStock=1`))
        .json()
        .data.map((p: { _id: string }) => p._id)
        .sort()
        .join()
    await within(1000, async () => (await inStock()) === [last.id, other.id].sort().join())
    const heard: Array<CatalogueChange | undefined> = []
    two.services.cache.onInvalidate((change) => heard.push(change))

    await orderOf(one, await makeCustomer(one), last)
    await within(1000, async () => heard.some((c) => c?.stockOf.includes(last.id)))
    expect(heard.find((c) => c?.stockOf.includes(last.id))).toEqual({ stockOf: [last.id] })
    await within(1000, async () => (await inStock()) === other.id)
  })

  it('an instance that lost the channel drops its caches on reconnecting, and hears later changes', async () => {
    // Instance 2 reads products a page or a product at a time (decision 103): it may read the new one before
    // the notice of its creation arrives, so the notice is awaited before its copy is looked at.
    const heard = new Promise<void>((resolve) => two.services.cache.onInvalidate(() => resolve()))
    const piece = await makeProduct(one, { price: 900_00, cutPrice: 1000_00 })
    const sku = `T-${piece.id.slice(-10)}`
    await heard
    await within(1000, async () => (await apiPrice(two, piece.id)) === 900)
    // A change no notice tells of (as one sent while instance 2 was not listening): instance 2 keeps its copy.
    await one.database.db.update(products).set({ price: 950_00 }).where(eq(products.id, piece.id))
    expect(await apiPrice(two, piece.id)).toBe(900)

    const pid = two.cacheBroadcast!.listenerPid()
    expect(pid).toBeTypeOf('number')
    const killer = new pg.Client({ connectionString: process.env.DATABASE_URL })
    await killer.connect()
    try {
      await killer.query('select pg_terminate_backend($1)', [pid])
    } finally {
      await killer.end()
    }
    await within(5000, async () => {
      const now = two.cacheBroadcast!.listenerPid()
      return now !== null && now !== pid
    })
    // Reconnected: the caches were dropped, so the change above shows now.
    expect(await apiPrice(two, piece.id)).toBe(950)

    const saved = await editPrice(piece.id, sku, 4321)
    expect(saved.statusCode, saved.body).toBe(200)
    await within(1000, async () => (await apiPrice(two, piece.id)) === 4321)
  })

  // Well inside the time a sign-in stays cached (SESSION_CACHE_MS): the notice, not the expiry, must drop it.
  const atOnce = Math.min(1000, SESSION_CACHE_MS / 2)

  it('a colleague demoted, then disabled, on one instance loses the old rights on the other at once', async () => {
    const colleague = await makeStaff(one, 'manager', 'Farah Sheikh')
    const staffCall = (url: string) => two.inject({ url: `/api/v1/admin${url}`, headers: colleague.auth })
    // Instance 2 remembers the manager's sign-in.
    expect((await staffCall('/products')).statusCode).toBe(200)
    const demoted = await one.inject({
      method: 'POST',
      url: `/api/v1/admin/staff/${colleague.id}/role`,
      headers: admin.auth,
      payload: { role: 'orders' },
    })
    expect(demoted.statusCode, demoted.body).toBe(200)
    await within(atOnce, async () => (await staffCall('/products')).statusCode === 403)
    expect((await staffCall('/orders')).statusCode).toBe(200)

    const disabled = await one.inject({
      method: 'POST',
      url: `/api/v1/admin/staff/${colleague.id}/disable`,
      headers: admin.auth,
      payload: { disabled: true },
    })
    expect(disabled.statusCode, disabled.body).toBe(200)
    await within(atOnce, async () => (await staffCall('/orders')).statusCode === 401)
  })

  it('a sign-out on one instance ends that sign-in on the other at once', async () => {
    const customer = await makeCustomer(one, 'Leaving Everywhere')
    const mine = () => two.inject({ url: '/api/v1/user/current-user', headers: customer.auth })
    expect((await mine()).statusCode).toBe(200)
    const out = await one.inject({
      method: 'POST',
      url: '/api/v1/user/logout',
      headers: customer.auth,
      payload: {},
    })
    expect(out.statusCode, out.body).toBe(200)
    await within(atOnce, async () => (await mine()).statusCode === 401)
  })
})
