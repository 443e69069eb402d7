import { createHash, timingSafeEqual } from 'node:crypto'
import type { IncomingHttpHeaders } from 'node:http'
import { z } from 'zod'
import { type DeliveryStatus, type MessageTemplate, messageTemplates } from '../../../contracts/messaging.ts'
import { ValidationError } from '../../http/errors.ts'
import {
  type DeliveryEvent,
  type MessagingProvider,
  MessagingProviderError,
  type OutgoingMessage,
} from './provider.ts'

/**
 * MSG91 for SMS (decisions 116 and 141): its settings, its Flow API ("Send SMS", `POST /api/v5/flow/`) over
 * fetch, and its delivery reports. Written against MSG91's documents (control.msg91.com/apidoc "Send SMS via
 * Flow", docs.msg91.com's Send SMS reference, and the help pages on DLT templates and on delivery reports
 * by webhook); `msg91-stand-in.ts` is the local copy of that API the tests start.
 *
 * Indian SMS goes out only as a template registered on a DLT platform, from a 6-letter header (sender id)
 * registered with it. MSG91's Flow API takes neither the DLT template id nor the wording: each is entered on
 * the MSG91 template in its panel (SMS → Templates: the DLT template id, the sender, the exact registered
 * words with ##variables##), and the API names that template by its MSG91 id. The API does take the sender,
 * used when the template's sender is FromAPI. So the shop sends the template id, the sender and the
 * variables, and keeps each DLT template id to say which one to check when MSG91 refuses or a report fails.
 */

// --- Settings: MSG91's own variables, checked with the rest of the environment at start (server/config.ts).

/** A shop template's name as a variable's ending: 'sign-in-code' is SIGN_IN_CODE. */
type Suffix<T extends string> = T extends `${infer A}-${infer B}`
  ? `${Uppercase<A>}_${Suffix<B>}`
  : Uppercase<T>
type TemplateVariable = `MSG91_TEMPLATE_${Suffix<MessageTemplate>}`
type DltVariable = `MSG91_DLT_TEMPLATE_${Suffix<MessageTemplate>}`
const suffix = (template: MessageTemplate) => template.toUpperCase().replace(/-/g, '_')
/** The variable holding a shop template's MSG91 template id: MSG91_TEMPLATE_SIGN_IN_CODE. */
export const msg91TemplateVariable = (template: MessageTemplate) =>
  `MSG91_TEMPLATE_${suffix(template)}` as TemplateVariable
/** The variable holding its DLT template id: MSG91_DLT_TEMPLATE_SIGN_IN_CODE. */
export const msg91DltVariable = (template: MessageTemplate) =>
  `MSG91_DLT_TEMPLATE_${suffix(template)}` as DltVariable

const shopTemplates = Object.keys(messageTemplates) as MessageTemplate[]
type Optional = z.ZodOptional<z.ZodString>
const templateEnv = Object.fromEntries(
  shopTemplates.map((t) => [
    msg91TemplateVariable(t),
    z
      .string()
      .regex(/^[A-Za-z0-9]{1,64}$/, 'must be the MSG91 template id (SMS → Templates)')
      .optional(),
  ]),
) as Record<TemplateVariable, Optional>
const dltEnv = Object.fromEntries(
  shopTemplates.map((t) => [
    msg91DltVariable(t),
    z
      .string()
      .regex(/^\d{12,25}$/, 'must be the DLT template id: the digits the DLT platform gave')
      .optional(),
  ]),
) as Record<DltVariable, Optional>

export const msg91Env = {
  MSG91_API_URL: z.url().default('https://control.msg91.com'),
  // The account's authkey (MSG91 panel → Authkey); it is sent in the `authkey` header.
  MSG91_AUTH_KEY: z.string().min(1).optional(),
  // The DLT-registered header the messages come from: six capital letters for service messages.
  MSG91_SENDER_ID: z
    .string()
    .regex(/^[A-Z]{6}$/, 'must be the 6-letter DLT header (sender id), in capitals')
    .optional(),
  // The secret in the delivery-report URL set in MSG91 (…/webhook?token=…): MSG91 does not sign its reports.
  MSG91_WEBHOOK_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  // Per shop template: its MSG91 template id, and the DLT template id that template is mapped to.
  ...templateEnv,
  ...dltEnv,
  // The longest one send may wait for MSG91's answer; after it the message may have gone, so it is not sent again.
  MSG91_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
}
const msg91EnvSchema = z.object(msg91Env)
export type Msg91Env = z.output<typeof msg91EnvSchema>

