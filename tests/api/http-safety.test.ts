import { Readable } from 'node:stream'
import { sql } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app.ts'
import { ConfigError, parseEnv, testConfig } from '../../server/config.ts'
import { addressTooLongMessage } from '../../server/http/method-answers.ts'
import { unavailableMessage } from '../../server/http/unavailable.ts'
import {
  freshEmail,
  makePerson,
  PASSWORD,
  type Person,
  type Registered,
  registerCustomer,
} from '../support/factories.ts'
import { insertCatalogue } from '../support/fixtures.ts'
import { createTestApp, openTestDatabase, type TestApp } from '../support/test-app.ts'
import { multipart } from './accounts-helpers.ts'
import { multipartFiles } from './admin-helpers.ts'

let app: TestApp
let asha: Registered
let admin: Person
let productId: string

beforeAll(async () => {
  app = await createTestApp()
  asha = await registerCustomer(app, 'Asha Verma')
  admin = await makePerson(app, 'admin')
  const fx = await insertCatalogue(app.database.db)
  productId = fx.saree.id
})
afterAll(async () => {
  await app?.cleanup()
})

const smallPng = () =>
  sharp({ create: { width: 40, height: 40, channels: 3, background: '#a8431a' } })
    .png()
    .toBuffer()

describe('TRUST_PROXY', () => {
  it('is false unless set, and takes a hop count or addresses/CIDRs', () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(false)
    expect(parseEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false)
    expect(parseEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2)
    expect(parseEnv({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,loopback' }).TRUST_PROXY).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'loopback',
    ])
  })
  it.each(['true', '10.0.0.0/33', 'proxy.example.in', '127.0.0.1,nonsense', '1.2.3'])(
    'refuses %s, naming the variable',
    (value) => {
      expect(() => parseEnv({ TRUST_PROXY: value })).toThrow(ConfigError)
      expect(() => parseEnv({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/)
    },
  )

  const burst = async (shop: TestApp, forwarded: (i: number) => string) => {
    const codes: number[] = []
    for (let i = 0; i < 5; i++) {
      const res = await shop.inject({
        url: '/healthz',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': forwarded(i) },
      })
      codes.push(res.statusCode)
    }
    return codes
  }

  // Tests that open a database of their own get a longer timeout: a fresh database is slow on a busy machine.
  it('without a trusted proxy, a new X-Forwarded-For on each request does not escape the per-address limit', async () => {
    const shop = await createTestApp({ RATE_LIMIT_MAX: 3 })
    try {
      expect(await burst(shop, (i) => `203.0.113.${i + 1}`)).toEqual([200, 200, 200, 429, 429])
    } finally {
      await shop.cleanup()
    }
  }, 120_000)

  it('with TRUST_PROXY=127.0.0.1 (the proxy in front), the forwarded client address is the one limited', async () => {
    const shop = await createTestApp({
      RATE_LIMIT_MAX: 3,
      TRUST_PROXY: parseEnv({ TRUST_PROXY: '127.0.0.1' }).TRUST_PROXY,
    })
    try {
      // Each client has its own count...
      expect(await burst(shop, (i) => `203.0.113.${i + 1}`)).toEqual([200, 200, 200, 200, 200])
      // ...and one client stays limited whatever the proxy's own address.
      expect(await burst(shop, () => '198.51.100.7')).toEqual([200, 200, 200, 429, 429])
    } finally {
      await shop.cleanup()
    }
  }, 120_000)
})

describe('every request gets a deliberate answer under /api', () => {
  it('answers an unknown /api path with a JSON 404, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      for (const url of ['/api/v1/nothing-here', '/api/nope', '/api/v2/products', '/api']) {
        const res = await app.inject({ method, url })
        expect(res.statusCode, `${method} ${url}`).toBe(404)
        expect(res.headers['content-type']).toMatch(/^application\/json/)
        expect(res.json()).toEqual({ success: false, message: `No such endpoint: ${method} ${url}` })
      }
    }
  })

  it('answers a known path with the wrong method with a JSON 405 and Allow', async () => {
    const cases = [
      ['GET', '/api/v1/user/login', 'POST, OPTIONS'],
      ['DELETE', '/api/v1/user/login', 'POST, OPTIONS'],
      ['POST', '/api/v1/category/allcategory', 'GET, HEAD, OPTIONS'],
      ['PUT', `/api/v1/Product/product?id=${productId}`, 'GET, HEAD, OPTIONS'],
      ['GET', '/api/v1/user/avatar', 'PATCH, OPTIONS'],
    ] as const
    for (const [method, url, allow] of cases) {
      const res = await app.inject({ method, url, headers: asha.auth })
      expect(res.statusCode, `${method} ${url}`).toBe(405)
      expect(res.headers.allow).toBe(allow)
      expect(res.json()).toMatchObject({ success: false, message: expect.stringContaining('not allowed') })
    }
  })

  it('answers a path parameter over 200 characters with 414 and a message, not a 405', async () => {
    const long = 'a'.repeat(201)
    const someId = '0123456789abcdef01234567'
    for (const [method, url] of [
      ['GET', `/api/v1/order/singleorder/${long}`],
      ['GET', `/api/v1/pincode/${long}`],
      ['PUT', `/api/v1/admin/products/${long}`],
      ['DELETE', `/api/v1/admin/products/${long}/images/${someId}`],
    ] as const) {
      const res = await app.inject({ method, url, headers: admin.auth })
      expect(res.statusCode, `${method} ${url}`).toBe(414)
      expect(res.headers.allow).toBeUndefined()
      expect(res.json()).toEqual({ success: false, message: addressTooLongMessage })
    }
    // 200 characters are still read as the id they are (here: no such order).
    const longest = await app.inject({
      url: `/api/v1/order/singleorder/${'a'.repeat(200)}`,
      headers: asha.auth,
    })
    expect(longest.statusCode).not.toBe(414)
    expect(longest.statusCode).toBeLessThan(500)
    // A long part of an address that is no endpoint is still a 404.
    const nowhere = await app.inject({ url: `/api/v1/nothing-here/${long}` })
    expect(nowhere.statusCode).toBe(404)
  })

  it('answers OPTIONS with 204 and Allow, and no CORS headers', async () => {
    const res = await app.inject({
      method: 'OPTIONS',
      url: '/api/v1/adress/add',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    })
    expect(res.statusCode).toBe(204)
    expect(res.headers.allow).toBe('POST, OPTIONS')
    expect(Object.keys(res.headers).filter((h) => h.startsWith('access-control-'))).toEqual([])
    const unknown = await app.inject({ method: 'OPTIONS', url: '/api/v1/nothing-here' })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().success).toBe(false)
  })
})

