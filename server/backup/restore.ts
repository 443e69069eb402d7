import { randomBytes } from 'node:crypto'
import { createWriteStream, existsSync, openAsBlob, statSync } from 'node:fs'
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { acquireLock, DatabaseLockedError, lockHolder } from '../db/client.ts'
import { pgliteFolder, stageEmbedded } from './embedded.ts'
import {
  backupFormat,
  backupFormatVersion,
  type Counts,
  codeSchema,
  type DatabaseKind,
  databaseEntry,
  type Manifest,
  manifestEntry,
  manifestSchema,
  secretsEntry,
  uploadsPrefix,
} from './manifest.ts'
import { BackupError, backupMessages } from './messages.ts'
import { checkDump, findTool, otherSessions, restorePostgres } from './postgres.ts'
import { entryStream, hashEntry, listTar, readEntry, type TarEntry, TarFormatError } from './tar.ts'
import { isUploadKey, swapIn, type UploadFiles } from './upload-files.ts'

export type CheckedBackup = { file: string; manifest: Manifest; entries: Map<string, TarEntry> }

const firstLine = (err: unknown) => (err instanceof Error ? err.message : String(err)).split('\n')[0]

/**
 * Reads a backup file through and checks all of it before anything is changed: the archive's headers,
 * the manifest, and every file's size and SHA-256 against it. Throws a BackupError saying what is wrong.
 */
export async function checkBackup(file: string): Promise<CheckedBackup> {
  const resolved = path.resolve(file)
  if (!existsSync(resolved) || !statSync(resolved).isFile())
    throw new BackupError(backupMessages.noSuchFile(file))
  const bad = (why: string) => new BackupError(backupMessages.notABackup(file, why))
  let list: TarEntry[]
  try {
    list = await listTar(resolved)
  } catch (err) {
    if (err instanceof TarFormatError) throw bad(err.message)
    throw err
  }
  const entries = new Map<string, TarEntry>()
  for (const entry of list) {
    if (entries.has(entry.name)) throw bad(`It holds ${entry.name} twice.`)
    entries.set(entry.name, entry)
  }
  const manifestFile = entries.get(manifestEntry)
  if (!manifestFile) throw bad('It has no manifest.json (the file may have been cut short).')
  let raw: { format?: unknown; version?: unknown }
  try {
    raw = JSON.parse((await readEntry(resolved, manifestFile)).toString('utf8'))
  } catch {
    throw bad('Its manifest.json cannot be read.')
  }
  if (raw?.format !== backupFormat) throw bad("Its manifest.json is not a shop backup's.")
  if (typeof raw.version === 'number' && raw.version > backupFormatVersion)
    throw new BackupError(backupMessages.newerFormat(raw.version))
  const parsed = manifestSchema.safeParse(raw)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    throw bad(`Its manifest.json is incomplete (${issue.path.join('.') || 'top'}: ${issue.message}).`)
  }
  const manifest = parsed.data
  const dbEntry = databaseEntry[manifest.database.kind]
  if (!manifest.files[dbEntry]) throw bad(`Its manifest does not list ${dbEntry}.`)
  let uploads = 0
  for (const name of entries.keys()) {
    if (name === manifestEntry) continue
    if (!manifest.files[name]) throw bad(`It holds ${name}, which its manifest does not list.`)
    if (name.startsWith(uploadsPrefix)) {
      if (!isUploadKey(name.slice(uploadsPrefix.length))) throw bad(`It holds a file with an unsafe name.`)
      uploads++
    } else if (name !== dbEntry && name !== secretsEntry) {
      throw bad(`It holds ${name}, which a backup never has.`)
    }
  }
  if (uploads !== manifest.counts.uploads)
    throw bad(`It holds ${uploads} uploaded files where its manifest counted ${manifest.counts.uploads}.`)
  for (const [name, expected] of Object.entries(manifest.files)) {
    const entry = entries.get(name)
    if (!entry) throw bad(`${name} is missing (the file may have been cut short).`)
    if (entry.size !== expected.size || (await hashEntry(resolved, entry)) !== expected.sha256)
      throw bad(`${name} does not match its checksum.`)
  }
  return { file: resolved, manifest, entries }
}

export type RestoreOptions = {
  file: string
  dataDir: string
  /** Set: PostgreSQL; unset: the embedded database in DATA_DIR. */
  databaseUrl?: string
  uploads: UploadFiles
  /** PostgreSQL: restore even with other connections open to the database. */
  force?: boolean
}

/**
 * Puts a backup in place of the current data (docs/decisions/075): the whole file is checked first,
 * then each part is staged beside what it replaces, and only when all are ready are they swapped in.
 * Any failure before the swap leaves everything as it was.
 */
