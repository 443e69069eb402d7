import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messageOutbox } from '../../server/db/schema.ts'
import { startMsg91StandIn } from '../../server/modules/messaging/msg91-stand-in.ts'
import { startWhatsappCloudStandIn } from '../../server/modules/messaging/whatsapp-cloud-stand-in.ts'
import { freshMobile } from '../support/factories.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'

/**
 * The shop with its real messaging adapters, pointed at the stand-ins of WhatsApp's Cloud API and MSG91
 * (decision 141): a sign-in code goes out as the provider's template, a failure is retried without a
 * duplicate, and the providers' delivery reports reach the outbox only when their signature or token is good.
 */

let app: TestApp
let whatsapp: Awaited<ReturnType<typeof startWhatsappCloudStandIn>>
let msg91: Awaited<ReturnType<typeof startMsg91StandIn>>
let ip = 0
const nextIp = () => `10.143.${Math.floor(++ip / 200)}.${ip % 200}`

beforeAll(async () => {
  whatsapp = await startWhatsappCloudStandIn({
    phoneNumberId: '106540352242922',
    accessToken: 'EAAJB-shop-test-access-token',
    appSecret: 'shop-test-app-secret',
    verifyToken: 'shop-test-verify-token',
  })
  msg91 = await startMsg91StandIn({
    authKey: '271828ShopTestKey',
    senderId: 'KALAAS',
    webhookToken: 'shop-test-report-token-0001',
  })
  app = await createTestApp({ RATE_LIMIT_MAX: 100_000, ...whatsapp.env, ...msg91.env })
})
afterAll(async () => {
  await app?.cleanup()
  await whatsapp?.stop()
  await msg91?.stop()
})

const requestCode = (phone: string, channel: 'whatsapp' | 'sms') =>
  app.inject({
    method: 'POST',
    url: '/api/v1/user/otp/request',
    payload: { phone, channel },
    remoteAddress: nextIp(),
  })
const rowTo = async (phone: string) =>
  (await app.database.db.select().from(messageOutbox).where(eq(messageOutbox.toPhone, phone)))[0]!

describe('WhatsApp through the Cloud API', () => {
  it('sends the code as the authentication template, and applies a signed status callback once', async () => {
    const phone = freshMobile()
    expect((await requestCode(phone, 'whatsapp')).statusCode).toBe(200)
    expect((await rowTo(phone)).provider).toBe('whatsapp-cloud')
    await app.services.messaging.deliverDue(new Date(), 500)
    const sent = whatsapp.messages.find((m) => m.to === phone.slice(1))!
    expect(sent.template).toBe('sign_in_code')
    expect(sent.bodyParams).toHaveLength(1)
    expect(sent.bodyParams[0]).toMatch(/^\d{6}$/)
    const row = await rowTo(phone)
    expect(row).toMatchObject({ status: 'sent', providerMessageId: sent.id, delivery: null, sealed: null })

    const body = whatsapp.statusBody(sent.id, 'delivered')
    const post = (signature: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/messaging/webhook/whatsapp-cloud',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
        payload: body,
      })
    const forged = await post(whatsapp.sign(`${body} `))
    expect(forged.statusCode).toBe(400)
    expect((await rowTo(phone)).delivery).toBeNull()
    const good = await post(whatsapp.sign(body))
    expect(good.statusCode, good.body).toBe(200)
    expect(good.json().data.applied).toBe(1)
    expect((await rowTo(phone)).delivery).toBe('delivered')
    // The same callback again changes nothing; an earlier step arriving late does not go back.
    expect((await post(whatsapp.sign(body))).json().data.applied).toBe(0)
    const late = whatsapp.statusBody(sent.id, 'sent')
    await app.inject({
      method: 'POST',
      url: '/api/v1/messaging/webhook/whatsapp-cloud',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': whatsapp.sign(late) },
      payload: late,
    })
    expect((await rowTo(phone)).delivery).toBe('delivered')
  })

  it('retries a message the API refused with a 500, and sends it once', async () => {
    const phone = freshMobile()
    await requestCode(phone, 'whatsapp')
    whatsapp.failNext(1, 500)
    const first = await app.services.messaging.deliverDue(new Date(), 500)
    expect(first.failed).toBeGreaterThan(0)
    const waiting = await rowTo(phone)
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1 })
    expect(waiting.lastError).not.toContain(phone.slice(3))
    expect(waiting.nextAttemptAt.getTime()).toBeGreaterThan(Date.now())
    await app.services.messaging.deliverDue(new Date(waiting.nextAttemptAt.getTime() + 1), 500)
    expect((await rowTo(phone)).status).toBe('sent')
    expect(whatsapp.messages.filter((m) => m.to === phone.slice(1))).toHaveLength(1)
  })

  it('answers WhatsApp’s check of the callback address only with the right verify token', async () => {
    const check = (token: string) =>
      app.inject({
        url: `/api/v1/messaging/webhook/whatsapp-cloud?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=1158201444`,
      })
    const good = await check('shop-test-verify-token')
    expect(good.statusCode).toBe(200)
    expect(good.body).toBe('1158201444')
    expect((await check('wrong')).statusCode).toBe(404)
  })
})

describe('SMS through MSG91', () => {
  it('sends the code with the sender id and template, and applies a report with the right token only', async () => {
    const phone = freshMobile()
    await requestCode(phone, 'sms')
    await app.services.messaging.deliverDue(new Date(), 500)
    const sent = msg91.sends.find((s) => s.mobiles === phone.slice(1))!
    expect(sent.sender).toBe('KALAAS')
    expect(Object.values(sent.variables).join(' ')).toMatch(/\d{6}/)
    expect((await rowTo(phone)).providerMessageId).toBe(sent.requestId)

    const report = (token: string) => {
      const { body, contentType } = msg91.reportBody(sent.requestId, 'delivered')
      return app.inject({
        method: 'POST',
        url: `/api/v1/messaging/webhook/msg91?token=${token}`,
        headers: { 'content-type': contentType },
        payload: body,
      })
    }
    expect((await report('not-the-token-0000000')).statusCode).toBe(400)
    expect((await rowTo(phone)).delivery).toBeNull()
    const good = await report('shop-test-report-token-0001')
    expect(good.statusCode, good.body).toBe(200)
    expect((await rowTo(phone)).delivery).toBe('delivered')
  })

  it('answers 404 for the sandbox or a provider the shop does not use', async () => {
    for (const name of ['sandbox', 'twilio']) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/v1/messaging/webhook/${name}`,
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      })
      expect(res.statusCode, name).toBe(404)
    }
  })
})
