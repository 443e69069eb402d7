import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { GetObjectCommand } from '@aws-sdk/client-s3'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startTestS3 } from '../../tests/support/s3.ts'
import {
  createLocalFileStore,
  createS3FileStore,
  type FileStore,
  FileStoreUnavailableError,
  InvalidFileKeyError,
  isFileKey,
  readBytes,
} from './file-store.ts'

let s3: Awaited<ReturnType<typeof startTestS3>>
let folder: string

beforeAll(async () => {
  s3 = await startTestS3()
  folder = mkdtempSync(path.join(tmpdir(), 'file-store-'))
})
afterAll(async () => {
  await s3?.close()
  if (folder) rmSync(folder, { recursive: true, force: true })
})

const webp = (text: string) => Buffer.from(`RIFF${text}WEBP`)

describe('file keys', () => {
  it('accepts the keys the shop writes', () => {
    for (const key of [
      'products/0123456789abcdef01234567/0123456789abcdef01234567-800.webp',
      'avatars/0123456789abcdef01234567-a1b2c3d4e5f6.webp',
      'temples/kashi-vishwanath-1600.webp',
      'sliders/1-200.webp',
    ])
      expect(isFileKey(key), key).toBe(true)
  })

  it('refuses anything that could leave the uploads or name something odd', () => {
    for (const key of [
      '',
      '../secrets.json',
      'products/../../secrets.json',
      '/etc/passwd',
      'products//a.webp',
      'products/',
      '.hidden',
      'products/.x',
      'a\\b.webp',
      'a%2fb.webp',
      'a b.webp',
      'ä.webp',
      `${'a'.repeat(513)}`,
    ])
      expect(isFileKey(key), key).toBe(false)
  })
})

// The same contract for both stores: the rest of the shop cannot tell them apart. Each test has an empty
// store of its own (a new folder, a new bucket).
describe.each([
  ['local folder', async () => createLocalFileStore(mkdtempSync(path.join(folder, 'uploads-')))],
  ['S3 bucket', async () => (await s3.bucket()).store],
])('%s', (_name, open) => {
  let store: FileStore
  beforeEach(async () => {
    store = await open()
  })

  it('gives back what was put, with its type, size and an entity tag', async () => {
    await store.put('banners/a-800.webp', webp('one'), 'image/webp')
    const file = await store.get('banners/a-800.webp')
    expect(file).not.toBeNull()
    expect(file!.contentType).toBe('image/webp')
    expect(file!.size).toBe(webp('one').length)
    expect(file!.etag).toMatch(/^".+"$/)
    expect(file!.lastModified).toBeInstanceOf(Date)
    file!.body.destroy()
    expect(await readBytes(store, 'banners/a-800.webp')).toEqual(webp('one'))
  })

  it('replaces a file put again under the same key', async () => {
    await store.put('banners/b-800.webp', webp('first'), 'image/webp')
    await store.put('banners/b-800.webp', webp('second'), 'image/webp')
    expect((await readBytes(store, 'banners/b-800.webp'))!.toString()).toContain('second')
  })

  it('answers null for a missing file', async () => {
    expect(await store.get('banners/none-800.webp')).toBeNull()
    expect(await readBytes(store, 'products/nothing/here-200.webp')).toBeNull()
  })

  it('lists keys by prefix, sorted, and all of them with an empty prefix', async () => {
    await store.put('banners/a-800.webp', webp('one'), 'image/webp')
    await store.put('products/p1/x-400.webp', webp('x4'), 'image/webp')
    await store.put('products/p1/x-200.webp', webp('x2'), 'image/webp')
    await store.put('products/p2/y-200.webp', webp('y2'), 'image/webp')
    expect(await store.list('products/p1/')).toEqual(['products/p1/x-200.webp', 'products/p1/x-400.webp'])
    const all = await store.list('')
    expect(all).toEqual([...all].sort())
    expect(all).toEqual([
      'banners/a-800.webp',
      'products/p1/x-200.webp',
      'products/p1/x-400.webp',
      'products/p2/y-200.webp',
    ])
    expect(await store.list('sliders/')).toEqual([])
  })

  it('deletes a file, and deleting a missing one is no error', async () => {
    await store.put('avatars/gone.webp', webp('gone'), 'image/webp')
    await store.delete('avatars/gone.webp')
    expect(await store.get('avatars/gone.webp')).toBeNull()
    expect(await store.list('avatars/')).toEqual([])
    await expect(store.delete('avatars/gone.webp')).resolves.toBeUndefined()
  })

  it('refuses a key that is not one of ours, before touching anything', async () => {
    await expect(store.put('../escape.webp', webp('no'), 'image/webp')).rejects.toThrow(InvalidFileKeyError)
    await expect(store.get('products/../../secrets.json')).rejects.toThrow(InvalidFileKeyError)
    await expect(store.delete('/etc/passwd')).rejects.toThrow(InvalidFileKeyError)
  })

  it('copies whole into another store, as a backup or restore would', async () => {
    await store.put('banners/a-800.webp', webp('one'), 'image/webp')
    await store.put('products/p1/x-200.webp', webp('x2'), 'image/webp')
    await store.put('products/p2/y-200.webp', webp('y2'), 'image/webp')
    const copy = createLocalFileStore(mkdtempSync(path.join(folder, `copy-${store.kind}-`)))
    for (const key of await store.list('')) {
      const file = await store.get(key)
      await copy.put(key, (await readBytes(store, key))!, file!.contentType)
      file!.body.destroy()
    }
    expect(await copy.list('')).toEqual(await store.list(''))
    expect(await copy.list('')).toHaveLength(3)
    expect(await readBytes(copy, 'products/p2/y-200.webp')).toEqual(webp('y2'))
  })
})

