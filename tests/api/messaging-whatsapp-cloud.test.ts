import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ValidationError } from '../../server/http/errors.ts'
import {
  type DeliveryEvent,
  type MessagingProvider,
  MessagingProviderError,
  type OutgoingMessage,
} from '../../server/modules/messaging/provider.ts'
import {
  messagingProviderEnv,
  missingMessagingVariables,
  whatsappProviderFor,
} from '../../server/modules/messaging/providers.ts'
import {
  createWhatsappCloudProvider,
  missingWhatsappCloudVariables,
  type WhatsappCloudSettings,
  whatsappCloudEnv,
  whatsappCloudSettings,
} from '../../server/modules/messaging/whatsapp-cloud.ts'
import { startWhatsappCloudStandIn } from '../../server/modules/messaging/whatsapp-cloud-stand-in.ts'

const account = {
  phoneNumberId: '106540352242922',
  accessToken: 'EAAJB-stand-in-access-token-9Zq',
  appSecret: 'stand-in-app-secret-4Lm',
  verifyToken: 'stand-in-verify-token-7Rt',
}
const number = '+919845012345'
const code = '482913'

let standIn: Awaited<ReturnType<typeof startWhatsappCloudStandIn>>
beforeEach(async () => {
  standIn = await startWhatsappCloudStandIn(account)
})
afterEach(async () => {
  await standIn?.stop()
})

/** The adapter as a shop started with the stand-in's variables would build it. */
const whatsapp = (extra: Partial<WhatsappCloudSettings> = {}, env: Record<string, string> = standIn.env) =>
  createWhatsappCloudProvider({ ...whatsappCloudSettings(z.object(whatsappCloudEnv).parse(env)), ...extra })

const signInCode = (over: Partial<OutgoingMessage> = {}): OutgoingMessage => ({
  reference: 'msg_0001',
  to: number,
  template: 'sign-in-code',
  language: 'en',
  params: [code],
  text: `${code} is your Kalaa Setu code. It is valid for 5 minutes. Do not share it with anyone.`,
  ...over,
})

/** The MessagingProviderError a send fails with. */
async function refusal(sending: Promise<unknown>): Promise<MessagingProviderError> {
  const e = await sending.then(
    () => null,
    (err: unknown) => err,
  )
  expect(e).toBeInstanceOf(MessagingProviderError)
  return e as MessagingProviderError
}

/** Words fit for the console: neither the number (in any form), the code nor the token. */
function expectNothingSecret(words: string) {
  for (const secret of [number, number.slice(1), number.slice(3), code, account.accessToken]) {
    expect(words).not.toContain(secret)
  }
}

/**
 * The shop's side of the callbacks, as its route does it: the raw body, the headers and the query handed to
 * the provider; a ValidationError answers 400, the subscription check its challenge or 403.
 */
