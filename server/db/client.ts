import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import {
  DatabaseUnavailableError,
  describeDatabaseUrl,
  isDatabaseUnavailable,
  withTimeout,
} from './faults.ts'
import * as schema from './schema.ts'

export type Schema = typeof schema
export type Db = PgDatabase<PgQueryResultHKT, Schema>
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
export type DbOrTx = Db | Tx

export type Database = {
  db: Db
  kind: 'pglite' | 'postgres'
  /** PostgreSQL's connection string, for connections of their own (the cache notices); none for PGlite. */
  url?: string
  /** PGlite's own client, for the backup's consistent copy of its data folder (docs/decisions/075). */
  pglite?: PGlite
  /** PostgreSQL's pool: connections open, idle, and requests waiting for one (for the metrics). */
  poolStats?: () => { total: number; idle: number; waiting: number }
  /** PostgreSQL: calls `observer` after every query with its time in seconds and whether it failed. */
  observeQueries?: (observer: QueryObserver) => void
  /** `select 1`, failing with DatabaseUnavailableError when it takes longer than `timeoutMs`. */
  ping(timeoutMs?: number): Promise<void>
  close(): Promise<void>
}

export type QueryObserver = (seconds: number, failed: boolean) => void

/**
 * Times every query a pooled connection runs, promise or callback style (the pool's own `query` uses
 * a callback). What a query was is not recorded: the metrics carry times, not SQL.
 */
function timeQueries(client: pg.PoolClient, observer: () => QueryObserver | null) {
  const original = client.query.bind(client) as (...args: unknown[]) => unknown
  ;(client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const observe = observer()
    if (!observe) return original(...args)
    const started = performance.now()
    const done = (failed: boolean) => observe((performance.now() - started) / 1000, failed)
    const last = args.length - 1
    if (typeof args[last] === 'function') {
      const callback = args[last] as (err: unknown, res: unknown) => void
      args[last] = (err: unknown, res: unknown) => {
        done(Boolean(err))
        callback(err, res)
      }
      return original(...args)
    }
    const result = original(...args)
    if (result && typeof (result as Promise<unknown>).then === 'function')
      (result as Promise<unknown>).then(
        () => done(false),
        () => done(true),
      )
    return result
  }
}

/** Limits on waiting for PostgreSQL, in milliseconds (docs/decisions/064); 0 turns one off. */
export type DatabaseTimeouts = {
  /** Opening a connection, and waiting for a free one when the pool is full. */
  connectMs: number
  /** One statement, enforced by the server; the client gives up a second later if the server is frozen. */
  statementMs: number
  /** A transaction left open without a statement, enforced by the server. */
  idleInTransactionMs: number
}

export const defaultTimeouts: DatabaseTimeouts = {
  connectMs: 5000,
  statementMs: 10_000,
  idleInTransactionMs: 30_000,
}

/** The start could not reach the server named by DATABASE_URL; the message is one line naming it. */
export class DatabaseUnreachableError extends Error {}

const pingTimeoutMs = 800

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')

export class DatabaseLockedError extends Error {}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** PGlite takes no lock of its own; two processes on one folder silently lose writes. */
export function acquireLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true })
  const lockFile = path.join(dataDir, 'pglite.lock')
  if (existsSync(lockFile)) {
    const pid = Number(readFileSync(lockFile, 'utf8').trim())
    if (pid && pid !== process.pid && pidAlive(pid)) {
      throw new DatabaseLockedError(
        `The embedded database in ${dataDir} is in use by another process (pid ${pid}). Stop it first, or use DATABASE_URL.`,
      )
    }
    rmSync(lockFile, { force: true })
  }
  const fd = openSync(lockFile, 'wx')
  writeSync(fd, String(process.pid))
  closeSync(fd)
  return () => rmSync(lockFile, { force: true })
}

export function lockHolder(dataDir: string): number | null {
  const lockFile = path.join(dataDir, 'pglite.lock')
  if (!existsSync(lockFile)) return null
  const pid = Number(readFileSync(lockFile, 'utf8').trim())
  return pid && pidAlive(pid) ? pid : null
}

/** Start-up work on the fresh database (the first seed), run once migrations are applied. */
export type Prepare = (db: Db) => Promise<void>

/**
 * `from`: a migrated database's own dump (`dumpDataDir`) to start from instead of an empty one, for an in-memory
 * database: the tests migrate once and load the copy per test file (docs/decisions/118). Migrations still run,
 * and find nothing to do.
 */
