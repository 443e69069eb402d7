import { createHmac, randomBytes } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type DeliveryStatus, type MessageTemplate, messageTemplates } from '../../../contracts/messaging.ts'
import { whatsappTemplateName } from './whatsapp-cloud.ts'

/** One request the shop made, as the stand-in received it: whether it carried a bearer token, never the token. */
export type WhatsappStandInCall = {
  method: string
  path: string
  body: Record<string, unknown>
  authorization: boolean
}

/** A template message the stand-in accepted, as the test reads it. */
export type WhatsappStandInMessage = {
  /** The id it answered ('wamid.…'), which status callbacks name. */
  id: string
  to: string
  template: string
  language: string
  bodyParams: string[]
  /** The copy-code button's parameters (an authentication template's code). */
  buttonParams: string[]
  body: Record<string, unknown>
}

/** An approved template as WhatsApp Manager holds it: how many parameters its body and button take, in which languages. */
export type WhatsappStandInTemplate = { bodyParams: number; buttonParams: number; languages: string[] }

type Account = { phoneNumberId: string; accessToken: string; appSecret: string; verifyToken: string }

const record = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {}
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : [])
const traceId = () => randomBytes(12).toString('base64url')

/** Every shop template, approved in English and Hindi under the name the adapter derives. */
function approvedTemplates(prefix: string): Record<string, WhatsappStandInTemplate> {
  return Object.fromEntries(
    (Object.keys(messageTemplates) as MessageTemplate[]).map((t) => [
      whatsappTemplateName(t, prefix),
      {
        bodyParams: messageTemplates[t].params.length,
        buttonParams: messageTemplates[t].category === 'authentication' ? 1 : 0,
        languages: ['en', 'hi'],
      },
    ]),
  )
}

/** A text parameter's words, or null when it is not `{ type: 'text', text }` with some text. */
function paramText(p: unknown): string | null {
  const r = record(p)
  return r.type === 'text' && typeof r.text === 'string' && r.text !== '' ? r.text : null
}

/**
 * A local copy of the part of the WhatsApp Cloud API the shop calls, for the tests (decision 116):
 * `POST /{version}/{phone number id}/messages` with a bearer token (401 and Graph's code 190 for any other),
 * the phone number id (Graph's code 100, subcode 33, for another), template messages checked as Meta checks
 * them (messaging_product, the number's digits, an approved template in that language: 132001, the body's and
 * the copy-code button's parameter counts: 132000), answers with 'wamid.' ids, and Graph's error objects. It
 * listens on a free port of 127.0.0.1; a test makes the next sends fail (`failNext`) or answer late
 * (`delayNext`), reads what it accepted (`messages`) and what it was asked (`calls`), and posts Meta's signed
 * status callbacks, incoming messages and subscription check to the shop (`postStatus`, `postIncoming`,
 * `checkSubscription`).
 */
