import { randomBytes } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { mkdir, mkdtemp, readdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3'

/**
 * Where uploaded files live (docs/decisions/074): `DATA_DIR/uploads` by default, an S3-compatible bucket
 * when `S3_BUCKET` is set. A key is the file's path under `/uploads/` (`products/<id>/<name>-800.webp`),
 * so the URLs kept in the database are the same for both.
 *
 * For backups and restores the whole API is what they need: `list('')` gives every key, `get` reads one
 * (`readBytes` for its bytes), `put` writes one back. Keys are checked by both stores: `a-z A-Z 0-9 _ . -`
 * in segments joined by `/`, no segment starting with a dot, at most 512 characters.
 */
export interface FileStore {
  /** `local` (a folder) or `s3` (a bucket). */
  readonly kind: 'local' | 's3'
  /** Where the files are, for log lines and messages: a folder, or `s3://bucket`. */
  readonly where: string
  /** Writes a whole file; a reader never sees it half-written. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>
  /** The file and what a response needs to describe it, or null when there is none. */
  get(key: string): Promise<StoredFile | null>
  /** Removes a file; removing one that is not there is not an error. */
  delete(key: string): Promise<void>
  /** Every key starting with `prefix` (`''` for all), sorted. */
  list(prefix: string): Promise<string[]>
  /** Lets go of connections (S3) or removes a throw-away folder (tests). */
  close(): Promise<void>
}

export type StoredFile = {
  body: Readable
  size: number
  contentType: string
  /** A quoted entity tag, as in an ETag header. */
  etag: string
  lastModified: Date
}

export class InvalidFileKeyError extends Error {}

/** The store could not be reached or refused the call (a missing file is not this: `get` answers null). */
export class FileStoreUnavailableError extends Error {
  constructor(where: string, cause: unknown) {
    const e = cause as { name?: string; message?: string; code?: string }
    super(`${where}: ${e?.name ?? 'Error'}${e?.code ? ` ${e.code}` : ''}: ${e?.message ?? String(cause)}`, {
      cause,
    })
  }
}

const keyPattern = /^[A-Za-z0-9_][A-Za-z0-9_.-]*(\/[A-Za-z0-9_][A-Za-z0-9_.-]*)*$/

/** True for a key both stores accept; anything else (`..`, `//`, `\`, encoded characters) is refused. */
export const isFileKey = (key: string) => key.length <= 512 && keyPattern.test(key)

function checkKey(key: string): string {
  if (!isFileKey(key)) throw new InvalidFileKeyError(`Not a file key: ${JSON.stringify(key.slice(0, 80))}`)
  return key
}

const contentTypes: Record<string, string> = {
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.avif': 'image/avif',
}

/** The content type of a key by its extension (what @fastify/static answers for the local folder). */
export const contentTypeOf = (key: string) =>
  contentTypes[path.extname(key).toLowerCase()] ?? 'application/octet-stream'

/** A whole stored file as bytes, or null. */
export async function readBytes(store: FileStore, key: string): Promise<Buffer | null> {
  const file = await store.get(key)
  if (!file) return null
  const chunks: Buffer[] = []
  for await (const chunk of file.body) chunks.push(Buffer.from(chunk))
  return Buffer.concat(chunks)
}

const partialSuffix = '.partial'

/**
 * Files in a folder. Without a folder (tests) a throw-away one is made on first write and removed by
 * `close`.
 */
export function createLocalFileStore(root: string | null): FileStore & { readonly root: string | null } {
  let folder = root ? path.resolve(root) : null
  let made: Promise<string> | null = null
  const base = async () => {
    if (folder) return folder
    made ??= mkdtemp(path.join(tmpdir(), 'shop-uploads-'))
    folder = await made
    return folder
  }
  const fileOf = async (key: string) => path.join(await base(), ...checkKey(key).split('/'))

  return {
    kind: 'local',
    get where() {
      return folder ?? '(a temporary folder)'
    },
    get root() {
      return folder
    },
    async put(key, bytes) {
      const file = await fileOf(key)
      await mkdir(path.dirname(file), { recursive: true })
      // Written aside and renamed, so a reader (or @fastify/static) never serves half a file.
      const partial = `${file}.${randomBytes(4).toString('hex')}${partialSuffix}`
      try {
        await writeFile(partial, bytes)
        await rename(partial, file)
      } catch (err) {
        await rm(partial, { force: true })
        throw err
      }
    },
    async get(key) {
      const file = await fileOf(key)
      const info = await stat(file).catch(() => null)
      if (!info?.isFile()) return null
      return {
        body: createReadStream(file),
        size: info.size,
        contentType: contentTypeOf(key),
        etag: `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`,
        lastModified: info.mtime,
      }
    },
    async delete(key) {
      await rm(await fileOf(key), { force: true })
    },
    async list(prefix) {
      if (!folder && !made) return []
      const dir = await base()
      const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch((err) => {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return []
        throw err
      })
      return entries
        .filter((e) => e.isFile() && !e.name.endsWith(partialSuffix))
        .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
        .filter((key) => key.startsWith(prefix) && isFileKey(key))
        .sort()
    },
    async close() {
      // Only the throw-away folder is removed; a real DATA_DIR/uploads is never touched.
      if (!root && folder) await rm(folder, { recursive: true, force: true })
    },
  }
}

export type S3Options = {
  bucket: string
  region: string
  endpoint?: string
  forcePathStyle?: boolean
  credentials?: { accessKeyId: string; secretAccessKey: string }
}

// Uploads are never changed under the same key (a new picture gets a new name), so caches may keep them.
export const uploadsCacheControl = 'public, max-age=31536000, immutable'

const isMissing = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } }
  // A missing bucket is a wrong setting, not a missing file: it must not look like an empty shop.
  if (e?.name === 'NoSuchBucket') return false
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404
}

