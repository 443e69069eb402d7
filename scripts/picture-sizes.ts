import path from 'node:path'
import { ConfigError, parseEnv } from '../server/config.ts'
import { createFileStore } from '../server/lib/file-store.ts'
import { fillMissingPictureSizes } from '../server/lib/images.ts'

/**
 * `npm run images:sizes`: makes every picture size (contracts/images.ts) that an uploaded picture lacks,
 * under DATA_DIR/uploads or in the S3_BUCKET. The shop does the same at each start; this runs it on
 * demand. It touches only files, never the database, so it is safe while the shop is running and cheap
 * to run again.
 */
let env: ReturnType<typeof parseEnv>
try {
  env = parseEnv()
} catch (err) {
  console.error(`\n${err instanceof ConfigError ? err.message : String(err)}\n`)
  process.exit(1)
}
const files = createFileStore({ ...env, dataDir: path.resolve(env.DATA_DIR) })
let result: Awaited<ReturnType<typeof fillMissingPictureSizes>>
try {
  result = await fillMissingPictureSizes(files)
} catch (err) {
  console.error(`\nThe pictures could not be listed: ${(err as Error).message}\n`)
  process.exit(1)
}
const { pictures, made, failed } = result
for (const file of made) console.log(`made ${file}`)
for (const file of failed) console.error(`could not make ${file}`)
console.log(
  `${pictures} pictures checked in ${files.where}: ${made.length} sizes made, ${failed.length} failed.`,
)
await files.close()
process.exit(failed.length ? 1 : 0)
