import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { IncomingHttpHeaders } from 'node:http'
import { z } from 'zod'
import { ValidationError } from '../../http/errors.ts'
import {
  type CheckoutResult,
  type PaymentEvent,
  type PaymentProvider,
  PaymentProviderError,
  type ProviderPayment,
  type WebhookDelivery,
} from './provider.ts'

/**
 * Razorpay (decision 116): its settings, its signatures and webhooks, and its REST API over fetch. The
 * sandbox speaks the same protocol with secrets of its own, and `razorpay-stand-in.ts` is the local copy
 * of the API the tests start.
 */

// --- Settings: Razorpay's own variables, checked with the rest of the environment at start (server/config.ts).

export const razorpayEnv = {
  RAZORPAY_KEY_ID: z.string().min(1).optional(),
  RAZORPAY_KEY_SECRET: z.string().min(1).optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().min(1).optional(),
  RAZORPAY_API_URL: z.url().default('https://api.razorpay.com'),
}
const razorpayEnvSchema = z.object(razorpayEnv)
export type RazorpayEnv = z.output<typeof razorpayEnvSchema>

export type RazorpaySettings = {
  apiUrl: string
  keyId: string
  keySecret: string
  webhookSecret: string
  timeoutMs?: number
}

// Real payments need all three: without the webhook secret, paid orders would never be confirmed.
const requiredVariables = ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'] as const

/** The variables `PAYMENT_PROVIDER=razorpay` needs that the environment lacks. */
export const missingRazorpayVariables = (env: RazorpayEnv): string[] =>
  requiredVariables.filter((name) => !env[name])

/** Razorpay's settings from a checked environment. */
export function razorpaySettings(env: RazorpayEnv): RazorpaySettings {
  const missing = missingRazorpayVariables(env)
  if (missing.length > 0) throw new Error(`PAYMENT_PROVIDER=razorpay needs ${missing.join(', ')}`)
  return {
    apiUrl: env.RAZORPAY_API_URL,
    keyId: env.RAZORPAY_KEY_ID!,
    keySecret: env.RAZORPAY_KEY_SECRET!,
    webhookSecret: env.RAZORPAY_WEBHOOK_SECRET!,
  }
}

// --- The protocol: checkout signatures and signed webhooks.

const hmacHex = (secret: string, data: string | Buffer) =>
  createHmac('sha256', secret).update(data).digest('hex')

/** Constant-time comparison of two hex signatures. */
function signatureMatches(expectedHex: string, givenHex: string): boolean {
  if (!/^[0-9a-f]+$/i.test(givenHex)) return false
  const a = Buffer.from(expectedHex, 'hex')
  const b = Buffer.from(givenHex.toLowerCase(), 'hex')
  return a.length === b.length && timingSafeEqual(a, b)
}

/** The checkout signature: HMAC-SHA256(order id + '|' + payment id) with the key secret. */
export const checkoutSignature = (keySecret: string, providerOrderId: string, paymentId: string) =>
  hmacHex(keySecret, `${providerOrderId}|${paymentId}`)

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
/** Ids shaped like Razorpay's: a prefix and 14 letters or digits (`order_…`, `pay_…`). */
export function razorpayId(prefix: 'order' | 'pay' | 'rfnd' | 'evt'): string {
  let s = ''
  for (const b of randomBytes(14)) s += alphabet[b % alphabet.length]
  return `${prefix}_${s}`
}

const signatureHeader = 'x-razorpay-signature'
const eventIdHeader = 'x-razorpay-event-id'

/** A webhook body signed as Razorpay signs it, with its headers. */
export function signedWebhook(webhookSecret: string, body: string, eventId?: string): WebhookDelivery {
  return {
    body,
    headers: {
      [signatureHeader]: hmacHex(webhookSecret, body),
      ...(eventId ? { [eventIdHeader]: eventId } : {}),
    },
  }
}

/**
 * The key a delivery is applied once by, taken from what the signature covers (decision 042): the body's
 * own `id`, else a hash of the signed bytes. The X-Razorpay-Event-Id header is not signed: keyed on it, a
 * replay under a new header would apply again, and a forged header could hide a genuine event.
 */
export function signedEventId(event: { id?: unknown }, rawBody: Buffer | string): string {
  if (typeof event.id === 'string' && /^[\w-]{1,100}$/.test(event.id)) return event.id
  return `body_${createHash('sha256').update(rawBody).digest('hex')}`
}

const text = (v: unknown) => (typeof v === 'string' ? v : undefined)
const count = (v: unknown) => (typeof v === 'number' ? v : undefined)

/** Razorpay's event body, as far as the shop reads it. */
type EventBody = {
  id?: unknown
  event?: unknown
  payload?: {
    payment?: {
      entity?: { id?: unknown; order_id?: unknown; amount?: unknown; currency?: unknown; method?: unknown }
    }
    order?: { entity?: { id?: unknown; amount?: unknown } }
  }
}

