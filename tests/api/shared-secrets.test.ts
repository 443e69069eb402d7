import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app.ts'
import { type Config, loadConfig } from '../../server/config.ts'
import { type Database, openPostgres } from '../../server/db/client.ts'
import { sharedSecrets } from '../../server/db/schema.ts'
import { loadSharedSecrets } from '../../server/db/shared-secrets.ts'
import { checkoutResult, makeProduct, openPayment, orderOf, registerCustomer } from '../support/factories.ts'
import { openTestDatabase, type TestApp } from '../support/test-app.ts'

// Instances with their own DATA_DIR on one PostgreSQL database share their secrets (docs/decisions/067).
const postgres = Boolean(process.env.DATABASE_URL)

describe.skipIf(!postgres)('secrets shared by instances on one PostgreSQL database', () => {
  const dirs: string[] = []
  const apps: TestApp[] = []
  const databases: Database[] = []
  const drops: Array<() => Promise<void>> = []
  let url: string

  /** One instance as `npm start` opens it: its own DATA_DIR and pool, the secrets read at start. */
  async function start(at = url): Promise<TestApp> {
    const dir = mkdtempSync(path.join(tmpdir(), 'shop-instance-'))
    dirs.push(dir)
    const config: Config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SEED: 'none',
      DATA_DIR: dir,
      DATABASE_URL: at,
    })
    const database = await openPostgres(at, undefined, async (db) => {
      config.secrets = await loadSharedSecrets(config, db)
    })
    databases.push(database)
    const app = await buildApp({ config, database, web: false })
    await app.ready()
    const test = Object.assign(app, { database, cleanup: async () => {} }) as TestApp
    apps.push(test)
    return test
  }

  /** A new database of the tests' own, no instance started on it yet; dropped after the file. */
  async function emptyDatabase() {
    const opened = await openTestDatabase()
    drops.push(opened.drop)
    await opened.database.close()
    return opened.database.url!
  }

  beforeAll(async () => {
    url = await emptyDatabase()
  })
  afterAll(async () => {
    for (const app of apps) await app.close()
    for (const database of databases) await database.close()
    for (const drop of drops) await drop()
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  })

  it('two instances starting at once end with the same secrets, kept in the database and not in DATA_DIR', async () => {
    // A database no instance has started on yet: the two race to make the secrets.
    const at = await emptyDatabase()
    const ownDirs = dirs.length
    const [one, two] = await Promise.all([start(at), start(at)])
    expect(one.services.config.secrets).toEqual(two.services.config.secrets)
    expect(new Set(Object.values(one.services.config.secrets)).size).toBe(4)
    const rows = await one.database.db.select().from(sharedSecrets)
    expect(rows.map((r) => r.name).sort()).toEqual([
      'jwtAccessSecret',
      'jwtRefreshSecret',
      'sandboxKeySecret',
      'sandboxWebhookSecret',
    ])
    for (const dir of dirs.slice(ownDirs)) expect(existsSync(path.join(dir, 'secrets.json'))).toBe(false)

    // A third instance started later reads them too.
    const three = await start(at)
    expect(three.services.config.secrets).toEqual(one.services.config.secrets)
  })

  it('a token issued by one instance works on another, and a sandbox payment created on one verifies on another', async () => {
    const [one, two] = await Promise.all([start(), start()])
    const asha = await registerCustomer(one)
    const me = await two.inject({ url: '/api/v1/user/current-user', headers: asha.auth })
    expect(me.statusCode, me.body).toBe(200)
    expect(me.json().data.email).toBe(asha.email)

    const piece = await makeProduct(one)
    const order = await orderOf(one, asha, piece)
    const session = await openPayment(one, asha, order._id)
    const paid = await one.inject({
      method: 'POST',
      url: '/api/v1/payments/sandbox/pay',
      headers: asha.auth,
      payload: { razorpay_order_id: session.id },
    })
    expect(paid.statusCode, paid.body).toBe(200)
    const verify = await two.inject({
      method: 'POST',
      url: '/api/v1/payments/verify',
      headers: asha.auth,
      payload: { orderId: order._id, ...checkoutResult(paid.json()) },
    })
    expect(verify.statusCode, verify.body).toBe(200)
  })

  it('secrets given in the environment win over the stored ones', async () => {
    const started = await start()
    const secret = 'x'.repeat(40)
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dirs.at(-1),
      DATABASE_URL: url,
      JWT_ACCESS_SECRET: secret,
    })
    const shared = await loadSharedSecrets(config, started.database.db)
    expect(shared.jwtAccessSecret).toBe(secret)
    expect(shared.jwtRefreshSecret).toBe(started.services.config.secrets.jwtRefreshSecret)
  })

  it('the first start on PostgreSQL keeps the secrets an earlier version kept in DATA_DIR', async () => {
    const fresh = await openTestDatabase()
    try {
      const dir = mkdtempSync(path.join(tmpdir(), 'shop-upgrade-'))
      dirs.push(dir)
      const earlier = {
        jwtAccessSecret: 'a'.repeat(48),
        jwtRefreshSecret: 'b'.repeat(48),
        sandboxKeySecret: 'c'.repeat(48),
        sandboxWebhookSecret: 'd'.repeat(48),
      }
      writeFileSync(path.join(dir, 'secrets.json'), JSON.stringify(earlier))
      const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, DATABASE_URL: fresh.database.url })
      expect(await loadSharedSecrets(config, fresh.database.db)).toEqual(earlier)
      // Another instance, with no such file, gets the same.
      const otherDir = mkdtempSync(path.join(tmpdir(), 'shop-instance-'))
      dirs.push(otherDir)
      const other = loadConfig({ NODE_ENV: 'test', DATA_DIR: otherDir, DATABASE_URL: fresh.database.url })
      expect(await loadSharedSecrets(other, fresh.database.db)).toEqual(earlier)
    } finally {
      await fresh.database.close()
      await fresh.drop()
    }
  })
})
