import { createHash, randomBytes } from 'node:crypto'
import { createWriteStream, existsSync, statSync } from 'node:fs'
import { mkdir, mkdtemp, readdir, readFile, rm, rmdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { Secrets } from '../config.ts'
import { acquireLock, DatabaseLockedError, lockHolder } from '../db/client.ts'
import { DamagedDumpError, pgliteFolder, stageEmbedded } from './embedded.ts'
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
  signatureEntry,
  uploadsPrefix,
} from './manifest.ts'
import { BackupError, backupMessages } from './messages.ts'
import {
  checkDump,
  currentSecretDigests,
  findTool,
  otherSessions,
  restorePostgres,
  SecretsChangedError,
} from './postgres.ts'
import { changedSecrets, listInWords, parseSecrets } from './secrets.ts'
import { keyId, type Signature, signatureMatches, signatureSchema } from './signature.ts'
import { entryStream, hashEntry, listTar, readEntry, type TarEntry, TarFormatError } from './tar.ts'
import { isUploadKey, swapIn, type UploadFiles } from './upload-files.ts'

export type CheckedBackup = {
  file: string
  manifest: Manifest
  entries: Map<string, TarEntry>
  /** The id of the key whose signature was checked; null when restored unsigned (--accept-unsigned). */
  signedBy: string | null
}

export type TrustOptions = {
  /** BACKUP_KEY: the signature must match it. */
  key?: string
  /** Restore a backup without a signature, or whose signature cannot be checked for want of a key. */
  acceptUnsigned?: boolean
}

const firstLine = (err: unknown) => (err instanceof Error ? err.message : String(err)).split('\n')[0]

/**
 * Reads a backup file through and checks all of it before anything is changed: the archive's headers,
 * the manifest's signature with BACKUP_KEY, the manifest, and every file's size and SHA-256 against it.
 * Throws a BackupError saying what is wrong.
 */
async function checkBackup(file: string, trust: TrustOptions = {}): Promise<CheckedBackup> {
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
  const manifestBytes = await readEntry(resolved, manifestFile)
  // The signature is checked on the manifest's bytes before anything in them is believed.
  const signatureFile = entries.get(signatureEntry)
  let signedBy: string | null = null
  let signature: Signature | undefined
  if (signatureFile) {
    let parsed: ReturnType<typeof signatureSchema.safeParse> | undefined
    try {
      parsed = signatureSchema.safeParse(
        JSON.parse((await readEntry(resolved, signatureFile)).toString('utf8')),
      )
    } catch {}
    if (!parsed?.success) throw bad(`Its ${signatureEntry} cannot be read.`)
    signature = parsed.data
    if (trust.key) {
      if (!signatureMatches(trust.key, manifestBytes, signature))
        throw new BackupError(backupMessages.signatureMismatch(file, signature.keyId, keyId(trust.key)))
      signedBy = signature.keyId
    } else if (!trust.acceptUnsigned) {
      throw new BackupError(backupMessages.signedNeedsKey(signature.keyId))
    }
  }
  let raw: { format?: unknown; version?: unknown }
  try {
    raw = JSON.parse(manifestBytes.toString('utf8'))
  } catch {
    throw bad('Its manifest.json cannot be read.')
  }
  if (raw?.format !== backupFormat) throw bad("Its manifest.json is not a shop backup's.")
  if (!signature && !trust.acceptUnsigned) throw new BackupError(backupMessages.unsigned(file))
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
    if (name === manifestEntry || name === signatureEntry) continue
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
  return { file: resolved, manifest, entries, signedBy }
}

/**
 * One file of a checked backup, whole, its SHA-256 checked again on these very bytes (the file could
 * have been changed since `checkBackup` read it).
 */
