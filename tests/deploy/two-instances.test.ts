import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildIsCurrent } from '../../scripts/build-stamp.ts'
import { buildApp } from '../../server/app.ts'
import { type Config, loadConfig } from '../../server/config.ts'
import { type Database, openPostgres } from '../../server/db/client.ts'
import { loadSharedSecrets } from '../../server/db/shared-secrets.ts'
import { multipartFiles, png, productBody } from '../api/admin-helpers.ts'
import {
  type Answer,
  type Call,
  call,
  type Instance,
  type LogLine,
  missingParts,
  type Nginx,
  startInstance,
  startNginx,
  within,
} from '../support/deployment.ts'
import {
  checkoutResult,
  makeAdmin,
  makeProduct,
  openPayment,
  orderOf,
  type Person,
  registerCustomer,
} from '../support/factories.ts'
import { startTestS3 } from '../support/s3.ts'
import { openTestDatabase, type TestApp } from '../support/test-app.ts'

/**
 * docs/deploy.md on one machine: nginx (with deploy/nginx/shop-proxy.conf) in front of two instances
 * started as their systemd units start them, on one PostgreSQL database and one Redis.
 */
const missing = await missingParts()
if (missing && process.env.CI) throw new Error(`The deployment test cannot run in CI: ${missing}`)
if (missing) console.warn(`Skipping the deployment test: ${missing}`)

