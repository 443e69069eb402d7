import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { refreshTokens, users } from '../../server/db/schema.ts'
import { readBytes } from '../../server/lib/file-store.ts'
import {
  INVALID_CREDENTIALS,
  REFRESH_GRACE_MS,
  SESSION_EXPIRED,
} from '../../server/modules/accounts/service.ts'
import { hashToken } from '../../server/modules/accounts/tokens.ts'
import { freshEmail, PASSWORD, type Registered, registerCustomer } from '../support/factories.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'
import { badTokens, multipart, pngClaiming } from './accounts-helpers.ts'

let app: TestApp

beforeAll(async () => {
  app = await createTestApp()
})
afterAll(async () => {
  await app?.cleanup()
})

const post = (url: string, payload: object, headers = {}, remoteAddress = '10.9.9.9') =>
  app.inject({ method: 'POST', url: `/api/v1${url}`, payload, headers, remoteAddress })

describe('POST /user/register', () => {
  it('creates a customer, never an admin, and stores an argon2id hash', async () => {
    const email = freshEmail()
    const res = await post('/user/register', {
      fullName: 'Meera Das',
      email,
      password: PASSWORD,
      role: 'admin',
    })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({ success: true, data: { fullName: 'Meera Das', email } })
    const [row] = await app.database.db.select().from(users).where(eq(users.email, email))
    expect(row?.role).toBe('customer')
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/)
    expect(res.body).not.toContain('argon2')
  })

  it('signs the new customer in: the answer carries working tokens as login does', async () => {
    const email = freshEmail()
    const res = await post('/user/register', { fullName: 'Naya Grahak', email, password: PASSWORD })
    expect(res.statusCode).toBe(201)
    const data = res.json().data
    expect(data.user).toMatchObject({ fullName: 'Naya Grahak', email })
    expect(data.refreshTokenExpiresIn).toBeGreaterThan(0)
    const me = await app.inject({
      method: 'GET',
      url: `/api/v1/user/current-user?id=${data.user._id}`,
      headers: { authorization: `Bearer ${data.accessToken}` },
    })
    expect(me.statusCode, me.body).toBe(200)
    const renewed = await post('/user/refresh-token', { refreshToken: data.refreshToken })
    expect(renewed.statusCode, renewed.body).toBe(200)
  })

  it('answers 409 with a message for an e-mail already taken, whatever its case', async () => {
    const asha = await registerCustomer(app, 'Asha Verma')
    const res = await post('/user/register', {
      fullName: 'Someone',
      email: asha.email.toUpperCase(),
      password: PASSWORD,
    })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toEqual({ success: false, message: 'An account with this e-mail already exists.' })
  })

  it.each([
    [{ fullName: 'A', email: 'not-an-email', password: PASSWORD }, 'email'],
    [{ fullName: 'A', email: freshEmail(), password: 'short' }, 'password'],
    [{ fullName: '   ', email: freshEmail(), password: PASSWORD }, 'fullName'],
    [{ email: freshEmail(), password: PASSWORD }, 'fullName'],
  ])('refuses invalid fields with 400 naming the field (%#)', async (payload, field) => {
    const res = await post('/user/register', payload)
    expect(res.statusCode).toBe(400)
    expect(res.json().success).toBe(false)
    expect(res.json().message).toContain(field)
  })
})