/** Files in an S3-compatible bucket, through the official AWS SDK. */
export function createS3FileStore(opts: S3Options): FileStore & { readonly client: S3Client } {
  const client = new S3Client({
    region: opts.region,
    endpoint: opts.endpoint,
    forcePathStyle: opts.forcePathStyle,
    credentials: opts.credentials,
    // Checksums only where S3 requires them: many S3-compatible stores refuse the trailing CRC checksums
    // the SDK sends by default since 2025.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
  })
  const Bucket = opts.bucket
  const where = `s3://${Bucket}`
  const unavailable = (err: unknown) => new FileStoreUnavailableError(where, err)

  return {
    kind: 's3',
    where,
    client,
    async put(key, bytes, contentType) {
      const command = new PutObjectCommand({
        Bucket,
        Key: checkKey(key),
        Body: bytes,
        ContentType: contentType,
        // Kept with the object, so a public bucket or CDN (S3_PUBLIC_URL) caches it as the shop would.
        CacheControl: uploadsCacheControl,
      })
      await client.send(command).catch((err) => {
        throw unavailable(err)
      })
    },
    async get(key) {
      const command = new GetObjectCommand({ Bucket, Key: checkKey(key) })
      try {
        const out = await client.send(command)
        if (!out.Body) return null
        return {
          // In Node the SDK's body is a Readable (an IncomingMessage with helpers).
          body:
            out.Body instanceof Readable ? out.Body : Readable.from(await out.Body.transformToByteArray()),
          size: out.ContentLength ?? 0,
          contentType: out.ContentType || contentTypeOf(key),
          etag: out.ETag ?? `"${(out.LastModified?.getTime() ?? 0).toString(16)}"`,
          lastModified: out.LastModified ?? new Date(0),
        }
      } catch (err) {
        if (isMissing(err)) return null
        throw unavailable(err)
      }
    },
    async delete(key) {
      const command = new DeleteObjectCommand({ Bucket, Key: checkKey(key) })
      await client.send(command).catch((err) => {
        if (!isMissing(err)) throw unavailable(err)
      })
    },
    async list(prefix) {
      const keys: string[] = []
      let ContinuationToken: string | undefined
      do {
        const page = await client
          .send(new ListObjectsV2Command({ Bucket, Prefix: prefix || undefined, ContinuationToken }))
          .catch((err) => {
            throw unavailable(err)
          })
        for (const o of page.Contents ?? []) if (o.Key && isFileKey(o.Key)) keys.push(o.Key)
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined
      } while (ContinuationToken)
      return keys.sort()
    },
    async close() {
      client.destroy()
    },
  }
}

export type FileStoreConfig = {
  dataDir: string
  S3_BUCKET?: string
  S3_ENDPOINT?: string
  S3_REGION?: string
  S3_ACCESS_KEY_ID?: string
  S3_SECRET_ACCESS_KEY?: string
  S3_FORCE_PATH_STYLE?: boolean
}

/**
 * The store a configuration names: the bucket when S3_BUCKET is set, else DATA_DIR/uploads (a throw-away
 * folder when there is no data folder, as in tests).
 */
export function createFileStore(config: FileStoreConfig): FileStore {
  if (config.S3_BUCKET) {
    return createS3FileStore({
      bucket: config.S3_BUCKET,
      region: config.S3_REGION ?? 'us-east-1',
      endpoint: config.S3_ENDPOINT,
      // Custom endpoints (MinIO, Ceph, s3rver) rarely have a name per bucket; AWS itself prefers one.
      forcePathStyle: config.S3_FORCE_PATH_STYLE ?? Boolean(config.S3_ENDPOINT),
      // Without keys the SDK's own chain applies (AWS_* variables, an instance role).
      credentials:
        config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
          : undefined,
    })
  }
  return createLocalFileStore(config.dataDir ? path.join(config.dataDir, 'uploads') : null)
}