describe.skipIf(Boolean(missing))('two instances behind nginx', () => {
  let drop: () => Promise<void>
  let url: string
  let one: Instance
  let two: Instance
  let nginx: Nginx
  /** The test's own view of the shop, on the same database: it builds data through the shared factories. */
  let local: TestApp
  let localDatabase: Database
  let localDir: string
  let admin: Person
  let s3: Awaited<ReturnType<typeof startTestS3>>

  beforeAll(async () => {
    if (!buildIsCurrent()) {
      const { build } = await import('../../scripts/build.ts')
      build()
    }
    const opened = await openTestDatabase()
    drop = opened.drop
    url = opened.database.url!
    await opened.database.close()
    s3 = await startTestS3()
    const bucket = await s3.bucket()
    const env = {
      ...Object.fromEntries(Object.entries(bucket.env).map(([k, v]) => [k, String(v)])),
      DATABASE_URL: url,
      REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      // Keys of this run only, so other tests on the same Redis are not disturbed.
      REDIS_PREFIX: `deploy${randomBytes(4).toString('hex')}:`,
      TRUST_PROXY: '127.0.0.1',
      SEED: 'none',
      PUBLIC_URL: 'http://localhost:8080',
    }
    // Started together, as after a deployment: they take turns at the migrations.
    ;[one, two] = await Promise.all([startInstance(env), startInstance(env)])
    nginx = await startNginx([one.port, two.port])

    localDir = mkdtempSync(path.join(tmpdir(), 'shop-deploy-local-'))
    const config: Config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SEED: 'none',
      DATA_DIR: localDir,
      DATABASE_URL: url,
    })
    localDatabase = await openPostgres(url, undefined, async (db) => {
      config.secrets = await loadSharedSecrets(config, db)
    })
    const app = await buildApp({ config, database: localDatabase, web: false })
    await app.ready()
    local = Object.assign(app, { database: localDatabase, cleanup: async () => {} }) as TestApp
    admin = await makeAdmin(local)
  }, 240_000)

  afterAll(async () => {
    await nginx?.stop()
    await Promise.all([one?.stop(), two?.stop()])
    await (local as TestApp | undefined)?.close()
    await localDatabase?.close()
    await drop?.()
    await s3?.close()
    if (localDir) rmSync(localDir, { recursive: true, force: true })
  }, 60_000)

  const at = (instance: Instance | Nginx, c: Call): Promise<Answer> => call(instance.base, c)
  const apiPrice = async (instance: Instance | Nginx, id: string) => {
    const res = await at(instance, { url: `/api/v1/Product/product?id=${id}` })
    return res.statusCode === 200 ? (res.json().product.price as number) : res.statusCode
  }
  /** The request's first log line (with `req`), once the instance's output has been read. */
  async function requestLine(instances: Instance[], id: string) {
    let line: LogLine | undefined
    await within(3000, async () => {
      line = instances.flatMap((i) => i.logs).find((l) => l.reqId === id && l.req)
      return Boolean(line)
    })
    return line
  }
  const page = async (instance: Instance | Nginx, id: string) =>
    (await at(instance, { url: `/Productdetails/${id}`, headers: { accept: 'text/html' } })).body

  it('nginx spreads requests over both instances', async () => {
    const answered = new Set<number>()
    for (let i = 0; i < 8; i++) {
      const res = await at(nginx, { url: '/api/v1/Product/products' })
      expect(res.statusCode).toBe(200)
      const id = res.headers['x-request-id'] as string
      await requestLine([one, two], id)
      for (const instance of [one, two])
        if (instance.logs.some((l) => l.reqId === id)) answered.add(instance.port)
    }
    expect(answered).toEqual(new Set([one.port, two.port]))
  })

  it('a price changed through one instance is served by both, API and page, within a second', async () => {
    const piece = await makeProduct(local, { price: 1200_00, cutPrice: 1500_00 })
    for (const instance of [one, two]) {
      await within(1000, async () => (await apiPrice(instance, piece.id)) === 1200)
      expect(await page(instance, piece.id)).toContain('1,200')
    }
    const saved = await at(one, {
      method: 'PUT',
      url: `/api/v1/admin/products/${piece.id}`,
      headers: admin.auth,
      payload: productBody({ sku: `T-${piece.id.slice(-10)}`, price: 3777, cutPrice: 4277 }),
    })
    expect(saved.statusCode, saved.body).toBe(200)
    for (const instance of [two, one]) {
      await within(1000, async () => (await apiPrice(instance, piece.id)) === 3777)
      await within(1000, async () => (await page(instance, piece.id)).includes('3,777'))
    }
    expect(await apiPrice(nginx, piece.id)).toBe(3777)
  })

  it('a token issued by one instance works on the other, and a payment opened on one verifies on the other', async () => {
    const asha = await registerCustomer(local)
    const login = await at(one, {
      method: 'POST',
      url: '/api/v1/user/login',
      payload: { email: asha.email, password: asha.password },
    })
    expect(login.statusCode, login.body).toBe(200)
    const auth = { authorization: `Bearer ${login.json().data.accessToken}` }
    const me = await at(two, { url: '/api/v1/user/current-user', headers: auth })
    expect(me.statusCode, me.body).toBe(200)
    expect(me.json().data.email).toBe(asha.email)

    const piece = await makeProduct(local)
    const order = await orderOf(local, asha, piece)
    const session = await openPayment(local, asha, order._id)
    const paid = await at(one, {
      method: 'POST',
      url: '/api/v1/payments/sandbox/pay',
      headers: auth,
      payload: { razorpay_order_id: session.id },
    })
    expect(paid.statusCode, paid.body).toBe(200)
    const verified = await at(two, {
      method: 'POST',
      url: '/api/v1/payments/verify',
      headers: auth,
      payload: { orderId: order._id, ...checkoutResult(paid.json()) },
    })
    expect(verified.statusCode, verified.body).toBe(200)
  })

  it('five wrong sign-ins spread over both instances lock the account on both', async () => {
    const asha = await registerCustomer(local)
    for (let i = 0; i < 5; i++) {
      const wrong = await at(i % 2 ? two : one, {
        method: 'POST',
        url: '/api/v1/user/login',
        payload: { email: asha.email, password: `Wrong@${i}2345` },
      })
      expect(wrong.statusCode, wrong.body).toBe(401)
    }
    // Now even the right password waits, on either instance and through nginx.
    for (const instance of [one, two, nginx]) {
      const locked = await at(instance, {
        method: 'POST',
        url: '/api/v1/user/login',
        payload: { email: asha.email, password: asha.password },
      })
      expect(locked.statusCode, locked.body).toBe(429)
      expect(locked.json().message).toMatch(
        /^Too many sign-in attempts\. Please wait 1[45] minutes and try again\.$/,
      )
    }
  })

  it('a picture uploaded through one instance is served by the other', async () => {
    const piece = await makeProduct(local)
    const upload = multipartFiles([
      { field: 'image', filename: 'tarpa.png', content: await png(1000, 700), type: 'image/png' },
    ])
    const res = await at(one, {
      method: 'POST',
      url: `/api/v1/admin/products/${piece.id}/images`,
      headers: { ...admin.auth, ...upload.headers },
      body: upload.payload,
    })
    expect(res.statusCode, res.body).toBe(200)
    const images = res.json().data.images as Array<{ url: string }>
    const url = images[images.length - 1].url
    expect(url).toMatch(/^\/uploads\/products\//)
    const fromOne = await at(one, { url })
    const fromTwo = await at(two, { url })
    expect(fromTwo.statusCode).toBe(200)
    expect(fromTwo.headers['content-type']).toBe('image/webp')
    expect(fromTwo.raw.equals(fromOne.raw)).toBe(true)
    expect((await at(nginx, { url })).raw.equals(fromOne.raw)).toBe(true)
  })

  it('the shop sees the client’s real address through nginx, and a forged X-Forwarded-For is ignored', async () => {
    const res = await at(nginx, {
      url: '/healthz',
      from: '127.0.0.2',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    })
    expect(res.statusCode).toBe(200)
    // nginx's own request id reaches the shop (it trusts nginx) and comes back.
    const id = res.headers['x-request-id'] as string
    expect(id).toMatch(/^[0-9a-f]{32}$/)
    const line = await requestLine([one, two], id)
    expect(line?.req?.remoteAddress).toBe('127.0.0.2')

    // Straight to an instance from an address it does not trust: the header is not believed either.
    const direct = await at(one, {
      url: '/healthz',
      from: '127.0.0.3',
      headers: { 'x-forwarded-for': '203.0.113.9', 'x-request-id': 'forged-request-id-1' },
    })
    const directId = direct.headers['x-request-id'] as string
    expect(directId).not.toBe('forged-request-id-1')
    const directLine = await requestLine([one], directId)
    expect(directLine?.req?.remoteAddress).toBe('127.0.0.3')
  })
})
