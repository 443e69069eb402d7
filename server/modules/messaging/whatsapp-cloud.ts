import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import type { IncomingHttpHeaders } from 'node:http'
import { z } from 'zod'
import { type Language, languages } from '../../../contracts/languages.ts'
import { type DeliveryStatus, type MessageTemplate, messageTemplates } from '../../../contracts/messaging.ts'
import { ValidationError } from '../../http/errors.ts'
import {
  type DeliveryEvent,
  type MessagingProvider,
  MessagingProviderError,
  type OutgoingMessage,
} from './provider.ts'

/**
 * The WhatsApp Business Cloud API, Meta's Graph API for WhatsApp (decisions 116 and 141): its settings, its
 * template messages over fetch, its signed status callbacks and its subscription check. Written against
 * Meta's Cloud API documents (developers.facebook.com/docs/whatsapp/cloud-api: "Sending Authentication
 * Templates", the messages webhook and its status reference, the error codes, and the Graph API's
 * X-Hub-Signature-256); `whatsapp-cloud-stand-in.ts` is the local copy of that API the tests start.
 */

// --- Settings: WhatsApp's own variables, checked with the rest of the environment at start (server/config.ts).

/** One variable per shop language, `WHATSAPP_LANGUAGE_EN` and `WHATSAPP_LANGUAGE_HI`. */
type LanguageVariable = `WHATSAPP_LANGUAGE_${Uppercase<Language>}`
const languageVariable = (language: Language) =>
  `WHATSAPP_LANGUAGE_${language.toUpperCase()}` as LanguageVariable

/** Meta's language and locale codes, as its list of supported languages writes them: en, en_US, en_GB, hi … */
const languageCode = z
  .string()
  .regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, 'must be a WhatsApp language code such as en, en_US or hi')

/**
 * The code each shop language's templates were approved in. A template is sent in one of the languages it
 * was approved in, so these must name those: by default Meta's codes for English ('en') and Hindi ('hi').
 * A shop whose templates were approved as English (US) sets WHATSAPP_LANGUAGE_EN=en_US; one with no Hindi
 * translation sets WHATSAPP_LANGUAGE_HI=en, and its Hindi-speaking customers read the English message.
 */
const languageEnv = Object.fromEntries(
  languages.map((language) => [languageVariable(language), languageCode.default(language)]),
) as Record<LanguageVariable, z.ZodDefault<z.ZodString>>

export const whatsappCloudEnv = {
  WHATSAPP_CLOUD_API_URL: z.url().default('https://graph.facebook.com'),
  // The Graph API version every call names; Meta keeps a version for about two years (its changelog's dates).
  WHATSAPP_CLOUD_API_VERSION: z
    .string()
    .regex(/^v\d{1,3}\.\d$/, 'must be a Graph API version such as v23.0')
    .default('v23.0'),
  // The business phone number's id (WhatsApp Manager → API setup), not the number itself.
  WHATSAPP_PHONE_NUMBER_ID: z
    .string()
    .regex(/^\d{1,30}$/, 'must be the phone number id: digits only')
    .optional(),
  // A system user's token with the whatsapp_business_messaging permission (a temporary one lasts a day).
  WHATSAPP_ACCESS_TOKEN: z.string().min(1).optional(),
  // The Meta app's secret (App settings → Basic): Meta signs every callback with it.
  WHATSAPP_APP_SECRET: z.string().min(1).optional(),
  // The verify token typed with the callback URL in the app's WhatsApp configuration; Meta's GET check repeats it.
  WHATSAPP_VERIFY_TOKEN: z.string().min(1).optional(),
  // Each shop template is sent by the name it was approved under: this prefix and the shop's name with '_'
  // for '-' ('sign-in-code' is sign_in_code; with WHATSAPP_TEMPLATE_PREFIX=kalaa_ it is kalaa_sign_in_code).
  // WhatsApp's template names are lower-case letters, digits and underscores.
  WHATSAPP_TEMPLATE_PREFIX: z
    .string()
    .regex(/^[a-z0-9_]{0,100}$/, 'must be lower-case letters, digits or _')
    .default(''),
  ...languageEnv,
  // The longest one send may wait for Meta's answer; after it the message may have gone, so it is not sent again.
  WHATSAPP_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
}
const whatsappCloudEnvSchema = z.object(whatsappCloudEnv)
export type WhatsappCloudEnv = z.output<typeof whatsappCloudEnvSchema>