export async function restoreBackup(opts: RestoreOptions): Promise<{ manifest: Manifest }> {
  const checked = await checkBackup(opts.file)
  const { manifest } = checked
  const current: DatabaseKind = opts.databaseUrl ? 'postgres' : 'pglite'
  if (manifest.database.kind !== current)
    throw new BackupError(backupMessages.wrongKind(manifest.database.kind, current))
  // An older backup is brought up to date by the next start's migrations; a newer one cannot be.
  if (manifest.database.latestMigration > codeSchema().latest)
    throw new BackupError(backupMessages.newerSchema(manifest.app.version))
  await mkdir(opts.dataDir, { recursive: true })
  if (opts.databaseUrl) await restoreIntoPostgres(checked, opts.databaseUrl, opts)
  else await restoreIntoDataDir(checked, opts)
  return { manifest }
}

const rowCounts = (m: Manifest): Counts => {
  const { uploads: _files, ...rows } = m.counts
  return rows
}

async function writeUploads(checked: CheckedBackup, write: (key: string, bytes: Buffer) => Promise<void>) {
  for (const [name, entry] of checked.entries) {
    if (name.startsWith(uploadsPrefix))
      await write(name.slice(uploadsPrefix.length), await readEntry(checked.file, entry))
  }
}

async function restoreIntoDataDir(checked: CheckedBackup, opts: RestoreOptions) {
  const { dataDir } = opts
  const folder = pgliteFolder(dataDir)
  const names = await readdir(dataDir)
  const aside = names.find((n) => n.startsWith('pglite.before-restore-'))
  if (aside && !existsSync(folder))
    throw new BackupError(backupMessages.interruptedRestore(path.join(dataDir, aside), folder))
  let release: () => void
  try {
    release = acquireLock(dataDir)
  } catch (err) {
    if (err instanceof DatabaseLockedError)
      throw new BackupError(backupMessages.stopShopFirst(lockHolder(dataDir) ?? 0, dataDir))
    throw err
  }
  try {
    // What an interrupted restore staged is ours to clear (the shop is stopped: we hold its lock).
    for (const n of names.filter((n) => /^(pglite|uploads|secrets\.json)\.restoring-/.test(n)))
      await rm(path.join(dataDir, n), { recursive: true, force: true })
    const tag = `${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`
    const dbEntry = checked.entries.get(databaseEntry.pglite)!
    const tarball = (await openAsBlob(checked.file)).slice(dbEntry.offset, dbEntry.offset + dbEntry.size)
    let staged: string
    try {
      staged = await stageEmbedded(dataDir, tarball, rowCounts(checked.manifest), tag)
    } catch (err) {
      if (err instanceof BackupError) throw err
      throw new BackupError(
        backupMessages.notABackup(checked.file, `Its database could not be opened (${firstLine(err)}).`),
      )
    }
    const secretsFile = path.join(dataDir, 'secrets.json')
    const secrets = checked.entries.get(secretsEntry)
    const stagedSecrets = `${secretsFile}.restoring-${tag}`
    const replacement = await opts.uploads.replace()
    const swaps: Array<Awaited<ReturnType<typeof swapIn>>> = []
    try {
      if (secrets)
        await writeFile(stagedSecrets, await readEntry(checked.file, secrets), { mode: 0o600, flag: 'wx' })
      await writeUploads(checked, (key, bytes) => replacement.write(key, bytes))
      // Everything is staged: swap in the database and the secrets (each old one kept aside), then the
      // uploads; a failure puts the old ones back.
      try {
        swaps.push(await swapIn(folder, staged, tag))
        if (secrets) swaps.push(await swapIn(secretsFile, stagedSecrets, tag))
        await replacement.commit()
      } catch (err) {
        for (const swap of swaps.reverse()) await swap.undo()
        throw err
      }
    } catch (err) {
      await replacement.abort().catch(() => {})
      await rm(staged, { recursive: true, force: true })
      await rm(stagedSecrets, { force: true })
      throw err
    }
    for (const swap of swaps) await swap.finish().catch(() => {})
  } finally {
    release()
  }
}

async function restoreIntoPostgres(checked: CheckedBackup, url: string, opts: RestoreOptions) {
  findTool('pg_restore')
  findTool('psql')
  if (!opts.force) {
    const others = await otherSessions(url)
    if (others > 0) throw new BackupError(backupMessages.otherSessions(others))
  }
  const scratch = await mkdtemp(path.join(opts.dataDir, '.shop-restore-'))
  try {
    const dump = path.join(scratch, 'postgres.dump')
    await pipeline(
      entryStream(checked.file, checked.entries.get(databaseEntry.postgres)!),
      createWriteStream(dump, { mode: 0o600 }),
    )
    try {
      await checkDump(dump)
    } catch (err) {
      throw new BackupError(
        backupMessages.notABackup(
          checked.file,
          `pg_restore cannot read its database dump (${firstLine(err)}).`,
        ),
      )
    }
    const replacement = await opts.uploads.replace()
    try {
      await writeUploads(checked, (key, bytes) => replacement.write(key, bytes))
      await restorePostgres(url, dump, rowCounts(checked.manifest))
    } catch (err) {
      await replacement.abort().catch(() => {})
      throw err
    }
    await replacement.commit()
  } finally {
    await rm(scratch, { recursive: true, force: true })
  }
}
