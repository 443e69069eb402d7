import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app.ts'
import { loadSecrets, parseEnv, testConfig } from '../../server/config.ts'
import { messageOutbox, pushSubscriptions } from '../../server/db/schema.ts'
import {
  messagingChoiceNeeding,
  missingMessagingVariables,
} from '../../server/modules/messaging/providers.ts'
import { messageText } from '../../server/modules/messaging/texts.ts'
import {
  decryptPushBody,
  type PushServiceStandIn,
  startPushServiceStandIn,
} from '../../server/modules/push/push-service-stand-in.ts'
import { deviceLabel } from '../../server/modules/push/service.ts'
import { createVapidKeys, isVapidPair } from '../../server/modules/push/vapid.ts'
import { PUSH_TTL_SECONDS } from '../../server/modules/push/web-push.ts'
import { makeAdmin, makeCustomer, type Person } from '../support/factories.ts'
import { createTestApp, openTestDatabase, type TestApp } from '../support/test-app.ts'

/**
 * Web push as a messaging channel (decision 144): the shop on PUSH_PROVIDER=web-push against a push
 * service stand-in that checks the VAPID signature and decrypts each push as a browser would.
 */

const androidChrome =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36'

let app: TestApp
let pushService: PushServiceStandIn

beforeAll(async () => {
  pushService = await startPushServiceStandIn()
  app = await createTestApp({
    RATE_LIMIT_MAX: 100_000,
    PUSH_PROVIDER: 'web-push',
    VAPID_SUBJECT: 'mailto:orders@kalaasetu.example',
  })
})
afterAll(async () => {
  await app?.cleanup()
  await pushService?.stop()
})

const publicKey = async () => {
  const res = await app.inject({ url: '/api/v1/push/key' })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data.publicKey as string
}

/** A browser subscribes at the stand-in with the shop's key, then hands the subscription to the shop. */
async function subscribeDevice(who: Person) {
  const browser = pushService.subscribe(await publicKey())
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/user/push-subscriptions',
    headers: { ...who.auth, 'user-agent': androidChrome },
    payload: browser.json,
  })
  expect(res.statusCode, res.body).toBe(201)
  return { browser, id: res.json().data._id as string, answer: res.json().data }
}

/** An order-paid push written as an order event would write it, in a transaction. */
async function writePush(
  who: Person,
  to: string,
  orderNumber = `KS-${Date.now().toString(36).toUpperCase()}`,
) {
  const link = `http://localhost:3000/OrderDetails/${orderNumber}`
  const params = ['Asha', orderNumber, '₹1,250.00', link]
  const row = await app.database.db.transaction((tx) =>
    app.services.messaging.send(tx, {
      channel: 'push',
      kind: 'order.paid',
      to,
      template: 'order-paid',
      language: 'en',
      params,
      link,
      userId: who.id,
      regarding: `order:${orderNumber}`,
    }),
  )
  return { row, link, orderNumber, text: messageText('order-paid', 'en', params) }
}

const rowOf = async (id: string) =>
  (await app.database.db.select().from(messageOutbox).where(eq(messageOutbox.id, id)))[0]!
const subscriptionOf = async (id: string) =>
  (await app.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id)))[0]!

