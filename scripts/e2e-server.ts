import { rmSync } from 'node:fs'
import { buildIsCurrent } from './build-stamp.ts'

/** Starts the production build on a fresh seeded data folder for the browser tests. */
const dataDir = process.env.E2E_DATA_DIR ?? 'data/e2e'
rmSync(dataDir, { recursive: true, force: true })
Object.assign(process.env, {
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  PUBLIC_URL: `http://127.0.0.1:${process.env.PORT ?? 3100}`,
  RATE_LIMIT_MAX: '100000',
  // Short-lived access tokens would make long journeys flaky; expiry has its own tests.
  ACCESS_TOKEN_TTL: '3600',
})
if (!buildIsCurrent()) {
  const { build } = await import('./build.ts')
  build()
}
await import('../server/main.ts')
