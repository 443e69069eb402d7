import { type Config, ConfigError, databaseTimeouts, loadConfig } from './config.ts'
import { type Database, DatabaseLockedError, DatabaseUnreachableError, openDatabase } from './db/client.ts'
import { isDatabaseUnavailable } from './db/faults.ts'
import { seedIfEmpty } from './db/seed/index.ts'
import { seedPincodes } from './db/seed/pincodes.ts'
import { loadSharedSecrets } from './db/shared-secrets.ts'

type Runtime = { config: Config; database: Database }

// One database per process, even when a bundler loads this module twice (see ARCHITECTURE pitfalls).
const key = Symbol.for('shop.runtime')
const store = globalThis as unknown as Record<symbol, Promise<Runtime> | undefined>

export function getRuntime(): Promise<Runtime> {
  store[key] ??= (async () => {
    const config = loadConfig()
    const database = await openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.dataDir,
      timeouts: databaseTimeouts(config),
      // On the start-up connection, free of the request timeouts (docs/decisions/064).
      async prepare(db) {
        // Before the seed, which may sign nothing today but must never see the stand-in secrets.
        if (!config.embedded) config.secrets = await loadSharedSecrets(config, db)
        if (config.SEED === 'demo') await seedIfEmpty(db, config)
        // PIN codes are reference data for checkout, needed with or without the demo catalogue.
        await seedPincodes(db)
      },
    })
    return { config, database }
  })()
  return store[key]
}

/** Prints a configuration, lock or database problem plainly and exits, instead of a stack trace. */
export function exitOnStartupError(err: unknown): never {
  if (
    err instanceof ConfigError ||
    err instanceof DatabaseLockedError ||
    err instanceof DatabaseUnreachableError
  ) {
    console.error(`\n${err.message}\n`)
    process.exit(1)
  }
  // The database went away after the first connection (during seeding): still one line naming it.
  if (isDatabaseUnavailable(err)) {
    const reason = err instanceof Error ? err.message.split('\n')[0] : String(err)
    console.error(`\nThe database in DATABASE_URL stopped answering during the start: ${reason}\n`)
    process.exit(1)
  }
  console.error(err)
  process.exit(1)
}