describe('the local folder', () => {
  it('leaves no half-written file behind and keeps files inside its folder', async () => {
    const root = path.join(folder, 'tidy')
    const store = createLocalFileStore(root)
    await store.put('categories/c-200.webp', webp('c'), 'image/webp')
    expect(readdirSync(path.join(root, 'categories'))).toEqual(['c-200.webp'])
    expect(existsSync(path.join(folder, 'escape.webp'))).toBe(false)
  })

  it('without a folder uses a throw-away one, removed on close', async () => {
    const store = createLocalFileStore(null)
    expect(await store.list('')).toEqual([])
    await store.put('sliders/s-200.webp', webp('s'), 'image/webp')
    const root = store.root!
    expect(root.startsWith(tmpdir())).toBe(true)
    expect(existsSync(path.join(root, 'sliders/s-200.webp'))).toBe(true)
    await store.close()
    expect(existsSync(root)).toBe(false)
  })

  it('closing a real uploads folder leaves its files', async () => {
    const root = path.join(folder, 'kept')
    const store = createLocalFileStore(root)
    await store.put('banners/k-200.webp', webp('k'), 'image/webp')
    await store.close()
    expect(existsSync(path.join(root, 'banners/k-200.webp'))).toBe(true)
  })
})

describe('the S3 bucket', () => {
  it('says the store is unavailable (not that the file is missing) when the server cannot be reached', async () => {
    // A port that was free a moment ago: nothing answers there.
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number }
        probe.close(() => resolve(port))
      })
    })
    const store = createS3FileStore({
      bucket: 'shop',
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${port}`,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    })
    try {
      await expect(store.get('banners/a-800.webp')).rejects.toThrow(FileStoreUnavailableError)
      await expect(store.put('banners/a-800.webp', webp('a'), 'image/webp')).rejects.toThrow(
        FileStoreUnavailableError,
      )
      await expect(store.list('')).rejects.toThrow(FileStoreUnavailableError)
    } finally {
      await store.close()
    }
  })

  it('a bucket that does not exist is an error, not an empty shop', async () => {
    const store = createS3FileStore({
      bucket: 'no-such-bucket',
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    })
    try {
      await expect(store.get('banners/a-800.webp')).rejects.toThrow(/NoSuchBucket/)
      await expect(store.list('')).rejects.toThrow(FileStoreUnavailableError)
    } finally {
      await store.close()
    }
  })

  it('keeps the long cache header with each object, for a CDN in front of the bucket', async () => {
    const { name, store } = await s3.bucket()
    await store.put('sliders/c-1600.webp', webp('c'), 'image/webp')
    const out = await store.client.send(new GetObjectCommand({ Bucket: name, Key: 'sliders/c-1600.webp' }))
    await out.Body?.transformToByteArray()
    expect(out.CacheControl).toBe('public, max-age=31536000, immutable')
    expect(out.ContentType).toBe('image/webp')
  })
})