describe('POST /user/login', () => {
  it("answers the spec's shape with a short-lived JWT carrying exp", async () => {
    const asha = await registerCustomer(app, 'Asha Verma')
    const res = await post('/user/login', { email: asha.email, password: PASSWORD })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({
      success: true,
      message: expect.any(String),
      data: { user: { _id: asha.id, fullName: 'Asha Verma' } },
    })
    const payload = JSON.parse(Buffer.from(body.data.accessToken.split('.')[1], 'base64url').toString())
    expect(payload.sub).toBe(asha.id)
    expect(payload.exp - payload.iat).toBe(app.services.config.ACCESS_TOKEN_TTL)
    expect(body.data.refreshToken).toMatch(/^[\w-]{40,}$/)
  })

  it('accepts the e-mail in any case', async () => {
    const asha = await registerCustomer(app, 'Asha Verma')
    const res = await post(
      '/user/login',
      { email: asha.email.toUpperCase(), password: PASSWORD },
      {},
      '10.9.9.8',
    )
    expect(res.statusCode).toBe(200)
  })

  it('answers a wrong e-mail and a wrong password the same way', async () => {
    const ravi = await registerCustomer(app, 'Ravi Kumar')
    const wrongPassword = await post(
      '/user/login',
      { email: ravi.email, password: 'Wrong@12345' },
      {},
      '10.2.0.1',
    )
    const wrongEmail = await post(
      '/user/login',
      { email: freshEmail('nobody'), password: PASSWORD },
      {},
      '10.2.0.2',
    )
    expect(wrongPassword.statusCode).toBe(401)
    expect(wrongEmail.statusCode).toBe(401)
    expect(wrongPassword.body).toBe(wrongEmail.body)
    expect(wrongEmail.json()).toEqual({ success: false, message: INVALID_CREDENTIALS })
  })

  it('limits failed attempts per account (429 with a message), even from many addresses', async () => {
    const ravi = await registerCustomer(app, 'Ravi Kumar')
    const victim = await registerCustomer(app, 'Victim')
    for (let i = 0; i < 5; i++) {
      const r = await post(
        '/user/login',
        { email: victim.email, password: `Guess${i}xxxx` },
        {},
        `10.3.0.${i}`,
      )
      expect(r.statusCode).toBe(401)
    }
    const blocked = await post('/user/login', { email: victim.email, password: PASSWORD }, {}, '10.3.1.1')
    expect(blocked.statusCode).toBe(429)
    expect(blocked.json()).toMatchObject({
      success: false,
      message: expect.stringMatching(/Too many sign-in/),
    })
    // Another account from the same addresses still signs in.
    expect(
      (await post('/user/login', { email: ravi.email, password: PASSWORD }, {}, '10.3.0.1')).statusCode,
    ).toBe(200)
  })

  // The limits per address, and per account from one address: accounts-sign-in-limits.test.ts.

  it('refuses a disabled account', async () => {
    const gone = await registerCustomer(app, 'Disabled One')
    await app.database.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, gone.id))
    const res = await post('/user/login', { email: gone.email, password: PASSWORD }, {}, '10.5.0.1')
    expect(res.statusCode).toBe(403)
    expect(res.json().success).toBe(false)
    // Its earlier access token stops working too.
    const me = await app.inject({ url: `/api/v1/user/current-user?id=${gone.id}`, headers: gone.auth })
    expect(me.statusCode).toBe(401)
  })
})

describe('access tokens', () => {
  it('refuses alg none, another algorithm, expired, tampered, foreign-key and garbage tokens with 401', async () => {
    const asha = await registerCustomer(app, 'Asha Verma')
    const ravi = await registerCustomer(app, 'Ravi Kumar')
    const tokens = await badTokens(app, asha.id, ravi.id)
    for (const [kind, token] of Object.entries(tokens)) {
      const res = await app.inject({
        url: `/api/v1/user/current-user?id=${asha.id}`,
        headers: { authorization: `Bearer ${token}` },
      })
      expect(res.statusCode, kind).toBe(401)
      expect(res.json().success, kind).toBe(false)
      expect(res.body, kind).not.toContain(asha.email)
    }
  })

  it('refuses every account call without a token', async () => {
    const calls = [
      ['GET', '/user/current-user'],
      ['PATCH', '/user/update-account'],
      ['PATCH', '/user/avatar'],
      ['POST', '/user/change-password'],
      ['POST', '/user/logout'],
      ['GET', '/user/dashboard'],
    ] as const
    for (const [method, url] of calls) {
      const res = await app.inject({
        method,
        url: `/api/v1${url}`,
        payload: method === 'GET' ? undefined : {},
      })
      expect(res.statusCode, url).toBe(401)
    }
  })
})

