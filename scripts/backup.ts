import path from 'node:path'
import { parseArgs } from 'node:util'
import { createBackup } from '../server/backup/backup.ts'
import { describeManifest } from '../server/backup/manifest.ts'
import { BackupError, backupMessages } from '../server/backup/messages.ts'
import { uploadFilesFor } from '../server/backup/upload-files.ts'
import { ConfigError, parseEnv } from '../server/config.ts'

/**
 * `npm run backup -- --out FILE`: one file holding the database (the embedded one in DATA_DIR, or
 * PostgreSQL's with DATABASE_URL), the uploaded pictures, and for the embedded database
 * DATA_DIR/secrets.json (docs/decisions/075), signed with BACKUP_KEY (refused without it). Safe while
 * the shop runs: a running shop holds the embedded database, so it is asked for the copy over its
 * control socket.
 * Exit codes: 0 written, 1 failed (no backup file written), 2 wrong arguments.
 */

function fail(message: string, code = 1): never {
  console.error(`\n${message}\n`)
  process.exit(code)
}

let values: { out?: string; help?: boolean }
try {
  values = parseArgs({
    options: { out: { type: 'string', short: 'o' }, help: { type: 'boolean', short: 'h' } },
  }).values
} catch (err) {
  fail(`${(err as Error).message}\n${backupMessages.backupUsage}`, 2)
}
if (values.help) {
  console.log(backupMessages.backupUsage)
  process.exit(0)
}
if (!values.out) fail(backupMessages.backupUsage, 2)

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
  const started = Date.now()
  const { file, manifest, through, keyId } = await createBackup({
    // `npm run` starts in the project folder; a relative FILE is meant from where the command was typed.
    out: path.resolve(process.env.INIT_CWD ?? process.cwd(), values.out),
    dataDir,
    databaseUrl: env.DATABASE_URL,
    uploads: files.uploads,
    key: env.BACKUP_KEY,
  })
  const size = Object.values(manifest.files).reduce((n, f) => n + f.size, 0)
  console.log(
    `\nBackup written to ${file} (${(size / 1e6).toFixed(1)} MB, ${((Date.now() - started) / 1000).toFixed(1)} s, through ${through}).\n` +
      `It holds ${describeManifest(manifest)}.\n` +
      `${backupMessages.signedWith(keyId)}\n` +
      'Keep it as carefully as the shop itself: it holds customers’ details and the shop’s signing secrets.\n',
  )
} catch (err) {
  if (err instanceof BackupError) fail(`${err.message}\nNo backup was written.`)
  fail(`The backup failed: ${(err as Error).message.split('\n')[0]}\nNo backup was written.`)
}
await files.close()