async function verifiedEntry(checked: CheckedBackup, name: string): Promise<Buffer> {
  const bytes = await readEntry(checked.file, checked.entries.get(name)!)
  if (createHash('sha256').update(bytes).digest('hex') !== checked.manifest.files[name]!.sha256)
    throw new BackupError(backupMessages.notABackup(checked.file, `${name} does not match its checksum.`))
  return bytes
}

/** The backup's secrets.json, read and checked; null when it has none. */
async function backupSecrets(checked: CheckedBackup): Promise<Record<string, string> | null> {
  if (!checked.entries.has(secretsEntry)) return null
  const secrets = parseSecrets(await verifiedEntry(checked, secretsEntry))
  if (!secrets)
    throw new BackupError(
      backupMessages.notABackup(checked.file, `Its ${secretsEntry} is not a secrets file.`),
    )
  return secrets
}

export type RestoreOptions = {
  file: string
  dataDir: string
  /** Set: PostgreSQL; unset: the embedded database in DATA_DIR. */
  databaseUrl?: string
  uploads: UploadFiles
  /** PostgreSQL: restore even with other connections open to the database. */
  force?: boolean
  /** Put the backup's signing secrets in place of different ones the shop has now. */
  acceptSecrets?: boolean
} & TrustOptions

export type RestoreResult = {
  manifest: Manifest
  signedBy: string | null
  /** Secrets of the shop that the backup's replaced (--accept-secrets). */
  secretsReplaced: Array<keyof Secrets>
}

/**
 * Puts a backup in place of the current data (docs/decisions/075): the whole file is checked first,
 * then each part is staged beside what it replaces, and only when all are ready are they swapped in.
 * Any failure leaves everything as it was.
 */
export async function restoreBackup(opts: RestoreOptions): Promise<RestoreResult> {
  const checked = await checkBackup(opts.file, opts)
  const { manifest } = checked
  const current: DatabaseKind = opts.databaseUrl ? 'postgres' : 'pglite'
  if (manifest.database.kind !== current)
    throw new BackupError(backupMessages.wrongKind(manifest.database.kind, current))
  // An older backup is brought up to date by the next start's migrations; a newer one cannot be.
  if (manifest.database.latestMigration > codeSchema().latest)
    throw new BackupError(backupMessages.newerSchema(manifest.app.version))
  // A refused restore into a folder that was not there leaves no empty folder behind.
  const madeDataDir = !existsSync(opts.dataDir)
  await mkdir(opts.dataDir, { recursive: true })
  try {
    const secretsReplaced = opts.databaseUrl
      ? await restoreIntoPostgres(checked, opts.databaseUrl, opts)
      : await restoreIntoDataDir(checked, opts)
    return { manifest, signedBy: checked.signedBy, secretsReplaced }
  } catch (err) {
    if (madeDataDir) await rmdir(opts.dataDir).catch(() => {})
    throw err
  }
}

/** Refuses secrets that would change the shop's, unless accepted; answers the names that change. */
function checkSecrets(changed: ReturnType<typeof changedSecrets>, where: string, opts: RestoreOptions) {
  if (changed.length > 0 && !opts.acceptSecrets)
    throw new BackupError(backupMessages.secretsChanged(listInWords(changed), changed.length, where))
  return changed
}

const pgSecretsWhere = 'those in the database (its shared_secrets table)'

const rowCounts = (m: Manifest): Counts => {
  const { uploads: _files, ...rows } = m.counts
  return rows
}

async function writeUploads(checked: CheckedBackup, write: (key: string, bytes: Buffer) => Promise<void>) {
  for (const name of checked.entries.keys()) {
    if (name.startsWith(uploadsPrefix))
      await write(name.slice(uploadsPrefix.length), await verifiedEntry(checked, name))
  }
}