export function startWhatsappCloudStandIn(
  account: Account,
  options: { templates?: Record<string, WhatsappStandInTemplate>; templatePrefix?: string } = {},
) {
  const templates = options.templates ?? approvedTemplates(options.templatePrefix ?? '')
  const calls: WhatsappStandInCall[] = []
  const messages: WhatsappStandInMessage[] = []
  const failures: Array<500 | 429> = []
  const delays: number[] = []
  const timers = new Set<ReturnType<typeof setTimeout>>()
  const wabaId = '102290129340398'
  const displayNumber = '15550783881'

  type Answer = { status: number; json: unknown }
  const graphError = (status: number, error: Record<string, unknown>): Answer => ({
    status,
    json: { error: { type: 'OAuthException', ...error, fbtrace_id: traceId() } },
  })
  const invalid = (details: string) =>
    graphError(400, {
      message: '(#100) Invalid parameter',
      code: 100,
      error_data: { messaging_product: 'whatsapp', details },
    })

  function answer(
    method: string,
    path: string,
    authorization: string | undefined,
    body: Record<string, unknown>,
  ): Answer {
    const route = /^\/v\d{1,3}\.\d\/([^/]+)\/messages$/.exec(path)
    if (method !== 'POST' || !route) {
      return graphError(400, {
        message: 'Unknown path components',
        code: 2500,
      })
    }
    if (authorization !== `Bearer ${account.accessToken}`) {
      return graphError(401, { message: 'Invalid OAuth access token - Cannot parse access token', code: 190 })
    }
    if (decodeURIComponent(route[1]!) !== account.phoneNumberId) {
      return graphError(400, {
        message: `Unsupported post request. Object with ID '${route[1]}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
        type: 'GraphMethodException',
        code: 100,
        error_subcode: 33,
      })
    }
    const failure = failures.shift()
    if (failure === 500) {
      return graphError(500, {
        message: 'An unexpected error has occurred. Please retry your request later.',
        code: 2,
        is_transient: true,
      })
    }
    if (failure === 429) {
      return graphError(429, {
        message: '(#130429) Rate limit hit',
        code: 130429,
        error_data: {
          messaging_product: 'whatsapp',
          details: 'Cloud API message throughput has been reached.',
        },
      })
    }
    if (body.messaging_product !== 'whatsapp') {
      return graphError(400, {
        message: '(#100) The parameter messaging_product is required.',
        code: 100,
      })
    }
    // Meta reads several ways of writing a number; the stand-in takes only the digits, the form the adapter sends.
    if (typeof body.to !== 'string' || !/^\d{8,15}$/.test(body.to)) {
      return invalid('to must be the international number in digits, without + or spaces')
    }
    if (body.type !== 'template') return invalid('The stand-in takes template messages only')
    const template = record(body.template)
    const name = typeof template.name === 'string' ? template.name : ''
    const language = record(template.language).code
    const approved = Object.hasOwn(templates, name) ? templates[name] : undefined
    if (!approved || typeof language !== 'string' || !approved.languages.includes(language)) {
      return graphError(404, {
        message: '(#132001) Template name does not exist in the translation',
        code: 132001,
        error_data: {
          messaging_product: 'whatsapp',
          details: `template name (${name}) does not exist in ${String(language)}`,
        },
      })
    }
    const components = list(template.components).map(record)
    const bodyParams = list(components.find((c) => c.type === 'body')?.parameters)
    const button = components.find(
      (c) => c.type === 'button' && c.sub_type === 'url' && String(c.index) === '0',
    )
    const buttonParams = list(button?.parameters)
    const mismatch = (part: string, given: number, expected: number) =>
      graphError(400, {
        message: '(#132000) Number of parameters does not match the expected number of params',
        code: 132000,
        error_data: {
          messaging_product: 'whatsapp',
          details: `${part}: number of localizable_params (${given}) does not match the expected number of params (${expected})`,
        },
      })
    if (bodyParams.length !== approved.bodyParams)
      return mismatch('body', bodyParams.length, approved.bodyParams)
    if (buttonParams.length !== approved.buttonParams) {
      return mismatch('button', buttonParams.length, approved.buttonParams)
    }
    const bodyTexts = bodyParams.map(paramText)
    const buttonTexts = buttonParams.map(paramText)
    if ([...bodyTexts, ...buttonTexts].some((t) => t === null)) {
      return invalid('Each parameter must be { "type": "text", "text": "…" } with some text')
    }
    const id = `wamid.${randomBytes(24).toString('base64url')}`
    messages.push({
      id,
      to: body.to,
      template: name,
      language,
      bodyParams: bodyTexts as string[],
      buttonParams: buttonTexts as string[],
      body,
    })
    return {
      status: 200,
      json: {
        messaging_product: 'whatsapp',
        contacts: [{ input: body.to, wa_id: body.to }],
        messages: [{ id }],
      },
    }
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString()
      let body: Record<string, unknown> = {}
      let parsed = true
      try {
        body = record(raw ? JSON.parse(raw) : {})
      } catch {
        parsed = false
      }
      const path = req.url!.split('?')[0]!
      calls.push({
        method: req.method!,
        path,
        body,
        authorization: Boolean(req.headers.authorization),
      })
      const a = parsed
        ? answer(req.method!, path, req.headers.authorization, body)
        : graphError(400, { message: '(#100) The request body is not valid JSON.', code: 100 })
      // The work is done at once; only the answer waits, like a server slow to reply.
      const timer = setTimeout(() => {
        timers.delete(timer)
        if (res.destroyed) return
        res.writeHead(a.status, { 'content-type': 'application/json' })
        res.end(JSON.stringify(a.json))
      }, delays.shift() ?? 0)
      timers.add(timer)
    })
  })

  /** A messages webhook as Meta posts it: one entry, one change for the shop's number. */
  const callbackBody = (value: Record<string, unknown>) =>
    JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: wabaId,
          changes: [
            {
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: displayNumber, phone_number_id: account.phoneNumberId },
                ...value,
              },
              field: 'messages',
            },
          ],
        },
      ],
    })

  const sign = (body: string) =>
    `sha256=${createHmac('sha256', account.appSecret).update(body).digest('hex')}`

  type Signature = 'good' | 'wrong' | 'none'
  async function post(url: string, body: string, signature: Signature) {
    const headers: Record<string, string> = { 'content-type': 'application/json' }
    if (signature === 'good') headers['x-hub-signature-256'] = sign(body)
    if (signature === 'wrong') headers['x-hub-signature-256'] = sign(`${body} `)
    const res = await fetch(url, { method: 'POST', headers, body })
    return { status: res.status, body: await res.text() }
  }

  /** The statuses callback Meta posts for a message: the reason of a failure as Meta words it. */
  function statusBody(
    id: string,
    status: DeliveryStatus,
    extra: { timestamp?: number; error?: { code: number; title: string; details?: string } } = {},
  ) {
    const to = messages.find((m) => m.id === id)?.to ?? '919800000000'
    const error = extra.error ?? {
      code: 131026,
      title: 'Message undeliverable',
      details: 'Message Undeliverable.',
    }
    return callbackBody({
      statuses: [
        {
          id,
          status,
          timestamp: String(extra.timestamp ?? Math.floor(Date.now() / 1000)),
          recipient_id: to,
          ...(status === 'failed'
            ? {
                errors: [
                  {
                    code: error.code,
                    title: error.title,
                    message: error.title,
                    error_data: { details: error.details ?? error.title },
                  },
                ],
              }
            : {
                conversation: { id: randomBytes(16).toString('hex'), origin: { type: 'authentication' } },
                pricing: { billable: true, pricing_model: 'PMP', category: 'authentication' },
              }),
        },
      ],
    })
  }

  /** A customer's own text message, as Meta posts it. */
  const incomingBody = (from: string, words: string) =>
    callbackBody({
      contacts: [{ profile: { name: 'A customer' }, wa_id: from }],
      messages: [
        {
          from,
          id: `wamid.${randomBytes(24).toString('base64url')}`,
          timestamp: String(Math.floor(Date.now() / 1000)),
          type: 'text',
          text: { body: words },
        },
      ],
    })

  return new Promise<{
    url: string
    /** The settings that point a shop at this stand-in. */
    env: {
      WHATSAPP_PROVIDER: 'whatsapp-cloud'
      WHATSAPP_CLOUD_API_URL: string
      WHATSAPP_PHONE_NUMBER_ID: string
      WHATSAPP_ACCESS_TOKEN: string
      WHATSAPP_APP_SECRET: string
      WHATSAPP_VERIFY_TOKEN: string
      WHATSAPP_TEMPLATE_PREFIX: string
    }
    calls: WhatsappStandInCall[]
    messages: WhatsappStandInMessage[]
    /** The approved templates, by name. */
    templates: Record<string, WhatsappStandInTemplate>
    /** The next `count` sends are answered with this status (Graph's temporary error, or its rate limit). */
    failNext(count: number, status: 500 | 429): void
    /** The next request is answered `ms` later; what it does is done at once. */
    delayNext(ms: number): void
    /** 'sha256=' and the HMAC of a body with the app secret, as Meta signs its callbacks. */
    sign(body: string): string
    statusBody: typeof statusBody
    incomingBody: typeof incomingBody
    /** Posts a status callback to the shop, signed well, wrongly, or not at all. */
    postStatus(
      url: string,
      id: string,
      status: DeliveryStatus,
      options?: { signature?: Signature; error?: { code: number; title: string; details?: string } },
    ): Promise<{ status: number; body: string }>
    /** Posts a customer's own message to the shop, signed. */
    postIncoming(url: string, from: string, words: string): Promise<{ status: number; body: string }>
    /** Meta's GET subscription check with a verify token (the account's unless given). */
    checkSubscription(
      url: string,
      verifyToken?: string,
    ): Promise<{ status: number; body: string; challenge: string }>
    stop(): Promise<void>
  }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
      resolve({
        url,
        env: {
          WHATSAPP_PROVIDER: 'whatsapp-cloud',
          WHATSAPP_CLOUD_API_URL: url,
          WHATSAPP_PHONE_NUMBER_ID: account.phoneNumberId,
          WHATSAPP_ACCESS_TOKEN: account.accessToken,
          WHATSAPP_APP_SECRET: account.appSecret,
          WHATSAPP_VERIFY_TOKEN: account.verifyToken,
          WHATSAPP_TEMPLATE_PREFIX: options.templatePrefix ?? '',
        },
        calls,
        messages,
        templates,
        failNext(count, status) {
          for (let n = 0; n < count; n++) failures.push(status)
        },
        delayNext(ms) {
          delays.push(ms)
        },
        sign,
        statusBody,
        incomingBody,
        postStatus: (target, id, status, o = {}) =>
          post(target, statusBody(id, status, { error: o.error }), o.signature ?? 'good'),
        postIncoming: (target, from, words) => post(target, incomingBody(from, words), 'good'),
        async checkSubscription(target, verifyToken = account.verifyToken) {
          const challenge = String(1_000_000 + Math.floor(Math.random() * 9_000_000))
          const query = new URLSearchParams({
            'hub.mode': 'subscribe',
            'hub.challenge': challenge,
            'hub.verify_token': verifyToken,
          })
          const res = await fetch(`${target}${target.includes('?') ? '&' : '?'}${query}`)
          return { status: res.status, body: await res.text(), challenge }
        },
        stop: () =>
          new Promise<void>((r) => {
            for (const t of timers) clearTimeout(t)
            timers.clear()
            server.close(() => r())
            server.closeAllConnections()
          }),
      })
    })
  })
}