/** Checks a delivery's signature on the raw bytes, then reads what it says. */
function readWebhook(
  webhookSecret: string,
  rawBody: Buffer | string,
  headers: IncomingHttpHeaders,
): PaymentEvent {
  const signature = headers[signatureHeader]
  if (typeof signature !== 'string' || !signatureMatches(hmacHex(webhookSecret, rawBody), signature)) {
    throw new ValidationError('Invalid webhook signature.')
  }
  let event: EventBody
  try {
    event = JSON.parse(rawBody.toString())
  } catch {
    throw new ValidationError('The webhook body is not valid JSON.')
  }
  if (!event || typeof event !== 'object' || Array.isArray(event)) {
    throw new ValidationError('The webhook body is not a JSON object.')
  }
  const name = String(event.event ?? 'unknown')
  const payment = event.payload?.payment?.entity
  const order = event.payload?.order?.entity
  return {
    key: signedEventId(event, rawBody),
    name,
    kind:
      name === 'payment.captured' || name === 'order.paid'
        ? 'captured'
        : name === 'payment.failed'
          ? 'failed'
          : 'other',
    providerOrderId: text(payment?.order_id) ?? text(order?.id),
    paymentId: text(payment?.id),
    amount: count(payment?.amount) ?? count(order?.amount),
    currency: text(payment?.currency),
    method: text(payment?.method),
    payload: event,
  }
}

/**
 * Razorpay's checkout and webhook checks with a key secret and a webhook secret: the real adapter's, and the
 * sandbox's with its own secrets, so the browser's flow and the spec's fields are the same for both.
 */
export function razorpayProtocol(secrets: { keySecret: string; webhookSecret: string }) {
  return {
    checkoutSigned(result: CheckoutResult) {
      const expected = checkoutSignature(secrets.keySecret, result.providerOrderId, result.paymentId)
      return signatureMatches(expected, result.signature)
    },
    webhook: {
      headers: z
        .object({
          [signatureHeader]: z.string().max(200).optional(),
          [eventIdHeader]: z.string().max(100).optional(),
        })
        .passthrough(),
      description:
        'Authenticated by `X-Razorpay-Signature`: HMAC-SHA256 of the raw body with the webhook secret. Each event is applied once, known by the signed body’s `id` (else a hash of the signed body); the unsigned `X-Razorpay-Event-Id` header is not used for that.',
      read: (rawBody: Buffer | string, headers: IncomingHttpHeaders) =>
        readWebhook(secrets.webhookSecret, rawBody, headers),
    },
  }
}

// --- The REST API: orders, payments and refunds.

/** A payment entity as Razorpay's API answers it. */
type PaymentEntity = {
  id: string
  order_id: string
  status: string
  amount: number
  currency?: string
  method?: string
}

const fromEntity = (p: PaymentEntity): ProviderPayment => ({
  id: p.id,
  providerOrderId: p.order_id,
  status: p.status,
  amount: p.amount,
  currency: p.currency,
  ...(typeof p.method === 'string' ? { method: p.method } : {}),
})

/** Razorpay's REST API over fetch; the base URL is a setting so the tests use the stand-in. */
export function createRazorpayProvider(settings: RazorpaySettings): PaymentProvider {
  const base = settings.apiUrl.replace(/\/+$/, '')
  const auth = `Basic ${Buffer.from(`${settings.keyId}:${settings.keySecret}`).toString('base64')}`

  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    let res: Response
    try {
      res = await fetch(`${base}/v1${path}`, {
        method,
        headers: { authorization: auth, 'content-type': 'application/json', accept: 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(settings.timeoutMs ?? 15_000),
      })
    } catch {
      throw new PaymentProviderError()
    }
    const json = (await res.json().catch(() => null)) as (T & { error?: { description?: string } }) | null
    if (!res.ok || !json) {
      const reason = json?.error?.description
      throw new PaymentProviderError(
        reason ? `The payment service refused the request: ${reason}` : undefined,
      )
    }
    return json
  }

  return {
    name: 'razorpay',
    ...razorpayProtocol(settings),
    paymentWindow: () => ({ key: settings.keyId }),
    async createOrder(input) {
      const order = await call<{ id: string; amount: number; currency: string }>('POST', '/orders', input)
      return { id: order.id, amount: order.amount, currency: order.currency }
    },
    async fetchPayment(paymentId) {
      return fromEntity(await call<PaymentEntity>('GET', `/payments/${encodeURIComponent(paymentId)}`))
    },
    async fetchOrderPayments(providerOrderId) {
      const list = await call<{ items?: PaymentEntity[] }>(
        'GET',
        `/orders/${encodeURIComponent(providerOrderId)}/payments`,
      )
      return (list.items ?? []).map(fromEntity)
    },
    async refund(paymentId, amount, notes) {
      const refund = await call<{ id: string; status: string }>(
        'POST',
        `/payments/${encodeURIComponent(paymentId)}/refund`,
        { amount, ...(notes ? { notes } : {}) },
      )
      return { id: refund.id, status: refund.status }
    },
  }
}