describe('text with NUL or a lone surrogate is refused in one place', () => {
  const refused = (res: { statusCode: number; json(): { success: boolean; message: string } }) => {
    expect(res.statusCode).toBe(400)
    expect(res.json().success).toBe(false)
    expect(res.json().message).toMatch(/not allowed \(a NUL or a broken character\)/)
  }

  it('in a JSON body: register, address, contact (nested too)', async () => {
    refused(
      await app.inject({
        method: 'POST',
        url: '/api/v1/user/register',
        payload: { fullName: 'Asha\u0000Verma', email: freshEmail(), password: PASSWORD },
      }),
    )
    refused(
      await app.inject({
        method: 'POST',
        url: '/api/v1/user/register',
        headers: { 'content-type': 'application/json' },
        payload: `{"fullName":"Asha \\ud800","email":"${freshEmail()}","password":"${PASSWORD}"}`,
      }),
    )
    refused(
      await app.inject({
        method: 'POST',
        url: '/api/v1/adress/add',
        headers: asha.auth,
        payload: {
          fullName: 'Asha Verma',
          phoneNumber: '9876543210',
          streetAddress: '14 Hawa\u0000 Mahal Road',
          city: 'Jaipur',
          state: 'Rajasthan',
          postalCode: '302002',
        },
      }),
    )
    refused(
      await app.inject({
        method: 'POST',
        url: '/api/v1/contact',
        payload: { firstName: 'Ravi', email: 'ravi@example.in', message: 'Hello \udc00 there' },
      }),
    )
    const nested = await app.inject({
      method: 'POST',
      url: '/api/v1/contact',
      payload: {
        firstName: 'Ravi',
        email: 'ravi@example.in',
        message: 'Hi',
        extra: { deep: ['ok', 'x\u0000'] },
      },
    })
    refused(nested)
    expect(nested.json().message).toContain('extra.deep.1')
  })

  it('in a query and a path parameter', async () => {
    refused(await app.inject({ url: '/api/v1/Product/product?id=%00' }))
    refused(await app.inject({ url: '/api/v1/Product/searchproduct?query=pot%00' }))
    refused(await app.inject({ url: '/api/v1/admin/products/ab%00cd', headers: admin.auth }))
  })

  it('keeps ordinary non-English text and paired surrogates (emoji)', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/contact',
      payload: { firstName: 'रवि', email: 'ravi@example.in', message: 'बहुत सुंदर 🙏🏽' },
    })
    expect(res.statusCode, res.body).toBeLessThan(300)
  })
})

