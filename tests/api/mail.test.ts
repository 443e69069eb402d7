import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest'
import { formatPaise } from '../../contracts/money.ts'
import { parseEnv } from '../../server/config.ts'
import { auditLog, mailOutbox, passwordResets } from '../../server/db/schema.ts'
import { mailAnswers, mailTextsIn, shopName } from '../../server/modules/mail/messages.ts'
import { createMailRepo } from '../../server/modules/mail/repo.ts'
import { createMailService, MAX_ATTEMPTS } from '../../server/modules/mail/service.ts'
import {
  freshEmail,
  makeAdmin,
  makeCoupon,
  makeCustomer,
  makeProduct,
  orderOf,
  orderPayload,
  PASSWORD,
  type Person,
  payOrder,
  placeOrder,
  resetShopSettings,
} from '../support/factories.ts'
import { linkIn, startTestSmtp, type TestSmtp } from '../support/smtp.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'

const PUBLIC_URL = 'https://shop.example.in'
let smtp: TestSmtp
let app: TestApp
let staff: Person
let ipSerial = 0
const nextIp = () => `10.77.${Math.floor(++ipSerial / 200)}.${ipSerial % 200}`

beforeAll(async () => {
  smtp = await startTestSmtp()
  app = await createTestApp({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Kalaa Setu <shop@example.in>',
    PUBLIC_URL,
    RATE_LIMIT_MAX: 100_000,
  })
  staff = await makeAdmin(app)
})
afterAll(async () => {
  await app?.cleanup()
  await smtp?.close()
})
beforeEach(() => {
  smtp.setReject(undefined)
})

/** Runs the worker once (the tests drive it instead of the timer). */
const deliver = (now?: Date) => app.services.mail.deliverDue(now)

const register = async (email = freshEmail(), fullName = 'Meera Iyer') => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/user/register',
    payload: { fullName, email, password: PASSWORD },
    remoteAddress: nextIp(),
  })
  expect(res.statusCode, res.body).toBe(201)
  return email
}

const signIn = (email: string, password: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/user/login',
    payload: { email, password },
    remoteAddress: nextIp(),
  })

const forgot = (email: string, ip = nextIp()) =>
  app.inject({ method: 'POST', url: '/api/v1/user/forgot-password', payload: { email }, remoteAddress: ip })

const reset = (token: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/v1/user/reset-password', payload: { token, password } })

const outboxOf = (to: string) => app.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to))

/** Sets where staff e-mails go for this test; the shop's settings are put back when the test ends. */
const saveSettings = (notificationEmail: string, lowStockThreshold = 3) => {
  onTestFinished(() => resetShopSettings(app))
  return app.inject({
    method: 'PUT',
    url: '/api/v1/admin/settings/mail',
    headers: staff.auth,
    payload: { notificationEmail, lowStockThreshold },
  })
}

describe('configuration', () => {
  it('needs MAIL_FROM with SMTP_URL, checks the address form, and runs without either', () => {
    expect(() => parseEnv({ SMTP_URL: 'smtp://u:p@mail.example.in:587' })).toThrow(/MAIL_FROM: required/)
    expect(() => parseEnv({ SMTP_URL: 'mail.example.in', MAIL_FROM: 'shop@example.in' })).toThrow(/SMTP_URL/)
    expect(parseEnv({}).SMTP_URL).toBeUndefined()
    expect(
      parseEnv({ SMTP_URL: 'smtps://u:p@mail.example.in:465', MAIL_FROM: 'Shop <shop@example.in>' }).SMTP_URL,
    ).toBe('smtps://u:p@mail.example.in:465')
  })
})

