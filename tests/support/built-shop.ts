import { afterAll, beforeAll } from 'vitest'
import { buildDir, buildIsCurrent } from '../../scripts/build-stamp.ts'
import { buildApp, type ShopApp } from '../../server/app.ts'
import { testConfig } from '../../server/config.ts'
import type { Database } from '../../server/db/client.ts'
import { openTestDatabase, type TestApp } from './test-app.ts'

/** The address the shop believes it serves (PUBLIC_URL): a plain form's Origin must name it. */
export const builtShopOrigin = 'http://localhost:3000'

/**
 * The shop with its pages from the production build (built first if it is not current), on a database of
 * its own, opened before the file's tests and closed after them: for the plain forms a page posts before its
 * code runs (decisions 018, 126). Read `shop.app` inside a test.
 */
export function builtShopForThisFile() {
  const shop = { app: undefined as unknown as TestApp }
  let database: Database | undefined
  let drop: (() => Promise<void>) | undefined
  beforeAll(async () => {
    if (!buildIsCurrent()) {
      const { build } = await import('../../scripts/build.ts')
      build()
    }
    ;({ database, drop } = await openTestDatabase())
    const app = await buildApp({
      config: testConfig({ PUBLIC_URL: builtShopOrigin, RATE_LIMIT_MAX: 3000 }),
      database,
      web: { buildDirectory: buildDir() },
    })
    await app.ready()
    shop.app = Object.assign(app, { database, cleanup: async () => {} }) as TestApp
  }, 180_000)
  afterAll(async () => {
    await (shop.app as ShopApp | undefined)?.close()
    await database?.close()
    await drop?.()
  })
  return shop
}
