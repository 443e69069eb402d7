import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { messageTemplates } from '../../contracts/messaging.ts'
import { ValidationError } from '../../server/http/errors.ts'
import {
  createMsg91Provider,
  type Msg91Settings,
  missingMsg91Variables,
  msg91Env,
  msg91Settings,
} from '../../server/modules/messaging/msg91.ts'
import { startMsg91StandIn } from '../../server/modules/messaging/msg91-stand-in.ts'
import {
  type DeliveryEvent,
  type MessagingProvider,
  MessagingProviderError,
  type OutgoingMessage,
} from '../../server/modules/messaging/provider.ts'
import {
  messagingChoiceNeeding,
  messagingProviderEnv,
  missingMessagingVariables,
  smsProviderFor,
} from '../../server/modules/messaging/providers.ts'

const account = {
  authKey: '271828AbStandInKey31415',
  senderId: 'KALAAS',
  webhookToken: 'stand-in-report-token-8Vw2',
}
const number = '+919845012345'
const code = '482913'

let standIn: Awaited<ReturnType<typeof startMsg91StandIn>>
beforeEach(async () => {
  standIn = await startMsg91StandIn(account)
})
afterEach(async () => {
  await standIn?.stop()
})

/** The adapter as a shop started with the stand-in's variables would build it. */
const msg91 = (extra: Partial<Msg91Settings> = {}, env: Record<string, string> = standIn.env) =>
  createMsg91Provider({ ...msg91Settings(z.object(msg91Env).parse(env)), ...extra })

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

/** Words fit for the console: neither the number (in any form), the code nor the authkey. */
function expectNothingSecret(words: string) {
  for (const secret of [number, number.slice(1), number.slice(3), code, account.authKey]) {
    expect(words).not.toContain(secret)
  }
}

