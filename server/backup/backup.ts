import { createReadStream, existsSync } from 'node:fs'
import { mkdtemp, readFile, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { dumpEmbeddedDataDir } from './embedded.ts'
import {
  appVersion,
  backupFormat,
  backupFormatVersion,
  type Counts,
  type DatabaseKind,
  databaseEntry,
  type Manifest,
  manifestEntry,
  type SchemaState,
  secretsEntry,
  signatureEntry,
  uploadsPrefix,
} from './manifest.ts'
import { BackupError, backupMessages } from './messages.ts'
import { dumpPostgres } from './postgres.ts'
import { signManifest } from './signature.ts'
import { TarWriter, type Written } from './tar.ts'
import type { UploadFiles } from './upload-files.ts'

export type BackupOptions = {
  /** The backup file to write (replaced only once the new one is complete). */
  out: string
  dataDir: string
  /** Set: PostgreSQL; unset: the embedded database in DATA_DIR. */
  databaseUrl?: string
  uploads: UploadFiles
  /** BACKUP_KEY: the manifest is signed with it (a restore trusts no unsigned backup by default). */
  key: string | undefined
}

export type BackupResult = { file: string; manifest: Manifest; through: string; keyId: string }

/**
 * Writes one backup file (docs/decisions/075): the database first (so every picture it names was
 * there when the pictures are copied after it), then DATA_DIR/secrets.json for the embedded database,
 * then every upload, then the manifest with each file's size and SHA-256, then its signature. The file
 * is written as `<out>.partial` and renamed at the end, so a backup that fails never looks like a
 * complete one.
 */
export async function createBackup(opts: BackupOptions): Promise<BackupResult> {
  // Refused before any work: a backup nobody can check is no backup to trust.
  if (!opts.key) throw new BackupError(backupMessages.noBackupKey)
  const key = opts.key
  const out = path.resolve(opts.out)
  const folder = path.dirname(out)
  if (!existsSync(folder)) throw new BackupError(backupMessages.noOutFolder(folder))
  const partial = `${out}.partial`
  const kind: DatabaseKind = opts.databaseUrl ? 'postgres' : 'pglite'
  const files: Record<string, Written> = {}
  const writer = await TarWriter.create(partial)
  const cleanups: Array<() => Promise<void>> = []
  try {
    let counts: Counts
    let schema: SchemaState
    let through: string
    if (opts.databaseUrl) {
      // Beside the backup, where its author chose to have room; removed once copied in.
      const scratch = await mkdtemp(path.join(folder, '.shop-backup-'))
      cleanups.push(() => rm(scratch, { recursive: true, force: true }))
      const dumpFile = path.join(scratch, 'postgres.dump')
      ;({ counts, schema } = await dumpPostgres(opts.databaseUrl, dumpFile))
      through = 'pg_dump'
      await addFile(writer, files, databaseEntry.postgres, dumpFile)
    } else {
      const dump = await dumpEmbeddedDataDir(opts.dataDir)
      cleanups.push(() => rm(dump.file, { force: true }))
      ;({ counts, schema, through } = dump)
      await addFile(writer, files, databaseEntry.pglite, dump.file)
      // With PostgreSQL the secrets are in the database (shared_secrets); here they are a file.
      const secrets = await readFile(path.join(opts.dataDir, 'secrets.json')).catch(() => null)
      if (secrets) files[secretsEntry] = await writer.add(secretsEntry, secrets.length, secrets)
    }
    let uploads = 0
    for (const key of await opts.uploads.list()) {
      // A file removed since the listing is left out; nothing refers to it any more.
      const bytes = await opts.uploads.read(key)
      if (!bytes) continue
      files[uploadsPrefix + key] = await writer.add(uploadsPrefix + key, bytes.length, bytes)
      uploads++
    }
    const manifest: Manifest = {
      format: backupFormat,
      version: backupFormatVersion,
      createdAt: new Date().toISOString(),
      app: appVersion(),
      database: { kind, migrations: schema.migrations, latestMigration: schema.latest },
      counts: { ...counts, uploads },
      files: Object.fromEntries(
        Object.entries(files).map(([name, w]) => [name, { size: w.size, sha256: w.sha256 }]),
      ),
    }
    const text = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`)
    await writer.add(manifestEntry, text.length, text)
    const signature = signManifest(key, text)
    const signed = Buffer.from(`${JSON.stringify(signature, null, 2)}\n`)
    await writer.add(signatureEntry, signed.length, signed)
    await writer.finish()
    await rename(partial, out)
    return { file: out, manifest, through, keyId: signature.keyId }
  } catch (err) {
    await writer.abort()
    await rm(partial, { force: true })
    throw err
  } finally {
    for (const cleanup of cleanups) await cleanup().catch(() => {})
  }
}

async function addFile(writer: TarWriter, files: Record<string, Written>, name: string, file: string) {
  const { size } = await stat(file)
  files[name] = await writer.add(name, size, createReadStream(file))
}