describe('web push through a push service', () => {
  it('sends an order update as a VAPID-signed push the browser can decrypt', async () => {
    const who = await makeCustomer(app)
    const { browser, id, answer } = await subscribeDevice(who)
    expect(answer).toMatchObject({ device: 'Chrome on Android', lastSentAt: null })
    const { row, link, orderNumber, text } = await writePush(who, id)
    expect(row.provider).toBe('web-push')

    await app.services.messaging.deliverDue(new Date(), 500)
    const [got, ...more] = pushService.receivedBy(browser.id)
    expect(more).toHaveLength(0)
    expect(got!.claims.aud).toBe(pushService.origin)
    expect(got!.claims.sub).toBe('mailto:orders@kalaasetu.example')
    expect(got!.vapidKey).toBe(await publicKey())
    expect(got!.ttl).toBe(PUSH_TTL_SECONDS)
    expect(got!.urgency).toBe('normal')
    const payload = JSON.parse(got!.payload)
    expect(payload).toMatchObject({ title: 'Kalaa Setu', body: text, url: link })
    expect(payload.body).toContain(orderNumber)
    expect(typeof payload.tag).toBe('string')
    expect(await rowOf(row.id)).toMatchObject({ status: 'sent', attempts: 0 })
    expect((await subscriptionOf(id)).lastSentAt).not.toBeNull()
  })

  it('ends a subscription the push service calls gone, and fails the message without a retry', async () => {
    const who = await makeCustomer(app)
    const { browser, id } = await subscribeDevice(who)
    pushService.gone(browser.id)
    const { row } = await writePush(who, id)
    await app.services.messaging.deliverDue(new Date(), 500)
    const failed = await rowOf(row.id)
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 })
    expect(failed.lastError).toContain('410')
    expect(failed.lastError).not.toContain(pushService.origin)
    expect((await subscriptionOf(id)).endedAt).not.toBeNull()
    // It is no longer listed, and a later message to it is not sent.
    const list = await app.inject({ url: '/api/v1/user/push-subscriptions', headers: who.auth })
    expect(list.json().data).toEqual([])
    const later = await writePush(who, id)
    await app.services.messaging.deliverDue(new Date(), 500)
    expect((await rowOf(later.row.id)).status).toBe('failed')
    expect(pushService.receivedBy(browser.id)).toHaveLength(0)
  })

  it('retries a push the push service refused with a 500, and sends it once', async () => {
    const who = await makeCustomer(app)
    const { browser, id } = await subscribeDevice(who)
    const { row } = await writePush(who, id)
    // This device's push only: a row another test left due may go in the same round.
    pushService.failNext(1, 500, browser.id)
    await app.services.messaging.deliverDue(new Date(), 500)
    const waiting = await rowOf(row.id)
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1 })
    expect(waiting.nextAttemptAt.getTime()).toBeGreaterThan(Date.now())
    await app.services.messaging.deliverDue(new Date(waiting.nextAttemptAt.getTime() + 1), 500)
    expect((await rowOf(row.id)).status).toBe('sent')
    expect(pushService.receivedBy(browser.id)).toHaveLength(1)
  })

  it('retries after a 429 too, and gives up on a 403 at once', async () => {
    const who = await makeCustomer(app)
    const { browser, id } = await subscribeDevice(who)
    const limited = await writePush(who, id)
    pushService.failNext(1, 429, browser.id)
    await app.services.messaging.deliverDue(new Date(), 500)
    expect(await rowOf(limited.row.id)).toMatchObject({ status: 'queued', attempts: 1 })
    const refused = await writePush(who, id)
    pushService.failNext(1, 403, browser.id)
    // Only the new row is due now: the 429's waits for its next attempt.
    await app.services.messaging.deliverDue(new Date(), 500)
    const row = await rowOf(refused.row.id)
    expect(row).toMatchObject({ status: 'failed', attempts: 1 })
    expect(row.lastError).toContain('VAPID')
  })
})