export type WhatsappCloudSettings = {
  apiUrl: string
  apiVersion: string
  phoneNumberId: string
  accessToken: string
  appSecret: string
  verifyToken: string
  templatePrefix: string
  /** The language code each shop language's templates are sent in. */
  languageCodes: Record<Language, string>
  timeoutMs?: number
}

// All four: without the number id and token nothing is sent, without the app secret anyone could post
// delivery statuses to the shop, and without the verify token Meta's subscription check cannot be answered.
const requiredVariables = [
  'WHATSAPP_PHONE_NUMBER_ID',
  'WHATSAPP_ACCESS_TOKEN',
  'WHATSAPP_APP_SECRET',
  'WHATSAPP_VERIFY_TOKEN',
] as const

/** The variables `WHATSAPP_PROVIDER=whatsapp-cloud` needs that the environment lacks. */
export const missingWhatsappCloudVariables = (env: WhatsappCloudEnv): string[] =>
  requiredVariables.filter((name) => !env[name])

/** WhatsApp's settings from a checked environment. */
export function whatsappCloudSettings(env: WhatsappCloudEnv): WhatsappCloudSettings {
  const missing = missingWhatsappCloudVariables(env)
  if (missing.length > 0) throw new Error(`WHATSAPP_PROVIDER=whatsapp-cloud needs ${missing.join(', ')}`)
  return {
    apiUrl: env.WHATSAPP_CLOUD_API_URL,
    apiVersion: env.WHATSAPP_CLOUD_API_VERSION,
    phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID!,
    accessToken: env.WHATSAPP_ACCESS_TOKEN!,
    appSecret: env.WHATSAPP_APP_SECRET!,
    verifyToken: env.WHATSAPP_VERIFY_TOKEN!,
    templatePrefix: env.WHATSAPP_TEMPLATE_PREFIX,
    languageCodes: Object.fromEntries(
      languages.map((language) => [language, env[languageVariable(language)]]),
    ) as Record<Language, string>,
    timeoutMs: env.WHATSAPP_TIMEOUT_MS,
  }
}

/** The name a shop template was approved under in WhatsApp Manager. */
export const whatsappTemplateName = (template: MessageTemplate, prefix = '') =>
  `${prefix}${template.replace(/-/g, '_')}`

// --- WhatsApp's words.

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : [])
const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value.trim() : typeof value === 'number' ? String(value) : null

/**
 * Words from Meta fit for the shop's logs and console: never the token, the number or a parameter (a code),
 * whatever an answer echoes, and no run of digits long enough to be a phone number.
 */
function scrubber(hidden: string[]) {
  const secrets = hidden.filter((s) => s.length >= 3).sort((a, b) => b.length - a.length)
  return (words: string) => {
    let s = words
    for (const secret of secrets) s = s.split(secret).join('[hidden]')
    return s.replace(/\+?\d[\d\s-]{7,}\d/g, '[number]').slice(0, 500)
  }
}

/** Meta's throttling codes, whatever the HTTP status it sends them with: the shop sent too much, too fast. */
const throttlingCodes = new Set([
  4, // API Too Many Calls
  80007, // the business account's rate limit
  130429, // Cloud API throughput reached
  131056, // too many messages to the same number just now
])
/** Meta's codes for its own temporary trouble. */
const troubleCodes = new Set([
  2, // API Service: temporarily down or overloaded
  131016, // Service unavailable
  133004, // Server temporarily unavailable
])

/** The Graph API's error object (`{ error: { message, type, code, error_subcode, error_data, fbtrace_id } }`). */
function graphError(json: unknown) {
  const error = record(record(json).error)
  const code = typeof error.code === 'number' ? error.code : Number(error.code)
  return {
    message: text(error.message),
    details: text(record(error.error_data).details),
    code: Number.isFinite(code) ? code : null,
    trace: text(error.fbtrace_id),
    transient: error.is_transient === true,
  }
}