export async function openPglite(dataDir: string | null, prepare?: Prepare, from?: Blob): Promise<Database> {
  let release = () => {}
  let dir: string | undefined
  if (dataDir) {
    release = acquireLock(dataDir)
    dir = path.join(dataDir, 'pglite')
    mkdirSync(dir, { recursive: true })
  }
  try {
    const client = await PGlite.create({
      dataDir: dir,
      ...(from && !dir ? { loadDataDir: from } : {}),
      extensions: { pg_trgm },
      // PostgreSQL's 128 MB of shared buffers live in the process's own memory here, filled and never given
      // back; the operating system caches the data files anyway. 32 MB took the process from 352 to 210 MB
      // after reading a 100,000-product catalogue (docs/decisions/103).
      startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'],
    })
    const pgliteDb = drizzlePglite(client, { schema })
    await migratePglite(pgliteDb, { migrationsFolder })
    // The services see the dialect both drivers share; only the migrator needs the driver's own type.
    const db = pgliteDb as unknown as Db
    await prepare?.(db)
    return {
      db,
      kind: 'pglite',
      pglite: client,
      // In-process: nothing to connect to, and a stuck query would hold the event loop anyway.
      async ping(timeoutMs = pingTimeoutMs) {
        await withTimeout(client.query('select 1'), timeoutMs, 'database ping')
      },
      async close() {
        await client.close()
        release()
      },
    }
  } catch (e) {
    release()
    throw e
  }
}

export async function openPostgres(
  url: string,
  timeouts: DatabaseTimeouts = defaultTimeouts,
  prepare?: Prepare,
): Promise<Database> {
  const connection = { connectionString: url, connectionTimeoutMillis: timeouts.connectMs }
  // Migrations and the first seed run on a connection of their own without the statement and
  // idle-in-transaction limits: an index build or the demo seed (its transaction waits for the
  // pictures) may rightly take longer than any request should.
  const migrator = new pg.Client(connection)
  try {
    await migrator.connect()
  } catch (err) {
    await migrator.end().catch(() => {})
    throw unreachable(url, err, timeouts.connectMs)
  }
  // A dropped connection mid-migration errors the client; the failed query reports it.
  migrator.on('error', () => {})
  try {
    const migratorDb = drizzlePg(migrator, { schema })
    const db = migratorDb as unknown as Db
    // Instances starting at once take turns: the second finds the migrations applied and the seed done.
    // The lock is the session's, so it goes with the connection even if this start fails.
    await migrator.query("select pg_advisory_lock(hashtext('shop:migrations'))")
    await migratePg(migratorDb, { migrationsFolder })
    await prepare?.(db)
  } catch (err) {
    if (isDatabaseUnavailable(err)) throw unreachable(url, err, timeouts.connectMs)
    throw err
  } finally {
    await migrator.end().catch(() => {})
  }

  const pool = new pg.Pool({
    ...connection,
    max: 10,
    ...(timeouts.statementMs > 0
      ? { statement_timeout: timeouts.statementMs, query_timeout: timeouts.statementMs + 1000 }
      : {}),
    ...(timeouts.idleInTransactionMs > 0
      ? { idle_in_transaction_session_timeout: timeouts.idleInTransactionMs }
      : {}),
  })
  // A connection dropped by the server (restart, failover, idle-in-transaction timeout) must not
  // crash the process, idle or checked out: the failed query reports it, the pool replaces it.
  let queryObserver: QueryObserver | null = null
  pool.on('connect', (client) => {
    client.on('error', (err) => console.error('PostgreSQL connection error:', err.message))
    timeQueries(client, () => queryObserver)
  })
  // Already logged by the connection's own listener above.
  pool.on('error', () => {})
  const db = drizzlePg(pool, { schema }) as unknown as Db
  return {
    db,
    kind: 'postgres',
    url,
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    observeQueries(observer) {
      queryObserver = observer
    },
    async ping(timeoutMs = pingTimeoutMs) {
      // Bounded twice: the query itself, and the wait for a connection from a busy pool.
      const query = { text: 'select 1', query_timeout: timeoutMs } as pg.QueryConfig
      await withTimeout(pool.query(query), timeoutMs, 'database ping')
    },
    async close() {
      await pool.end()
    },
  }
}

function unreachable(url: string, err: unknown, connectMs: number): Error {
  let reason = err instanceof Error ? err.message.split('\n')[0] : String(err)
  if (/timeout/i.test(reason) && !/statement/i.test(reason))
    reason = `no answer within ${connectMs} ms (DB_CONNECT_TIMEOUT_MS)`
  return new DatabaseUnreachableError(
    `Cannot reach the database in DATABASE_URL (${describeDatabaseUrl(url)}): ${reason || (err as { code?: string }).code || 'no answer'}`,
  )
}

export async function openDatabase(opts: {
  databaseUrl?: string
  dataDir: string | null
  timeouts?: DatabaseTimeouts
  prepare?: Prepare
}): Promise<Database> {
  return opts.databaseUrl
    ? openPostgres(opts.databaseUrl, opts.timeouts, opts.prepare)
    : openPglite(opts.dataDir, opts.prepare)
}

export { DatabaseUnavailableError, isDatabaseUnavailable }