describe('a customer’s push subscriptions', () => {
  it('lists this account’s devices and stops one; another account’s cannot be stopped', async () => {
    const asha = await makeCustomer(app)
    const ravi = await makeCustomer(app, 'Ravi Kumar')
    const { id } = await subscribeDevice(asha)
    const list = await app.inject({ url: '/api/v1/user/push-subscriptions', headers: asha.auth })
    expect(list.statusCode).toBe(200)
    expect(list.json().data).toEqual([expect.objectContaining({ _id: id, device: 'Chrome on Android' })])
    expect(
      (await app.inject({ url: '/api/v1/user/push-subscriptions', headers: ravi.auth })).json().data,
    ).toEqual([])

    const theirs = await app.inject({
      method: 'DELETE',
      url: `/api/v1/user/push-subscriptions/${id}`,
      headers: ravi.auth,
    })
    expect(theirs.statusCode).toBe(404)
    expect((await subscriptionOf(id)).endedAt).toBeNull()
    const mine = await app.inject({
      method: 'DELETE',
      url: `/api/v1/user/push-subscriptions/${id}`,
      headers: asha.auth,
    })
    expect(mine.statusCode, mine.body).toBe(200)
    expect((await subscriptionOf(id)).endedAt).not.toBeNull()
    const again = await app.inject({
      method: 'DELETE',
      url: `/api/v1/user/push-subscriptions/${id}`,
      headers: asha.auth,
    })
    expect(again.statusCode).toBe(404)
  })

  it('moves an endpoint subscribed again from another account to that account', async () => {
    const asha = await makeCustomer(app)
    const ravi = await makeCustomer(app, 'Ravi Kumar')
    const { browser, id } = await subscribeDevice(asha)
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/user/push-subscriptions',
      headers: ravi.auth,
      payload: browser.json,
    })
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json().data._id).toBe(id)
    expect((await subscriptionOf(id)).userId).toBe(ravi.id)
    expect(
      (await app.inject({ url: '/api/v1/user/push-subscriptions', headers: asha.auth })).json().data,
    ).toEqual([])
    expect(await app.services.push.liveFor(ravi.id)).toEqual([{ id, device: 'A browser' }])
  })

  /** A key of the right length that is no point on P-256: its y coordinate made zero. */
  const offCurve = (key: string) => {
    const bytes = Buffer.from(key, 'base64url')
    bytes.fill(0, 33)
    return bytes.toString('base64url')
  }

  it('refuses bad subscription bodies with a 4xx that says what is wrong, and needs a signed-in customer', async () => {
    const who = await makeCustomer(app)
    const good = pushService.subscribe(await publicKey()).json
    const post = (payload: unknown, headers: Record<string, string> = who.auth) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/user/push-subscriptions',
        headers,
        payload: payload as object,
      })
    expect((await post(good, {})).statusCode).toBe(401)
    const cases: Array<[unknown, string]> = [
      [{}, 'endpoint'],
      [{ ...good, endpoint: 'not a url' }, 'endpoint'],
      [{ ...good, endpoint: 'ftp://push.example/x' }, 'endpoint'],
      [{ ...good, endpoint: 'http://push.example.in/x' }, 'endpoint'],
      [{ endpoint: good.endpoint }, 'keys'],
      [{ ...good, keys: { ...good.keys, p256dh: 'short' } }, 'keys.p256dh'],
      [{ ...good, keys: { ...good.keys, p256dh: offCurve(good.keys.p256dh) } }, 'keys.p256dh'],
      [{ ...good, keys: { ...good.keys, auth: 'not*base64url*at*all!' } }, 'keys.auth'],
      [{ ...good, keys: { ...good.keys, auth: Buffer.alloc(32).toString('base64url') } }, 'keys.auth'],
    ]
    for (const [payload, field] of cases) {
      const res = await post(payload)
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      const body = res.json()
      expect(body.success).toBe(false)
      expect(body.message.length).toBeGreaterThan(0)
      expect(Object.keys(body.errors ?? {}).join(' '), JSON.stringify(payload)).toContain(field)
    }
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/v1/user/push-subscriptions',
          headers: { ...who.auth, 'content-type': 'application/json' },
          payload: '[',
        })
      ).statusCode,
    ).toBe(400)
  })

  it('serves the public VAPID key to anyone, cacheable', async () => {
    const res = await app.inject({ url: '/api/v1/push/key' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toContain('public')
    const key = Buffer.from(res.json().data.publicKey, 'base64url')
    expect(key).toHaveLength(65)
    expect(key[0]).toBe(4)
    expect(res.body).not.toContain('privateKey')
  })

  it('shows a push in the console’s Outbox with its device instead of a number', async () => {
    const who = await makeCustomer(app)
    const owner = await makeAdmin(app)
    const { id } = await subscribeDevice(who)
    const { row } = await writePush(who, id)
    const res = await app.inject({ url: '/api/v1/admin/outbox?channel=push', headers: owner.auth })
    expect(res.statusCode, res.body).toBe(200)
    const data = res.json().data
    expect(data.provider).toBe('web-push')
    expect(data.items.find((i: { _id: string }) => i._id === row.id)?.to).toBe('Chrome on Android')
  })
})

