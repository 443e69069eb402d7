import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { buildDir, buildIsCurrent } from '../../scripts/build-stamp.ts'
import { buildApp, type ShopApp } from '../../server/app.ts'
import { type Env, testConfig } from '../../server/config.ts'
import { type Database, openPglite, openPostgres } from '../../server/db/client.ts'
import { shopSettings } from '../../server/db/schema.ts'
import { pgliteTemplate, postgresTemplate } from './database-template.ts'
import { dropKeys, machineRedisUrl, uniquePrefix } from './redis.ts'
import { shopDetails } from './shop-details.ts'

export type TestApp = ShopApp & { database: Database; cleanup(): Promise<void> }

/**
 * A fresh database per test file, copied from one migrated once (tests/support/database-template.ts): in-memory
 * PGlite loaded from the migrated dump by default, or a new database on the PostgreSQL server named by
 * DATABASE_URL, made from the migrated template (dropped afterwards).
 */
export async function openTestDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  const url = process.env.DATABASE_URL
  if (!url) {
    const database = await openPglite(null, undefined, await pgliteTemplate())
    return { database, drop: async () => {} }
  }
  const template = await postgresTemplate(url)
  const name = `shop_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`)
  await admin.end()
  const target = new URL(url)
  target.pathname = `/${name}`
  const database = await openPostgres(target.toString())
  return {
    database,
    async drop() {
      const c = new pg.Client({ connectionString: url })
      await c.connect()
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await c.end()
    },
  }
}

/** A test shop is one that has been set up: its invoices and receipts go out (decision 123). */
async function setUpShop(database: Database) {
  await database.db
    .insert(shopSettings)
    .values({ id: 'shop', ...shopDetails })
    .onConflictDoNothing()
}

export async function createTestApp(overrides: Partial<Env> = {}): Promise<TestApp> {
  const { database, drop } = await openTestDatabase()
  const config = testConfig(overrides)
  const app = await buildApp({ config, database, web: false })
  await app.ready()
  await setUpShop(database)
  return Object.assign(app, {
    database,
    async cleanup() {
      await app.close()
      await database.close()
      await drop()
    },
  }) as TestApp
}

/**
 * A shop that renders its pages with the production build (built first when it is stale), page cache on,
 * on a fresh database: for tests that read the pages' HTML. `cleanup` closes the shop and the database.
 */
export async function createRenderingTestApp(overrides: Partial<Env> = {}): Promise<TestApp> {
  if (!buildIsCurrent()) {
    const { build } = await import('../../scripts/build.ts')
    build()
  }
  const { database, drop } = await openTestDatabase()
  const config = testConfig({
    PUBLIC_URL: 'http://localhost:3000',
    RATE_LIMIT_MAX: 3000,
    PAGE_CACHE_SECONDS: 60,
    ...overrides,
  })
  const app = await buildApp({ config, database, web: { buildDirectory: buildDir() } })
  await app.ready()
  await setUpShop(database)
  return Object.assign(app, {
    database,
    async cleanup() {
      await app.close()
      await database.close()
      await drop()
    },
  }) as TestApp
}

export type Instances = { apps: TestApp[]; close(): Promise<void> }

/**
 * One shop instance with its limits in memory, or several on one database sharing their limits in Redis
 * (on PostgreSQL each with a pool of its own), for tests of what every instance counts together.
 */
export async function startInstances(opts: {
  redis: boolean
  instances: number
  overrides?: Partial<Env>
}): Promise<Instances> {
  const { database, drop } = await openTestDatabase()
  const prefix = uniquePrefix()
  const pools: Database[] = []
  const apps: TestApp[] = []
  for (let i = 0; i < opts.instances; i++) {
    const db = i > 0 && database.url ? await openPostgres(database.url) : database
    if (db !== database) pools.push(db)
    const app = await buildApp({
      // Far above the limits under test, so only they answer 429.
      config: testConfig({
        RATE_LIMIT_MAX: 100_000,
        ...(opts.redis ? { REDIS_URL: machineRedisUrl, REDIS_PREFIX: prefix } : {}),
        ...opts.overrides,
      }),
      database: db,
      web: false,
    })
    await app.ready()
    apps.push(Object.assign(app, { database: db, cleanup: async () => {} }) as TestApp)
  }
  return {
    apps,
    async close() {
      for (const app of apps) await app.close()
      for (const db of pools) await db.close()
      await database.close()
      await drop()
      if (opts.redis) await dropKeys(machineRedisUrl, prefix)
    },
  }
}