describe('logs', () => {
  it('a database fault logs one stack without SQL parameters; a 4xx logs none', async () => {
    const lines: string[] = []
    const { database, drop } = await openTestDatabase()
    const shop = await buildApp({
      config: testConfig({ LOG_LEVEL: 'info' }),
      database,
      web: false,
      logStream: { write: (line) => void lines.push(line) },
    })
    const secret = 'meena.secret@example.in'
    const hash = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0$aGFzaA'
    // A query the database refuses, carrying personal data as parameters (as an insert of a user would).
    shop.get('/test/fault', async () => {
      await database.db.execute(sql`select ${secret}::int, ${hash}::int`)
      return { ok: true }
    })
    await shop.ready()
    try {
      const res = await shop.inject({ url: '/test/fault', headers: { authorization: 'Bearer abc.def.ghi' } })
      expect(res.statusCode).toBe(500)
      expect(res.json()).toEqual({
        success: false,
        message: 'Something went wrong on our side. Please try again.',
      })
      const log = lines.join('')
      expect(log).not.toContain(secret)
      expect(log).not.toContain(hash)
      expect(log).not.toContain('abc.def.ghi')
      const errors = lines.map((l) => JSON.parse(l)).filter((l) => l.err)
      expect(errors).toHaveLength(1)
      expect(errors[0].err.stack).toMatch(/\n\s+at /)
      expect(errors[0].err.message).toBe('Failed query (SQL and parameters withheld)')

      lines.length = 0
      const bad = await shop.inject({ method: 'POST', url: '/api/v1/user/login', payload: { email: secret } })
      expect(bad.statusCode).toBe(400)
      expect(lines.map((l) => JSON.parse(l)).filter((l) => l.err || l.stack)).toEqual([])
      expect(lines.join('')).not.toContain(secret)
    } finally {
      await shop.close()
      await database.close()
      await drop()
    }
  }, 120_000)
})

describe('logs during an outage', () => {
  it('a registration the database times out answers 503 and logs no e-mail, name or password hash', async () => {
    const lines: string[] = []
    const { database, drop } = await openTestDatabase()
    const shop = await buildApp({
      config: testConfig({ LOG_LEVEL: 'info' }),
      database,
      web: false,
      logStream: { write: (line) => void lines.push(line) },
    })
    await shop.ready()
    // The insert of the new user fails as a statement cancelled by a timeout does (SQLSTATE 57014), with
    // the row's values in the error's detail; drizzle's own message carries the query's parameters.
    await database.db.execute(
      sql.raw(`create function test_time_out_users() returns trigger language plpgsql as $$
        begin
          raise exception using errcode = '57014', message = 'canceling statement due to statement timeout',
            detail = 'while writing ' || new.email || ' for ' || new.full_name;
        end $$`),
    )
    await database.db.execute(
      sql.raw(
        'create trigger test_time_out_users before insert on users for each row execute function test_time_out_users()',
      ),
    )
    const email = freshEmail('meena.outage')
    const fullName = 'Meenakshi Outagewala'
    try {
      const res = await shop.inject({
        method: 'POST',
        url: '/api/v1/user/register',
        payload: { fullName, email, password: PASSWORD },
      })
      expect(res.statusCode, res.body).toBe(503)
      expect(res.json()).toEqual({ success: false, message: unavailableMessage })
      const log = lines.join('')
      expect(log).toContain('database unavailable')
      expect(log).not.toContain(email)
      expect(log).not.toContain(fullName)
      expect(log).not.toContain('$argon2id')
      expect(log).not.toContain(PASSWORD)
      // Logged as every other error is: its kind, its code and its frames, the values withheld.
      const [outage] = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'database unavailable')
      expect(outage.err.message).toBe('Failed query (SQL and parameters withheld)')
      expect(outage.err.cause.code).toBe('57014')
      expect(outage.err.stack).toMatch(/\n\s+at /)
    } finally {
      await shop.close()
      await database.close()
      await drop()
    }
  }, 120_000)
})

