import { createHash, timingSafeEqual } from 'node:crypto'
import type { IncomingHttpHeaders } from 'node:http'
import { z } from 'zod'
import type { TrackingStatus } from '../../../contracts/shipments.ts'
import { UnauthorizedError, ValidationError } from '../../http/errors.ts'
import {
  type ParcelBooking,
  type ProviderRemittance,
  type ProviderShipment,
  type ProviderTrackingEvent,
  type ReturnPickupBooking,
  type ShippingProvider,
  ShippingProviderError,
  type TrackingNotice,
} from './provider.ts'

/**
 * Shiprocket (decisions 116 and 135): its settings, its sign-in, its REST API (`/v1/external`) over fetch,
 * its tracking words and its webhook. Written against Shiprocket's published API collection
 * (apidocs.shiprocket.in); `shiprocket-stand-in.ts` is the local copy of that API the tests start.
 */

// --- Settings: Shiprocket's own variables, checked with the rest of the environment at start (server/config.ts).

export const shiprocketEnv = {
  SHIPROCKET_EMAIL: z.string().min(1).optional(),
  SHIPROCKET_PASSWORD: z.string().min(1).optional(),
  SHIPROCKET_WEBHOOK_TOKEN: z.string().min(1).optional(),
  SHIPROCKET_PICKUP_LOCATION: z.string().min(1).optional(),
  SHIPROCKET_API_URL: z.url().default('https://apiv2.shiprocket.in'),
  // The longest one call may take before staff are told the courier did not answer (and may press Ship again).
  SHIPROCKET_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
}
const shiprocketEnvSchema = z.object(shiprocketEnv)
export type ShiprocketEnv = z.output<typeof shiprocketEnvSchema>

export type ShiprocketSettings = {
  apiUrl: string
  /** The API user's email and password (Settings → API in the Shiprocket panel), not the account's own login. */
  email: string
  password: string
  /** The security token set with the webhook in the panel; Shiprocket sends it back in `x-api-key`. */
  webhookToken: string
  /** The nickname of a pickup address already saved in the panel: Shiprocket refuses an order naming another. */
  pickupLocation: string
  timeoutMs?: number
  /** The clock the sign-in token is aged by (milliseconds since 1970); the tests move it. */
  now?: () => number
}

// All four: without the sign-in nothing is booked, without the pickup address no order is accepted, and without
// the webhook token anyone could post tracking callbacks to the shop.
const requiredVariables = [
  'SHIPROCKET_EMAIL',
  'SHIPROCKET_PASSWORD',
  'SHIPROCKET_WEBHOOK_TOKEN',
  'SHIPROCKET_PICKUP_LOCATION',
] as const

/** The variables `SHIPPING_PROVIDER=shiprocket` needs that the environment lacks. */
export const missingShiprocketVariables = (env: ShiprocketEnv): string[] =>
  requiredVariables.filter((name) => !env[name])

/** Shiprocket's settings from a checked environment. */
export function shiprocketSettings(env: ShiprocketEnv): ShiprocketSettings {
  const missing = missingShiprocketVariables(env)
  if (missing.length > 0) throw new Error(`SHIPPING_PROVIDER=shiprocket needs ${missing.join(', ')}`)
  return {
    apiUrl: env.SHIPROCKET_API_URL,
    email: env.SHIPROCKET_EMAIL!,
    password: env.SHIPROCKET_PASSWORD!,
    webhookToken: env.SHIPROCKET_WEBHOOK_TOKEN!,
    pickupLocation: env.SHIPROCKET_PICKUP_LOCATION!,
    timeoutMs: env.SHIPROCKET_TIMEOUT_MS,
  }
}

// --- Shiprocket's words: money, dates, phone numbers and answers.

/** Rupees for Shiprocket from whole paise: one division of an integer, so 1234_50 is written 1234.5, never 1234.4999. */
const rupees = (paise: number) => paise / 100

/** Whole paise of an amount Shiprocket writes in rupees ("9000.00", 345, "345.5"), read digit by digit. */
export function paiseOf(value: unknown): number | null {
  const written =
    typeof value === 'number' && Number.isFinite(value)
      ? String(value)
      : typeof value === 'string'
        ? value.trim().replace(/,/g, '')
        : ''
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(written)
  if (!m) return null
  const fraction = (m[3] ?? '').padEnd(3, '0')
  const paise = Number(m[2]) * 100 + Number(fraction.slice(0, 2)) + (Number(fraction[2]) >= 5 ? 1 : 0)
  return m[1] ? -paise : paise
}

const istOffsetMs = 5.5 * 3600_000
const dayMs = 24 * 3600_000
const istDay = (ms: number) => new Date(ms + istOffsetMs).toISOString().slice(0, 10)

/** A moment as Shiprocket's `order_date` takes it: Indian time, "YYYY-MM-DD HH:mm". */
function istMinute(at: Date): string {
  const t = new Date(at.getTime() + istOffsetMs).toISOString()
  return `${t.slice(0, 10)} ${t.slice(11, 16)}`
}

/** A calendar day that exists, as YYYY-MM-DD, else null (Date.UTC would roll 31 February into March). */
function realDay(year: number, month: number, day: number): string | null {
  const d = new Date(Date.UTC(year, month - 1, day))
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day
    ? d.toISOString().slice(0, 10)
    : null
}

