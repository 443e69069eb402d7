import { startupWarnings } from './config.ts'
import type { ControlServer } from './control/server.ts'
import { exitOnStartupError, getRuntime } from './runtime.ts'

const { config, database } = await getRuntime().catch(exitOnStartupError)
// Loaded once the database is open, so a start that cannot reach it says so without loading the whole shop.
const { buildApp } = await import('./app.ts')
const { startControlServer } = await import('./control/server.ts')
const app = await buildApp({ config, database })
for (const warning of startupWarnings(config)) app.log.warn(warning)

let closing = false
let control: ControlServer | undefined
async function shutdown(signal: string) {
  if (closing) return
  closing = true
  app.log.info({ signal }, 'shutting down: finishing in-flight requests')
  const force = setTimeout(() => process.exit(1), 15_000)
  force.unref()
  try {
    await control?.close()
    await app.close()
    await database.close()
  } finally {
    process.exit(0)
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'))
process.on('SIGINT', () => void shutdown('SIGINT'))

try {
  await app.listen({ port: config.PORT, host: config.HOST })
} catch (err) {
  await database.close()
  if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    console.error(`\nPort ${config.PORT} is already in use. Set PORT to another number.\n`)
    process.exit(1)
  }
  throw err
}
const address = app.server.address()
const port = typeof address === 'object' && address ? address.port : config.PORT
console.log(`\nThe shop is running at http://localhost:${port}\n`)
// The listings' filter rows (decision 130) are read now and again after each catalogue write, not by the
// first shopper who filters a category.
if (!process.env.NO_WARM)
  app.services.catalogue.keepListingsWarm({
    onError: (err) => app.log.warn({ reason: err.message }, 'listing filters not read ahead'),
  })
// Pictures stored before a size was added get it now, after listening so the start is not delayed.
const { fillMissingPictureSizes } = await import('./lib/images.ts')
const files = app.services.files
fillMissingPictureSizes(files)
  .then(({ pictures, made, failed }) => {
    if (made.length || failed.length)
      app.log.info({ pictures, made: made.length, failed }, 'picture sizes filled in')
  })
  // With S3_BUCKET this is also the first call to the bucket: a wrong name or key shows here.
  .catch((err) =>
    app.log.warn({ where: files.where, reason: (err as Error).message }, 'picture sizes not checked'),
  )
// Lets `npm run admin:create` reach the embedded database this process holds (docs/decisions/051).
if (config.embedded) {
  control = await startControlServer({ dataDir: config.dataDir, database, log: app.log }).catch((err) => {
    app.log.warn({ err }, 'control socket not started; stop the shop to run admin:create')
    return undefined
  })
}