describe('GET /user/current-user', () => {
  it('answers the fields in data and data.data', async () => {
    const asha = await registerCustomer(app, 'Asha Verma')
    const res = await app.inject({ url: `/api/v1/user/current-user?id=${asha.id}`, headers: asha.auth })
    expect(res.statusCode).toBe(200)
    const { data } = res.json()
    const fields = {
      _id: asha.id,
      fullName: 'Asha Verma',
      email: asha.email,
      userName: '',
      mobile: '',
      phone: '',
      dob: '',
      gender: '',
      avatar: '',
      emailConfirmed: true,
    }
    expect(data).toMatchObject(fields)
    expect(data.data).toEqual(fields)
    expect(JSON.stringify(data)).not.toMatch(/password|hash|role/i)
  })

  it("refuses another customer's id with 403", async () => {
    const asha = await registerCustomer(app, 'Asha Verma')
    const ravi = await registerCustomer(app, 'Ravi Kumar')
    const res = await app.inject({ url: `/api/v1/user/current-user?id=${ravi.id}`, headers: asha.auth })
    expect(res.statusCode).toBe(403)
    expect(res.body).not.toContain(ravi.email)
  })
})

describe('PATCH /user/update-account', () => {
  const patch = (who: Registered, payload: object) =>
    app.inject({ method: 'PATCH', url: '/api/v1/user/update-account', headers: who.auth, payload })

  it('changes only the caller and answers the new details', async () => {
    const asha = await registerCustomer(app, 'Asha Verma')
    const ravi = await registerCustomer(app, 'Ravi Kumar')
    const res = await patch(asha, {
      fullName: 'Asha V.',
      userName: 'asha',
      email: asha.email,
      mobile: '9876543210',
      dob: '1990-04-12',
      gender: 'Female',
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toMatchObject({ fullName: 'Asha V.', userName: 'asha', mobile: '9876543210' })
    const me = await app.inject({ url: '/api/v1/user/current-user', headers: asha.auth })
    expect(me.json().data.data).toMatchObject({ dob: '1990-04-12', gender: 'Female' })
    const other = await app.inject({ url: '/api/v1/user/current-user', headers: ravi.auth })
    expect(other.json().data.fullName).toBe('Ravi Kumar')
  })

  it("answers 409 when taking another customer's e-mail", async () => {
    const asha = await registerCustomer(app, 'Asha Verma')
    const ravi = await registerCustomer(app, 'Ravi Kumar')
    const res = await patch(asha, {
      fullName: 'A',
      userName: 'a',
      email: ravi.email.toUpperCase(),
      currentPassword: PASSWORD,
    })
    expect(res.statusCode).toBe(409)
  })

  it.each([
    [{ fullName: '', userName: 'a', email: 'a@example.in' }, 'fullName'],
    [{ fullName: 'A', userName: '', email: 'a@example.in' }, 'userName'],
    [{ fullName: 'A', userName: 'a', email: 'nope' }, 'email'],
    [{ fullName: 'A', userName: 'a', email: 'a@example.in', mobile: '98765432101' }, 'mobile'],
    [{ fullName: 'A', userName: 'a', email: 'a@example.in', mobile: '98765-4321' }, 'mobile'],
    [{ fullName: 'A', userName: 'a', email: 'a@example.in', gender: 'Robot' }, 'gender'],
    [{ fullName: 'A', userName: 'a', email: 'a@example.in', dob: '12/04/1990' }, 'dob'],
    [{ fullName: 'A', userName: 'a', email: 'a@example.in', dob: '1990-13-45' }, 'dob'],
  ])('refuses invalid fields with 400 (%#)', async (payload, field) => {
    const asha = await registerCustomer(app, 'Asha Verma')
    const res = await patch(asha, payload)
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toContain(field)
  })
})

describe('PATCH /user/avatar', () => {
  const upload = (who: Registered, file: Buffer, name = 'me.png', type = 'image/png', field = 'avatar') => {
    const m = multipart(field, name, file, type)
    return app.inject({
      method: 'PATCH',
      url: '/api/v1/user/avatar',
      payload: m.payload,
      headers: { ...who.auth, ...m.headers },
    })
  }

  it('stores a re-encoded 256 px WebP and answers its /uploads URL', async () => {
    const ravi = await registerCustomer(app, 'Ravi Kumar')
    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#a8431a' } })
      .png()
      .toBuffer()
    const res = await upload(ravi, png)
    expect(res.statusCode, res.body).toBe(200)
    const url: string = res.json().data.avatar
    expect(url).toMatch(/^\/uploads\/avatars\/[0-9a-f]{24}-[0-9a-f]{12}\.webp$/)
    const key = url.replace('/uploads/', '')
    const meta = await sharp((await readBytes(app.services.files, key))!).metadata()
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 })

    // A second upload replaces (and removes) the first file.
    const jpeg = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#2f6b3a' } })
      .jpeg()
      .toBuffer()
    const again = await upload(ravi, jpeg, 'me.jpg', 'image/jpeg')
    expect(again.statusCode).toBe(200)
    expect(await app.services.files.list('avatars/')).not.toContain(key)
    const me = await app.inject({ url: '/api/v1/user/current-user', headers: ravi.auth })
    expect(me.json().data.data.avatar).toBe(again.json().data.avatar)
  })

  it('refuses a text file named .png with 400 and a message', async () => {
    const ravi = await registerCustomer(app, 'Ravi Kumar')
    const res = await upload(ravi, Buffer.from('just some text, not a picture\n'.repeat(20)))
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({
      success: false,
      message: 'The avatar must be a JPEG, PNG, WebP, GIF or AVIF picture.',
    })
  })

  it('refuses an SVG (scripts can hide in it)', async () => {
    const ravi = await registerCustomer(app, 'Ravi Kumar')
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>x</script></svg>',
    )
    const res = await upload(ravi, svg, 'me.svg', 'image/svg+xml')
    expect(res.statusCode).toBe(400)
  })

  it('refuses a file over 2 MB with 400', async () => {
    const ravi = await registerCustomer(app, 'Ravi Kumar')
    const noise = await sharp(
      Buffer.from(Array.from({ length: 1100 * 1100 * 3 }, () => Math.random() * 256)),
      {
        raw: { width: 1100, height: 1100, channels: 3 },
      },
    )
      .png({ compressionLevel: 0 })
      .toBuffer()
    expect(noise.length).toBeGreaterThan(2 * 1024 * 1024)
    const res = await upload(ravi, noise)
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe('The avatar must be 2 MB or smaller.')
  })

  it('refuses a small file claiming a huge pixel size with 400', async () => {
    const ravi = await registerCustomer(app, 'Ravi Kumar')
    const bomb = pngClaiming(30_000, 30_000)
    expect(bomb.length).toBeLessThan(10_000)
    const res = await upload(ravi, bomb)
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toMatch(/at most 8000 × 8000 pixels/)
  })

  it('refuses a request without the avatar field with 400', async () => {
    const ravi = await registerCustomer(app, 'Ravi Kumar')
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .png()
      .toBuffer()
    const res = await upload(ravi, png, 'me.png', 'image/png', 'picture')
    expect(res.statusCode).toBe(400)
  })
})