/**
 * Shiprocket's scan times, "YYYY-MM-DD HH:mm:ss" in Indian time without an offset, as ISO 8601 in UTC (the
 * sandbox's form, so events of either provider sort alike); null for anything else.
 */
export function isoFromIst(value: unknown): string | null {
  if (typeof value !== 'string') return null
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?/.exec(value.trim())
  if (!m || !realDay(+m[1]!, +m[2]!, +m[3]!) || +m[4]! > 23 || +m[5]! > 59 || +(m[6] ?? 0) > 59) return null
  const ms = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +(m[6] ?? 0)) - istOffsetMs
  return new Date(ms).toISOString()
}

const monthNames = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']

/**
 * The day of a date Shiprocket writes, in any of the forms its answers use ("2021-12-10 12:39:54",
 * "21 Sep 2022", "21st Sep 2022 05:28 PM", "10-12-2021"), as YYYY-MM-DD; null when it is not a date.
 */
export function dayOf(value: unknown): string | null {
  if (typeof value !== 'string') return null
  const t = value.trim()
  let m = /^(\d{4})-(\d{2})-(\d{2})/.exec(t)
  if (m) return realDay(+m[1]!, +m[2]!, +m[3]!)
  m = /^(\d{1,2})(?:st|nd|rd|th)?[ -]([A-Za-z]{3})[a-z]*,?[ -](\d{4})/.exec(t)
  if (m) {
    const month = monthNames.indexOf(m[2]!.toLowerCase()) + 1
    return month ? realDay(+m[3]!, month, +m[1]!) : null
  }
  m = /^(\d{1,2})[/-](\d{1,2})[/-](\d{4})/.exec(t)
  return m ? realDay(+m[3]!, +m[2]!, +m[1]!) : null
}

/** Shiprocket takes the ten digits of an Indian mobile number: +91, a leading 0 and spaces are dropped. */
function tenDigits(phone: string): string {
  const d = phone.replace(/\D/g, '')
  if (d.length === 12 && d.startsWith('91')) return d.slice(2)
  if (d.length === 11 && d.startsWith('0')) return d.slice(1)
  return d
}

/** Shiprocket's ids are numbers in its examples; the shop keeps them as text. */
const idOf = (id: string): number | string => (/^\d{1,15}$/.test(id) ? Number(id) : id)

/** A value Shiprocket sends as text or a number, trimmed; null when empty ("", null, "NA"). */
function text(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value)
  if (typeof value !== 'string') return null
  const t = value.trim()
  return t && t.toUpperCase() !== 'NA' ? t : null
}

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : [])

/** What Shiprocket said when it refused: its `message` and each field's errors, as one sentence or two. */
function reasonOf(json: unknown): string | null {
  const body = record(json)
  const parts: string[] = []
  const message = text(body.message) ?? text(body.error)
  if (message) parts.push(message)
  const errors = body.errors
  const details = Array.isArray(errors)
    ? errors
    : Object.values(record(errors)).flatMap((v) => list(v).concat(text(v) ?? []))
  for (const d of details) {
    const t = text(d)
    if (t && !parts.includes(t)) parts.push(t)
  }
  if (parts.length === 0) return null
  return parts
    .map((p) => (/[.!?]$/.test(p) ? p : `${p}.`))
    .join(' ')
    .slice(0, 600)
}

/** Shiprocket refused a call (an answer in the 400s): its words, and the body for the calls that read it. */
class ShiprocketRefusal extends ShippingProviderError {
  readonly status: number
  readonly body: Record<string, unknown>
  readonly reason: string
  constructor(status: number, json: unknown, action: string, reason: string) {
    super(`Shiprocket refused to ${action}: ${reason}`)
    this.status = status
    this.body = record(json)
    this.reason = reason
  }
}

// --- Tracking: Shiprocket's shipment status codes in the shop's words.

/**
 * Shiprocket's shipment status codes (its Tracking and Shipments tables, the `sr-status` of each scan and
 * `tracking_data.shipment_status`). Null: known, but none of the shop's words says it (a lost, damaged or
 * destroyed parcel, a partial delivery, a cancellation only requested); such a scan is left out and the
 * parcel keeps its last state. Codes not here are read by their label (`wordsStatus`).
 */