/** The shop's report route, as its route does it: raw body, headers and query to the provider; 400 on a ValidationError. */
async function startShop(provider: MessagingProvider) {
  const events: DeliveryEvent[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const query = Object.fromEntries(new URL(req.url!, 'http://shop').searchParams)
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
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/messaging/webhooks/msg91`,
    events,
    stop: () => new Promise<void>((r) => server.close(() => r())),
  }
}

describe('msg91 settings', () => {
  it('names the key, the sender, the report token and each template’s two ids when they are missing', () => {
    const env = z.object(msg91Env).parse({})
    expect(env.MSG91_API_URL).toBe('https://control.msg91.com')
    expect(missingMsg91Variables(env)).toEqual([
      'MSG91_AUTH_KEY',
      'MSG91_SENDER_ID',
      'MSG91_WEBHOOK_TOKEN',
      // Every shop template needs both ids, the sign-in code's and each order update's (decision 143).
      ...Object.keys(messageTemplates).flatMap((t) => {
        const name = t.toUpperCase().replace(/-/g, '_')
        return [`MSG91_TEMPLATE_${name}`, `MSG91_DLT_TEMPLATE_${name}`]
      }),
    ])
    expect(missingMsg91Variables(env)).toContain('MSG91_DLT_TEMPLATE_ORDER_COD_CONFIRM')
    expect(() => msg91Settings(env)).toThrow(/SMS_PROVIDER=msg91 needs MSG91_AUTH_KEY/)
    const { MSG91_DLT_TEMPLATE_SIGN_IN_CODE: _, ...withoutDlt } = standIn.env
    expect(missingMsg91Variables(z.object(msg91Env).parse(withoutDlt))).toEqual([
      'MSG91_DLT_TEMPLATE_SIGN_IN_CODE',
    ])
    expect(missingMsg91Variables(z.object(msg91Env).parse(standIn.env))).toEqual([])
  })

  it('takes only a 6-letter header and a DLT template id of digits', () => {
    const parse = (over: Record<string, string>) => z.object(msg91Env).safeParse(over).success
    expect(parse({ MSG91_SENDER_ID: 'KALAAS' })).toBe(true)
    expect(parse({ MSG91_SENDER_ID: 'Kalaa' })).toBe(false)
    expect(parse({ MSG91_DLT_TEMPLATE_SIGN_IN_CODE: '1107161519686689997' })).toBe(true)
    expect(parse({ MSG91_DLT_TEMPLATE_SIGN_IN_CODE: 'dlt-sign-in' })).toBe(false)
    expect(parse({ MSG91_WEBHOOK_TOKEN: 'short' })).toBe(false)
  })

  it('asks for those variables only when SMS goes through MSG91, and builds the chosen provider', () => {
    const env = z.object(messagingProviderEnv).parse({})
    const chosen = { ...env, WHATSAPP_PROVIDER: 'sandbox', SMS_PROVIDER: 'msg91' } as const
    expect(missingMessagingVariables({ ...chosen, SMS_PROVIDER: 'sandbox' })).toEqual([])
    expect(missingMessagingVariables(chosen)).toContain('MSG91_TEMPLATE_SIGN_IN_CODE')
    expect(messagingChoiceNeeding('MSG91_AUTH_KEY', chosen)).toBe('SMS_PROVIDER=msg91')
    expect(messagingChoiceNeeding('WHATSAPP_APP_SECRET', chosen)).toBe('WHATSAPP_PROVIDER=sandbox')
    const sandbox = smsProviderFor({ ...chosen, SMS_PROVIDER: 'sandbox' })
    expect([sandbox.name, sandbox.channel, 'deliversAtOnce' in sandbox]).toEqual(['sandbox', 'sms', true])
    const msg = smsProviderFor({
      ...z.object(messagingProviderEnv).parse(standIn.env),
      WHATSAPP_PROVIDER: 'sandbox',
      SMS_PROVIDER: 'msg91',
    })
    expect([msg.name, msg.channel, 'deliversAtOnce' in msg]).toEqual(['msg91', 'sms', false])
  })
})

describe('msg91 adapter (against a local stand-in)', () => {
  it('sends the sign-in code through its MSG91 template, from the DLT header, with the code as ##code##', async () => {
    const sent = await msg91().send(signInCode())
    const template = standIn.templates['sign-in-code']
    const [call] = standIn.calls
    expect(call).toMatchObject({ method: 'POST', path: '/api/v5/flow/', authkey: true })
    expect(call!.body).toEqual({
      template_id: template.templateId,
      sender: 'KALAAS',
      short_url: '0',
      recipients: [{ mobiles: '919845012345', code }],
    })
    expect(standIn.sends).toEqual([
      expect.objectContaining({
        requestId: sent.providerMessageId,
        templateId: template.templateId,
        dltTemplateId: template.dltTemplateId,
        sender: 'KALAAS',
        mobiles: '919845012345',
        variables: { code },
      }),
    ])
  })

  it('leaves a 500 answer to be tried again, and the next attempt goes through', async () => {
    const sms = msg91()
    standIn.failNext(1, 500)
    const first = await refusal(sms.send(signInCode()))
    expect(first.retry).toBe(true)
    expect(first.message).toContain('HTTP 500')
    expectNothingSecret(first.message)
    expect(standIn.sends).toHaveLength(0)
    const again = await sms.send(signInCode())
    expect(standIn.sends.map((s) => s.requestId)).toEqual([again.providerMessageId])
  })

  it('leaves a 429 answer to be tried again', async () => {
    standIn.failNext(1, 429)
    const e = await refusal(msg91().send(signInCode()))
    expect(e.retry).toBe(true)
    expect(e.message).toMatch(/limiting/)
  })

  it('gives up on an authkey MSG91 refuses, naming the variable and never the key', async () => {
    const e = await refusal(msg91({ authKey: '271828WrongKey' }).send(signInCode()))
    expect(e.retry).toBe(false)
    expect(e.message).toContain('MSG91_AUTH_KEY')
    expect(e.message).toContain('Invalid authkey')
    expect(e.message).not.toContain('271828WrongKey')
  })

  it('gives up on a template that is not mapped to its DLT template, saying which ids to check', async () => {
    const unmapped = await startMsg91StandIn(account, {
      templates: {
        'sign-in-code': {
          templateId: '64a1f0c2d6fc05',
          dltTemplateId: null,
          sender: 'FromAPI',
          variables: ['code'],
        },
      },
    })
    try {
      const e = await refusal(
        msg91({}, { ...unmapped.env, MSG91_DLT_TEMPLATE_SIGN_IN_CODE: '1107161519686689997' }).send(
          signInCode(),
        ),
      )
      expect(e.retry).toBe(false)
      expect(e.message).toContain('not verified by DLT')
      expect(e.message).toContain('64a1f0c2d6fc05')
      expect(e.message).toContain('1107161519686689997')
      expect(e.message).toContain('KALAAS')
      expectNothingSecret(e.message)
      expect(unmapped.sends).toHaveLength(0)
    } finally {
      await unmapped.stop()
    }
  })

  it('gives up when the template’s variables are not the shop’s, or the sender is not approved', async () => {
    standIn.templates['sign-in-code'].variables = ['code', 'minutes']
    const missing = await refusal(msg91().send(signInCode()))
    expect(missing.retry).toBe(false)
    expect(missing.message).toContain('Variable minutes is missing')
    expect(missing.message).toContain('##code##')
    expectNothingSecret(missing.message)
    standIn.templates['sign-in-code'].variables = ['code']
    const sender = await refusal(msg91({ senderId: 'OTHERS' }).send(signInCode()))
    expect(sender.message).toContain('Invalid sender ID')
  })

  it('refuses a number outside India and wrong parameters before calling MSG91', async () => {
    const abroad = await refusal(msg91().send(signInCode({ to: '+14155550123' })))
    const params = await refusal(msg91().send(signInCode({ params: [] })))
    expect([abroad.retry, params.retry]).toEqual([false, false])
    expect(abroad.message).not.toContain('4155550123')
    expect(standIn.calls).toHaveLength(0)
  })

  it('does not send again when MSG91 answers too late: the message may have gone', async () => {
    standIn.delayNext(1500)
    const e = await refusal(msg91({ timeoutMs: 200 }).send(signInCode()))
    expect(e.retry).toBe(false)
    expect(e.message).toMatch(/may have been sent/)
    expect(standIn.sends).toHaveLength(1)
  })

  it('tries again when MSG91 cannot be reached at all', async () => {
    const closed = await startMsg91StandIn(account)
    await closed.stop()
    const e = await refusal(msg91({ apiUrl: closed.url }).send(signInCode()))
    expect(e.retry).toBe(true)
    expect(e.message).toMatch(/could not be reached/)
  })
})

describe('msg91 delivery reports', () => {
  it('reads a report posted with the URL’s token into the request’s delivery event', async () => {
    const sms = msg91()
    const shop = await startShop(sms)
    try {
      const { providerMessageId } = await sms.send(signInCode())
      const answer = await standIn.postReport(shop.url, providerMessageId, 'delivered')
      expect(answer.status).toBe(200)
      expect(shop.events).toEqual([
        {
          providerMessageId,
          status: 'delivered',
          at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          error: null,
        },
      ])
      await standIn.postReport(shop.url, providerMessageId, 'rejected', {
        failedReason: 'DLT template mismatch',
      })
      await standIn.postReport(shop.url, providerMessageId, 'ndnc', { version: 'v3' })
      expect(shop.events.slice(1)).toEqual([
        expect.objectContaining({ status: 'failed', error: 'Rejected: DLT template mismatch (status 16)' }),
        expect.objectContaining({
          status: 'failed',
          error: 'NDNC: the number is on the do-not-disturb register (status 9)',
        }),
      ])
      for (const e of shop.events) expectNothingSecret(e.error ?? '')
    } finally {
      await shop.stop()
    }
  })

  it('reads MSG91’s Indian times as UTC, and its reports in JSON as well as in a form', () => {
    const sms = msg91()
    const query = { token: account.webhookToken }
    const v3 = JSON.stringify({
      requestId: '3365646f7a6b',
      number: '919845012345',
      status: '1',
      desc: 'DELIVERED',
      date: '2026-03-01 14:45:00',
    })
    expect(sms.webhook.read(v3, {}, query)).toEqual([
      { providerMessageId: '3365646f7a6b', status: 'delivered', at: '2026-03-01T09:15:00.000Z', error: null },
    ])
    const proxied = JSON.stringify({
      data: JSON.stringify([
        {
          requestId: '3365646f7a6c',
          report: [{ date: '2026-03-01 14:45:00', number: '919845012345', status: '2', desc: 'FAILED' }],
        },
      ]),
    })
    expect(sms.webhook.read(Buffer.from(proxied), {}, query)).toEqual([
      {
        providerMessageId: '3365646f7a6c',
        status: 'failed',
        at: '2026-03-01T09:15:00.000Z',
        error: 'Failed (status 2)',
      },
    ])
    expect(() => sms.webhook.read('not a report', {}, query)).toThrow(ValidationError)
  })

  it('refuses a report with a wrong token or none', async () => {
    const sms = msg91()
    const shop = await startShop(sms)
    try {
      const wrong = await standIn.postReport(shop.url, 'a1b2c3', 'delivered', {
        token: 'a-guessed-token-value',
      })
      const none = await standIn.postReport(shop.url, 'a1b2c3', 'delivered', { token: null })
      expect([wrong.status, none.status]).toEqual([400, 400])
      expect(wrong.body).toContain('MSG91_WEBHOOK_TOKEN')
      expect(shop.events).toEqual([])
    } finally {
      await shop.stop()
    }
    const { body } = standIn.reportBody('a1b2c3', 'delivered')
    expect(() => sms.webhook.read(body, {}, {})).toThrow(ValidationError)
    expect(() => sms.webhook.read(body, {}, { token: `${account.webhookToken}x` })).toThrow(ValidationError)
  })
})
