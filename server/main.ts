import { buildApp } from './app.ts'
import { startupWarnings } from './config.ts'
import { type ControlServer, startControlServer } from './control/server.ts'
import { exitOnStartupError, getRuntime } from './runtime.ts'

const { config, database } = await getRuntime().catch(exitOnStartupError)
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
// Lets `npm run admin:create` reach the embedded database this process holds (docs/decisions/051).
if (config.embedded) {
  control = await startControlServer({ dataDir: config.dataDir, database, log: app.log }).catch((err) => {
    app.log.warn({ err }, 'control socket not started; stop the shop to run admin:create')
    return undefined
  })
}