const codeStatus: Record<number, TrackingStatus | null> = {
  1: 'Booked', // AWB Assigned
  2: 'Booked', // Label Generated
  3: 'Booked', // Pickup Scheduled/Generated
  4: 'Booked', // Pickup Queued
  5: 'Booked', // Manifest Generated
  11: 'Booked', // Pending
  13: 'Booked', // Pickup Error
  15: 'Booked', // Pickup Rescheduled
  19: 'Booked', // Out For Pickup
  20: 'Booked', // Pickup Exception
  27: 'Booked', // Pickup Booked
  52: 'Booked', // Shipment Booked
  42: 'Picked up', // Picked Up
  51: 'Picked up', // Handover to Courier
  6: 'In transit', // Shipped
  18: 'In transit', // In Transit
  22: 'In transit', // Delayed
  38: 'In transit', // Reached at Destination Hub
  39: 'In transit', // Misrouted
  48: 'In transit', // Reached Warehouse
  49: 'In transit', // Custom Cleared
  50: 'In transit', // In Flight
  54: 'In transit', // In Transit Overseas
  55: 'In transit', // Connection Aligned
  56: 'In transit', // Reached Overseas Warehouse
  57: 'In transit', // Custom Cleared Overseas
  17: 'Out for delivery', // Out For Delivery
  21: 'Delivery failed', // Undelivered
  77: 'Delivery failed', // Issue Related to the Recipient
  7: 'Delivered', // Delivered
  8: 'Cancelled', // Canceled
  45: 'Cancelled', // Cancelled Before Dispatched
  9: 'Returning to origin', // RTO Initiated
  40: 'Returning to origin', // RTO NDR
  41: 'Returning to origin', // RTO OFD
  46: 'Returning to origin', // RTO In Transit
  75: 'Returning to origin', // RTO Lock
  78: 'Returning to origin', // Reached Back at Seller City
  10: 'Returned to origin', // RTO Delivered
  14: 'Returned to origin', // RTO Acknowledged: the shop confirmed it has the parcel back
  12: null, // Lost
  16: null, // Cancellation Requested
  23: null, // Partial Delivered
  24: null, // Destroyed
  25: null, // Damaged
  26: null, // Fulfilled
  43: null, // Self Fulfilled
  44: null, // Disposed Off
  47: null, // QC Failed
  76: null, // Untraceable
}

/**
 * A status Shiprocket names only by its label (a code added after the table above): read by its words, the
 * return to origin first since its labels also say "delivered"; a label that is clearly a movement is in
 * transit; anything else is left out.
 */
function wordsStatus(label: unknown): TrackingStatus | null {
  const l =
    typeof label === 'string' ? label.toUpperCase().replace(/[_-]+/g, ' ').replace(/\s+/g, ' ').trim() : ''
  if (!l || l === 'NA') return null
  if (/\bRTO\b|RETURN(ED|ING)? TO ORIGIN/.test(l)) {
    return /DELIVERED|ACKNOWLEDGED/.test(l) ? 'Returned to origin' : 'Returning to origin'
  }
  if (
    /LOST|DAMAGED|DESTROYED|DISPOSED|UNTRACEABLE|QC FAIL|PARTIAL|CANCELLATION REQUESTED|FULFILLED/.test(l)
  ) {
    return null
  }
  if (/CANCEL/.test(l)) return 'Cancelled'
  if (/OUT FOR DELIVERY|\bOFD\b/.test(l)) return 'Out for delivery'
  if (/UNDELIVERED|NOT DELIVERED|DELIVERY FAIL|FAILED DELIVERY|DELIVERY ATTEMPT|\bNDR\b/.test(l)) {
    return 'Delivery failed'
  }
  if (/\bDELIVERED\b/.test(l)) return 'Delivered'
  if (/PICKED UP|PICKUP DONE|PICKUP COMPLETED|HANDOVER TO COURIER|HANDED OVER/.test(l)) return 'Picked up'
  if (/OUT FOR PICKUP|PICKUP|AWB ASSIGNED|LABEL GENERATED|MANIFEST|BOOKED/.test(l)) return 'Booked'
  if (
    /TRANSIT|SHIPPED|REACHED|\bHUB\b|IN FLIGHT|DISPATCHED|DEPARTED|ARRIVED|CONNECTED|FORWARDED|MISROUTED/.test(
      l,
    )
  ) {
    return 'In transit'
  }
  return null
}

/** A status code (number or digits) and its label in the shop's words; null when none fits. */
export function shiprocketStatus(code: unknown, label: unknown): TrackingStatus | null {
  const n =
    typeof code === 'number' ? code : typeof code === 'string' && /^\d+$/.test(code.trim()) ? +code : NaN
  return Object.hasOwn(codeStatus, n) ? codeStatus[n]! : wordsStatus(label)
}

// --- The webhook: a static token in `x-api-key`, no signature.

const tokenHeader = 'x-api-key'

/** Constant time whatever the lengths: both sides are hashed first. */
function sameToken(expected: string, given: string): boolean {
  const a = createHash('sha256').update(expected).digest()
  const b = createHash('sha256').update(given).digest()
  return timingSafeEqual(a, b)
}

function readCallback(
  webhookToken: string,
  rawBody: Buffer | string,
  headers: IncomingHttpHeaders,
): TrackingNotice {
  const given = headers[tokenHeader]
  if (typeof given !== 'string' || given === '') {
    throw new UnauthorizedError(
      'This tracking callback carries no x-api-key token: it was not sent by Shiprocket.',
    )
  }
  if (!sameToken(webhookToken, given)) {
    throw new UnauthorizedError(
      'This tracking callback’s x-api-key is not the token set for the webhook (SHIPROCKET_WEBHOOK_TOKEN).',
    )
  }
  let body: unknown
  try {
    body = JSON.parse(rawBody.toString())
  } catch {
    throw new ValidationError('The tracking callback’s body is not valid JSON.')
  }
  const awb = record(body).awb
  if (typeof awb !== 'string' || !/^[\w-]{1,64}$/.test(awb.trim())) {
    throw new ValidationError('The tracking callback does not name a parcel (awb).')
  }
  return { awb: awb.trim(), payload: body }
}

// --- The order Shiprocket books.

/**
 * Shiprocket's custom order (`POST /orders/create/adhoc`) for a booking, amounts in rupees. Shiprocket does not
 * add up the order: its total, the cash a courier collects on delivery, is `sub_total` with the shipping and
 * transaction charges, less `total_discount`. Whatever else the order's total holds (a cash-on-delivery fee)
 * goes in `transaction_charges`, so the two totals agree to the paisa.
 */
