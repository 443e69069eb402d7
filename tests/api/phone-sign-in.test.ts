import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { maskPhone, NAME_NEEDED } from '../../contracts/messaging.ts'
import { messageOutbox, phoneCodes, users } from '../../server/db/schema.ts'
import { phoneAnswersIn } from '../../server/modules/accounts/phone-sign-in.ts'
import { ABANDONED, HIDDEN_CODE } from '../../server/modules/messaging/service.ts'
import {
  freshMobile,
  lastCodeTo,
  makeStaff,
  messagesTo,
  PASSWORD,
  registerCustomer,
} from '../support/factories.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'

/**
 * Signing in with a mobile number and a one-time code (decision 141): the code's life and tries, the limits
 * on sends, the same answer for every number, a new account or the number's own, a number added in
 * Settings, and the code's message written in the outbox with the code hidden from staff.
 */

let app: TestApp
// The answers' English words, once the shop has loaded its catalogue.
let phoneAnswers: ReturnType<typeof phoneAnswersIn>
let ip = 0
// Each test asks from addresses of its own, so the per-address limit is only met where a test means it.
const nextIp = () => `10.141.${Math.floor(++ip / 200)}.${ip % 200}`

beforeAll(async () => {
  app = await createTestApp({ RATE_LIMIT_MAX: 100_000 })
  phoneAnswers = phoneAnswersIn('en')
})
afterAll(async () => {
  await app?.cleanup()
})
afterEach(() => {
  vi.useRealTimers()
})

const requestCode = (phone: string, opts: { channel?: 'whatsapp' | 'sms'; from?: string } = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/user/otp/request',
    payload: { phone, ...(opts.channel ? { channel: opts.channel } : {}) },
    remoteAddress: opts.from ?? nextIp(),
  })

const verify = (payload: Record<string, string>) =>
  app.inject({ method: 'POST', url: '/api/v1/user/otp/verify', payload, remoteAddress: nextIp() })

/** A new account for a fresh number, signed in: its number and tokens. */
async function phoneAccount(fullName = 'Meera Pradhan') {
  const phone = freshMobile()
  expect((await requestCode(phone)).statusCode).toBe(200)
  const res = await verify({ phone, code: await lastCodeTo(app, phone), fullName })
  expect(res.statusCode, res.body).toBe(200)
  const data = res.json().data
  return { phone, id: data.user._id as string, auth: { authorization: `Bearer ${data.accessToken}` } }
}

/** Moves the shop's clock on (Date only: timers and the database run on), from where it stands now. */
function laterBy(seconds: number) {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + seconds * 1000 })
}