/** Meta's reason in one sentence: its message, its details when they add something, its code and trace id. */
function reasonOf(error: ReturnType<typeof graphError>, status: number): string {
  const words = [error.message, error.details && error.details !== error.message ? error.details : null]
    .filter(Boolean)
    .join(': ')
  const tags = [
    error.code !== null ? `code ${error.code}` : null,
    error.trace ? `trace ${error.trace}` : null,
  ]
    .filter(Boolean)
    .join(', ')
  return `${words || `HTTP ${status}`}${tags ? ` (${tags})` : ''}`
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

/** Whether fetch failed before it could send anything (its cause, or the first of several addresses tried). */
export function failedToConnect(error: unknown): boolean {
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

// --- The template message.

/**
 * The Cloud API's template message (`POST /{phone number id}/messages`) for a shop message: the parameters
 * as the body's text parameters, in the order contracts/messaging.ts lists them. An authentication
 * template's copy-code button is a URL button whose one parameter is the code again: Meta's authentication
 * templates require the code in both places.
 */
export function templateMessageBody(message: OutgoingMessage, settings: WhatsappCloudSettings) {
  const spec = messageTemplates[message.template]
  const param = (value: string) => ({ type: 'text', text: value })
  const components: Array<Record<string, unknown>> = [{ type: 'body', parameters: message.params.map(param) }]
  if (spec.category === 'authentication') {
    const code = message.params[spec.params.indexOf('code')] ?? ''
    components.push({ type: 'button', sub_type: 'url', index: '0', parameters: [param(code)] })
  }
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    // The international number without '+', as the documents write it.
    to: message.to.replace(/\D/g, ''),
    type: 'template',
    template: {
      name: whatsappTemplateName(message.template, settings.templatePrefix),
      language: { code: settings.languageCodes[message.language] },
      components,
    },
  }
}

// --- The callbacks: signed with the app secret, subscribed to with the verify token.

const signatureHeader = 'x-hub-signature-256'
const deliveryStatuses: readonly DeliveryStatus[] = ['sent', 'delivered', 'read', 'failed']

/** Whether `given` is 'sha256=' and the hex HMAC-SHA256 of the raw body with the app secret. */
function signatureMatches(appSecret: string, rawBody: Buffer | string, given: string): boolean {
  const m = /^sha256=([0-9a-f]{64})$/i.exec(given.trim())
  if (!m) return false
  const expected = createHmac('sha256', appSecret).update(rawBody).digest()
  return timingSafeEqual(expected, Buffer.from(m[1]!, 'hex'))
}

/** Unix seconds, as Meta writes `timestamp`, in ISO 8601; the moment of reading when it is missing. */
function isoFromUnix(value: unknown): string {
  const written = text(value)
  if (written && /^\d{1,12}$/.test(written)) return new Date(Number(written) * 1000).toISOString()
  return new Date().toISOString()
}

/** A failed status's reason: the first error's title and details (never its number), and its code. */
function statusError(status: Record<string, unknown>): string {
  const first = record(list(status.errors)[0])
  const title = text(first.title) ?? text(first.message)
  const details = text(record(first.error_data).details)
  const words = [title, details && details !== title ? details : null].filter(Boolean).join(': ')
  const code = text(first.code)
  const reason = `${words || 'WhatsApp gave no reason'}${code ? ` (code ${code})` : ''}`
  return scrubber([])(reason)
}

/**
 * The status events of a callback whose signature was checked: every `statuses[]` entry of every change for
 * the shop's phone number. Customers' own messages (`messages[]`) are not read: the shop does not answer
 * them. Statuses that are none of the shop's words (a played voice message) are left out.
 */
function readStatuses(body: unknown, phoneNumberId: string): DeliveryEvent[] {
  const events: DeliveryEvent[] = []
  for (const entry of list(record(body).entry)) {
    for (const change of list(record(entry).changes)) {
      const value = record(record(change).value)
      // One Meta app may serve several numbers: another number's statuses are not the shop's.
      const number = text(record(value.metadata).phone_number_id)
      if (number && number !== phoneNumberId) continue
      for (const item of list(value.statuses)) {
        const status = record(item)
        const id = text(status.id)
        const word = deliveryStatuses.find((s) => s === status.status)
        if (!id || id.length > 200 || !word) continue
        events.push({
          providerMessageId: id,
          status: word,
          at: isoFromUnix(status.timestamp),
          error: word === 'failed' ? statusError(status) : null,
        })
      }
    }
  }
  return events
}

function readCallback(
  settings: WhatsappCloudSettings,
  rawBody: Buffer | string,
  headers: IncomingHttpHeaders,
): DeliveryEvent[] {
  const given = headers[signatureHeader]
  if (typeof given !== 'string' || given === '') {
    throw new ValidationError('This callback carries no X-Hub-Signature-256: it was not sent by WhatsApp.')
  }
  if (!signatureMatches(settings.appSecret, rawBody, given)) {
    throw new ValidationError(
      'This callback’s X-Hub-Signature-256 is not its body signed with the app secret (WHATSAPP_APP_SECRET).',
    )
  }
  let body: unknown
  try {
    body = JSON.parse(rawBody.toString())
  } catch {
    throw new ValidationError('The callback’s body is not valid JSON.')
  }
  return readStatuses(body, settings.phoneNumberId)
}

/**
 * Meta's subscription check (GET with hub.mode, hub.verify_token, hub.challenge): the challenge when the
 * token is the shop's. Only a challenge of letters and digits is repeated, so the answer never carries
 * markup a stranger chose.
 */
function answerChallenge(verifyToken: string, query: Record<string, string>): string | null {
  const token = query['hub.verify_token']
  const challenge = query['hub.challenge']
  if (query['hub.mode'] !== 'subscribe' || typeof token !== 'string' || typeof challenge !== 'string')
    return null
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(challenge)) return null
  return sameToken(verifyToken, token) ? challenge : null
}

