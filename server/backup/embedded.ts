import { createHash, randomBytes } from 'node:crypto'
import { createWriteStream, existsSync } from 'node:fs'
import { mkdir, open, rm } from 'node:fs/promises'
import path from 'node:path'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createGunzip } from 'node:zlib'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { controlRequest } from '../control/client.ts'
import { controlSocketPath } from '../control/protocol.ts'
import { acquireLock, DatabaseLockedError, lockHolder } from '../db/client.ts'
import { type Counts, countsSql, type SchemaState, schemaSql, toCounts, toSchemaState } from './manifest.ts'
import { BackupError, backupMessages } from './messages.ts'
import { entryStream, readTar, type TarEntry, TarFormatError } from './tar.ts'

/** The embedded database's folder, where server/db/client.ts opens it. */
export const pgliteFolder = (dataDir: string) => path.join(dataDir, 'pglite')

export type EmbeddedDump = { counts: Counts; schema: SchemaState; size: number }

/** The names the shop accepts for a dump file it writes into DATA_DIR on request. */
export const dumpFileName = /^backup-[A-Za-z0-9_-]{1,64}\.dump$/

/**
 * A consistent copy of a PGlite database: its data folder as a gzipped tar, written to a new file.
 * The counts are read inside a transaction and the copy is taken before it ends: PGlite runs one
 * transaction at a time, so no write can fall between them, and the folder is copied as one step (its
 * query lock is held), the way a crash would leave it, which PostgreSQL's recovery opens cleanly.
 */
export async function dumpEmbedded(client: PGlite, file: string): Promise<EmbeddedDump> {
  // Claimed before the copy is taken: never over another file, and no copy taken for nothing.
  const handle = await open(file, 'wx', 0o600).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'EEXIST')
      throw new BackupError(`${path.basename(file)} is already there; choose another name.`)
    throw err
  })
  try {
    const { counts, schema, tarball } = await client.transaction(async (tx) => {
      const counts = toCounts((await tx.query<Record<string, unknown>>(countsSql)).rows[0]!)
      const schema = toSchemaState((await tx.query<Record<string, unknown>>(schemaSql)).rows[0]!)
      const tarball = await client.dumpDataDir('gzip')
      return { counts, schema, tarball }
    })
    await handle.writeFile(tarball.stream())
    await handle.sync()
    await handle.close()
    return { counts, schema, size: tarball.size }
  } catch (err) {
    await handle.close().catch(() => {})
    await rm(file, { force: true })
    throw err
  }
}

/** Opens the embedded database for a copy, without migrating it: a backup changes nothing. */
async function openForCopy(dataDir: string): Promise<{ client: PGlite; close(): Promise<void> }> {
  const folder = pgliteFolder(dataDir)
  if (!existsSync(path.join(folder, 'PG_VERSION')))
    throw new BackupError(backupMessages.noEmbeddedDatabase(dataDir))
  const release = acquireLock(dataDir)
  try {
    const client = await PGlite.create({ dataDir: folder, extensions: { pg_trgm } })
    return {
      client,
      async close() {
        await client.close()
        release()
      },
    }
  } catch (err) {
    release()
    throw err
  }
}

/**
 * Dumps the embedded database of DATA_DIR into a new file there, by whichever way reaches it: the
 * running shop over its control socket (it holds the database), or the database opened here.
 * The caller removes the file.
 */
export async function dumpEmbeddedDataDir(
  dataDir: string,
): Promise<EmbeddedDump & { file: string; through: string }> {
  const name = `backup-${randomBytes(8).toString('hex')}.dump`
  const file = path.join(dataDir, name)
  const viaShop = async (pid: number) => {
    const socket = controlSocketPath(dataDir)
    if (!existsSync(socket)) throw new BackupError(backupMessages.shopStarting(pid, dataDir))
    try {
      const dump = (await controlRequest(
        socket,
        { op: 'backup.dump', file: name },
        30 * 60_000,
      )) as EmbeddedDump
      return { ...dump, file, through: `the running shop (pid ${pid})` }
    } catch (err) {
      await rm(file, { force: true })
      throw err
    }
  }
  const holder = lockHolder(dataDir)
  if (holder) return viaShop(holder)
  let db: Awaited<ReturnType<typeof openForCopy>>
  try {
    db = await openForCopy(dataDir)
  } catch (err) {
    // The shop started between the look and the open: ask it instead.
    const pid = lockHolder(dataDir)
    if (err instanceof DatabaseLockedError && pid) return viaShop(pid)
    throw err
  }
  try {
    return { ...(await dumpEmbedded(db.client, file)), file, through: `the embedded database in ${dataDir}` }
  } catch (err) {
    await rm(file, { force: true })
    throw err
  } finally {
    await db.close()
  }
}