describe('asking for a code', () => {
  it('sends 6 digits by WhatsApp, hidden from the copy staff read, and answers when to ask again', async () => {
    const phone = freshMobile()
    const res = await requestCode(`0${phone.slice(3, 8)} ${phone.slice(8)}`)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({
      success: true,
      message: phoneAnswers.sent(maskPhone(phone), 'whatsapp'),
      data: { to: maskPhone(phone), channel: 'whatsapp', expiresIn: 300, resendAfter: 30 },
    })
    const [row] = await app.database.db.select().from(messageOutbox).where(eq(messageOutbox.toPhone, phone))
    expect(row).toMatchObject({
      channel: 'whatsapp',
      kind: 'account.sign-in-code',
      template: 'sign-in-code',
      provider: 'sandbox',
      status: 'queued',
      params: [HIDDEN_CODE],
    })
    expect(row!.text).toContain(HIDDEN_CODE)
    const code = await lastCodeTo(app, phone)
    expect(code).toMatch(/^\d{6}$/)
    expect(row!.text).not.toContain(code)
    // Only a keyed hash of the code is stored.
    const [stored] = await app.database.db.select().from(phoneCodes).where(eq(phoneCodes.phone, phone))
    expect(JSON.stringify(stored)).not.toContain(code)
  })

  it('answers the same for a number with an account and one without', async () => {
    const known = await phoneAccount()
    const unknown = freshMobile()
    laterBy(31)
    const a = await requestCode(known.phone)
    const b = await requestCode(unknown)
    expect(a.statusCode).toBe(200)
    expect(b.statusCode).toBe(200)
    const same = (body: string, phone: string) => body.split(maskPhone(phone)).join('<number>')
    expect(same(a.body, known.phone)).toBe(same(b.body, unknown))
  })

  it('answers a Hindi page in Hindi, numbers and all', async () => {
    const phone = freshMobile()
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/user/otp/request?lang=hi',
      payload: { phone },
      remoteAddress: nextIp(),
    })
    expect(res.json().message).toBe(phoneAnswersIn('hi').sent(maskPhone(phone), 'whatsapp'))
    expect(res.json().message).not.toBe(phoneAnswers.sent(maskPhone(phone), 'whatsapp'))
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/v1/user/otp/verify?lang=hi',
      payload: { phone, code: (await lastCodeTo(app, phone)) === '000000' ? '111111' : '000000' },
      remoteAddress: nextIp(),
    })
    expect(wrong.json().message).toBe(phoneAnswersIn('hi').wrong(4))
    const [message] = await messagesTo(app, phone)
    expect(message!.language).toBe('hi')
    expect(message!.text).not.toBe(message!.text.replace(/[\u0900-\u097f]/g, ''))
  })

  it('sends by SMS when asked', async () => {
    const phone = freshMobile()
    const res = await requestCode(phone, { channel: 'sms' })
    expect(res.json().message).toBe(phoneAnswers.sent(maskPhone(phone), 'sms'))
    expect((await messagesTo(app, phone)).map((m) => m.channel)).toEqual(['sms'])
  })

  it('refuses a number that is not an Indian mobile number', async () => {
    for (const phone of ['12345', '+1 415 555 0100', '5123456789', '']) {
      const res = await requestCode(phone)
      expect(res.statusCode, phone).toBe(400)
      expect(res.json().success).toBe(false)
    }
  })

  it('waits 30 s before another code to the same number, and then the new code ends the old one', async () => {
    const phone = freshMobile()
    await requestCode(phone)
    const first = await lastCodeTo(app, phone)
    const again = await requestCode(phone)
    expect(again.statusCode).toBe(429)
    expect(again.json().message).toMatch(/^Please wait \d+ seconds before asking for another code\.$/)
    expect(await messagesTo(app, phone)).toHaveLength(1)

    laterBy(31)
    expect((await requestCode(phone)).statusCode).toBe(200)
    const second = await lastCodeTo(app, phone)
    if (first !== second) {
      const old = await verify({ phone, code: first, fullName: 'Meera' })
      expect(old.statusCode).toBe(400)
      expect(old.json().message).toBe(phoneAnswers.wrong(4))
    }
    expect((await verify({ phone, code: second, fullName: 'Meera' })).statusCode).toBe(200)
  })

  it('sends at most 5 codes an hour to one number', async () => {
    const phone = freshMobile()
    for (let i = 0; i < 5; i++) {
      laterBy(31)
      expect((await requestCode(phone)).statusCode).toBe(200)
    }
    laterBy(31)
    const sixth = await requestCode(phone)
    expect(sixth.statusCode).toBe(429)
    expect(sixth.json().message).toMatch(
      /^Too many codes were sent to this number\. Please try again in \d+ minutes?\.$/,
    )
    expect(await messagesTo(app, phone)).toHaveLength(5)
  })

  it('sends at most 20 codes an hour from one client address, to any numbers', async () => {
    const from = nextIp()
    for (let i = 0; i < 20; i++) expect((await requestCode(freshMobile(), { from })).statusCode).toBe(200)
    const phone = freshMobile()
    const refused = await requestCode(phone, { from })
    expect(refused.statusCode).toBe(429)
    expect(refused.json().message).toMatch(/^Too many codes were asked for from this connection\./)
    expect(await messagesTo(app, phone)).toHaveLength(0)
    // The refusal took nothing from the number: asked from elsewhere, it gets its code.
    expect((await requestCode(phone)).statusCode).toBe(200)
  })
})