describe('refresh tokens', () => {
  it('rotate on use; reusing an old one revokes the whole family', async () => {
    const me = await registerCustomer(app, 'Rotating')
    const first = await post('/user/refresh-token', { refreshToken: me.refreshToken })
    expect(first.statusCode).toBe(200)
    const next = first.json().data
    expect(next.refreshToken).not.toBe(me.refreshToken)
    expect(next.accessToken).toEqual(expect.any(String))

    // The old one again after the grace period: refused, and the new one dies with it.
    await app.database.db
      .update(refreshTokens)
      .set({ usedAt: new Date(Date.now() - REFRESH_GRACE_MS - 1000) })
      .where(eq(refreshTokens.tokenHash, hashToken(me.refreshToken)))
    const reuse = await post('/user/refresh-token', { refreshToken: me.refreshToken })
    expect(reuse.statusCode).toBe(401)
    expect((await post('/user/refresh-token', { refreshToken: next.refreshToken })).statusCode).toBe(401)
  })

  const refresh = (refreshToken: string) => post('/user/refresh-token', { refreshToken })
  const tokenRow = async (token: string) =>
    (
      await app.database.db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashToken(token)))
    )[0]!
  const familyOf = (familyId: string) =>
    app.database.db.select().from(refreshTokens).where(eq(refreshTokens.familyId, familyId))
  const currentUser = (accessToken: string) =>
    app.inject({ url: '/api/v1/user/current-user', headers: { authorization: `Bearer ${accessToken}` } })

  it('presented again within the grace, a token answers the same pair as its first use, and its sign-in keeps one token to use', async () => {
    const me = await registerCustomer(app, 'Two Tabs One Pair')
    // Two tabs at once, then a retry.
    const [a, b] = await Promise.all([refresh(me.refreshToken), refresh(me.refreshToken)])
    const retry = await refresh(me.refreshToken)
    for (const res of [a, b, retry]) expect(res.statusCode, res.body).toBe(200)
    const pair = a.json().data
    expect(b.json().data).toEqual(pair)
    expect(retry.json().data).toEqual(pair)
    expect(pair.refreshToken).not.toBe(me.refreshToken)

    const used = await tokenRow(me.refreshToken)
    const unused = (await familyOf(used.familyId)).filter((t) => !t.usedAt && !t.revokedAt)
    expect(unused).toHaveLength(1)
    expect(unused[0]!.tokenHash).toBe(hashToken(pair.refreshToken))
    expect(used.replacedById).toBe(unused[0]!.id)
    expect((await currentUser(pair.accessToken)).statusCode).toBe(200)
    expect((await refresh(pair.refreshToken)).statusCode).toBe(200)
  })

  it('presented after the grace, a used token ends its whole sign-in: the newest token and its access token stop too', async () => {
    const me = await registerCustomer(app, 'Copied Token')
    const first = (await refresh(me.refreshToken)).json().data
    const newest = (await refresh(first.refreshToken)).json().data
    expect((await currentUser(newest.accessToken)).statusCode).toBe(200)
    await app.database.db
      .update(refreshTokens)
      .set({ usedAt: new Date(Date.now() - REFRESH_GRACE_MS - 1000) })
      .where(eq(refreshTokens.tokenHash, hashToken(me.refreshToken)))

    const reuse = await refresh(me.refreshToken)
    expect(reuse.statusCode).toBe(401)
    expect(reuse.json()).toEqual({ success: false, message: SESSION_EXPIRED })
    expect((await refresh(newest.refreshToken)).statusCode).toBe(401)
    expect((await currentUser(newest.accessToken)).statusCode).toBe(401)
    const family = await familyOf((await tokenRow(me.refreshToken)).familyId)
    expect(family.filter((t) => !t.revokedAt)).toEqual([])
  })

  it('refuses unknown tokens with 401', async () => {
    const res = await post('/user/refresh-token', { refreshToken: 'x'.repeat(43) })
    expect(res.statusCode).toBe(401)
    expect(res.json().success).toBe(false)
  })

  it('an independent sign-in keeps working when another family is revoked', async () => {
    const me = await registerCustomer(app, 'Two Devices')
    const second = (await post('/user/login', { email: me.email, password: PASSWORD }, {}, '10.6.0.1')).json()
      .data
    await post('/user/refresh-token', { refreshToken: me.refreshToken })
    await app.database.db
      .update(refreshTokens)
      .set({ usedAt: new Date(Date.now() - REFRESH_GRACE_MS - 1000) })
      .where(eq(refreshTokens.tokenHash, hashToken(me.refreshToken)))
    expect((await post('/user/refresh-token', { refreshToken: me.refreshToken })).statusCode).toBe(401)
    expect((await post('/user/refresh-token', { refreshToken: second.refreshToken })).statusCode).toBe(200)
  })
})

