import { rmSync } from 'node:fs'
import { startMailbox } from '../tests/support/mailbox.ts'
import { shopDetails } from '../tests/support/shop-details.ts'
import { buildIsCurrent } from './build-stamp.ts'
import { testPictureCache } from './picture-cache.ts'

/**
 * Starts the production build on a fresh seeded data folder for the browser tests, sending its e-mails to
 * a local mail server whose mailbox the tests read on the next port (tests/support/mailbox.ts).
 */
const dataDir = process.env.E2E_DATA_DIR ?? 'data/e2e'
rmSync(dataDir, { recursive: true, force: true })
const port = Number(process.env.PORT ?? 3100)
const mailbox = await startMailbox(Number(process.env.E2E_MAILBOX_PORT ?? port + 1))
Object.assign(process.env, {
  SMTP_URL: mailbox.smtpUrl,
  MAIL_FROM: 'Kalaa Setu <shop@127.0.0.1>',
  NODE_ENV: 'production',
  // The browser tests pay in the sandbox's dialog.
  PAYMENT_PROVIDER: 'sandbox',
  DATA_DIR: dataDir,
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  RATE_LIMIT_MAX: '100000',
  // Short-lived access tokens would make long journeys flaky; expiry has its own tests.
  ACCESS_TOKEN_TTL: '3600',
  // The demo pictures drawn once for the tests (scripts/demo-pictures.ts) are copied, not drawn again.
  DEMO_PICTURE_CACHE: process.env.DEMO_PICTURE_CACHE ?? testPictureCache,
})
if (!buildIsCurrent()) {
  const { build } = await import('./build.ts')
  build()
}
// The shop the browser tests use has been set up: its GST invoices and receipts go out (decision 123). Written
// before the shop starts, on the start-up connection the shop then keeps using.
const { getRuntime } = await import('../server/runtime.ts')
const { shopSettings } = await import('../server/db/schema.ts')
const { database } = await getRuntime()
await database.db
  .insert(shopSettings)
  .values({ id: 'shop', ...shopDetails })
  .onConflictDoUpdate({ target: shopSettings.id, set: shopDetails })
// A product with sizes and colours for the variant tests (decision 129): the shop holds the embedded database
// once it runs, so it is written here, beside the demo catalogue.
const { seedVariantKurta } = await import('../tests/support/variants.ts')
await seedVariantKurta(database.db)
await import('../server/main.ts')