describe('signing in with the code', () => {
  it('makes an account for a new number, asking for the name first, and signs into it after', async () => {
    const phone = freshMobile()
    await requestCode(phone)
    const code = await lastCodeTo(app, phone)
    const nameless = await verify({ phone, code })
    expect(nameless.statusCode).toBe(422)
    expect(nameless.json()).toEqual({ success: false, message: NAME_NEEDED })

    const res = await verify({ phone, code, fullName: '  Meera Pradhan ' })
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json()
    expect(body).toEqual({
      success: true,
      message: 'Login successful',
      data: {
        user: { _id: expect.any(String), fullName: 'Meera Pradhan', email: '', userName: '', avatar: '' },
        accessToken: expect.any(String),
        refreshToken: expect.any(String),
        refreshTokenExpiresIn: expect.any(Number),
      },
    })
    const me = await app.inject({
      method: 'GET',
      url: '/api/v1/user/current-user',
      headers: { authorization: `Bearer ${body.data.accessToken}` },
    })
    expect(me.json().data).toMatchObject({ fullName: 'Meera Pradhan', email: '', phone })
    // The session is the same as any: it refreshes like one.
    const renewed = await app.inject({
      method: 'POST',
      url: '/api/v1/user/refresh-token',
      payload: { refreshToken: body.data.refreshToken },
    })
    expect(renewed.statusCode, renewed.body).toBe(200)

    // The code is used; the next sign-in with the number is into the same account.
    expect((await verify({ phone, code, fullName: 'Meera' })).statusCode).toBe(400)
    laterBy(31)
    await requestCode(phone)
    const again = await verify({ phone, code: await lastCodeTo(app, phone) })
    expect(again.statusCode).toBe(200)
    expect(again.json().data.user._id).toBe(body.data.user._id)
  })

  it('takes an e-mail address with the name, to be confirmed by its link; one already used is refused', async () => {
    const taken = await registerCustomer(app, 'Ravi Das')
    const phone = freshMobile()
    await requestCode(phone)
    const code = await lastCodeTo(app, phone)
    const clash = await verify({ phone, code, fullName: 'Ravi', email: taken.email })
    expect(clash.statusCode).toBe(409)
    expect(clash.json().message).toBe(phoneAnswers.emailTaken)

    const email = `meera.${Date.now().toString(36)}@example.in`
    const res = await verify({ phone, code, fullName: 'Meera', email })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data.user.email).toBe(email)
    const [row] = await app.database.db.select().from(users).where(eq(users.phone, phone))
    expect(row!.emailVerifiedAt).toBeNull()
  })

  it('counts wrong codes: four left, then the last, then no more tries even for the right one', async () => {
    const phone = freshMobile()
    await requestCode(phone)
    const code = await lastCodeTo(app, phone)
    const wrong = code === '000000' ? '111111' : '000000'
    for (const left of [4, 3, 2, 1, 0]) {
      const res = await verify({ phone, code: wrong, fullName: 'Meera' })
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toBe(phoneAnswers.wrong(left))
    }
    const sixth = await verify({ phone, code, fullName: 'Meera' })
    expect(sixth.statusCode).toBe(429)
    expect(sixth.json().message).toBe(phoneAnswers.noTriesLeft)
  })

  it('refuses an expired code, and a code never sent', async () => {
    const phone = freshMobile()
    await requestCode(phone)
    const code = await lastCodeTo(app, phone)
    laterBy(301)
    const late = await verify({ phone, code, fullName: 'Meera' })
    expect(late.statusCode).toBe(400)
    expect(late.json().message).toBe(phoneAnswers.noCode)
    const never = await verify({ phone: freshMobile(), code: '123456', fullName: 'Meera' })
    expect(never.statusCode).toBe(400)
    expect(never.json().message).toBe(phoneAnswers.noCode)
  })

  it('refuses a code of the wrong shape with a clear message', async () => {
    const res = await verify({ phone: freshMobile(), code: '12ab' })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toContain('code')
  })
})

describe('a number in Settings', () => {
  it('is added to an e-mail account with its code, and then signs into that account', async () => {
    const customer = await registerCustomer(app, 'Asha Verma')
    const phone = freshMobile()
    const asked = await app.inject({
      method: 'POST',
      url: '/api/v1/user/phone/request',
      headers: customer.auth,
      payload: { phone, channel: 'sms' },
      remoteAddress: nextIp(),
    })
    expect(asked.statusCode, asked.body).toBe(200)
    const linked = await app.inject({
      method: 'POST',
      url: '/api/v1/user/phone/verify',
      headers: customer.auth,
      payload: { phone, code: await lastCodeTo(app, phone) },
    })
    expect(linked.statusCode, linked.body).toBe(200)
    expect(linked.json().data).toMatchObject({ phone, email: customer.email })

    laterBy(31)
    await requestCode(phone)
    const signIn = await verify({ phone, code: await lastCodeTo(app, phone) })
    expect(signIn.json().data.user._id).toBe(customer.id)
    // The e-mail and password still sign in as before.
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/user/login',
      payload: { email: customer.email, password: PASSWORD },
      remoteAddress: nextIp(),
    })
    expect(login.statusCode).toBe(200)

    // Removed, it no longer signs in there (a new sign-in with it would make a new account).
    const removed = await app.inject({ method: 'DELETE', url: '/api/v1/user/phone', headers: customer.auth })
    expect(removed.statusCode, removed.body).toBe(200)
    expect(removed.json().data.phone).toBe('')
  })

  it('is refused when another account has it, and only after the code proved it', async () => {
    const holder = await phoneAccount()
    const other = await registerCustomer(app, 'Ravi Das')
    laterBy(31)
    const asked = await app.inject({
      method: 'POST',
      url: '/api/v1/user/phone/request',
      headers: other.auth,
      payload: { phone: holder.phone },
      remoteAddress: nextIp(),
    })
    expect(asked.statusCode).toBe(200)
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/user/phone/verify',
      headers: other.auth,
      payload: { phone: holder.phone, code: await lastCodeTo(app, holder.phone) },
    })
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toBe(phoneAnswers.phoneTaken)
  })

  it('cannot be removed from an account it is the only way into', async () => {
    const account = await phoneAccount()
    const res = await app.inject({ method: 'DELETE', url: '/api/v1/user/phone', headers: account.auth })
    expect(res.statusCode).toBe(409)
  })

  it('a code for one account adds nothing to another', async () => {
    const a = await registerCustomer(app, 'Asha Verma')
    const b = await registerCustomer(app, 'Ravi Das')
    const phone = freshMobile()
    await app.inject({
      method: 'POST',
      url: '/api/v1/user/phone/request',
      headers: a.auth,
      payload: { phone },
      remoteAddress: nextIp(),
    })
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/user/phone/verify',
      headers: b.auth,
      payload: { phone, code: await lastCodeTo(app, phone) },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(phoneAnswers.noCode)
  })
})