describe('POST /user/logout', () => {
  it("refuses another customer's id with 403", async () => {
    const asha = await registerCustomer(app, 'Asha Verma')
    const ravi = await registerCustomer(app, 'Ravi Kumar')
    const res = await post('/user/logout', { id: ravi.id }, asha.auth)
    expect(res.statusCode).toBe(403)
  })

  it('revokes the refresh tokens', async () => {
    const me = await registerCustomer(app, 'Leaving')
    const res = await post('/user/logout', { id: me.id }, me.auth)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ success: true })
    expect((await post('/user/refresh-token', { refreshToken: me.refreshToken })).statusCode).toBe(401)
  })

  it('with a refresh token ends only that sign-in', async () => {
    const me = await registerCustomer(app, 'Phone And Laptop')
    const laptop = (await post('/user/login', { email: me.email, password: PASSWORD }, {}, '10.7.0.1')).json()
      .data
    await post('/user/logout', { id: me.id, refreshToken: me.refreshToken }, me.auth)
    expect((await post('/user/refresh-token', { refreshToken: me.refreshToken })).statusCode).toBe(401)
    expect((await post('/user/refresh-token', { refreshToken: laptop.refreshToken })).statusCode).toBe(200)
  })
})

describe('POST /user/change-password', () => {
  it('changes the password, revokes every refresh token and answers a fresh pair', async () => {
    const me = await registerCustomer(app, 'Changing')
    const res = await post(
      '/user/change-password',
      { oldPassword: PASSWORD, newPassword: 'Naya@Pass99' },
      me.auth,
    )
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ success: true, message: expect.any(String) })
    expect((await post('/user/refresh-token', { refreshToken: me.refreshToken })).statusCode).toBe(401)
    expect(
      (await post('/user/refresh-token', { refreshToken: res.json().data.refreshToken })).statusCode,
    ).toBe(200)
    expect(
      (await post('/user/login', { email: me.email, password: PASSWORD }, {}, '10.8.0.1')).statusCode,
    ).toBe(401)
    expect(
      (await post('/user/login', { email: me.email, password: 'Naya@Pass99' }, {}, '10.8.0.2')).statusCode,
    ).toBe(200)
  })

  it('refuses a wrong old password with 400 and a message', async () => {
    const asha = await registerCustomer(app, 'Asha Verma')
    const res = await post(
      '/user/change-password',
      { oldPassword: 'Wrong@12345', newPassword: 'Naya@Pass99' },
      asha.auth,
    )
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ success: false, message: 'The old password is not correct.' })
  })

  it('refuses a short new password and missing fields with 400', async () => {
    const asha = await registerCustomer(app, 'Asha Verma')
    expect(
      (await post('/user/change-password', { oldPassword: PASSWORD, newPassword: 'short' }, asha.auth))
        .statusCode,
    ).toBe(400)
    expect((await post('/user/change-password', { newPassword: 'Naya@Pass99' }, asha.auth)).statusCode).toBe(
      400,
    )
  })
})