describe('uploads', () => {
  const avatar = (payload: Buffer | Readable, headers: Record<string, string>) =>
    app.inject({
      method: 'PATCH',
      url: '/api/v1/user/avatar',
      payload,
      headers: { ...asha.auth, ...headers },
    })

  it('answers malformed or truncated multipart with 400 and a message', async () => {
    const m = multipart('avatar', 'me.png', await smallPng(), 'image/png')
    const truncated = await avatar(m.payload.subarray(0, m.payload.length - 40), m.headers)
    expect(truncated.statusCode).toBe(400)
    expect(truncated.json().message).toMatch(/not a valid multipart form|cut off/)
    const noBoundary = await avatar(m.payload, { 'content-type': 'multipart/form-data; charset=utf-8' })
    expect(noBoundary.statusCode).toBe(400)
    expect(noBoundary.json().success).toBe(false)
    const bare = await avatar(m.payload, { 'content-type': 'multipart/form-data' })
    expect(bare.statusCode).toBe(400)
    const garbage = await avatar(Buffer.from('this is not multipart at all'), m.headers)
    expect(garbage.statusCode).toBe(400)
  })

  it('answers a body that is not multipart with 415', async () => {
    const json = await app.inject({
      method: 'PATCH',
      url: '/api/v1/user/avatar',
      headers: asha.auth,
      payload: { avatar: 'x' },
    })
    expect(json.statusCode).toBe(415)
    expect(json.json()).toEqual({
      success: false,
      message: 'Send the picture as a file upload (multipart/form-data).',
    })
    const text = await avatar(Buffer.from('hello'), { 'content-type': 'text/plain' })
    expect(text.statusCode).toBe(415)
    const console = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/uploads/banners',
      headers: admin.auth,
      payload: { image: 'x' },
    })
    expect(console.statusCode).toBe(415)
  })

  it('refuses a small picture followed by 50 MB of junk, naming the limit', async () => {
    const junk = Buffer.alloc(50 * 1024 * 1024, 0x61)
    const m = multipart('avatar', 'me.png', await smallPng(), 'image/png')
    const res = await avatar(Buffer.concat([m.payload, junk]), m.headers)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ success: false, message: 'The avatar must be 2 MB or smaller.' })

    const files = multipartFiles([
      { field: 'image', filename: 'a.png', content: await smallPng(), type: 'image/png' },
      { field: 'junk', filename: 'junk.bin', content: junk, type: 'application/octet-stream' },
    ])
    const upload = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/uploads/banners',
      headers: { ...admin.auth, ...files.headers },
      payload: files.payload,
    })
    expect(upload.statusCode).toBe(400)
    expect(upload.json().message).toBe(
      'This upload is 50 MB; the shop takes at most 25 MB at a time and 8 MB per photo. Make the photos smaller (for example, export them at 2000 pixels wide) or send fewer at once, and try again.',
    )
  })

  it('answers a 16.8 MB photo with the limit in MB and what to do, on both console upload routes', async () => {
    const photo = Buffer.alloc(Math.round(16.8 * 1024 * 1024), 0x61)
    const message =
      'The photo temple-gate.jpg is larger than 8 MB, the largest photo the shop takes. Make it smaller (for example, export it at 2000 pixels wide) and try again.'
    for (const url of ['/api/v1/admin/uploads/banners', `/api/v1/admin/products/${productId}/images`]) {
      const files = multipartFiles([
        { field: 'image', filename: 'temple-gate.jpg', content: photo, type: 'image/jpeg' },
      ])
      const res = await app.inject({
        method: 'POST',
        url,
        headers: { ...admin.auth, ...files.headers },
        payload: files.payload,
      })
      expect(res.statusCode, url).toBe(413)
      expect(res.json(), url).toEqual({ success: false, message })
    }
  })

  it('asks a streamed upload without a declared size for one (411)', async () => {
    const m = multipart('avatar', 'me.png', await smallPng(), 'image/png')
    const res = await avatar(Readable.from([m.payload]), m.headers)
    expect(res.statusCode).toBe(411)
    expect(res.json().success).toBe(false)
  })

  it('still takes a good avatar', async () => {
    const m = multipart('avatar', 'me.png', await smallPng(), 'image/png')
    const res = await avatar(m.payload, m.headers)
    expect(res.statusCode, res.body).toBe(200)
  })
})

describe('Cache-Control', () => {
  it('is no-store on authenticated and token answers, public on cached catalogue answers', async () => {
    const me = await app.inject({ url: '/api/v1/user/current-user', headers: asha.auth })
    expect(me.statusCode).toBe(200)
    expect(me.headers['cache-control']).toBe('no-store')
    const cart = await app.inject({ url: `/api/v1/cart/product?userId=${asha.id}`, headers: asha.auth })
    expect(cart.headers['cache-control']).toMatch(/(^|[\s,])no-store\b/)
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/user/login',
      payload: { email: asha.email, password: PASSWORD },
      remoteAddress: '10.9.9.9',
    })
    expect(login.statusCode).toBe(200)
    expect(login.headers['cache-control']).toBe('no-store')
    const refused = await app.inject({ url: '/api/v1/user/current-user' })
    expect(refused.headers['cache-control']).toBe('no-store')
    const categories = await app.inject({ url: '/api/v1/category/allcategory' })
    expect(categories.headers['cache-control']).toMatch(/^public/)
  })
})