function orderBody(b: ParcelBooking, pickupLocation: string) {
  const goods = b.items.reduce((sum, i) => sum + i.price * i.units, 0)
  const rest = b.total - (goods + b.shippingCharge - b.discount)
  return {
    order_id: b.reference,
    order_date: istMinute(b.placedAt),
    pickup_location: pickupLocation,
    billing_customer_name: b.to.firstName,
    billing_last_name: b.to.lastName,
    billing_address: b.to.address,
    billing_address_2: b.to.apartment ?? '',
    billing_city: b.to.city,
    billing_pincode: b.to.postalCode,
    billing_state: b.to.state,
    billing_country: b.to.country,
    ...(b.to.email ? { billing_email: b.to.email } : {}),
    billing_phone: tenDigits(b.to.phone),
    shipping_is_billing: true,
    order_items: b.items.map((i) => ({
      name: i.name,
      sku: i.sku,
      units: i.units,
      selling_price: rupees(i.price),
    })),
    payment_method: b.payment === 'cod' ? 'COD' : 'Prepaid',
    shipping_charges: rupees(b.shippingCharge),
    transaction_charges: rupees(Math.max(rest, 0)),
    total_discount: rupees(b.discount + Math.max(-rest, 0)),
    sub_total: rupees(goods),
    length: b.parcel.lengthCm,
    breadth: b.parcel.breadthCm,
    height: b.parcel.heightCm,
    weight: b.parcel.grams / 1000,
    ...(b.ewayBill ? { ewaybill_no: b.ewayBill } : {}),
  }
}

/** A pickup address saved in the Shiprocket panel (`GET /settings/company/pickup`), as the shop reads it. */
type PickupAddress = {
  name: string
  address: string
  address2: string
  city: string
  state: string
  country: string
  pinCode: string
  email: string | null
  phone: string
}

/**
 * Shiprocket's return order (`POST /orders/create/return`, Create a Return Order) for a reverse pickup, amounts
 * in rupees: `pickup_*` is the customer the courier collects from, `shipping_*` the shop's own pickup address
 * the parcel goes back to. Always prepaid (Shiprocket: "This should always be prepaid"); no doorstep quality
 * check, since the shop inspects the pieces when they arrive.
 */
function returnOrderBody(b: ReturnPickupBooking, shop: PickupAddress) {
  return {
    order_id: b.reference,
    order_date: istMinute(b.placedAt),
    pickup_customer_name: b.from.firstName,
    pickup_last_name: b.from.lastName,
    pickup_address: b.from.address,
    pickup_address_2: b.from.apartment ?? '',
    pickup_city: b.from.city,
    pickup_state: b.from.state,
    pickup_country: b.from.country,
    pickup_pincode: b.from.postalCode,
    // Shiprocket requires it; without one it refuses in its own words, which staff see.
    ...(b.from.email ? { pickup_email: b.from.email } : {}),
    pickup_phone: tenDigits(b.from.phone),
    shipping_customer_name: shop.name,
    shipping_address: shop.address,
    shipping_address_2: shop.address2,
    shipping_city: shop.city,
    shipping_state: shop.state,
    shipping_country: shop.country,
    shipping_pincode: shop.pinCode,
    ...(shop.email ? { shipping_email: shop.email } : {}),
    shipping_phone: tenDigits(shop.phone),
    order_items: b.items.map((i) => ({
      name: i.name,
      sku: i.sku,
      units: i.units,
      selling_price: rupees(i.price),
      qc_enable: false,
    })),
    payment_method: 'Prepaid',
    sub_total: rupees(b.total),
    length: b.parcel.lengthCm,
    breadth: b.parcel.breadthCm,
    height: b.parcel.heightCm,
    weight: b.parcel.grams / 1000,
  }
}

/** An order of Shiprocket's list (`GET /orders`), as far as the shop reads it. */
type ListedOrder = {
  id?: unknown
  channel_order_id?: unknown
  status?: unknown
  status_code?: unknown
  payment_method?: unknown
  /** The return orders' list (`GET /orders/processing/return`) names the shipment here. */
  shipment_id?: unknown
  shipments?: Array<{ id?: unknown; awb?: unknown; courier?: unknown; delivered_date?: unknown }>
}
type OrdersPage = { data?: ListedOrder[]; meta?: { pagination?: { total_pages?: unknown } } }

/** A cancelled order: by its status words, else by its order status code (5, CANCELED, in Shiprocket's examples). */
const isCancelled = (o: { status?: unknown; status_code?: unknown }) =>
  text(o.status) ? /^CANCEL/i.test(text(o.status)!) : Number(o.status_code) === 5

// --- The REST API.

/** Shiprocket's token lasts 10 days (240 hours): it is renewed a day early, never carried to its last hour. */
const renewAfterMs = 9 * dayMs
/** Orders booked this long before the day asked about are not searched for its COD remittances. */
const remittanceOrderDays = 90
/** COD is remitted within about ten working days of delivery: parcels delivered before this are paid already. */
const remittanceDeliveryDays = 30
/** Pages of an order list read at most, so a mistaken search never pages through a whole account. */
const maxPages = 40

type Answer = { status: number; json: unknown }
type Session = { token: string; issuedAt: number }

