import { randomBytes, randomInt } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type MessageTemplate, messageTemplates } from '../../../contracts/messaging.ts'
import { msg91DltVariable, msg91TemplateVariable, msg91TokenParam } from './msg91.ts'

/** One request the shop made, as the stand-in received it: whether it carried an authkey, never the key. */
export type Msg91StandInCall = {
  method: string
  path: string
  body: Record<string, unknown>
  authkey: boolean
}

/** A send the stand-in accepted: one recipient of a Flow API request. */
export type Msg91StandInSend = {
  /** The request id it answered, which delivery reports name. */
  requestId: string
  templateId: string
  /** The DLT template the MSG91 template is mapped to in the panel. */
  dltTemplateId: string
  /** The header it goes out from: the request's sender for a FromAPI template, else the template's own. */
  sender: string
  mobiles: string
  variables: Record<string, string>
  body: Record<string, unknown>
}

/**
 * A template as MSG91's panel holds it (SMS → Templates): its id, the DLT template it is mapped to (null:
 * none, the panel's "Failed by DLT"), its sender (FromAPI: the request names it) and its ##variables##.
 */
export type Msg91StandInTemplate = {
  templateId: string
  dltTemplateId: string | null
  sender: string
  variables: string[]
}

/** Report outcomes and MSG91's status codes and words for them (its delivery-report help page). */
const outcomes = {
  delivered: { status: '1', desc: 'DELIVERED' },
  failed: { status: '2', desc: 'FAILED' },
  ndnc: { status: '9', desc: 'NDNC' },
  rejected: { status: '16', desc: 'REJECTED' },
  blocked: { status: '17', desc: 'BLOCKED' },
} as const
export type Msg91StandInOutcome = keyof typeof outcomes

type Account = { authKey: string; senderId: string; webhookToken: string }

const record = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {}
const hex = (bytes: number) => randomBytes(bytes).toString('hex')
const istNow = () => new Date(Date.now() + 5.5 * 3600_000).toISOString().replace('T', ' ').slice(0, 19)

/** Every shop template in the panel: a FromAPI sender, a DLT template, the params as ##variables##. */
function panelTemplates(): Record<MessageTemplate, Msg91StandInTemplate> {
  return Object.fromEntries(
    (Object.keys(messageTemplates) as MessageTemplate[]).map((t) => [
      t,
      {
        templateId: hex(12),
        dltTemplateId: `1107${String(randomInt(10 ** 9)).padStart(9, '0')}${String(randomInt(10 ** 6)).padStart(6, '0')}`,
        sender: 'FromAPI',
        variables: [...messageTemplates[t].params],
      },
    ]),
  ) as Record<MessageTemplate, Msg91StandInTemplate>
}

/**
 * A local copy of the part of MSG91's API the shop calls, for the tests (decision 116): the Flow API
 * (`POST /api/v5/flow/`) with its `authkey` header, a template of the panel (`template_id`) mapped to a DLT
 * template, a sender approved for the account (the request's for a FromAPI template), Indian numbers as
 * 91 and ten digits, every ##variable## filled (at most 30 characters, DLT's limit, unless it is an address
 * MSG91 shortens with short_url on), answers
 * `{ type: 'success', message: <request id> }` and `{ type: 'error', message }`. MSG91 documents that shape,
 * not its wording: the refusals' words are the stand-in's own. It listens on a free port of 127.0.0.1; a
 * test makes the next sends fail (`failNext`) or answer late (`delayNext`), reads what it accepted (`sends`)
 * and was asked (`calls`), and posts MSG91's delivery reports to the shop, with the right token, a wrong one
 * or none (`postReport`).
 */