export type Msg91Settings = {
  apiUrl: string
  authKey: string
  senderId: string
  webhookToken: string
  /**
   * Each shop template's MSG91 template and the DLT template it is mapped to. The MSG91 template's
   * ##variables## are named as contracts/messaging.ts names the template's params (##code##).
   */
  templates: Record<MessageTemplate, { templateId: string; dltTemplateId: string }>
  timeoutMs?: number
}

/**
 * The variables `SMS_PROVIDER=msg91` needs that the environment lacks: the key, the sender, the report token,
 * and every shop template's two ids, so a template MSG91 cannot send is named at start, not at a sign-in.
 */
export function missingMsg91Variables(env: Msg91Env): string[] {
  const names = [
    'MSG91_AUTH_KEY',
    'MSG91_SENDER_ID',
    'MSG91_WEBHOOK_TOKEN',
    ...shopTemplates.flatMap((t) => [msg91TemplateVariable(t), msg91DltVariable(t)]),
  ] as const
  return names.filter((name) => !env[name])
}

/** MSG91's settings from a checked environment. */
export function msg91Settings(env: Msg91Env): Msg91Settings {
  const missing = missingMsg91Variables(env)
  if (missing.length > 0) throw new Error(`SMS_PROVIDER=msg91 needs ${missing.join(', ')}`)
  return {
    apiUrl: env.MSG91_API_URL,
    authKey: env.MSG91_AUTH_KEY!,
    senderId: env.MSG91_SENDER_ID!,
    webhookToken: env.MSG91_WEBHOOK_TOKEN!,
    templates: Object.fromEntries(
      shopTemplates.map((t) => [
        t,
        { templateId: env[msg91TemplateVariable(t)]!, dltTemplateId: env[msg91DltVariable(t)]! },
      ]),
    ) as Msg91Settings['templates'],
    timeoutMs: env.MSG91_TIMEOUT_MS,
  }
}

// --- MSG91's words.

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : [])
const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value.trim() : typeof value === 'number' ? String(value) : null

/** MSG91's words without the key, the number or a variable (a code), and no run of digits like a number. */
function scrubber(hidden: string[]) {
  const secrets = hidden.filter((s) => s.length >= 3).sort((a, b) => b.length - a.length)
  return (words: string) => {
    let s = words
    for (const secret of secrets) s = s.split(secret).join('[hidden]')
    return s.replace(/\+?\d[\d\s-]{7,}\d/g, '[number]').slice(0, 500)
  }
}

/** Network failures that happen before a request leaves the machine: the message certainly did not go. */
const notConnectedCodes = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
])
function failedToConnect(error: unknown): boolean {
  let e: unknown = error
  for (let depth = 0; depth < 4 && e; depth++) {
    const r = record(e)
    const code = typeof r.code === 'string' ? r.code : ''
    if (notConnectedCodes.has(code) || code.startsWith('ERR_TLS_') || code.startsWith('CERT_')) return true
    e = r.cause ?? list(r.errors)[0]
  }
  return false
}

/** Constant time whatever the lengths: both sides are hashed first. */
function sameToken(expected: string, given: string): boolean {
  const a = createHash('sha256').update(expected).digest()
  const b = createHash('sha256').update(given).digest()
  return timingSafeEqual(a, b)
}

/** The number as MSG91 takes it: the country code and the ten digits, no '+' (919812345678). */
const mobilesOf = (phone: string) => phone.replace(/\D/g, '')

// --- The Flow API's request.

/**
 * The Flow API's body for a shop message: the MSG91 template, the sender, URL shortening for a template
 * with a link (off for a code), and one recipient whose variables are the template's params by their names.
 */
export function flowBody(message: OutgoingMessage, settings: Msg91Settings) {
  const spec = messageTemplates[message.template]
  const variables = Object.fromEntries(spec.params.map((name, n) => [name, message.params[n] ?? '']))
  return {
    template_id: settings.templates[message.template].templateId,
    sender: settings.senderId,
    // A link (an order's page, a tracking page) is longer than DLT's 30 characters for a variable: MSG91
    // shortens it on its whitelisted domain. A code is no link, so it goes as it is.
    short_url: spec.params.some((p) => p === 'link' || p === 'tracking') ? '1' : '0',
    recipients: [{ mobiles: mobilesOf(message.to), ...variables }],
  }
}

// --- Delivery reports: a token in the URL, MSG91's report shapes.

