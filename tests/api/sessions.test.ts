import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CURRENT_PASSWORD_NEEDED, CURRENT_PASSWORD_WRONG } from '../../contracts/accounts.ts'
import { users } from '../../server/db/schema.ts'
import { makePerson, PASSWORD, type Registered, registerCustomer } from '../support/factories.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'

let app: TestApp
beforeAll(async () => {
  app = await createTestApp()
})
afterAll(async () => {
  await app?.cleanup()
})

const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
const me = (token: string) => app.inject({ url: '/api/v1/user/current-user', headers: bearer(token) })
const post = (url: string, payload: object, headers = {}) =>
  app.inject({ method: 'POST', url: `/api/v1${url}`, payload, headers, remoteAddress: '10.20.0.1' })
const signInAgain = async (who: Registered) => {
  const res = await post('/user/login', { email: who.email, password: who.password })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data as { accessToken: string; refreshToken: string }
}

describe('access tokens end with their sign-in', () => {
  it('a token is refused right after sign-out of every sign-in', async () => {
    const who = await registerCustomer(app, 'Leaving Now')
    expect((await me(who.accessToken)).statusCode).toBe(200)
    expect((await post('/user/logout', {}, who.auth)).statusCode).toBe(200)
    const after = await me(who.accessToken)
    expect(after.statusCode).toBe(401)
    expect(after.json()).toEqual({
      success: false,
      message: 'Your session has expired. Please sign in again.',
    })
  })

  it("signing out one device refuses that device's token and leaves the other signed in", async () => {
    const who = await registerCustomer(app, 'Two Phones')
    const laptop = await signInAgain(who)
    const out = await post('/user/logout', { refreshToken: who.refreshToken }, who.auth)
    expect(out.statusCode).toBe(200)
    expect((await me(who.accessToken)).statusCode).toBe(401)
    expect((await me(laptop.accessToken)).statusCode).toBe(200)
  })

  it('a password change refuses the old tokens at once; the pair it answers works', async () => {
    const who = await registerCustomer(app, 'New Password')
    const laptop = await signInAgain(who)
    const res = await post(
      '/user/change-password',
      { oldPassword: PASSWORD, newPassword: 'Naya@Pass99' },
      who.auth,
    )
    expect(res.statusCode, res.body).toBe(200)
    expect((await me(who.accessToken)).statusCode).toBe(401)
    expect((await me(laptop.accessToken)).statusCode).toBe(401)
    expect((await me(res.json().data.accessToken)).statusCode).toBe(200)
  })

  it('a token is refused right after staff disable the account, and works again for a new sign-in after enabling', async () => {
    const who = await registerCustomer(app, 'Soon Disabled')
    const admin = await makePerson(app, 'admin')
    expect((await me(who.accessToken)).statusCode).toBe(200)
    const off = await post(`/admin/customers/${who.id}/disable`, { disabled: true }, admin.auth)
    expect(off.statusCode, off.body).toBe(200)
    expect((await me(who.accessToken)).statusCode).toBe(401)
    const orders = await app.inject({ url: '/api/v1/order/allorder', headers: who.auth })
    expect(orders.statusCode).toBe(401)
    await post(`/admin/customers/${who.id}/disable`, { disabled: false }, admin.auth)
    // Disabling ended the sign-in for good; the customer signs in again.
    expect((await me(who.accessToken)).statusCode).toBe(401)
    expect((await me((await signInAgain(who)).accessToken)).statusCode).toBe(200)
  })

  it('a deleted account gets 401, not 500', async () => {
    const who = await registerCustomer(app, 'Gone Away')
    expect((await me(who.accessToken)).statusCode).toBe(200)
    // Deleted outside the shop (no screen deletes accounts): this process learns within SESSION_CACHE_MS.
    await app.database.db.delete(users).where(eq(users.id, who.id))
    app.services.accounts.forgetSessions(who.id)
    const res = await me(who.accessToken)
    expect(res.statusCode).toBe(401)
    expect(res.json().success).toBe(false)
  })
})

