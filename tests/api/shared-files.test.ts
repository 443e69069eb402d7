import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp, type ShopApp } from '../../server/app.ts'
import { type Config, type Env, testConfig } from '../../server/config.ts'
import { type Database, openPostgres } from '../../server/db/client.ts'
import { readBytes } from '../../server/lib/file-store.ts'
import { fillMissingPictureSizes } from '../../server/lib/images.ts'
import { makeAdmin, makeCustomer, type Person } from '../support/factories.ts'
import { startTestS3 } from '../support/s3.ts'
import { openTestDatabase, type TestApp } from '../support/test-app.ts'
import { multipart } from './accounts-helpers.ts'
import { multipartFiles, png, productBody } from './admin-helpers.ts'

// Two instances on one database and one bucket (S3_BUCKET, docs/decisions/074): a file written through
// one is served by the other. On PGlite both instances share the in-process database; on PostgreSQL the
// second has a pool of its own, as a second process would.

let s3: Awaited<ReturnType<typeof startTestS3>>
let bucket: Awaited<ReturnType<typeof s3.bucket>>
let config: Config
let one: TestApp
let two: TestApp
let second: Database
let drop: () => Promise<void>
let admin: Person
const extra: ShopApp[] = []

async function start(database: Database, cfg: Config): Promise<TestApp> {
  const app = await buildApp({ config: cfg, database, web: false })
  await app.ready()
  return Object.assign(app, { database, cleanup: async () => {} }) as TestApp
}
/** Another instance on the same database with other settings (it shares the token secrets). */
async function startWith(overrides: Partial<Env>) {
  const app = await start(one.database, { ...config, ...overrides })
  extra.push(app)
  return app
}

beforeAll(async () => {
  s3 = await startTestS3()
  bucket = await s3.bucket()
  const opened = await openTestDatabase()
  drop = opened.drop
  second = opened.database.url ? await openPostgres(opened.database.url) : opened.database
  // One configuration for both, as instances sharing JWT secrets would have.
  config = testConfig(bucket.env)
  one = await start(opened.database, config)
  two = await start(second, config)
  admin = await makeAdmin(one)
}, 120_000)

afterAll(async () => {
  for (const app of extra) await app.close()
  await (one as ShopApp | undefined)?.close()
  await (two as ShopApp | undefined)?.close()
  if (second && second !== one?.database) await second.close()
  await one?.database.close()
  await drop?.()
  await s3?.close()
})

const get = (app: TestApp, url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers })

async function newProductWithPictures(count: number) {
  const created = await one.inject({
    method: 'POST',
    url: '/api/v1/admin/products',
    headers: admin.auth,
    payload: productBody(),
  })
  expect(created.statusCode, created.body).toBe(200)
  const id = created.json().data._id as string
  const upload = multipartFiles(
    await Promise.all(
      Array.from({ length: count }, async (_, i) => ({
        field: 'image',
        filename: `p${i}.png`,
        content: await png(900 + i * 10, 600),
        type: 'image/png',
      })),
    ),
  )
  const res = await one.inject({
    method: 'POST',
    url: `/api/v1/admin/products/${id}/images`,
    headers: { ...admin.auth, ...upload.headers },
    payload: upload.payload,
  })
  expect(res.statusCode, res.body).toBe(200)
  return { id, images: res.json().data.images as Array<{ _id: string; url: string }> }
}

