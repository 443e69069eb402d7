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
import * as schema from './schema.ts'

export type Schema = typeof schema
export type Db = PgDatabase<PgQueryResultHKT, Schema>
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
export type DbOrTx = Db | Tx

export type Database = {
  db: Db
  kind: 'pglite' | 'postgres'
  ping(): Promise<void>
  close(): Promise<void>
}

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

export async function openPglite(dataDir: string | null): Promise<Database> {
  let release = () => {}
  let dir: string | undefined
  if (dataDir) {
    release = acquireLock(dataDir)
    dir = path.join(dataDir, 'pglite')
    mkdirSync(dir, { recursive: true })
  }
  try {
    const client = await PGlite.create({ dataDir: dir, extensions: { pg_trgm } })
    const db = drizzlePglite(client, { schema }) as unknown as Db
    await migratePglite(db as never, { migrationsFolder })
    return {
      db,
      kind: 'pglite',
      async ping() {
        await client.query('select 1')
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

export async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 })
  // An idle connection dropped by the server (restart, failover) must not crash the process.
  pool.on('error', (err) => console.error('PostgreSQL connection error:', err.message))
  const db = drizzlePg(pool, { schema }) as unknown as Db
  await migratePg(db as never, { migrationsFolder })
  return {
    db,
    kind: 'postgres',
    async ping() {
      await pool.query('select 1')
    },
    async close() {
      await pool.end()
    },
  }
}

export async function openDatabase(opts: {
  databaseUrl?: string
  dataDir: string | null
}): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(opts.dataDir)
}
