import { buildIsCurrent } from './build-stamp.ts'

/** `npm start`: build the web app when the build is missing or stale, then serve the shop. */
process.env.NODE_ENV ??= 'production'
if (!buildIsCurrent()) {
  console.log('Building the shop (first start or sources changed)...')
  const { build } = await import('./build.ts')
  build()
}
await import('../server/main.ts')