describe('delivery through SMTP and the outbox', () => {
  it('sends the welcome e-mail once, with an HTML and a plain-text part and the outbox Message-ID', async () => {
    const email = await register(undefined, 'Meera Iyer')
    expect(smtp.to(email)).toHaveLength(0) // written, not sent inside the request
    await deliver()
    await deliver()
    const got = smtp.to(email)
    expect(got).toHaveLength(1)
    const mail = got[0]!
    expect(mail.subject).toBe(`Welcome to ${shopName}`)
    expect(mail.from?.text).toContain('shop@example.in')
    expect(mail.text).toContain('Dear Meera Iyer,')
    expect(mail.html).toContain('Dear Meera Iyer,')
    expect(linkIn(mail, PUBLIC_URL)).toBe(`${PUBLIC_URL}/`)
    const [row] = await outboxOf(email)
    expect(row!.status).toBe('sent')
    expect(mail.messageId).toBe(row!.messageId)
  })

  it('sends after a restart what a crashed sender had claimed but not finished, with the same Message-ID', async () => {
    const email = await register()
    const [row] = await outboxOf(email)
    // A sender claims the message and dies before talking to SMTP (kill -9 between claim and send).
    const claimedAt = new Date()
    const claimed = await app.database.db.transaction((tx) =>
      createMailRepo(tx).claimDue(claimedAt, 120_000, 100),
    )
    expect(claimed.map((c) => c.id)).toContain(row!.id)
    // A fresh process: its worker leaves the message alone while the lease runs, then takes it over.
    const restarted = createMailService({
      db: app.database.db,
      config: app.services.config,
      settings: app.services.settings,
    })
    await restarted.deliverDue(new Date(claimedAt.getTime() + 60_000))
    expect(smtp.to(email)).toHaveLength(0)
    await restarted.deliverDue(new Date(claimedAt.getTime() + 121_000))
    restarted.close()
    const got = smtp.to(email)
    expect(got).toHaveLength(1)
    expect(got[0]!.messageId).toBe(row!.messageId)
  })

  it('keeps retrying a mail server that refuses, shows the failure in the console, and never fails the customer', async () => {
    smtp.setReject({ code: 451, message: 'Mailbox busy, try later' })
    const email = await register() // the customer's request succeeds whatever the mail server does
    const t0 = new Date()
    await deliver(t0)
    let [row] = await outboxOf(email)
    expect(row!.status).toBe('queued')
    expect(row!.attempts).toBe(1)
    expect(row!.lastError).toContain('451')
    const list = await app.inject({ url: '/api/v1/admin/outbox?status=queued', headers: staff.auth })
    expect(list.statusCode).toBe(200)
    const item = list.json().data.items.find((i: { _id: string }) => i._id === row!.id)
    expect(item).toMatchObject({ attempts: 1, status: 'queued' })
    expect(item.lastError).toContain('Mailbox busy')
    // Not again before its back-off time; after it, a repaired server gets it once.
    await deliver(new Date(t0.getTime() + 30_000))
    ;[row] = await outboxOf(email)
    expect(row!.attempts).toBe(1)
    smtp.setReject(undefined)
    await deliver(new Date(t0.getTime() + 61_000))
    expect(smtp.to(email)).toHaveLength(1)
    ;[row] = await outboxOf(email)
    expect(row!.status).toBe('sent')
  })

  it(`gives up after ${MAX_ATTEMPTS} refusals and shows it as failed; staff can try again`, async () => {
    smtp.setReject({ code: 550, message: 'No such user here' })
    const email = await register()
    let now = Date.now()
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      await deliver(new Date(now))
      now += 7 * 60 * 60_000
    }
    const [row] = await outboxOf(email)
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS })
    const failed = await app.inject({ url: '/api/v1/admin/outbox?status=failed', headers: staff.auth })
    expect(failed.json().data.items.map((i: { _id: string }) => i._id)).toContain(row!.id)
    smtp.setReject(undefined)
    const retry = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/outbox/${row!.id}/retry`,
      headers: staff.auth,
    })
    expect(retry.statusCode).toBe(200)
    await deliver()
    expect(smtp.to(email)).toHaveLength(1)
  })

  it('answers the customer at once when the mail server is down, and records the failure', async () => {
    const down = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:1', MAIL_FROM: 'shop@example.in' })
    try {
      const res = await down.inject({
        method: 'POST',
        url: '/api/v1/user/register',
        payload: { fullName: 'Ravi Kumar', email: 'ravi@example.in', password: PASSWORD },
      })
      expect(res.statusCode).toBe(201)
      // The answer did not wait for the mail server: the e-mail waits in the outbox, not yet tried.
      const [waiting] = await down.database.db.select().from(mailOutbox)
      expect(waiting).toMatchObject({ status: 'queued', attempts: 0 })
      await down.services.mail.deliverDue()
      const [row] = await down.database.db.select().from(mailOutbox)
      expect(row).toMatchObject({ status: 'queued', attempts: 1 })
      expect(row!.lastError).toMatch(/ECONNREFUSED|ESOCKET|connect/i)
    } finally {
      await down.cleanup()
    }
    // It opens a shop of its own, which takes a while on a busy machine.
  }, 120_000)

  it('without SMTP_URL keeps every e-mail for the console, where staff open it as the customer gets it', async () => {
    const offline = await createTestApp()
    try {
      const admin = await makeAdmin(offline)
      await offline.inject({
        method: 'POST',
        url: '/api/v1/user/register',
        payload: { fullName: 'Kiran Rao', email: 'kiran@example.in', password: PASSWORD },
      })
      expect(await offline.services.mail.deliverDue()).toEqual({ sent: 0, failed: 0 })
      const list = await offline.inject({ url: '/api/v1/admin/outbox', headers: admin.auth })
      expect(list.json().data.sending).toBe(false)
      const [item] = list.json().data.items
      expect(item).toMatchObject({
        to: 'kiran@example.in',
        status: 'kept',
        subject: `Welcome to ${shopName}`,
      })
      const one = await offline.inject({ url: `/api/v1/admin/outbox/${item._id}`, headers: admin.auth })
      expect(one.json().data.html).toContain('Dear Kiran Rao,')
      expect(one.json().data.text).toContain('Dear Kiran Rao,')
      const customer = await makeCustomer(offline)
      const refused = await offline.inject({ url: '/api/v1/admin/outbox', headers: customer.auth })
      expect(refused.statusCode).toBe(403)
    } finally {
      await offline.cleanup()
    }
  })
})

describe('password recovery', () => {
  it('answers a known and an unknown e-mail alike, and mails only the known one', async () => {
    const email = await register()
    const known = await forgot(email)
    const unknown = await forgot(`nobody.${Date.now()}@example.in`)
    expect(known.statusCode).toBe(200)
    expect(unknown.statusCode).toBe(200)
    expect(known.json()).toEqual({ success: true, message: mailAnswers.resetRequested })
    expect(unknown.json()).toEqual(known.json())
    await deliver()
    const resets = smtp.to(email).filter((m) => m.subject === `Reset your ${shopName} password`)
    expect(resets).toHaveLength(1)
  })

  it('sets a new password with the link once, ends the old sessions, and refuses the link again', async () => {
    const email = await register()
    const before = await signIn(email, PASSWORD)
    const oldSession = before.json().data
    await forgot(email.toUpperCase())
    await deliver()
    const mail = smtp.to(email).find((m) => m.subject?.startsWith('Reset'))!
    const link = linkIn(mail, `${PUBLIC_URL}/reset-password?token=`)
    const token = new URL(link).searchParams.get('token')!
    // Only a hash of the token is stored.
    const stored = await app.database.db.select().from(passwordResets)
    expect(stored.some((r) => r.tokenHash === token)).toBe(false)

    const done = await reset(token, 'Naya@Pass2026')
    expect(done.json()).toEqual({ success: true, message: mailAnswers.resetDone })
    expect((await signIn(email, PASSWORD)).statusCode).toBe(401)
    expect((await signIn(email, 'Naya@Pass2026')).statusCode).toBe(200)
    const oldCall = await app.inject({
      url: '/api/v1/user/current-user',
      headers: { authorization: `Bearer ${oldSession.accessToken}` },
    })
    expect(oldCall.statusCode).toBe(401)
    const oldRefresh = await app.inject({
      method: 'POST',
      url: '/api/v1/user/refresh-token',
      payload: { refreshToken: oldSession.refreshToken },
      remoteAddress: nextIp(),
    })
    expect(oldRefresh.statusCode).toBe(401)

    const again = await reset(token, 'Another@Pass1')
    expect(again.statusCode).toBe(400)
    expect(again.json().message).toBe(mailAnswers.resetUsed)
  })

  it('refuses an expired link and an unknown one with clear messages, and a short password as at registration', async () => {
    const email = await register()
    await forgot(email)
    await deliver()
    const mail = smtp.to(email).find((m) => m.subject?.startsWith('Reset'))!
    const token = new URL(linkIn(mail, `${PUBLIC_URL}/reset-password?token=`)).searchParams.get('token')!
    const short = await reset(token, 'short')
    expect(short.statusCode).toBe(400)
    expect(short.json().errors).toEqual({ password: 'must be at least 8 characters' })

    await app.database.db.update(passwordResets).set({ expiresAt: new Date(Date.now() - 1000) })
    const expired = await reset(token, 'Naya@Pass2026')
    expect(expired.statusCode).toBe(400)
    expect(expired.json().message).toBe(mailAnswers.resetExpired)
    const unknown = await reset('not-a-token', 'Naya@Pass2026')
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().message).toBe(mailAnswers.resetInvalid)
    expect((await signIn(email, PASSWORD)).statusCode).toBe(200)
  })

  it('limits requests per e-mail address, known or not, and per client address', async () => {
    const email = await register()
    for (let i = 0; i < 3; i++) expect((await forgot(email)).statusCode).toBe(200)
    const limited = await forgot(email)
    expect(limited.statusCode).toBe(429)
    expect(limited.json().message).toMatch(/Too many reset requests/)
    const unknown = `ghost.${Date.now()}@example.in`
    for (let i = 0; i < 3; i++) expect((await forgot(unknown)).statusCode).toBe(200)
    expect((await forgot(unknown)).json()).toEqual(limited.json())

    const ip = nextIp()
    for (let i = 0; i < 10; i++)
      expect((await forgot(`p${i}.${Date.now()}@example.in`, ip)).statusCode).toBe(200)
    expect((await forgot(`p11.${Date.now()}@example.in`, ip)).statusCode).toBe(429)
  })
})

describe('order e-mails', () => {
  it('tells the customer the order is placed and paid, with lines, coupon, total, address and links; staff hear of the paid order', async () => {
    await saveSettings('orders@kalaa.example.in')
    const buyer = await makeCustomer(app, 'Anita Desai')
    const shawl = await makeProduct(app, { title: 'Pashmina Shawl', price: 2450_50, quantity: 20 })
    const coupon = await makeCoupon(app, { discount: 10 })
    const payload = orderPayload(buyer.id, [{ product: shawl, quantity: 2 }], { couponCode: coupon })
    payload.totalAmount = (2450_50 * 2 * 0.9) / 100
    const placed = await placeOrder(app, buyer, payload)
    expect(placed.statusCode, placed.body).toBe(201)
    const order = placed.json().data[0]
    // The reminder to pay waits five minutes for the payment, then goes with the time still left.
    await deliver()
    expect(smtp.to(buyer.email)).toHaveLength(0)
    await deliver(new Date(Date.now() + 5 * 60_000 + 1_000))
    const [waiting] = smtp.to(buyer.email)
    expect(waiting!.subject).toBe(`Order ${order.orderID}: awaiting payment`)
    expect(waiting!.text).toContain(formatPaise(4410_90))
    expect(waiting!.text).toContain('Your items are held for you for 25 minutes')
    expect(linkIn(waiting!, `${PUBLIC_URL}/OrderDetails/`)).toBe(`${PUBLIC_URL}/OrderDetails/${order._id}`)

    await payOrder(app, buyer, order._id)
    await deliver()
    const paid = smtp.to(buyer.email).filter((m) => m.subject?.includes('confirmed'))
    expect(paid).toHaveLength(1)
    const text = paid[0]!.text!
    expect(paid[0]!.subject).toBe(`Order ${order.orderID} confirmed: payment received`)
    for (const expected of [
      `Pashmina Shawl × 2 (${formatPaise(2450_50)} each)`,
      formatPaise(4901_00),
      `Coupon ${coupon} (10% off)`,
      `− ${formatPaise(490_10)}`,
      formatPaise(4410_90),
      '12 Hazratganj, Flat 4',
      'Lucknow, Uttar Pradesh 226001',
      order.orderID,
    ]) {
      expect(text).toContain(expected)
    }
    const staffMail = smtp.to('orders@kalaa.example.in').filter((m) => m.subject?.includes(order.orderID))
    expect(staffMail).toHaveLength(1)
    expect(staffMail[0]!.subject).toBe(`New paid order ${order.orderID}: ${formatPaise(4410_90)}`)
    expect(linkIn(staffMail[0]!, `${PUBLIC_URL}/admin/orders/`)).toBe(
      `${PUBLIC_URL}/admin/orders/${order._id}`,
    )
  })

  it('tells the customer when the order ships (with the tracking link) and is delivered', async () => {
    const buyer = await makeCustomer(app, 'Farah Khan')
    const lamp = await makeProduct(app, { title: 'Brass Diya', quantity: 20 })
    const order = await orderOf(app, buyer, lamp)
    await payOrder(app, buyer, order._id)
    const move = (status: string, extra = {}) =>
      app.inject({
        method: 'POST',
        url: `/api/v1/admin/orders/${order._id}/status`,
        headers: staff.auth,
        payload: { status, ...extra },
      })
    expect((await move('Processing')).statusCode).toBe(200)
    const tracking = 'https://track.example.in/parcel/AB123'
    expect((await move('Shipped', { shippingLink: tracking })).statusCode).toBe(200)
    expect((await move('Delivered')).statusCode).toBe(200)
    await deliver()
    // Paid at once: one e-mail per event, in order, and no 'awaiting payment' before the confirmation,
    // even once its five minutes have passed.
    await deliver(new Date(Date.now() + 10 * 60_000))
    const subjects = smtp.to(buyer.email).map((m) => m.subject)
    expect(subjects).toEqual([
      `Order ${order.orderID} confirmed: payment received`,
      `Order ${order.orderID} has shipped`,
      `Order ${order.orderID} has been delivered`,
    ])
    const shipped = smtp.to(buyer.email)[1]!
    expect(linkIn(shipped, 'https://track.example.in/')).toBe(tracking)
  })

  it('tells the customer of a cancellation and of the refund, with the amount and when to expect it', async () => {
    const buyer = await makeCustomer(app, 'Joseph Mathew')
    const rug = await makeProduct(app, { title: 'Dhurrie Rug', price: 3200_00, quantity: 20 })
    const order = await orderOf(app, buyer, rug)
    await payOrder(app, buyer, order._id)
    const cancel = await app.inject({
      method: 'PATCH',
      url: '/api/v1/order/updateorder',
      headers: buyer.auth,
      payload: { orderID: order._id, status: 'Cancelled' },
    })
    expect(cancel.statusCode, cancel.body).toBe(200)
    await deliver()
    const mails = smtp.to(buyer.email)
    const cancelled = mails.filter((m) => m.subject === `Order ${order.orderID} has been cancelled`)
    const refunded = mails.filter(
      (m) => m.subject === `Refund of ${formatPaise(3200_00)} for order ${order.orderID}`,
    )
    expect(cancelled).toHaveLength(1)
    expect(cancelled[0]!.text).toContain('is being refunded')
    expect(refunded).toHaveLength(1)
    expect(refunded[0]!.text).toContain('5 to 7 working days')
  })
})

describe('one e-mail per event', () => {
  it('withdraws the reminder to pay of an order cancelled before it was due, and never sends it', async () => {
    const buyer = await makeCustomer(app, 'Ritu Sen')
    const bowl = await makeProduct(app, { title: 'Bidri Bowl', quantity: 10 })
    const order = await orderOf(app, buyer, bowl)
    const queued = () =>
      app.database.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.kind, 'order.placed'), eq(mailOutbox.regarding, `order:${order._id}`)))
    // Waiting in the outbox for its five minutes.
    const [reminder] = await queued()
    expect(reminder!.status).toBe('queued')
    expect(reminder!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 4 * 60_000)
    const cancel = await app.inject({
      method: 'PATCH',
      url: '/api/v1/order/updateorder',
      headers: buyer.auth,
      payload: { orderID: order._id, status: 'Cancelled' },
    })
    expect(cancel.statusCode, cancel.body).toBe(200)
    expect(await queued()).toHaveLength(0)
    await deliver(new Date(Date.now() + 10 * 60_000))
    expect(smtp.to(buyer.email).map((m) => m.subject)).toEqual([`Order ${order.orderID} has been cancelled`])
  })

  it('leaves a reminder already sent alone when the order is paid after it', async () => {
    const buyer = await makeCustomer(app, 'Gopal Das')
    const mat = await makeProduct(app, { title: 'Sabai Grass Mat', quantity: 10 })
    const order = await orderOf(app, buyer, mat)
    await deliver(new Date(Date.now() + 5 * 60_000 + 1_000))
    await payOrder(app, buyer, order._id)
    await deliver()
    expect(smtp.to(buyer.email).map((m) => m.subject)).toEqual([
      `Order ${order.orderID}: awaiting payment`,
      `Order ${order.orderID} confirmed: payment received`,
    ])
  })
})

describe('e-mails in the customer’s language', () => {
  it('writes an order’s e-mails in the language it was ordered in, and the staff’s in English', async () => {
    await saveSettings('hindi-orders@kalaa.example.in')
    const buyer = await makeCustomer(app, 'Kavita Rao')
    const lamp = await makeProduct(app, { title: 'Brass Diya', price: 650_00, quantity: 10 })
    const payload = orderPayload(buyer.id, [{ product: lamp, quantity: 1 }])
    const placed = await placeOrder(app, buyer, payload, { cookie: 'lang=hi' })
    expect(placed.statusCode, placed.body).toBe(201)
    expect(placed.json().message).toBe('ऑर्डर सफलतापूर्वक बना')
    const order = placed.json().data[0]
    await deliver(new Date(Date.now() + 5 * 60_000 + 1_000))
    const [waiting] = smtp.to(buyer.email)
    expect(waiting!.subject).toBe(`ऑर्डर ${order.orderID}: भुगतान की प्रतीक्षा है`)
    expect(waiting!.html).toContain('lang="hi-IN"')
    for (const expected of [
      'प्रिय Kavita Rao,',
      'कुल',
      'डिलीवरी का पता',
      formatPaise(650_00),
      'फ़ोन 9876543210',
    ])
      expect(waiting!.text).toContain(expected)

    // Paid later, from an English page: the order keeps its language; the staff's notice is English.
    await payOrder(app, buyer, order._id)
    await deliver()
    expect(smtp.to(buyer.email).map((m) => m.subject)).toContain(
      `ऑर्डर ${order.orderID} पक्का हुआ: भुगतान मिल गया`,
    )
    const [staffMail] = smtp
      .to('hindi-orders@kalaa.example.in')
      .filter((m) => m.subject?.includes(order.orderID))
    expect(staffMail!.subject).toBe(`New paid order ${order.orderID}: ${formatPaise(650_00)}`)
  })

  it('welcomes and resets in the language the visitor used', async () => {
    const email = freshEmail('hindi')
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/user/register?lang=hi',
      payload: { fullName: 'Ramesh Kumar', email, password: PASSWORD },
      remoteAddress: nextIp(),
    })
    expect(res.statusCode, res.body).toBe(201)
    expect((await forgotIn(email, 'en')).statusCode).toBe(200)
    expect((await forgotIn(email, 'hi')).statusCode).toBe(200)
    await deliver()
    expect(smtp.to(email).map((m) => m.subject)).toEqual([
      `${shopName} में आपका स्वागत है`,
      `Reset your ${shopName} password`,
      `अपना ${shopName} पासवर्ड बदलें`,
    ])
  })
})

const forgotIn = (email: string, language: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/user/forgot-password',
    payload: { email },
    headers: { cookie: `lang=${language}` },
    remoteAddress: nextIp(),
  })

describe('expired orders', () => {
  it('tells the customer an unpaid order expired, without talk of a refund', async () => {
    const buyer = await makeCustomer(app, 'Vikram Seth')
    const mat = await makeProduct(app, { title: 'Sabai Grass Mat', quantity: 20 })
    const order = await orderOf(app, buyer, mat)
    await app.services.orders.expireLapsed(new Date(Date.now() + 31 * 60_000))
    await deliver()
    const cancelled = smtp
      .to(buyer.email)
      .filter((m) => m.subject === `Order ${order.orderID} has been cancelled`)
    expect(cancelled).toHaveLength(1)
    expect(cancelled[0]!.text).toContain('Not paid in time')
    expect(cancelled[0]!.text).toContain('No payment was taken for this order.')
  })
})

describe('staff e-mails', () => {
  it('sends a new Contact Us message to the notification address', async () => {
    await saveSettings('desk@kalaa.example.in')
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/contact',
      payload: {
        firstName: 'Lata',
        lastName: 'Rao',
        email: 'lata@example.in',
        message: 'Do you ship to Leh?',
      },
      remoteAddress: nextIp(),
    })
    expect(res.statusCode).toBe(200)
    await deliver()
    const got = smtp.to('desk@kalaa.example.in').filter((m) => m.subject === 'New message from Lata Rao')
    expect(got).toHaveLength(1)
    expect(got[0]!.text).toContain('Do you ship to Leh?')
  })

  it('reports a product that reaches the low-stock threshold, once', async () => {
    await saveSettings('stock@kalaa.example.in', 3)
    // Three buyers: one account may have only two orders waiting for payment (decision 110).
    const bowl = await makeProduct(app, { title: 'Blue Pottery Bowl', quantity: 5 })
    await orderOf(app, await makeCustomer(app), { ...bowl, count: 1 }) // 4 left: above
    await orderOf(app, await makeCustomer(app), { ...bowl, count: 1 }) // 3 left: reached
    await orderOf(app, await makeCustomer(app), { ...bowl, count: 1 }) // 2 left: already under
    await deliver()
    const got = smtp.to('stock@kalaa.example.in').filter((m) => m.subject?.includes('Blue Pottery Bowl'))
    expect(got.map((m) => m.subject)).toEqual(['Low stock: Blue Pottery Bowl (3 left)'])
  })

  it('sends nothing to staff while no notification address is set', async () => {
    await saveSettings('')
    // What earlier tests left waiting goes out first: only this test's own mail is counted.
    await deliver()
    const before = smtp.received.length
    await app.inject({
      method: 'POST',
      url: '/api/v1/contact',
      payload: { firstName: 'Nobody', email: 'nobody@example.in', message: 'Hello' },
      remoteAddress: nextIp(),
    })
    await deliver()
    expect(smtp.received.length).toBe(before)
  })
})

describe('replies from the console', () => {
  it('e-mails the answer to the sender with reply-to the shop, keeps the thread and audits it', async () => {
    await saveSettings('help@kalaa.example.in')
    await app.inject({
      method: 'POST',
      url: '/api/v1/contact',
      payload: { firstName: 'Sunil', email: 'sunil@example.in', message: 'Is the shawl pure wool?' },
      remoteAddress: nextIp(),
    })
    const list = await app.inject({ url: '/api/v1/admin/messages?kind=contact', headers: staff.auth })
    const message = list.json().data.items.find((m: { email: string }) => m.email === 'sunil@example.in')
    const answer = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/messages/${message._id}/replies`,
      headers: staff.auth,
      payload: { body: 'Yes, it is pure pashmina wool.' },
    })
    expect(answer.statusCode, answer.body).toBe(201)
    const thread = answer.json().data
    expect(thread.replies).toHaveLength(1)
    expect(thread.replies[0]).toMatchObject({
      body: 'Yes, it is pure pashmina wool.',
      author: 'Staff Member',
    })
    await deliver()
    const got = smtp.to('sunil@example.in')
    expect(got).toHaveLength(1)
    expect(got[0]!.subject).toBe(`Re: your message to ${shopName}`)
    expect(got[0]!.replyTo?.text).toBe('help@kalaa.example.in')
    expect(got[0]!.text).toContain('Yes, it is pure pashmina wool.')
    const again = await app.inject({
      url: `/api/v1/admin/messages/${message._id}/thread`,
      headers: staff.auth,
    })
    expect(again.json().data.replies[0].mailStatus).toBe('sent')
    const audits = await app.database.db.select().from(auditLog).where(eq(auditLog.entityId, message._id))
    expect(audits.map((a) => a.action)).toContain('message.reply')

    const empty = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/messages/${message._id}/replies`,
      headers: staff.auth,
      payload: { body: '   ' },
    })
    expect(empty.statusCode).toBe(400)
  })
})

describe('newsletter consent', () => {
  const subscribe = (email: string) =>
    app.inject({ method: 'POST', url: '/api/v1/newsletter', payload: { email }, remoteAddress: nextIp() })

  it('counts an address only after its confirmation link, and lets it leave with one click', async () => {
    const email = `reader.${Date.now()}@example.in`
    expect((await subscribe(email)).statusCode).toBe(200)
    await deliver()
    const [confirm] = smtp.to(email)
    expect(confirm!.subject).toBe(mailTextsIn().newsletterConfirm('').subject)
    const isSubscribed = async () =>
      (await app.services.messages.subscribers()).some((s) => s.email === email)
    expect(await isSubscribed()).toBe(false)
    const token = new URL(linkIn(confirm!, `${PUBLIC_URL}/newsletter/confirm?token=`)).searchParams.get(
      'token',
    )!
    const confirmed = await app.inject({
      method: 'POST',
      url: '/api/v1/newsletter/confirm',
      payload: { token },
      remoteAddress: nextIp(),
    })
    expect(confirmed.json()).toEqual({ success: true, message: mailAnswers.newsletterConfirmed })
    expect(await isSubscribed()).toBe(true)

    // A newsletter-type e-mail carries the link and the one-click headers.
    const subscriber = (await app.services.messages.subscribers()).find((s) => s.email === email)!
    await app.services.messages.newsletterTo(subscriber, {
      subject: 'News from the looms',
      preview: 'New weaves',
      heading: 'New weaves',
      paragraphs: ['Fresh Kantha stoles are in.'],
    })
    await deliver()
    const news = smtp.to(email).find((m) => m.subject === 'News from the looms')!
    // mailparser folds List-* headers into `list`; the raw lines show them as sent.
    const raw = (name: string) =>
      news.headerLines.find((l) => l.key === name)?.line.replace(/^[^:]+:\s*/, '') ?? ''
    expect(raw('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')
    const header = raw('list-unsubscribe')
    expect(header).toMatch(new RegExp(`^<${PUBLIC_URL}/api/v1/newsletter/unsubscribe\\?token=[\\w-]+>$`))
    expect(linkIn(news, `${PUBLIC_URL}/newsletter/unsubscribe?token=`)).toBeTruthy()

    // The mail program's one-click POST: a form body to the header's address.
    const oneClick = new URL(header.replace(/^<|>$/g, ''))
    const out = await app.inject({
      method: 'POST',
      url: `${oneClick.pathname}${oneClick.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
      remoteAddress: nextIp(),
    })
    expect(out.json()).toEqual({ success: true, message: mailAnswers.newsletterUnsubscribed })
    expect(await isSubscribed()).toBe(false)
  })

  it('refuses an unknown confirmation link with a clear message', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/newsletter/confirm',
      payload: { token: 'nope' },
      remoteAddress: nextIp(),
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(mailAnswers.newsletterLinkInvalid)
  })
})