describe('the VAPID keys', () => {
  it('stay the same across two starts of a shop with the same DATA_DIR or database', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-vapid-'))
    const { database, drop } = await openTestDatabase()
    const embedded = !process.env.DATABASE_URL
    const config = {
      ...testConfig({ PUSH_PROVIDER: 'web-push', VAPID_SUBJECT: 'mailto:orders@kalaasetu.example' }),
      dataDir,
      embedded,
    }
    const keyOfAStart = async () => {
      const shop = await buildApp({ config, database, web: false })
      try {
        await shop.ready()
        return (await shop.inject({ url: '/api/v1/push/key' })).json().data.publicKey as string
      } finally {
        await shop.close()
      }
    }
    try {
      const first = await keyOfAStart()
      if (embedded) {
        // The other secrets' next load keeps the pair in secrets.json.
        loadSecrets(parseEnv({ NODE_ENV: 'test' }), dataDir)
        const file = JSON.parse(readFileSync(path.join(dataDir, 'secrets.json'), 'utf8'))
        expect(file.vapidPublicKey).toBe(first)
        expect(isVapidPair({ publicKey: file.vapidPublicKey, privateKey: file.vapidPrivateKey })).toBe(true)
      }
      expect(await keyOfAStart()).toBe(first)
      // Kept in the database, two instances asking at once end with the same pair.
      const [a, b] = await Promise.all([
        createVapidKeys({ fromEnv: {}, dataDir: '', embedded: false, db: database.db })(),
        createVapidKeys({ fromEnv: {}, dataDir: '', embedded: false, db: database.db })(),
      ])
      expect(a).toEqual(b)
      expect(isVapidPair(a)).toBe(true)
    } finally {
      await database.close()
      await drop()
      rmSync(dataDir, { recursive: true, force: true })
    }
  })

  it('a given pair is used as it is, and half a pair or no subject refuses the start', () => {
    const env = parseEnv({ NODE_ENV: 'test' })
    expect(missingMessagingVariables({ ...env, PUSH_PROVIDER: 'web-push' })).toEqual(['VAPID_SUBJECT'])
    expect(missingMessagingVariables({ ...env, PUSH_PROVIDER: 'sandbox' })).toEqual([])
    expect(() => parseEnv({ NODE_ENV: 'test', PUSH_PROVIDER: 'web-push' })).toThrow(
      /VAPID_SUBJECT: required when PUSH_PROVIDER=web-push/,
    )
    expect(() => parseEnv({ NODE_ENV: 'test', VAPID_PUBLIC_KEY: `B${'A'.repeat(86)}` })).toThrow(
      /VAPID_PRIVATE_KEY: required when VAPID_PUBLIC_KEY is set/,
    )
    expect(messagingChoiceNeeding('VAPID_SUBJECT', { ...env, PUSH_PROVIDER: 'web-push' })).toBe(
      'PUSH_PROVIDER=web-push',
    )
  })
})

describe('the push service stand-in and the labels', () => {
  it('decrypts what web-push encrypts for a minted subscription (RFC 8291 round trip)', async () => {
    const { default: webPush } = await import('web-push')
    const keys = webPush.generateVAPIDKeys()
    const browser = pushService.subscribe(keys.publicKey)
    const request = webPush.generateRequestDetails(browser.json, 'नमस्ते — order KS-1', {
      vapidDetails: { subject: 'mailto:a@b.example', ...keys },
      contentEncoding: 'aes128gcm',
    })
    const body = Buffer.from(request.body as Buffer)
    expect(decryptPushBody(body, pushService.receiverOf(browser.id))).toBe('नमस्ते — order KS-1')
    const tampered = Buffer.from(body)
    tampered[tampered.length - 1]! ^= 1
    expect(() => decryptPushBody(tampered, pushService.receiverOf(browser.id))).toThrow()
  })

  it('names a device by its browser and system only', () => {
    expect(deviceLabel(androidChrome)).toBe('Chrome on Android')
    expect(
      deviceLabel(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari on iPhone or iPad')
    expect(
      deviceLabel('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0'),
    ).toBe('Firefox on Windows')
    expect(deviceLabel(undefined)).toBe('A browser')
  })
})