describe('GET /user/dashboard', () => {
  it('answers the account, the first address and zero order counts', async () => {
    const me = await registerCustomer(app, 'Dash Board')
    const empty = await app.inject({ url: `/api/v1/user/dashboard?id=${me.id}`, headers: me.auth })
    expect(empty.statusCode).toBe(200)
    expect(empty.json().data).toMatchObject({
      user: { _id: me.id, fullName: 'Dash Board' },
      address: null,
      orders: { total: 0, pending: 0, completed: 0 },
    })
    const fields = {
      fullName: 'Dash Board',
      phoneNumber: '9876543210',
      streetAddress: '12 MG Road',
      city: 'Jaipur',
      state: 'Rajasthan',
      postalCode: '302001',
    }
    await post('/adress/add', { ...fields, userId: me.id }, me.auth)
    await post('/adress/add', { ...fields, city: 'Udaipur', userId: me.id }, me.auth)
    const res = await app.inject({ url: '/api/v1/user/dashboard', headers: me.auth })
    expect(res.json().data.address).toMatchObject({ city: 'Jaipur' })
  })

  it("refuses another customer's id with 403", async () => {
    const asha = await registerCustomer(app, 'Asha Verma')
    const ravi = await registerCustomer(app, 'Ravi Kumar')
    const res = await app.inject({ url: `/api/v1/user/dashboard?id=${ravi.id}`, headers: asha.auth })
    expect(res.statusCode).toBe(403)
  })
})

describe('OpenAPI', () => {
  it('documents every account call', async () => {
    const doc = (await app.inject('/api/openapi.json')).json()
    for (const p of [
      '/api/v1/user/register',
      '/api/v1/user/login',
      '/api/v1/user/logout',
      '/api/v1/user/current-user',
      '/api/v1/user/update-account',
      '/api/v1/user/avatar',
      '/api/v1/user/change-password',
      '/api/v1/user/refresh-token',
      '/api/v1/user/dashboard',
    ]) {
      expect(doc.paths[p], p).toBeDefined()
    }
  })
})