/** Where a dump comes from: an entry of a backup file, with the SHA-256 its manifest gives it. */
export type DumpSource = { file: string; entry: TarEntry; sha256: string }

/** A dump that cannot be unpacked into a data folder; the message says why, in a sentence. */
export class DamagedDumpError extends Error {}

// A dump's names are written from '/' by PGlite (and from './' by a tar program): relative to the folder.
const relative = (name: string) => name.replace(/^(\.?\/)+/, '').replace(/\/+$/, '')

// A path of the dump that stays inside the folder it is unpacked into, as segments; null for any other.
const insideFolder = (name: string) => {
  const segments = relative(name).split('/')
  return segments.every((s) => s !== '' && s !== '.' && s !== '..' && !/[\\\0]/.test(s)) ? segments : null
}

/**
 * Unpacks a dump into a new folder beside the database and checks it opens and holds the rows the
 * manifest counted. Answers the folder; the caller moves it into place or removes it, and on any failure
 * nothing of it is left. The dump is unpacked here, not by PGlite's `loadDataDir`: PGlite's gunzip
 * throws a damaged archive's error where nobody can catch it, which ended the process mid-restore.
 */
export async function stageEmbedded(
  dataDir: string,
  source: DumpSource,
  expected: Counts,
  tag: string,
): Promise<string> {
  const staging = `${pgliteFolder(dataDir)}.restoring-${tag}`
  const unpacked = `${staging}.tar`
  await rm(staging, { recursive: true, force: true })
  let client: PGlite | null = null
  try {
    await unpackDump(source, unpacked, staging)
    try {
      client = await PGlite.create({ dataDir: staging, extensions: { pg_trgm } })
    } catch (err) {
      throw new DamagedDumpError(`Its database could not be opened (${clause(err)}).`)
    }
    const counts = toCounts((await client.query<Record<string, unknown>>(countsSql)).rows[0]!)
    const differ = (Object.keys(expected) as Array<keyof Counts>).filter((k) => counts[k] !== expected[k])
    if (differ.length > 0)
      throw new BackupError(
        backupMessages.countsDiffer(
          differ.map((k) => `${k}: ${counts[k]}, expected ${expected[k]}`).join(', '),
        ),
      )
    await client.close()
    client = null
    return staging
  } catch (err) {
    await client?.close().catch(() => {})
    await rm(staging, { recursive: true, force: true })
    throw err
  } finally {
    await rm(unpacked, { force: true })
  }
}

// An error's first line as a clause inside a sentence: 'The archive was cut short.' → 'the archive …'.
const clause = (err: unknown) =>
  (err instanceof Error ? err.message : String(err))
    .split('\n')[0]!
    .replace(/\.$/, '')
    .replace(/^[A-Z](?=[a-z])/, (c) => c.toLowerCase())

/**
 * Gunzips the dump to `tarFile` (checking, on the very bytes read, the SHA-256 the manifest gives), then
 * writes its folders and files under `folder`. Throws DamagedDumpError for a damaged or cut-short dump.
 */
async function unpackDump(source: DumpSource, tarFile: string, folder: string) {
  const hash = createHash('sha256')
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk)
      done(null, chunk)
    },
  })
  try {
    await pipeline(
      entryStream(source.file, source.entry),
      tap,
      createGunzip(),
      createWriteStream(tarFile, { flags: 'wx', mode: 0o600 }),
    )
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? ''
    if (!code.startsWith('Z_')) throw err
    throw new DamagedDumpError(`Its database archive is damaged (${clause(err)}).`)
  }
  // Checked again here: the file could have been changed since the whole backup was checked.
  if (hash.digest('hex') !== source.sha256)
    throw new DamagedDumpError(`${source.entry.name} does not match its checksum.`)
  let tar: Awaited<ReturnType<typeof readTar>>
  try {
    tar = await readTar(tarFile)
  } catch (err) {
    if (!(err instanceof TarFormatError)) throw err
    throw new DamagedDumpError(`Its database archive is damaged (${clause(err)}).`)
  }
  const place = (name: string) => {
    const segments = insideFolder(name)
    if (!segments) throw new DamagedDumpError('Its database archive holds a file with an unsafe name.')
    return path.join(folder, ...segments)
  }
  if (!tar.files.some((f) => relative(f.name) === 'PG_VERSION'))
    throw new DamagedDumpError('Its database archive holds no database (no PG_VERSION).')
  await mkdir(folder, { mode: 0o700 })
  for (const name of tar.folders) {
    // The archive's own top folder, when it lists one, is `folder` itself.
    if (relative(name) !== '') await mkdir(place(name), { recursive: true, mode: 0o700 })
  }
  for (const entry of tar.files) {
    const file = place(entry.name)
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 })
    await pipeline(entryStream(tarFile, entry), createWriteStream(file, { flags: 'wx', mode: 0o600 }))
  }
}