describe('uploads in a shared bucket', () => {
  it('keeps uploads in the bucket, not in a folder', () => {
    expect(one.services.files.kind).toBe('s3')
    expect(two.services.files.where).toBe(`s3://${bucket.name}`)
  })

  it('serves a product picture uploaded on one instance from the other, in every size', async () => {
    const { id, images } = await newProductWithPictures(1)
    const url = images[0].url
    expect(url).toMatch(new RegExp(`^/uploads/products/${id}/[0-9a-f]{24}-800\\.webp$`))
    for (const w of [200, 400, 800]) {
      const sized = url.replace('-800.webp', `-${w}.webp`)
      const res = await get(two, sized)
      expect(res.statusCode, sized).toBe(200)
      expect(res.headers['content-type']).toBe('image/webp')
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      expect(res.headers.etag).toBeTruthy()
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length)
      const meta = await sharp(res.rawPayload).metadata()
      expect([meta.format, meta.width]).toEqual(['webp', w])
      // The bytes are the bucket's own.
      expect(res.rawPayload.equals((await readBytes(bucket.store, sized.slice('/uploads/'.length)))!)).toBe(
        true,
      )
    }
  })

  it('answers 304 to a copy the browser already has, and HEAD without a body', async () => {
    const { images } = await newProductWithPictures(1)
    const first = await get(two, images[0].url)
    const again = await get(two, images[0].url, { 'if-none-match': String(first.headers.etag) })
    expect(again.statusCode).toBe(304)
    expect(again.rawPayload.length).toBe(0)
    const head = await two.inject({ method: 'HEAD', url: images[0].url })
    expect(head.statusCode).toBe(200)
    expect(head.headers['content-type']).toBe('image/webp')
    expect(head.rawPayload.length).toBe(0)
  })

  it('a console picture (a banner) goes to the bucket in all its sizes and is served by the other', async () => {
    const upload = multipartFiles([
      { field: 'image', filename: 'banner.png', content: await png(2000, 750), type: 'image/png' },
    ])
    const res = await one.inject({
      method: 'POST',
      url: '/api/v1/admin/uploads/banners',
      headers: { ...admin.auth, ...upload.headers },
      payload: upload.payload,
    })
    expect(res.statusCode, res.body).toBe(200)
    const url = res.json().data.url as string
    const base = url.replace('/uploads/', '').replace('-800.webp', '')
    expect(await bucket.store.list(`${base}-`)).toEqual(
      [1200, 1600, 200, 400, 800].map((w) => `${base}-${w}.webp`),
    )
    expect((await get(two, url.replace('-800', '-1600'))).statusCode).toBe(200)
  })

  it('an avatar set on one instance is served by the other; a new one removes the old object', async () => {
    const customer = await makeCustomer(one)
    const setAvatar = async (app: TestApp, color: string) => {
      const picture = await sharp({ create: { width: 400, height: 300, channels: 3, background: color } })
        .png()
        .toBuffer()
      const m = multipart('avatar', 'me.png', picture, 'image/png')
      const res = await app.inject({
        method: 'PATCH',
        url: '/api/v1/user/avatar',
        headers: { ...customer.auth, ...m.headers },
        payload: m.payload,
      })
      expect(res.statusCode, res.body).toBe(200)
      return res.json().data.avatar as string
    }
    const first = await setAvatar(one, '#a8431a')
    expect(first).toMatch(/^\/uploads\/avatars\/[0-9a-f]{24}-[0-9a-f]{12}\.webp$/)
    const served = await get(two, first)
    expect(served.statusCode).toBe(200)
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 256,
      height: 256,
    })

    const next = await setAvatar(two, '#2f6b3a')
    expect((await get(one, next)).statusCode).toBe(200)
    expect(await bucket.store.list(`avatars/${customer.id}-`)).toEqual([next.replace('/uploads/', '')])
    expect((await get(one, first)).statusCode).toBe(404)
  })

  it('deleting a product picture removes its objects; deleting the product removes the rest', async () => {
    const { id, images } = await newProductWithPictures(2)
    const folder = `products/${id}/`
    expect(await bucket.store.list(folder)).toHaveLength(6)
    const removed = await two.inject({
      method: 'DELETE',
      url: `/api/v1/admin/products/${id}/images/${images[0]._id}`,
      headers: admin.auth,
    })
    expect(removed.statusCode, removed.body).toBe(200)
    const left = await bucket.store.list(folder)
    expect(left).toHaveLength(3)
    expect(left.some((key) => key.includes(images[0]._id))).toBe(false)
    expect((await get(one, images[0].url)).statusCode).toBe(404)
    expect((await get(one, images[1].url)).statusCode).toBe(200)

    const deleted = await one.inject({
      method: 'DELETE',
      url: `/api/v1/admin/products/${id}`,
      headers: admin.auth,
    })
    expect(deleted.statusCode, deleted.body).toBe(200)
    expect(await bucket.store.list(folder)).toEqual([])
  })

  it('makes the sizes a picture in the bucket lacks (npm run images:sizes)', async () => {
    const { images } = await newProductWithPictures(1)
    const key = images[0].url.replace('/uploads/', '').replace('-800', '-200')
    await bucket.store.delete(key)
    const result = await fillMissingPictureSizes(one.services.files)
    expect(result.made).toEqual([key])
    expect(result.failed).toEqual([])
    const res = await get(two, `/uploads/${key}`)
    expect((await sharp(res.rawPayload).metadata()).width).toBe(200)
  })

  it('a missing picture is 404 in the shop error shape', async () => {
    const res = await get(two, '/uploads/products/0123456789abcdef01234567/nothing-800.webp')
    expect(res.statusCode).toBe(404)
    expect(res.json()).toMatchObject({ success: false })
  })

  it.each([
    '/uploads/..%2f..%2fpackage.json',
    '/uploads/%2e%2e/%2e%2e/etc/passwd',
    '/uploads/products/..%2F..%2F..%2Fsecrets.json',
    '/uploads/products/%2e%2e%5c%2e%2e%5csecrets.json',
    '/uploads//etc/passwd',
    '/uploads/.hidden',
    '/uploads/products/a%00.webp',
  ])('refuses %s with a 4xx and nothing of the file', async (url) => {
    const res = await get(two, url)
    expect(res.statusCode, url).toBeGreaterThanOrEqual(400)
    expect(res.statusCode, url).toBeLessThan(500)
    expect(res.body).not.toMatch(/root:|"name":|jwtAccessSecret/)
  })
})

describe('with S3_PUBLIC_URL', () => {
  it('redirects a picture to the public address of the bucket, and lets pages load it', async () => {
    const app = await startWith({ S3_PUBLIC_URL: 'https://cdn.example.in/shop' })
    const res = await get(app, '/uploads/products/0123456789abcdef01234567/abc-800.webp')
    expect(res.statusCode).toBe(302)
    expect(res.headers.location).toBe(
      'https://cdn.example.in/shop/products/0123456789abcdef01234567/abc-800.webp',
    )
    expect(String(res.headers['content-security-policy'])).toMatch(/img-src [^;]*https:\/\/cdn\.example\.in/)
    expect((await get(app, '/uploads/..%2f..%2fpackage.json')).statusCode).toBe(404)
  })
})

describe('when the bucket cannot be reached', () => {
  it('answers 503 with a message, never a 500, and keeps nothing half-done', async () => {
    const app = await startWith({ S3_ENDPOINT: 'http://127.0.0.1:9', S3_BUCKET: bucket.name })
    const upload = multipartFiles([
      { field: 'image', filename: 'banner.png', content: await png(), type: 'image/png' },
    ])
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/uploads/categories',
      headers: { ...admin.auth, ...upload.headers },
      payload: upload.payload,
    })
    expect(res.statusCode).toBe(503)
    expect(res.headers['retry-after']).toBeTruthy()
    expect(res.json()).toEqual({
      success: false,
      message: 'Pictures cannot be stored or read right now. Please try again shortly.',
    })
    const read = await get(app, '/uploads/categories/abc-800.webp')
    expect(read.statusCode).toBe(503)
  })
})