describe('changing the e-mail asks for the current password', () => {
  const update = (who: Registered, payload: object) =>
    app.inject({
      method: 'PATCH',
      url: '/api/v1/user/update-account',
      headers: who.auth,
      payload: { fullName: 'Meera Das', userName: 'meera', ...payload },
    })

  it('refuses a new e-mail without the current password, with a message, and keeps the old one', async () => {
    const who = await registerCustomer(app, 'Meera Das')
    const res = await update(who, { email: `new.${who.email}` })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ success: false, message: CURRENT_PASSWORD_NEEDED })
    expect((await me(who.accessToken)).json().data.email).toBe(who.email)
  })

  it('refuses a wrong current password', async () => {
    const who = await registerCustomer(app, 'Meera Das')
    const res = await update(who, { email: `new.${who.email}`, currentPassword: 'not-my-password' })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ success: false, message: CURRENT_PASSWORD_WRONG })
    expect((await me(who.accessToken)).json().data.email).toBe(who.email)
  })

  it('changes the e-mail with the right password, and needs none when the e-mail stays', async () => {
    const who = await registerCustomer(app, 'Meera Das')
    const same = await update(who, { email: who.email.toUpperCase(), mobile: '9876543210' })
    expect(same.statusCode, same.body).toBe(200)
    const changed = await update(who, { email: `new.${who.email}`, currentPassword: PASSWORD })
    expect(changed.statusCode, changed.body).toBe(200)
    expect(changed.json().data.email).toBe(`new.${who.email}`)
  })
})

describe('changing the e-mail signs out everywhere else', () => {
  const update = (who: Registered, payload: object) =>
    app.inject({
      method: 'PATCH',
      url: '/api/v1/user/update-account',
      headers: who.auth,
      payload: { fullName: 'Kiran Rao', userName: 'kiran', ...payload },
    })

  it('ends every other sign-in of the account, access tokens included; the one that changed it carries on', async () => {
    const who = await registerCustomer(app, 'Kiran Rao')
    const laptop = await signInAgain(who)
    // Other details alone end nothing.
    expect((await update(who, { email: who.email, mobile: '9876500000' })).statusCode).toBe(200)
    expect((await me(laptop.accessToken)).statusCode).toBe(200)

    const changed = await update(who, { email: `moved.${who.email}`, currentPassword: PASSWORD })
    expect(changed.statusCode, changed.body).toBe(200)
    expect((await me(laptop.accessToken)).statusCode).toBe(401)
    expect((await post('/user/refresh-token', { refreshToken: laptop.refreshToken })).statusCode).toBe(401)
    expect((await me(who.accessToken)).statusCode).toBe(200)
    const renewed = await post('/user/refresh-token', { refreshToken: who.refreshToken })
    expect(renewed.statusCode, renewed.body).toBe(200)
    expect((await me(renewed.json().data.accessToken)).json().data.email).toBe(`moved.${who.email}`)
  })
})

describe('a refresh race does not sign the customer out', () => {
  it('two concurrent refreshes with the same token both answer a working session', async () => {
    const who = await registerCustomer(app, 'Two Tabs')
    const [a, b] = await Promise.all([
      post('/user/refresh-token', { refreshToken: who.refreshToken }),
      post('/user/refresh-token', { refreshToken: who.refreshToken }),
    ])
    expect(a?.statusCode, a?.body).toBe(200)
    expect(b?.statusCode, b?.body).toBe(200)
    for (const pair of [a!.json().data, b!.json().data]) {
      expect((await me(pair.accessToken)).statusCode).toBe(200)
      // Each new refresh token renews too: the family was not revoked.
      const next = await post('/user/refresh-token', { refreshToken: pair.refreshToken })
      expect(next.statusCode, next.body).toBe(200)
      expect((await me(next.json().data.accessToken)).statusCode).toBe(200)
    }
  })

  it('a refresh token used again after sign-out stays refused (the grace does not revive an ended sign-in)', async () => {
    const who = await registerCustomer(app, 'Out Then Retry')
    const first = await post('/user/refresh-token', { refreshToken: who.refreshToken })
    expect(first.statusCode).toBe(200)
    await post('/user/logout', { refreshToken: first.json().data.refreshToken }, who.auth)
    expect((await post('/user/refresh-token', { refreshToken: who.refreshToken })).statusCode).toBe(401)
  })
})
