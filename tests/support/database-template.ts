import { createHash, randomBytes } from 'node:crypto'
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { migrationsFolder, openPglite, openPostgres } from '../../server/db/client.ts'

/**
 * The tests migrate once and copy the migrated database per test file (docs/decisions/118): PGlite from a dump
 * of its data folder kept under node_modules/.cache, PostgreSQL with `CREATE DATABASE … TEMPLATE`. Both copies are
 * named by a digest of the migrations (and of PGlite's version, for its dump), so a changed migration makes a
 * new one and a stale copy is never used.
 */

function filesUnder(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const full = path.join(dir, name)
      return statSync(full).isDirectory() ? filesUnder(full) : [full]
    })
}

let digestMemo: string | undefined
export function migrationsDigest(): string {
  if (digestMemo) return digestMemo
  const hash = createHash('sha256')
  const pglite = JSON.parse(
    readFileSync(new URL('../../node_modules/@electric-sql/pglite/package.json', import.meta.url), 'utf8'),
  ) as { version: string }
  hash.update(`pglite ${pglite.version}\n`)
  for (const file of filesUnder(migrationsFolder)) {
    hash.update(path.relative(migrationsFolder, file))
    hash.update(readFileSync(file))
  }
  digestMemo = hash.digest('hex').slice(0, 16)
  return digestMemo
}

const cacheDir = path.resolve('node_modules/.cache/shop-tests')

let pgliteMemo: Promise<Blob> | undefined
/** The migrated, empty embedded database as PGlite's dump, made once and kept for later runs. */
export function pgliteTemplate(): Promise<Blob> {
  pgliteMemo ??= (async () => {
    const file = path.join(cacheDir, `pglite-${migrationsDigest()}.tar`)
    if (!existsSync(file)) {
      const database = await openPglite(null)
      const dump = await database.pglite!.dumpDataDir('none')
      await database.close()
      mkdirSync(cacheDir, { recursive: true })
      // Written aside and renamed, so a test file starting at the same time never reads half a dump.
      const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()))
      renameSync(partial, file)
    }
    return new Blob([readFileSync(file)])
  })()
  return pgliteMemo
}

const templateLock = "hashtext('shop:test-template')"

/**
 * The migrated, empty database on the PostgreSQL server of `url`, made once per set of migrations; test files
 * copy it. Concurrent runs take turns on an advisory lock, and the second finds it made.
 */
const postgresMemo = new Map<string, Promise<string>>()
export function postgresTemplate(url: string): Promise<string> {
  let made = postgresMemo.get(url)
  if (!made) {
    made = makePostgresTemplate(url)
    postgresMemo.set(url, made)
  }
  return made
}

async function makePostgresTemplate(url: string): Promise<string> {
  const name = `shop_template_${migrationsDigest()}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  try {
    await admin.query(`select pg_advisory_lock(${templateLock})`)
    const found = await admin.query('select 1 from pg_database where datname = $1', [name])
    if (found.rowCount === 0) {
      const building = `${name}_${randomBytes(4).toString('hex')}`
      await admin.query(`CREATE DATABASE ${building}`)
      const target = new URL(url)
      target.pathname = `/${building}`
      const database = await openPostgres(target.toString())
      await database.close()
      // Published under its name only once migrated, so no copy is ever taken of a half-made one.
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`)
    }
    await admin.query(`select pg_advisory_unlock(${templateLock})`)
  } finally {
    await admin.end()
  }
  return name
}
