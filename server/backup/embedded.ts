import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { open, rm } from 'node:fs/promises'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { controlRequest } from '../control/client.ts'
import { controlSocketPath } from '../control/protocol.ts'
import { acquireLock, DatabaseLockedError, lockHolder } from '../db/client.ts'
import { type Counts, countsSql, type SchemaState, schemaSql, toCounts, toSchemaState } from './manifest.ts'
import { BackupError, backupMessages } from './messages.ts'

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

/**
 * Unpacks a dump into a new folder and checks it opens and holds the rows the manifest counted.
 * Answers the folder; the caller moves it into place or removes it.
 */
export async function stageEmbedded(
  dataDir: string,
  tarball: Blob,
  expected: Counts,
  tag: string,
): Promise<string> {
  const staging = `${pgliteFolder(dataDir)}.restoring-${tag}`
  await rm(staging, { recursive: true, force: true })
  let client: PGlite | null = null
  try {
    client = await PGlite.create({ dataDir: staging, loadDataDir: tarball, extensions: { pg_trgm } })
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
  }
}
