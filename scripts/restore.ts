import path from 'node:path'
import { parseArgs } from 'node:util'
import { codeSchema, describeManifest } from '../server/backup/manifest.ts'
import { BackupError, backupMessages } from '../server/backup/messages.ts'
import { restoreBackup } from '../server/backup/restore.ts'
import { listInWords } from '../server/backup/secrets.ts'
import { uploadFilesFor } from '../server/backup/upload-files.ts'
import { ConfigError, parseEnv } from '../server/config.ts'

/**
 * `npm run restore -- FILE [--force] [--accept-unsigned] [--accept-secrets]`: puts a backup made by
 * `npm run backup` in place of the current database, uploads and (embedded database)
 * DATA_DIR/secrets.json (docs/decisions/075). The whole file is checked before anything changes: its
 * signature with BACKUP_KEY (--accept-unsigned takes a backup without one, or without the key), every
 * file's checksum, and that its signing secrets are the shop's own (--accept-secrets takes others). The
 * shop must be stopped (on PostgreSQL, --force restores even with other connections open).
 * Exit codes: 0 restored, 1 refused or failed (nothing changed), 2 wrong arguments.
 */

function fail(message: string, code = 1): never {
  console.error(`\n${message}\n`)
  process.exit(code)
}

const firstLine = (err: unknown) => (err instanceof Error ? err.message : String(err)).split('\n')[0]

// Whatever goes wrong, the operator reads one line, not a stack trace.
for (const event of ['uncaughtException', 'unhandledRejection'] as const)
  process.on(event, (err) => fail(`The restore failed: ${firstLine(err)}`))

type Flags = { force?: boolean; 'accept-unsigned'?: boolean; 'accept-secrets'?: boolean; help?: boolean }
let parsed: { values: Flags; positionals: string[] }
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: {
      force: { type: 'boolean' },
      'accept-unsigned': { type: 'boolean' },
      'accept-secrets': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  })
} catch (err) {
  fail(`${(err as Error).message}\n${backupMessages.restoreUsage}`, 2)
}
if (parsed.values.help) {
  console.log(backupMessages.restoreUsage)
  process.exit(0)
}
if (parsed.positionals.length !== 1) fail(backupMessages.restoreUsage, 2)
// `npm run` starts in the project folder; a relative FILE is meant from where the command was typed.
const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), parsed.positionals[0]!)

let env: ReturnType<typeof parseEnv>
try {
  env = parseEnv()
} catch (err) {
  if (err instanceof ConfigError) fail(err.message)
  throw err
}
const dataDir = path.resolve(env.DATA_DIR)
const files = uploadFilesFor({ ...env, dataDir })

try {
  const { manifest, signedBy, secretsReplaced } = await restoreBackup({
    file,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    uploads: files.uploads,
    force: parsed.values.force,
    key: env.BACKUP_KEY,
    acceptUnsigned: parsed.values['accept-unsigned'],
    acceptSecrets: parsed.values['accept-secrets'],
  })
  const behind = codeSchema().migrations - manifest.database.migrations
  console.log(
    `\nRestored ${file}: ${describeManifest(manifest)}.\n` +
      (signedBy
        ? `Its signature matches BACKUP_KEY (key ${signedBy}).\n`
        : 'Its signature was not checked (--accept-unsigned).\n') +
      (secretsReplaced.length
        ? `The shop's signing secrets are now the backup's (--accept-secrets): ${listInWords(secretsReplaced)} changed, so everybody signs in again.\n`
        : '') +
      (behind > 0 ? `The next start brings its database up to date (${behind} newer migrations).\n` : '') +
      'Start the shop to use it.\n',
  )
  const skipped = files.uploads.skipped ?? []
  if (skipped.length)
    console.warn(
      `${skipped.length} file${skipped.length === 1 ? ' was' : 's were'} left out: their names cannot be kept in ${files.uploads.where} (for example ${skipped[0]}).\n`,
    )
} catch (err) {
  if (err instanceof BackupError) fail(err.message)
  fail(`The restore failed: ${firstLine(err)} ${backupMessages.nothingChanged}`)
}
await files.close()
