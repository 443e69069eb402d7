import { quickStartSandbox } from '../server/config.ts'
import { buildIsCurrent } from './build-stamp.ts'

/** `npm start`: build the web app when the build is missing or stale, then serve the shop. */
process.env.NODE_ENV ??= 'production'
// The quick start needs no settings: with no provider named, `npm start` chooses the sandbox and says so.
// Any other production start (the deployment's units run server/main.ts) must name it (docs/decisions/117).
if (!process.env.PAYMENT_PROVIDER) {
  process.env.PAYMENT_PROVIDER = 'sandbox'
  console.log(quickStartSandbox)
}
if (!buildIsCurrent()) {
  console.log('Building the shop (first start or sources changed)...')
  const { build } = await import('./build.ts')
  build()
}
await import('../server/main.ts')