/** The query parameter of the report URL that carries MSG91_WEBHOOK_TOKEN. */
export const msg91TokenParam = 'token'

/** MSG91's report status codes (its help page "delivery reports on my webhook URL"), in the shop's words. */
const codeStatus: Record<string, { status: DeliveryStatus; words: string }> = {
  '1': { status: 'delivered', words: 'Delivered' },
  '2': { status: 'failed', words: 'Failed' },
  '9': { status: 'failed', words: 'NDNC: the number is on the do-not-disturb register' },
  '16': { status: 'failed', words: 'Rejected' },
  '17': { status: 'failed', words: 'Blocked number' },
  '25': { status: 'failed', words: 'Rejected' },
}

/** A status MSG91 writes in words (its `desc`, or a status that is not a code). */
function wordsStatus(words: string | null): DeliveryStatus | null {
  const w = (words ?? '').toUpperCase()
  if (/UNDELIV|FAIL|REJECT|BLOCK|NDNC|EXPIRE|INVALID/.test(w)) return 'failed'
  if (/DELIVER/.test(w)) return 'delivered'
  if (/SENT|SUBMIT|ACCEPT/.test(w)) return 'sent'
  return null
}

/** MSG91's report times, "YYYY-MM-DD HH:mm:ss" in Indian time, in ISO 8601; unix seconds too; else now. */
function isoOf(value: unknown): string {
  const written = text(value)
  const m = written && /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(written)
  if (m) {
    const ms = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +(m[6] ?? 0)) - 5.5 * 3600_000
    if (Number.isFinite(ms)) return new Date(ms).toISOString()
  }
  if (written && /^\d{9,12}$/.test(written)) return new Date(Number(written) * 1000).toISOString()
  return new Date().toISOString()
}

/** One number's report: its status, and a failure's reason (MSG91's words, never the number). */
function eventOf(requestId: string, item: Record<string, unknown>): DeliveryEvent | null {
  const status = text(item.status)
  const desc = text(item.desc) ?? text(item.description)
  const known = status && Object.hasOwn(codeStatus, status) ? codeStatus[status]! : null
  const word = known?.status ?? wordsStatus(desc ?? status)
  if (!word) return null
  const words = known?.words ?? desc ?? 'Failed'
  const reason = text(item.failedReason) ?? text(item.failureReason)
  const fresh = reason && reason.toUpperCase() !== words.toUpperCase() ? reason : null
  const error =
    word === 'failed'
      ? scrubber([])(
          [words, fresh].filter(Boolean).join(': ') +
            (status && /^\d+$/.test(status) ? ` (status ${status})` : ''),
        )
      : null
  return {
    providerMessageId: requestId,
    status: word,
    at: isoOf(item.date ?? item.deliveryTime ?? item.ts),
    error,
  }
}

/**
 * The reports of a delivery callback, in the shapes MSG91 posts: version 2, a form whose `data` is a JSON
 * list of requests each with its `report` list; version 3 (and the new webhooks), one JSON object per number
 * with `requestId` and `status` beside it. Each is keyed by the request id the send returned.
 */
function readReports(rawBody: Buffer | string): DeliveryEvent[] {
  const raw = rawBody.toString().trim()
  let body: unknown
  try {
    if (raw.startsWith('{') || raw.startsWith('[')) body = JSON.parse(raw)
    else body = JSON.parse(new URLSearchParams(raw).get('data') ?? '')
    // Version 2 read as JSON by a proxy: { "data": "[…]" }.
    const data = record(body).data
    if (typeof data === 'string') body = JSON.parse(data)
  } catch {
    throw new ValidationError('The delivery report is neither JSON nor a form with a JSON `data` field.')
  }
  const events: DeliveryEvent[] = []
  for (const entry of Array.isArray(body) ? body : [body]) {
    const request = record(entry)
    const requestId = text(request.requestId)
    if (!requestId || requestId.length > 100) continue
    const items = Array.isArray(request.report) ? request.report.map(record) : [request]
    for (const item of items) {
      const event = eventOf(requestId, item)
      if (event) events.push(event)
    }
  }
  return events
}

function readCallback(webhookToken: string, rawBody: Buffer | string, query: Record<string, string>) {
  const given = query[msg91TokenParam]
  if (typeof given !== 'string' || given === '') {
    throw new ValidationError('This delivery report’s URL carries no token: it was not sent by MSG91.')
  }
  if (!sameToken(webhookToken, given)) {
    throw new ValidationError(
      'This delivery report’s token is not the one set for the report URL (MSG91_WEBHOOK_TOKEN).',
    )
  }
  return readReports(rawBody)
}