// --- The REST API.

/** The Cloud API over fetch; the base URL is a setting so the tests use the stand-in. */
export function createWhatsappCloudProvider(settings: WhatsappCloudSettings): MessagingProvider {
  const endpoint = `${settings.apiUrl.replace(/\/+$/, '')}/${settings.apiVersion}/${encodeURIComponent(settings.phoneNumberId)}/messages`
  const timeoutMs = settings.timeoutMs ?? 15_000

  async function send(message: OutgoingMessage) {
    const spec = messageTemplates[message.template]
    if (message.params.length !== spec.params.length) {
      throw new MessagingProviderError(
        `The ${message.template} template takes ${spec.params.length} parameter(s), not ${message.params.length}.`,
        false,
      )
    }
    const scrub = scrubber([
      settings.accessToken,
      message.to,
      message.to.replace(/\D/g, ''),
      message.to.slice(-10),
      ...message.params,
    ])
    let res: Response
    try {
      res = await fetch(endpoint, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${settings.accessToken}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify(templateMessageBody(message, settings)),
        signal: AbortSignal.timeout(timeoutMs),
      })
    } catch (e) {
      if (failedToConnect(e)) {
        throw new MessagingProviderError(
          'WhatsApp could not be reached; the message will be tried again.',
          true,
        )
      }
      // Sent, perhaps taken, and no answer: another attempt could deliver it twice.
      throw new MessagingProviderError(
        e instanceof Error && e.name === 'TimeoutError'
          ? `WhatsApp did not answer within ${Math.round(timeoutMs / 1000)} s: the message may have been sent, so it is not sent again.`
          : 'The connection to WhatsApp broke before it answered: the message may have been sent, so it is not sent again.',
        false,
      )
    }
    let json: unknown = null
    try {
      const raw = await res.text()
      json = raw ? JSON.parse(raw) : null
    } catch {
      json = null
    }
    if (res.ok) {
      const id = text(record(list(record(json).messages)[0]).id)
      if (id && id.length <= 200) return { providerMessageId: id }
      throw new MessagingProviderError(
        'WhatsApp took the message but its answer named no message id: it may have been sent, so it is not sent again.',
        false,
      )
    }
    const error = graphError(json)
    const reason = scrub(reasonOf(error, res.status))
    if (res.status === 429 || (error.code !== null && throttlingCodes.has(error.code))) {
      throw new MessagingProviderError(
        `WhatsApp is limiting the shop’s messages just now: ${reason}. It will be tried again.`,
        true,
      )
    }
    if (res.status >= 500 || (error.code !== null && troubleCodes.has(error.code)) || error.transient) {
      throw new MessagingProviderError(
        `WhatsApp is not working properly just now (HTTP ${res.status}): ${reason}. It will be tried again.`,
        true,
      )
    }
    if (res.status === 401 || error.code === 190) {
      throw new MessagingProviderError(
        `WhatsApp refused the shop’s access token (WHATSAPP_ACCESS_TOKEN): ${reason}.`,
        false,
      )
    }
    throw new MessagingProviderError(`WhatsApp refused the message: ${reason}.`, false)
  }

  return {
    name: 'whatsapp-cloud',
    channel: 'whatsapp',
    send,
    webhook: {
      headers: z.object({ [signatureHeader]: z.string().max(200).optional() }).passthrough(),
      description:
        'Authenticated by `X-Hub-Signature-256`: "sha256=" and the hex HMAC-SHA256 of the raw body with the Meta app’s secret (WHATSAPP_APP_SECRET). Meta’s subscription check is a GET answered with `hub.challenge` when `hub.mode` is subscribe and `hub.verify_token` is WHATSAPP_VERIFY_TOKEN. The statuses of sent messages are read (sent, delivered, read, failed); customers’ own messages are ignored.',
      read: (rawBody, headers) => readCallback(settings, rawBody, headers),
      challenge: (query) => answerChallenge(settings.verifyToken, query),
    },
  }
}