export function startMsg91StandIn(
  account: Account,
  options: { templates?: Partial<Record<MessageTemplate, Msg91StandInTemplate>> } = {},
) {
  const templates = { ...panelTemplates(), ...options.templates } as Record<
    MessageTemplate,
    Msg91StandInTemplate
  >
  const approvedSenders = [account.senderId]
  const calls: Msg91StandInCall[] = []
  const sends: Msg91StandInSend[] = []
  const failures: Array<500 | 429> = []
  const delays: number[] = []
  const timers = new Set<ReturnType<typeof setTimeout>>()

  type Answer = { status: number; json: unknown }
  const refuse = (status: number, message: string): Answer => ({ status, json: { type: 'error', message } })

  function answer(
    method: string,
    path: string,
    authkey: string | undefined,
    body: Record<string, unknown>,
  ): Answer {
    if (method !== 'POST' || !/^\/api\/v5\/flow\/?$/.test(path)) return refuse(404, 'Not found')
    if (!authkey) return refuse(401, 'Missing Authentication Key')
    if (authkey !== account.authKey) return refuse(401, 'Invalid authkey')
    const failure = failures.shift()
    if (failure === 500) return refuse(500, 'Internal server error')
    if (failure === 429) return refuse(429, 'Too many requests, please try after some time')
    const template = Object.values(templates).find((t) => t.templateId === body.template_id)
    if (!template) return refuse(400, 'Template ID Missing or Invalid Template')
    if (!template.dltTemplateId)
      return refuse(400, 'This template is not verified by DLT: map its DLT template id')
    const sender = template.sender === 'FromAPI' ? body.sender : template.sender
    if (typeof sender !== 'string' || !approvedSenders.includes(sender)) {
      return refuse(400, 'Invalid sender ID: it is not approved for this template')
    }
    if (body.short_url !== undefined && !['0', '1', 0, 1].includes(body.short_url as string | number)) {
      return refuse(400, 'short_url must be 1 (on) or 0 (off)')
    }
    const recipients = Array.isArray(body.recipients) ? body.recipients.map(record) : []
    if (recipients.length === 0) return refuse(400, 'Recipients are missing')
    for (const r of recipients) {
      if (typeof r.mobiles !== 'string' || !/^91[6-9]\d{9}$/.test(r.mobiles)) {
        return refuse(400, 'Invalid mobile number: it must be 91 and the 10 digits')
      }
      for (const v of template.variables) {
        const value = r[v]
        if (typeof value !== 'string' || value === '') return refuse(400, `Variable ${v} is missing`)
        // With short_url on, MSG91 puts a short link of its own (a DLT-whitelisted domain) for an address.
        const shortened = String(body.short_url) === '1' && /^https?:\/\/\S+$/.test(value)
        if (value.length > 30 && !shortened) return refuse(400, `Variable ${v} is longer than 30 characters`)
      }
    }
    // One request id for the request, as MSG91 answers; the stand-in keeps one send per number.
    const requestId = hex(12)
    for (const r of recipients) {
      sends.push({
        requestId,
        templateId: template.templateId,
        dltTemplateId: template.dltTemplateId,
        sender,
        mobiles: r.mobiles as string,
        variables: Object.fromEntries(template.variables.map((v) => [v, r[v] as string])),
        body,
      })
    }
    return { status: 200, json: { type: 'success', message: requestId } }
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
      const authkey = typeof req.headers.authkey === 'string' ? req.headers.authkey : undefined
      calls.push({ method: req.method!, path, body, authkey: Boolean(authkey) })
      const a = parsed ? answer(req.method!, path, authkey, body) : refuse(400, 'The body is not valid JSON')
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

  /**
   * The report MSG91 posts for a request: version 2 (a form whose `data` is the JSON list of requests with
   * their `report`) or version 3 (one JSON object per number).
   */
  function reportBody(
    requestId: string,
    outcome: Msg91StandInOutcome,
    extra: { version?: 'v2' | 'v3'; failedReason?: string } = {},
  ): { body: string; contentType: string } {
    const { status, desc } = outcomes[outcome]
    const send = sends.find((s) => s.requestId === requestId)
    const number = send?.mobiles ?? '919800000000'
    const senderId = send?.sender ?? account.senderId
    const failedReason = extra.failedReason ?? ''
    const date = istNow()
    if (extra.version === 'v3') {
      return {
        contentType: 'application/json',
        body: JSON.stringify({
          date,
          number,
          senderId,
          amount: '0.20',
          requestId,
          credit: '1',
          userId: '271828',
          campaignName: 'API',
          status,
          desc,
        }),
      }
    }
    const data = [
      {
        senderId,
        requestId,
        report: [{ date, number, status, desc, failedReason, credit: '1', amount: '0.20', ctCode: '900' }],
        userId: '271828',
        campaignName: 'API',
      },
    ]
    return {
      contentType: 'application/x-www-form-urlencoded',
      body: new URLSearchParams({ data: JSON.stringify(data) }).toString(),
    }
  }

  return new Promise<{
    url: string
    /** The settings that point a shop at this stand-in and its panel's templates. */
    env: {
      SMS_PROVIDER: 'msg91'
      MSG91_API_URL: string
      MSG91_AUTH_KEY: string
      MSG91_SENDER_ID: string
      MSG91_WEBHOOK_TOKEN: string
    } & Record<string, string>
    calls: Msg91StandInCall[]
    sends: Msg91StandInSend[]
    /** The panel's templates, by shop template. */
    templates: Record<MessageTemplate, Msg91StandInTemplate>
    /** The next `count` sends are answered with this status. */
    failNext(count: number, status: 500 | 429): void
    /** The next request is answered `ms` later; what it does is done at once. */
    delayNext(ms: number): void
    reportBody: typeof reportBody
    /**
     * Posts a delivery report to the shop's report URL with the account's token, another (`token`), or
     * none (`token: null`).
     */
    postReport(
      url: string,
      requestId: string,
      outcome: Msg91StandInOutcome,
      options?: { token?: string | null; version?: 'v2' | 'v3'; failedReason?: string },
    ): Promise<{ status: number; body: string }>
    stop(): Promise<void>
  }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
      const templateVariables = Object.fromEntries(
        (Object.keys(templates) as MessageTemplate[]).flatMap((t) => [
          [msg91TemplateVariable(t), templates[t].templateId],
          // A template without a DLT mapping in the panel still has one in the shop's settings, so the
          // shop starts and MSG91's refusal is what a test sees.
          [msg91DltVariable(t), templates[t].dltTemplateId ?? '1107000000000000000'],
        ]),
      )
      resolve({
        url,
        env: {
          SMS_PROVIDER: 'msg91',
          MSG91_API_URL: url,
          MSG91_AUTH_KEY: account.authKey,
          MSG91_SENDER_ID: account.senderId,
          MSG91_WEBHOOK_TOKEN: account.webhookToken,
          ...templateVariables,
        },
        calls,
        sends,
        templates,
        failNext(count, status) {
          for (let n = 0; n < count; n++) failures.push(status)
        },
        delayNext(ms) {
          delays.push(ms)
        },
        reportBody,
        async postReport(target, requestId, outcome, o = {}) {
          const { body, contentType } = reportBody(requestId, outcome, o)
          const token = o.token === undefined ? account.webhookToken : o.token
          const address = new URL(target)
          if (token !== null) address.searchParams.set(msg91TokenParam, token)
          const res = await fetch(address, { method: 'POST', headers: { 'content-type': contentType }, body })
          return { status: res.status, body: await res.text() }
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
