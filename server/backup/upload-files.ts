import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, readdir, readFile, realpath, rename, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import {
  contentTypeOf,
  createFileStore,
  type FileStore,
  type FileStoreConfig,
  isFileKey,
  readBytes,
} from '../lib/file-store.ts'

/**
 * The uploaded files (pictures, avatars) as a backup sees them: list the keys, read one, and put a whole
 * set back (docs/decisions/075). A key is the file's path under `/uploads/`, '/'-separated, as in the
 * URLs the database keeps. The local folder is the one implementation here; another store (S3) plugs in
 * with `replaceKeyByKey` and its own list, read and write.
 */
export interface UploadFiles {
  /** Where the files are, for messages: a folder or a bucket. */
  readonly where: string
  /** Every key, sorted. */
  list(): Promise<string[]>
  /** One file's bytes, or null when it went away meanwhile. */
  read(key: string): Promise<Buffer | null>
  /** Starts putting a new set of files in place of the current one; nothing changes before `commit`. */
  replace(): Promise<UploadReplacement>
}

export interface UploadReplacement {
  write(key: string, bytes: Buffer): Promise<void>
  /** The written set becomes the uploads; files not written are gone. */
  commit(): Promise<void>
  /** Leaves the uploads as they were. */
  abort(): Promise<void>
}

/**
 * A key that stays inside the uploads: '/'-separated, no empty, `.` or `..` segment, no backslash or
 * control character. Wider than the shop's own names, so a file put there by hand is kept too.
 */
export const isUploadKey = (key: string) =>
  key.length > 0 &&
  key.length <= 1024 &&
  ![...key].some((c) => c === '\\' || c.charCodeAt(0) < 0x20) &&
  key.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..')

// Files being written by the shop (images.ts writes `<name>.partial`, then renames).
const partial = /\.partial$/

/** `DATA_DIR/uploads`: replaced by writing the new set beside it and swapping the folders. */
export function localUploadFiles(root: string): UploadFiles {
  const where = path.resolve(root)
  return {
    where,
    async list() {
      if (!existsSync(where)) return []
      const entries = await readdir(where, { recursive: true, withFileTypes: true })
      return entries
        .filter((e) => e.isFile() && !partial.test(e.name))
        .map((e) => path.relative(where, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
        .filter(isUploadKey)
        .sort()
    },
    async read(key) {
      if (!isUploadKey(key)) throw new Error(`Not an upload key: ${JSON.stringify(key.slice(0, 80))}`)
      return readFile(path.join(where, ...key.split('/'))).catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return null
        throw err
      })
    },
    async replace() {
      // Beside the real folder (DATA_DIR/uploads may be a link to another disk), so the swap is a rename.
      const target = existsSync(where) ? await realpath(where) : where
      const tag = randomBytes(4).toString('hex')
      const staging = `${target}.restoring-${tag}`
      await mkdir(staging, { recursive: true, mode: 0o755 })
      return {
        async write(key, bytes) {
          if (!isUploadKey(key)) throw new Error(`Not an upload key: ${JSON.stringify(key.slice(0, 80))}`)
          const file = path.join(staging, ...key.split('/'))
          await mkdir(path.dirname(file), { recursive: true })
          await writeFile(file, bytes)
        },
        async commit() {
          await (await swapIn(target, staging, tag)).finish()
        },
        async abort() {
          await rm(staging, { recursive: true, force: true })
        },
      }
    },
  }
}

/**
 * Moves `staged` to `target`, keeping the old one renamed aside until `finish` removes it; `undo` puts
 * the old one back. A failure between the two renames puts the old one back at once.
 */
export async function swapIn(
  target: string,
  staged: string,
  tag: string,
): Promise<{ undo(): Promise<void>; finish(): Promise<void> }> {
  const aside = `${target}.before-restore-${tag}`
  const had = await stat(target).then(
    () => true,
    () => false,
  )
  if (had) await rename(target, aside)
  try {
    await rename(staged, target)
  } catch (err) {
    if (had) await rename(aside, target)
    throw err
  }
  return {
    async undo() {
      await rm(target, { recursive: true, force: true })
      if (had) await rename(aside, target)
    },
    async finish() {
      if (had) await rm(aside, { recursive: true, force: true })
    },
  }
}

/**
 * Replacement for a store that writes one key at a time (S3): each file is written at once (a key
 * never changes content, so the running shop cannot be hurt by it), and `commit` removes the keys the
 * backup does not have. `abort` removes only the keys that were not there before.
 */
export function replaceKeyByKey(store: {
  list(): Promise<string[]>
  write(key: string, bytes: Buffer): Promise<void>
  remove(key: string): Promise<void>
}): Promise<UploadReplacement> {
  const written = new Set<string>()
  let before: Set<string> | null = null
  return Promise.resolve({
    async write(key, bytes) {
      before ??= new Set(await store.list())
      await store.write(key, bytes)
      written.add(key)
    },
    async commit() {
      for (const key of await store.list()) if (!written.has(key)) await store.remove(key)
    },
    async abort() {
      for (const key of written) if (!before?.has(key)) await store.remove(key)
    },
  })
}

/**
 * The uploads in the shop's file store (server/lib/file-store.ts) when it is a bucket (S3_BUCKET). A
 * restore writes key by key (`replaceKeyByKey`); a file whose name the store refuses (one put in a
 * local folder by hand) is left out and counted in `skipped`, since the shop could not serve it anyway.
 */
function storedUploadFiles(store: FileStore): UploadFiles & { skipped: string[] } {
  const skipped: string[] = []
  return {
    where: store.where,
    skipped,
    list: () => store.list(''),
    read: (key) => readBytes(store, key),
    replace: () =>
      replaceKeyByKey({
        list: () => store.list(''),
        async write(key, bytes) {
          if (!isFileKey(key)) {
            skipped.push(key)
            return
          }
          await store.put(key, bytes, contentTypeOf(key))
        },
        remove: (key) => store.delete(key),
      }),
  }
}

/** Where a configuration keeps its uploads, as a backup reads and a restore writes them. */
export function uploadFilesFor(config: FileStoreConfig & { dataDir: string }): {
  uploads: UploadFiles & { skipped?: string[] }
  close(): Promise<void>
} {
  if (!config.S3_BUCKET)
    return { uploads: localUploadFiles(path.join(config.dataDir, 'uploads')), close: async () => {} }
  const store = createFileStore(config)
  return { uploads: storedUploadFiles(store), close: () => store.close() }
}