/** Shiprocket's REST API over fetch; the base URL is a setting so the tests use the stand-in. */
export function createShiprocketProvider(settings: ShiprocketSettings): ShippingProvider {
  const base = `${settings.apiUrl.replace(/\/+$/, '')}/v1/external`
  const timeoutMs = settings.timeoutMs ?? 15_000
  const now = settings.now ?? Date.now
  let session: Session | null = null
  let signingIn: Promise<Session> | null = null

  /** An error's words never carry the password or the token, whatever Shiprocket echoes. */
  const scrub = (words: string) => {
    let s = words.split(settings.password).join('[hidden]')
    if (session) s = s.split(session.token).join('[hidden]')
    return s
  }

  async function send(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    token: string | null,
  ): Promise<Answer> {
    try {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: {
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      })
      const raw = await res.text()
      let json: unknown = null
      try {
        json = raw ? JSON.parse(raw) : null
      } catch {
        json = null
      }
      return { status: res.status, json }
    } catch (e) {
      const late = e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError')
      throw new ShippingProviderError(
        late
          ? 'Shiprocket did not answer in time. Please try again in a minute.'
          : 'Shiprocket could not be reached. Please try again in a minute.',
      )
    }
  }

  async function signIn(): Promise<Session> {
    const answer = await send(
      'POST',
      '/auth/login',
      { email: settings.email, password: settings.password },
      null,
    )
    if (answer.status >= 500) {
      throw new ShippingProviderError(
        'Shiprocket’s sign-in is not working just now. Please try again in a minute.',
      )
    }
    const token = text(record(answer.json).token)
    if (answer.status < 200 || answer.status > 299 || !token) {
      const reason = reasonOf(answer.json)
      throw new ShippingProviderError(
        scrub(
          `Shiprocket refused to sign the shop in${reason ? `: ${reason}` : '.'} Check SHIPROCKET_EMAIL and SHIPROCKET_PASSWORD: they are those of an API user (Settings → API in the Shiprocket panel).`,
        ),
      )
    }
    return { token, issuedAt: now() }
  }

  /** The token to send: the one held while it is young enough, else a new one (one sign-in for concurrent calls). */
  function currentToken(): Promise<string> {
    if (session && now() - session.issuedAt < renewAfterMs) return Promise.resolve(session.token)
    signingIn ??= signIn()
      .then((s) => {
        session = s
        return s
      })
      .finally(() => {
        signingIn = null
      })
    return signingIn.then((s) => s.token)
  }

  function judge<T>(answer: Answer, action: string): T {
    const { status, json } = answer
    if (status >= 200 && status < 300) {
      if (json && typeof json === 'object') return json as T
      throw new ShippingProviderError(`Shiprocket’s answer when asked to ${action} could not be read.`)
    }
    if (status === 401) {
      throw new ShippingProviderError(
        'Shiprocket refused the shop’s sign-in even after signing in again. Check that the API user named in SHIPROCKET_EMAIL is still active.',
      )
    }
    if (status === 429) {
      throw new ShippingProviderError(
        'Shiprocket is limiting the shop’s requests just now. Please try again in a minute.',
      )
    }
    if (status >= 500 || status < 400) {
      throw new ShippingProviderError(
        `Shiprocket is not working properly just now (HTTP ${status}). Please try again in a minute.`,
      )
    }
    throw new ShiprocketRefusal(status, json, action, scrub(reasonOf(json) ?? `it answered HTTP ${status}.`))
  }

  /** One call with the bearer token; a 401 (a token that ended early) signs in again once and retries once. */
  async function call<T>(method: 'GET' | 'POST', path: string, body: unknown, action: string): Promise<T> {
    let token = await currentToken()
    let answer = await send(method, path, body, token)
    if (answer.status === 401) {
      if (session?.token === token) session = null
      token = await currentToken()
      answer = await send(method, path, body, token)
    }
    return judge<T>(answer, action)
  }

  /** A label or manifest Shiprocket stored (a public file URL, fetched without the token). */
  async function download(url: string, what: string): Promise<Buffer> {
    const failed = new ShippingProviderError(
      `The ${what} Shiprocket made could not be downloaded. Please try again.`,
    )
    if (!/^https?:\/\//i.test(url)) throw failed
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) })
      const bytes = Buffer.from(await res.arrayBuffer())
      if (!res.ok || bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw failed
      return bytes
    } catch {
      throw failed
    }
  }

  /** One shipment as Shiprocket holds it (`GET /shipments/{id}`): its order, AWB and courier. */
  async function shipmentRecord(id: string) {
    const answer = await call<{ data?: unknown }>(
      'GET',
      `/shipments/${encodeURIComponent(id)}`,
      undefined,
      'read the shipment',
    )
    const data = record(answer.data)
    return { orderId: text(data.order_id), awb: text(data.awb), courier: text(data.courier) }
  }

  /**
   * Every page of an order list (`/orders`, or `/orders/processing/return` for return orders), up to
   * `maxPages`, each order to `visit` until it answers true (found).
   */
  async function eachOrder(
    query: Record<string, string>,
    action: string,
    visit: (o: ListedOrder) => boolean | undefined,
    path = '/orders',
  ) {
    for (let page = 1; page <= maxPages; page++) {
      const params = new URLSearchParams({ ...query, page: String(page) })
      const answer = await call<OrdersPage>('GET', `${path}?${params}`, undefined, action)
      for (const o of answer.data ?? []) if (visit(o)) return
      const pages = Number(answer.meta?.pagination?.total_pages ?? 1)
      if (!(page < pages)) return
    }
  }

  /** The AWB for a shipment; `extra` marks a return's (`is_return: 1`). A lost answer's retry reads the held AWB. */
  async function assignAwb(
    providerShipmentId: string,
    extra: Record<string, unknown>,
  ): Promise<{ awb: string; courier: string }> {
    let refusal: ShippingProviderError
    try {
      const answer = await call<{ awb_assign_status?: unknown; message?: unknown; response?: unknown }>(
        'POST',
        '/courier/assign/awb',
        { shipment_id: idOf(providerShipmentId), ...extra },
        'assign a courier',
      )
      const data = record(record(answer.response).data)
      const awb = text(data.awb_code)
      if (Number(answer.awb_assign_status) === 1 && awb) {
        return { awb, courier: text(data.courier_name) ?? 'Shiprocket' }
      }
      const reason = text(data.awb_assign_error) ?? reasonOf(answer) ?? 'it gave no AWB number.'
      refusal = new ShippingProviderError(`Shiprocket could not assign a courier: ${scrub(reason)}`)
    } catch (e) {
      if (!(e instanceof ShiprocketRefusal)) throw e
      refusal = e
    }
    // A retry after a lost answer is refused because the AWB exists already: the shipment then says which.
    const held = await shipmentRecord(providerShipmentId).catch(() => null)
    if (held?.awb) return { awb: held.awb, courier: held.courier ?? 'Shiprocket' }
    throw refusal
  }

  /** The shop's pickup address saved in the panel under SHIPROCKET_PICKUP_LOCATION: where returns go back to. */
  async function shopAddress(): Promise<PickupAddress> {
    const answer = await call<{ data?: unknown }>(
      'GET',
      '/settings/company/pickup',
      undefined,
      'read the pickup addresses',
    )
    const data = record(answer.data)
    const saved = list(data.shipping_address)
      .map(record)
      .find((a) => text(a.pickup_location) === settings.pickupLocation)
    const address = saved && text(saved.address)
    const city = saved && text(saved.city)
    const state = saved && text(saved.state)
    const pinCode = saved && text(saved.pin_code)
    const phone = saved && text(saved.phone)
    if (!saved || !address || !city || !state || !pinCode || !phone) {
      throw new ShippingProviderError(
        `Shiprocket has no complete pickup address called “${settings.pickupLocation}” (SHIPROCKET_PICKUP_LOCATION): returns are sent back to it. Check it under Settings → Pickup Addresses in the Shiprocket panel.`,
      )
    }
    return {
      name: text(saved.name) ?? text(data.company_name) ?? settings.pickupLocation,
      address,
      address2: text(saved.address_2) ?? '',
      city,
      state,
      country: text(saved.country) ?? 'India',
      pinCode,
      email: text(saved.email),
      phone,
    }
  }

  /** The return order Shiprocket holds under the shop's reference, from its return orders' list. */
  async function heldReturn(reference: string): Promise<ProviderShipment | null> {
    let found: ProviderShipment | null = null
    let cancelled = false
    await eachOrder(
      { per_page: '100' },
      'look the return up',
      (o) => {
        if (String(o.channel_order_id ?? '') !== reference) return false
        const shipment = o.shipments?.[0]
        const orderId = text(o.id)
        const shipmentId = text(o.shipment_id) ?? text(shipment?.id)
        if (/CANCEL/i.test(text(o.status) ?? '')) {
          cancelled = true
          return true
        }
        if (!orderId || !shipmentId) return false
        found = {
          providerOrderId: orderId,
          providerShipmentId: shipmentId,
          awb: text(shipment?.awb),
          courier: text(shipment?.courier),
        }
        return true
      },
      '/orders/processing/return',
    )
    if (cancelled) {
      throw new ShippingProviderError(
        `Shiprocket holds return ${reference} as cancelled and never books a cancelled order id again. Book this pickup in the Shiprocket panel.`,
      )
    }
    return found
  }

  async function generateManifest(ids: string[]): Promise<string | null> {
    const answer = await call<{ manifest_url?: unknown }>(
      'POST',
      '/manifests/generate',
      { shipment_id: ids.map(idOf) },
      'make the manifest',
    )
    return text(answer.manifest_url)
  }

  return {
    name: 'shiprocket',

    async findByReference(reference) {
      let found: ProviderShipment | null = null
      // Shiprocket's search matches AWBs and the shop's order ids loosely: only the exact id is this booking.
      await eachOrder({ search: reference, per_page: '50' }, 'look the booking up', (o) => {
        const shipment = o.shipments?.[0]
        if (
          String(o.channel_order_id ?? '') !== reference ||
          isCancelled(o) ||
          !text(o.id) ||
          !text(shipment?.id)
        ) {
          return false
        }
        found = {
          providerOrderId: text(o.id)!,
          providerShipmentId: text(shipment!.id)!,
          awb: text(shipment!.awb),
          courier: text(shipment!.courier),
        }
        return true
      })
      return found
    },

    async createShipment(booking) {
      const answer = await call<Record<string, unknown>>(
        'POST',
        '/orders/create/adhoc',
        orderBody(booking, settings.pickupLocation),
        'book the parcel',
      )
      // Shiprocket answers an order id it holds with that order, unchanged, even a cancelled one.
      if (isCancelled(answer)) {
        throw new ShippingProviderError(
          `Shiprocket already holds booking ${booking.reference} as cancelled and never books a cancelled order id again. Book this parcel in the Shiprocket panel.`,
        )
      }
      const orderId = text(answer.order_id)
      const shipmentId = text(answer.shipment_id)
      if (!orderId || !shipmentId) {
        const reason = reasonOf(answer)
        throw new ShippingProviderError(
          `Shiprocket did not book the parcel${reason ? `: ${scrub(reason)}` : '.'}`,
        )
      }
      return {
        providerOrderId: orderId,
        providerShipmentId: shipmentId,
        awb: text(answer.awb_code),
        courier: text(answer.courier_name),
      }
    },

    async bookReturnPickup(booking) {
      let made: ProviderShipment
      try {
        const answer = await call<Record<string, unknown>>(
          'POST',
          '/orders/create/return',
          returnOrderBody(booking, await shopAddress()),
          'book the return pickup',
        )
        const orderId = text(answer.order_id)
        const shipmentId = text(answer.shipment_id)
        if (!orderId || !shipmentId) {
          const reason = reasonOf(answer)
          throw new ShippingProviderError(
            `Shiprocket did not book the return pickup${reason ? `: ${scrub(reason)}` : '.'}`,
          )
        }
        made = { providerOrderId: orderId, providerShipmentId: shipmentId, awb: null, courier: null }
      } catch (e) {
        // Unlike a forward order, a return order id is never reused: "The order id has already been taken."
        // A retry under the same reference (after a lost answer) carries on with the return Shiprocket holds.
        if (!(e instanceof ShiprocketRefusal && /order id has already been taken/i.test(e.reason))) throw e
        const held = await heldReturn(booking.reference)
        if (!held) throw e
        made = held
      }
      if (made.awb) return made
      const { awb, courier } = await assignAwb(made.providerShipmentId, { is_return: 1 })
      return { ...made, awb, courier }
    },

    assignCourier: (providerShipmentId) => assignAwb(providerShipmentId, {}),

    async requestPickup(providerShipmentIds) {
      const days: string[] = []
      // "Only one shipment_id can be passed at a time" (Request for Shipment Pickup).
      for (const id of providerShipmentIds) {
        try {
          const answer = await call<{ pickup_status?: unknown; message?: unknown; response?: unknown }>(
            'POST',
            '/courier/generate/pickup',
            { shipment_id: [idOf(id)] },
            'schedule the pickup',
          )
          const response = record(answer.response)
          const day = dayOf(response.pickup_scheduled_date)
          if (Number(answer.pickup_status) !== 1 && !day) {
            const reason = reasonOf(answer) ?? text(response.data) ?? 'it gave no pickup date.'
            throw new ShippingProviderError(`Shiprocket did not schedule the pickup: ${scrub(reason)}`)
          }
          if (day) days.push(day)
        } catch (e) {
          // Asked again (a retry, or a parcel already in a pickup): Shiprocket refuses with these words; it stands.
          if (e instanceof ShiprocketRefusal && /already in pickup queue/i.test(e.reason)) continue
          throw e
        }
      }
      // The first day the courier comes: the parcels must be packed by then.
      return { pickupOn: days.sort()[0] ?? null }
    },

    async labels(providerShipmentIds) {
      const answer = await call<{
        label_created?: unknown
        label_url?: unknown
        response?: unknown
        not_created?: unknown
      }>('POST', '/courier/generate/label', { shipment_id: providerShipmentIds.map(idOf) }, 'make the labels')
      const url = text(answer.label_url)
      if (Number(answer.label_created) !== 1 || !url) {
        throw new ShippingProviderError(
          `Shiprocket made no label: ${text(answer.response) ?? reasonOf(answer) ?? 'it gave no file.'}`,
        )
      }
      const missing = list(answer.not_created).length
      if (missing > 0) {
        throw new ShippingProviderError(
          `Shiprocket made no label for ${missing} of these shipments; assign their courier first.`,
        )
      }
      return download(url, 'label')
    },

    async manifest(providerShipmentIds) {
      try {
        const url = await generateManifest(providerShipmentIds)
        if (url) return download(url, 'manifest')
        throw new ShippingProviderError(
          'Shiprocket made no manifest: each shipment needs its courier assigned and its pickup requested first.',
        )
      } catch (e) {
        // Shiprocket generates a shipment's manifest once; a second copy is printed by order id.
        if (!(e instanceof ShiprocketRefusal && e.status === 400 && /already generated/i.test(e.reason)))
          throw e
        const done = list(e.body.already_manifested_shipment_ids).map(String)
        const rest = providerShipmentIds.filter((id) => done.length > 0 && !done.includes(id))
        if (rest.length > 0) await generateManifest(rest)
        const orderIds: Array<number | string> = []
        for (const id of providerShipmentIds) {
          const orderId = (await shipmentRecord(id)).orderId
          if (!orderId) throw new ShippingProviderError(`Shiprocket has no order for shipment ${id}.`)
          orderIds.push(idOf(orderId))
        }
        const printed = await call<{ manifest_url?: unknown }>(
          'POST',
          '/manifests/print',
          { order_ids: orderIds },
          'print the manifest',
        )
        const url = text(printed.manifest_url)
        if (!url) throw new ShippingProviderError('Shiprocket printed no manifest for these shipments.')
        return download(url, 'manifest')
      }
    },

    async track(awb) {
      const answer = await call<{ tracking_data?: unknown }>(
        'GET',
        `/courier/track/awb/${encodeURIComponent(awb)}`,
        undefined,
        'track the parcel',
      )
      const data = record(answer.tracking_data)
      // No scan yet ("track_status: 0 … no activities found"): booked, nothing more to say.
      const scans = list(data.shipment_track_activities).map((scan, n) => {
        const s = record(scan)
        const status = shiprocketStatus(s['sr-status'], s['sr-status-label'])
        const at = isoFromIst(s.date)
        if (!status || !at) return null
        const event: ProviderTrackingEvent = {
          status,
          at,
          location: text(s.location),
          detail: text(s.activity),
        }
        return { n, event }
      })
      // Oldest first; Shiprocket lists the newest first, so of two at the same time the one listed later is older.
      const events = scans
        .filter((s) => s !== null)
        .sort((a, b) => a.event.at.localeCompare(b.event.at) || b.n - a.n)
        .map((s) => s.event)
      const current = record(list(data.shipment_track)[0]).current_status
      const status = shiprocketStatus(data.shipment_status, current) ?? events.at(-1)?.status ?? 'Booked'
      return { status, events }
    },

    async deliveryAction(awb, action) {
      // Its NDR action: 're-attempt' with the corrected phone and address when given, or 'return' (to origin).
      const comments =
        action.note ??
        (action.kind === 'reattempt'
          ? 'The customer asked for another delivery attempt.'
          : 'The shop asked for the parcel back.')
      await call(
        'POST',
        `/ndr/${encodeURIComponent(awb)}/action`,
        action.kind === 'reattempt'
          ? {
              action: 're-attempt',
              comments,
              ...(action.phone ? { phone: action.phone } : {}),
              ...(action.address ? { address1: action.address } : {}),
            }
          : { action: 'return', comments },
        action.kind === 'reattempt' ? 'ask for another delivery attempt' : 'ask for the parcel back',
      )
    },

    async remittances(since) {
      const sinceMs = Date.parse(`${since}T00:00:00+05:30`)
      if (Number.isNaN(sinceMs)) throw new ValidationError('A remittance date is written YYYY-MM-DD.')
      const deliveredFrom = istDay(sinceMs - remittanceDeliveryDays * dayMs)
      // Shiprocket publishes no remittance list: each delivered COD order's own page names its remittance.
      const ids: string[] = []
      await eachOrder(
        {
          filter_by: 'payment_method',
          filter: 'cod',
          from: istDay(sinceMs - remittanceOrderDays * dayMs),
          to: istDay(now()),
          per_page: '100',
        },
        'list the cash-on-delivery orders',
        (o) => {
          const shipment = o.shipments?.[0]
          const delivered = dayOf(shipment?.delivered_date)
          if (
            /cod/i.test(String(o.payment_method ?? '')) &&
            /^DELIVERED$/i.test(String(o.status ?? '').trim()) &&
            text(shipment?.awb) &&
            text(o.id) &&
            (!delivered || delivered >= deliveredFrom)
          ) {
            ids.push(text(o.id)!)
          }
          return false
        },
      )
      const byReference = new Map<string, ProviderRemittance>()
      for (let i = 0; i < ids.length; i += 4) {
        const pages = await Promise.all(
          ids
            .slice(i, i + 4)
            .map((id) =>
              call<{ data?: unknown }>(
                'GET',
                `/orders/show/${encodeURIComponent(id)}`,
                undefined,
                'read the order',
              ),
            ),
        )
        for (const page of pages) {
          const order = record(page.data)
          const reference = text(order.remittance_utr)
          const date = dayOf(order.remittance_date)
          const awb = text(record(order.awb_data).awb) ?? text(record(order.shipments).awb)
          const amount = paiseOf(order.total) ?? paiseOf(order.net_total)
          if (!reference || !date || date < since || !awb || amount === null) continue
          const entry = byReference.get(reference) ?? { reference, date, total: 0, parcels: [] }
          entry.parcels.push({ awb, amount })
          entry.total += amount
          byReference.set(reference, entry)
        }
      }
      return [...byReference.values()].sort(
        (a, b) => a.date.localeCompare(b.date) || a.reference.localeCompare(b.reference),
      )
    },

    trackingUrl: (awb) => `https://shiprocket.co/tracking/${encodeURIComponent(awb)}`,

    webhook: {
      headers: z.object({ [tokenHeader]: z.string().max(200).optional() }).loose(),
      description:
        'Shiprocket’s tracking webhook, set under Settings → API → Webhooks in the Shiprocket panel: a POST of JSON for each new scan of a parcel. It carries no signature. It is authenticated by the security token set with the webhook, which Shiprocket sends in the `x-api-key` header and the shop compares with SHIPROCKET_WEBHOOK_TOKEN; a callback without it, or with another, is refused. The body’s fields (`awb`, `current_status`, `shipment_status_id`, `scans` …) are not trusted: the shop asks Shiprocket for the parcel’s tracking by its AWB and believes only that.',
      read: (rawBody, headers) => readCallback(settings.webhookToken, rawBody, headers),
    },
  }
}