async function startShop(provider: MessagingProvider) {
  const events: DeliveryEvent[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const query = Object.fromEntries(new URL(req.url!, 'http://shop').searchParams)
      if (req.method === 'GET') {
        const challenge = provider.webhook.challenge?.(query) ?? null
        res.writeHead(challenge ? 200 : 403, { 'content-type': 'text/plain' })
        res.end(challenge ?? 'Forbidden')
        return
      }
      try {
        const read = provider.webhook.read(Buffer.concat(chunks), req.headers, query)
        events.push(...read)
        res.writeHead(200, { 'content-type': 'application/json' })
        res.end(JSON.stringify(read))
      } catch (e) {
        res.writeHead(e instanceof ValidationError ? 400 : 500, { 'content-type': 'text/plain' })
        res.end(e instanceof Error ? e.message : 'error')
      }
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/messaging/webhooks/whatsapp-cloud`,
    events,
    stop: () => new Promise<void>((r) => server.close(() => r())),
  }
}

describe('whatsapp cloud settings', () => {
  it('names the four variables it needs and defaults the API, its version, the languages and the names', () => {
    const env = z.object(whatsappCloudEnv).parse({})
    expect(env.WHATSAPP_CLOUD_API_URL).toBe('https://graph.facebook.com')
    expect(env.WHATSAPP_CLOUD_API_VERSION).toMatch(/^v\d+\.0$/)
    expect(env.WHATSAPP_LANGUAGE_EN).toBe('en')
    expect(env.WHATSAPP_LANGUAGE_HI).toBe('hi')
    expect(env.WHATSAPP_TEMPLATE_PREFIX).toBe('')
    expect(missingWhatsappCloudVariables(env)).toEqual([
      'WHATSAPP_PHONE_NUMBER_ID',
      'WHATSAPP_ACCESS_TOKEN',
      'WHATSAPP_APP_SECRET',
      'WHATSAPP_VERIFY_TOKEN',
    ])
    expect(() => whatsappCloudSettings(env)).toThrow(
      /WHATSAPP_PROVIDER=whatsapp-cloud needs WHATSAPP_PHONE_NUMBER_ID/,
    )
    expect(missingWhatsappCloudVariables(z.object(whatsappCloudEnv).parse(standIn.env))).toEqual([])
    expect(z.object(whatsappCloudEnv).safeParse({ WHATSAPP_LANGUAGE_HI: 'Hindi' }).success).toBe(false)
  })

  it('asks for those variables only when WhatsApp goes through the Cloud API, and builds the chosen provider', () => {
    const env = z.object(messagingProviderEnv).parse({})
    expect(
      missingMessagingVariables({ ...env, WHATSAPP_PROVIDER: 'sandbox', SMS_PROVIDER: 'sandbox' }),
    ).toEqual([])
    expect(
      missingMessagingVariables({ ...env, WHATSAPP_PROVIDER: 'whatsapp-cloud', SMS_PROVIDER: 'sandbox' }),
    ).toEqual([
      'WHATSAPP_PHONE_NUMBER_ID',
      'WHATSAPP_ACCESS_TOKEN',
      'WHATSAPP_APP_SECRET',
      'WHATSAPP_VERIFY_TOKEN',
    ])
    const sandbox = whatsappProviderFor({ ...env, WHATSAPP_PROVIDER: 'sandbox', SMS_PROVIDER: 'sandbox' })
    expect([sandbox.name, sandbox.channel, 'deliversAtOnce' in sandbox]).toEqual([
      'sandbox',
      'whatsapp',
      true,
    ])
    const real = whatsappProviderFor({
      ...z.object(messagingProviderEnv).parse(standIn.env),
      WHATSAPP_PROVIDER: 'whatsapp-cloud',
      SMS_PROVIDER: 'sandbox',
    })
    expect([real.name, real.channel, 'deliversAtOnce' in real]).toEqual(['whatsapp-cloud', 'whatsapp', false])
  })
})

describe('whatsapp cloud adapter (against a local stand-in)', () => {
  it('sends the sign-in code as the authentication template, with the code in the body and the copy-code button', async () => {
    const sent = await whatsapp().send(signInCode())
    const [call] = standIn.calls
    expect(call).toMatchObject({
      method: 'POST',
      path: `/v23.0/${account.phoneNumberId}/messages`,
      authorization: true,
    })
    expect(call!.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '919845012345',
      type: 'template',
      template: {
        name: 'sign_in_code',
        language: { code: 'en' },
        components: [
          { type: 'body', parameters: [{ type: 'text', text: code }] },
          { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: code }] },
        ],
      },
    })
    expect(standIn.messages).toHaveLength(1)
    expect(sent.providerMessageId).toBe(standIn.messages[0]!.id)
    expect(sent.providerMessageId).toMatch(/^wamid\./)
  })

  it('sends in the code of the customer’s language, under the prefixed name the template was approved as', async () => {
    const prefixed = await startWhatsappCloudStandIn(account, { templatePrefix: 'kalaa_' })
    try {
      const env = { ...prefixed.env, WHATSAPP_LANGUAGE_EN: 'en_US' }
      await whatsapp({}, env).send(signInCode({ language: 'hi' }))
      // Approved as English ('en'), not English (US): WhatsApp knows no such translation.
      const e = await refusal(whatsapp({}, env).send(signInCode({ language: 'en' })))
      expect(e.message).toContain('code 132001')
      prefixed.templates.kalaa_sign_in_code!.languages = ['en_US', 'hi']
      await whatsapp({}, env).send(signInCode({ language: 'en' }))
      expect(prefixed.messages.map((m) => [m.template, m.language])).toEqual([
        ['kalaa_sign_in_code', 'hi'],
        ['kalaa_sign_in_code', 'en_US'],
      ])
    } finally {
      await prefixed.stop()
    }
  })

  it('leaves a 500 answer to be tried again, and the next attempt goes through', async () => {
    const wa = whatsapp()
    standIn.failNext(1, 500)
    const first = await refusal(wa.send(signInCode()))
    expect(first.retry).toBe(true)
    expect(first.message).toContain('HTTP 500')
    expectNothingSecret(first.message)
    expect(standIn.messages).toHaveLength(0)
    const again = await wa.send(signInCode())
    expect(standIn.messages.map((m) => m.id)).toEqual([again.providerMessageId])
  })

  it('leaves a rate limit (429, code 130429) to be tried again', async () => {
    standIn.failNext(1, 429)
    const e = await refusal(whatsapp().send(signInCode()))
    expect(e.retry).toBe(true)
    expect(e.message).toContain('130429')
  })

  it('gives up on a template WhatsApp does not know, in its words and without the number or the code', async () => {
    standIn.templates.sign_in_code!.languages = ['en']
    const e = await refusal(whatsapp().send(signInCode({ language: 'hi' })))
    expect(e.retry).toBe(false)
    expect(e.message).toContain('Template name does not exist in the translation')
    expect(e.message).toContain('code 132001')
    expectNothingSecret(e.message)
  })

  it('gives up when the parameters are not the ones the template was approved with', async () => {
    standIn.templates.sign_in_code!.bodyParams = 2
    const e = await refusal(whatsapp().send(signInCode()))
    expect(e.retry).toBe(false)
    expect(e.message).toContain('Number of parameters does not match')
    expect(e.message).toContain('code 132000')
    expectNothingSecret(e.message)
  })

  it('gives up on a token WhatsApp refuses, naming the variable and never the token', async () => {
    const e = await refusal(whatsapp({ accessToken: 'EAAJB-a-token-that-expired' }).send(signInCode()))
    expect(e.retry).toBe(false)
    expect(e.message).toContain('WHATSAPP_ACCESS_TOKEN')
    expect(e.message).toContain('code 190')
    expect(e.message).not.toContain('EAAJB-a-token-that-expired')
    expect(standIn.calls[0]!.authorization).toBe(true)
  })

  it('does not send again when WhatsApp answers too late: the message may have gone', async () => {
    standIn.delayNext(1500)
    const e = await refusal(whatsapp({ timeoutMs: 200 }).send(signInCode()))
    expect(e.retry).toBe(false)
    expect(e.message).toMatch(/may have been sent/)
    // It had gone: the stand-in took it before its slow answer.
    expect(standIn.messages).toHaveLength(1)
  })

  it('tries again when WhatsApp cannot be reached at all', async () => {
    const closed = await startWhatsappCloudStandIn(account)
    await closed.stop()
    const e = await refusal(whatsapp({ apiUrl: closed.url }).send(signInCode()))
    expect(e.retry).toBe(true)
    expect(e.message).toMatch(/could not be reached/)
  })

  it('refuses a message whose parameters are not the template’s before calling WhatsApp', async () => {
    const e = await refusal(whatsapp().send(signInCode({ params: [code, 'extra'] })))
    expect(e.retry).toBe(false)
    expect(standIn.calls).toHaveLength(0)
  })
})

describe('whatsapp cloud callbacks', () => {
  it('reads a signed status callback into the message’s delivery event', async () => {
    const wa = whatsapp()
    const shop = await startShop(wa)
    try {
      const { providerMessageId } = await wa.send(signInCode())
      const answer = await standIn.postStatus(shop.url, providerMessageId, 'delivered')
      expect(answer.status).toBe(200)
      expect(shop.events).toEqual([
        {
          providerMessageId,
          status: 'delivered',
          at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          error: null,
        },
      ])
      await standIn.postStatus(shop.url, providerMessageId, 'failed', {
        error: {
          code: 131049,
          title: 'This message was not delivered to maintain healthy ecosystem engagement.',
        },
      })
      expect(shop.events[1]).toMatchObject({
        providerMessageId,
        status: 'failed',
        error: 'This message was not delivered to maintain healthy ecosystem engagement. (code 131049)',
      })
    } finally {
      await shop.stop()
    }
  })

  it('reads the status’s unix time, and a failure’s title and details', () => {
    const wa = whatsapp()
    const read = standIn.statusBody('wamid.read-one', 'read', { timestamp: 1_750_000_000 })
    expect(wa.webhook.read(read, { 'x-hub-signature-256': standIn.sign(read) }, {})).toEqual([
      { providerMessageId: 'wamid.read-one', status: 'read', at: '2025-06-15T15:06:40.000Z', error: null },
    ])
    const failed = standIn.statusBody('wamid.failed-one', 'failed')
    expect(wa.webhook.read(Buffer.from(failed), { 'x-hub-signature-256': standIn.sign(failed) }, {})).toEqual(
      [
        {
          providerMessageId: 'wamid.failed-one',
          status: 'failed',
          at: expect.any(String),
          error: 'Message undeliverable: Message Undeliverable. (code 131026)',
        },
      ],
    )
  })

  it('refuses a callback with a wrong or missing signature', async () => {
    const wa = whatsapp()
    const shop = await startShop(wa)
    try {
      const wrong = await standIn.postStatus(shop.url, 'wamid.x', 'delivered', { signature: 'wrong' })
      const none = await standIn.postStatus(shop.url, 'wamid.x', 'delivered', { signature: 'none' })
      expect([wrong.status, none.status]).toEqual([400, 400])
      expect(wrong.body).toContain('WHATSAPP_APP_SECRET')
      expect(none.body).toContain('X-Hub-Signature-256')
      expect(shop.events).toEqual([])
    } finally {
      await shop.stop()
    }
    const body = standIn.statusBody('wamid.x', 'delivered')
    expect(() => wa.webhook.read(body, {}, {})).toThrow(ValidationError)
    expect(() => wa.webhook.read(body, { 'x-hub-signature-256': 'sha256=00' }, {})).toThrow(ValidationError)
    // Signed with another app's secret.
    const other = whatsapp({ appSecret: 'another-app-secret' })
    expect(() => other.webhook.read(body, { 'x-hub-signature-256': standIn.sign(body) }, {})).toThrow(
      ValidationError,
    )
  })

  it('ignores customers’ own messages and another number’s statuses', async () => {
    const wa = whatsapp()
    const shop = await startShop(wa)
    try {
      const answer = await standIn.postIncoming(shop.url, '919845012345', 'Hello, is the saree in stock?')
      expect(answer.status).toBe(200)
      expect(shop.events).toEqual([])
    } finally {
      await shop.stop()
    }
    const elsewhere = whatsapp({ phoneNumberId: '999999999999999' })
    const body = standIn.statusBody('wamid.someone-else', 'delivered')
    expect(elsewhere.webhook.read(body, { 'x-hub-signature-256': standIn.sign(body) }, {})).toEqual([])
  })

  it('answers Meta’s subscription check only with the verify token', async () => {
    const wa = whatsapp()
    const shop = await startShop(wa)
    try {
      const good = await standIn.checkSubscription(shop.url)
      expect(good.status).toBe(200)
      expect(good.body).toBe(good.challenge)
      const bad = await standIn.checkSubscription(shop.url, 'a-guessed-token')
      expect(bad.status).toBe(403)
    } finally {
      await shop.stop()
    }
    const challenge = wa.webhook.challenge!
    expect(
      challenge({ 'hub.mode': 'unsubscribe', 'hub.verify_token': account.verifyToken, 'hub.challenge': '1' }),
    ).toBeNull()
    expect(
      challenge({
        'hub.mode': 'subscribe',
        'hub.verify_token': account.verifyToken,
        'hub.challenge': '<b>1</b>',
      }),
    ).toBeNull()
    expect(
      challenge({
        'hub.mode': 'subscribe',
        'hub.verify_token': account.verifyToken,
        'hub.challenge': '1158201444',
      }),
    ).toBe('1158201444')
  })
})