async function restoreIntoDataDir(
  checked: CheckedBackup,
  opts: RestoreOptions,
): Promise<Array<keyof Secrets>> {
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
    const secretsFile = path.join(dataDir, 'secrets.json')
    const secrets = await backupSecrets(checked)
    // A secrets.json the shop could not read is no secret to keep: the backup's repair it.
    const current = await readFile(secretsFile).then(parseSecrets, () => null)
    const replaced =
      secrets && current
        ? checkSecrets(changedSecrets(secrets, current), `those in ${secretsFile}`, opts)
        : []
    // What an interrupted restore staged is ours to clear (the shop is stopped: we hold its lock).
    for (const n of names.filter((n) => /^(pglite|uploads|secrets\.json)\.restoring-/.test(n)))
      await rm(path.join(dataDir, n), { recursive: true, force: true })
    const tag = `${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`
    const dbName = databaseEntry.pglite
    let staged: string
    try {
      staged = await stageEmbedded(
        dataDir,
        {
          file: checked.file,
          entry: checked.entries.get(dbName)!,
          sha256: checked.manifest.files[dbName]!.sha256,
        },
        rowCounts(checked.manifest),
        tag,
      )
    } catch (err) {
      if (err instanceof BackupError) throw err
      const why =
        err instanceof DamagedDumpError
          ? err.message
          : `Its database could not be opened (${firstLine(err)}).`
      throw new BackupError(backupMessages.notABackup(checked.file, why))
    }
    const stagedSecrets = `${secretsFile}.restoring-${tag}`
    let replacement: Awaited<ReturnType<UploadFiles['replace']>> | undefined
    const swaps: Array<Awaited<ReturnType<typeof swapIn>>> = []
    try {
      replacement = await opts.uploads.replace()
      if (secrets)
        await writeFile(stagedSecrets, await verifiedEntry(checked, secretsEntry), {
          mode: 0o600,
          flag: 'wx',
        })
      await writeUploads(checked, (key, bytes) => replacement!.write(key, bytes))
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
      await replacement?.abort().catch(() => {})
      await rm(staged, { recursive: true, force: true })
      await rm(stagedSecrets, { force: true })
      throw err
    }
    for (const swap of swaps) await swap.finish().catch(() => {})
    return replaced
  } finally {
    release()
  }
}

async function restoreIntoPostgres(
  checked: CheckedBackup,
  url: string,
  opts: RestoreOptions,
): Promise<Array<keyof Secrets>> {
  findTool('pg_restore')
  findTool('psql')
  if (!opts.force) {
    const others = await otherSessions(url)
    if (others > 0) throw new BackupError(backupMessages.otherSessions(others))
  }
  // The secrets are rows of the dump: compared inside the restore's transaction, before its COMMIT.
  const current = await currentSecretDigests(url)
  const scratch = await mkdtemp(path.join(opts.dataDir, '.shop-restore-'))
  try {
    const dump = path.join(scratch, 'postgres.dump')
    const dbName = databaseEntry.postgres
    const hash = createHash('sha256')
    await pipeline(
      entryStream(checked.file, checked.entries.get(dbName)!),
      new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk)
          done(null, chunk)
        },
      }),
      createWriteStream(dump, { mode: 0o600 }),
    )
    // Checked again on the copy pg_restore reads: the file could have been changed since it was checked.
    if (hash.digest('hex') !== checked.manifest.files[dbName]!.sha256)
      throw new BackupError(backupMessages.notABackup(checked.file, `${dbName} does not match its checksum.`))
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
    let replaced: Array<keyof Secrets>
    try {
      await writeUploads(checked, (key, bytes) => replacement.write(key, bytes))
      replaced = await restorePostgres(url, dump, rowCounts(checked.manifest), {
        current,
        accept: opts.acceptSecrets === true,
      })
    } catch (err) {
      await replacement.abort().catch(() => {})
      if (err instanceof SecretsChangedError)
        throw new BackupError(
          backupMessages.secretsChanged(listInWords(err.names), err.names.length, pgSecretsWhere),
        )
      throw err
    }
    await replacement.commit()
    return replaced
  } finally {
    await rm(scratch, { recursive: true, force: true })
  }
}
