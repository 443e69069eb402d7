/**
 * Which test files run where: read by vitest.config.ts, and kept true by tests/support/test-files.test.ts.
 */

/**
 * Test files that start processes of their own (the shop, a PostgreSQL cluster, redis-server, tar) or pages
 * from the production build: mostly waiting, so they run beside the others in a project of their own.
 */
export const processes = [
  'tests/api/backup.test.ts',
  'tests/api/config.test.ts',
  'tests/api/db-outage.test.ts',
  'tests/api/instances.test.ts',
  'tests/api/mail-crash.test.ts',
  'tests/api/process.test.ts',
  'tests/api/shared-limits.test.ts',
  'scripts/admin-create.test.ts',
]

/**
 * Outside tests/api, the files whose tests open the database DATABASE_URL names. The PostgreSQL pass
 * (`npm test`'s postgres phase) runs these and the API files, and leaves out what would run exactly as in the
 * embedded pass: pure unit tests, and process tests that set their own database.
 */
export const onTheDatabase = [
  'server/modules/orders/service.test.ts',
  'scripts/admin-create.test.ts',
  'tests/api/instances.test.ts',
  'tests/api/shared-limits.test.ts',
]

/**
 * Files that read DATABASE_URL only to find a PostgreSQL server for databases of their own (TEST_DATABASE_URL
 * first), so they test PostgreSQL in the embedded pass already when CI names the server.
 */
export const ownPostgres = ['tests/api/backup.test.ts']

/** Process tests that never read DATABASE_URL: the PostgreSQL pass skips them. */
export const processesOffTheDatabase = processes.filter((f) => !onTheDatabase.includes(f))
