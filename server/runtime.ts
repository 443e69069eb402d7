import { type Config, ConfigError, loadConfig } from './config.ts'
import { type Database, DatabaseLockedError, openDatabase } from './db/client.ts'
import { seedIfEmpty } from './db/seed/index.ts'
import { seedPincodes } from './db/seed/pincodes.ts'

type Runtime = { config: Config; database: Database }

// One database per process, even when a bundler loads this module twice (see ARCHITECTURE pitfalls).
const key = Symbol.for('shop.runtime')
const store = globalThis as unknown as Record<symbol, Promise<Runtime> | undefined>

export function getRuntime(): Promise<Runtime> {
  store[key] ??= (async () => {
    const config = loadConfig()
    const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir })
    if (config.SEED === 'demo') await seedIfEmpty(database.db, config)
    // PIN codes are reference data for checkout, needed with or without the demo catalogue.
    await seedPincodes(database.db)
    return { config, database }
  })()
  return store[key]
}

/** Prints a configuration or lock problem plainly and exits, instead of a stack trace. */
export function exitOnStartupError(err: unknown): never {
  if (err instanceof ConfigError || err instanceof DatabaseLockedError) {
    console.error(`\n${err.message}\n`)
    process.exit(1)
  }
  console.error(err)
  process.exit(1)
}