describe('the message outbox', () => {
  it('keeps a message written with its event through a crash before it was sent, and sends it once', async () => {
    const phone = freshMobile()
    await requestCode(phone)
    const [queued] = await messagesTo(app, phone)
    expect(queued!.status).toBe('queued')
    // Another instance (or the same one restarted) finds it due and hands it over once.
    const done = await app.services.messaging.deliverDue(new Date(), 500)
    expect(done.sent).toBeGreaterThan(0)
    const [sent] = await messagesTo(app, phone)
    expect(sent).toMatchObject({ status: 'sent', delivery: 'delivered', attempts: 0 })
    expect(sent!.providerMessageId).toBe(`sandbox-whatsapp-${sent!.id}`)
    await app.services.messaging.deliverDue(new Date(), 500)
    const [still] = await messagesTo(app, phone)
    expect(still!.sentAt).toEqual(sent!.sentAt)
  })

  it('never hands over twice a message whose sender stopped while handing it over', async () => {
    const phone = freshMobile()
    await requestCode(phone)
    const [row] = await messagesTo(app, phone)
    await app.database.db
      .update(messageOutbox)
      .set({ status: 'sending', claimedUntil: new Date(Date.now() - 1000) })
      .where(eq(messageOutbox.id, row!.id))
    const done = await app.services.messaging.deliverDue(new Date(), 500)
    expect(done.abandoned).toBeGreaterThan(0)
    const [after] = await messagesTo(app, phone)
    expect(after).toMatchObject({ status: 'failed', lastError: ABANDONED, providerMessageId: null })
  })

  it('shows owners the sandbox code in the console, and other staff no codes at all', async () => {
    const owner = await makeStaff(app, 'owner', 'Owner')
    const manager = await makeStaff(app, 'manager', 'Manager')
    const phone = freshMobile()
    await requestCode(phone, { channel: 'sms' })
    const code = await lastCodeTo(app, phone)
    const list = await app.inject({
      method: 'GET',
      url: '/api/v1/admin/outbox?channel=sms',
      headers: owner.auth,
    })
    expect(list.statusCode, list.body).toBe(200)
    const item = list.json().data.items.find((m: { to: string }) => m.to === phone)
    expect(item).toMatchObject({ channel: 'sms', kind: 'account.sign-in-code', accountMessage: true })
    expect(item.text).toContain(code)
    expect(list.json().data.provider).toBe('sandbox')

    const theirs = await app.inject({
      method: 'GET',
      url: '/api/v1/admin/outbox?channel=sms',
      headers: manager.auth,
    })
    expect(theirs.body).not.toContain(phone)
    expect(theirs.body).not.toContain(code)
    const one = await app.inject({
      method: 'GET',
      url: `/api/v1/admin/outbox-messages/${item._id}`,
      headers: manager.auth,
    })
    expect(one.statusCode).toBe(404)

    // E-mails stay the default channel; a channel the Outbox does not know is refused.
    const mails = await app.inject({ method: 'GET', url: '/api/v1/admin/outbox', headers: owner.auth })
    expect(mails.json().data).toHaveProperty('sending')
    const bad = await app.inject({
      method: 'GET',
      url: '/api/v1/admin/outbox?channel=fax',
      headers: owner.auth,
    })
    expect(bad.statusCode).toBe(400)
  })
})