// --- The REST API.

/** MSG91's Flow API over fetch; the base URL is a setting so the tests use the stand-in. */
export function createMsg91Provider(settings: Msg91Settings): MessagingProvider {
  const endpoint = `${settings.apiUrl.replace(/\/+$/, '')}/api/v5/flow/`
  const timeoutMs = settings.timeoutMs ?? 15_000

  async function send(message: OutgoingMessage) {
    const spec = messageTemplates[message.template]
    if (message.params.length !== spec.params.length) {
      throw new MessagingProviderError(
        `The ${message.template} template takes ${spec.params.length} parameter(s), not ${message.params.length}.`,
        false,
      )
    }
    if (!/^91[6-9]\d{9}$/.test(mobilesOf(message.to))) {
      throw new MessagingProviderError('MSG91 sends the shop’s SMS to Indian mobile numbers only.', false)
    }
    const { templateId, dltTemplateId } = settings.templates[message.template]
    const scrub = scrubber([
      settings.authKey,
      message.to,
      mobilesOf(message.to),
      message.to.slice(-10),
      ...message.params,
    ])
    let res: Response
    try {
      res = await fetch(endpoint, {
        method: 'POST',
        headers: {
          authkey: settings.authKey,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify(flowBody(message, settings)),
        signal: AbortSignal.timeout(timeoutMs),
      })
    } catch (e) {
      if (failedToConnect(e)) {
        throw new MessagingProviderError('MSG91 could not be reached; the message will be tried again.', true)
      }
      // Sent, perhaps taken, and no answer: another attempt could deliver it twice.
      throw new MessagingProviderError(
        e instanceof Error && e.name === 'TimeoutError'
          ? `MSG91 did not answer within ${Math.round(timeoutMs / 1000)} s: the message may have been sent, so it is not sent again.`
          : 'The connection to MSG91 broke before it answered: the message may have been sent, so it is not sent again.',
        false,
      )
    }
    let json: Record<string, unknown> = {}
    try {
      const raw = await res.text()
      json = record(raw ? JSON.parse(raw) : null)
    } catch {
      json = {}
    }
    const said = text(json.message)
    const reason = scrub(said ?? `HTTP ${res.status}`)
    if (res.status === 429) {
      throw new MessagingProviderError(
        `MSG91 is limiting the shop’s messages just now: ${reason}. It will be tried again.`,
        true,
      )
    }
    if (res.status >= 500) {
      throw new MessagingProviderError(
        `MSG91 is not working properly just now (HTTP ${res.status}): ${reason}. It will be tried again.`,
        true,
      )
    }
    // MSG91 answers some refusals with 200 and type "error": the type decides, not the status alone.
    if (res.ok && json.type === 'success' && said && said.length <= 100) return { providerMessageId: said }
    if (res.ok && json.type !== 'error') {
      throw new MessagingProviderError(
        'MSG91 answered without a request id: the message may have been sent, so it is not sent again.',
        false,
      )
    }
    if (res.status === 401) {
      throw new MessagingProviderError(`MSG91 refused the shop’s authkey (MSG91_AUTH_KEY): ${reason}.`, false)
    }
    throw new MessagingProviderError(
      `MSG91 refused the message: ${reason}. Check that MSG91 template ${templateId} (${msg91TemplateVariable(message.template)}) is approved, mapped to DLT template ${dltTemplateId} with sender ${settings.senderId}, and names its variables ${spec.params.map((p) => `##${p}##`).join(', ')}.`,
      false,
    )
  }

  return {
    name: 'msg91',
    channel: 'sms',
    send,
    webhook: {
      headers: z.object({ 'content-type': z.string().max(200).optional() }).passthrough(),
      description:
        'MSG91 does not sign its delivery reports: the report URL set in MSG91 (SMS → Webhook, version 2 or 3) carries a secret, `?token=` and MSG91_WEBHOOK_TOKEN, which every report must repeat (compared in constant time). Reports are read by the request id the send returned: status 1 delivered; 2 failed, 9 NDNC, 16 and 25 rejected and 17 blocked number are failures.',
      read: (rawBody: Buffer | string, _headers: IncomingHttpHeaders, query: Record<string, string>) =>
        readCallback(settings.webhookToken, rawBody, query),
    },
  }
}
