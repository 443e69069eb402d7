import { z } from 'zod'
import { msg } from './languages.ts'
import { type LeadTime, maxLeadDays } from './made-to-order.ts'
import { formatPaise } from './money.ts'

/** The delivery zones staff set transit days for (decision 086), in the order the console shows them. */
export const zoneIds = ['home', 'metro', 'rest', 'northeast', 'islands'] as const
export type ZoneId = (typeof zoneIds)[number]

export const zoneLabels: Record<ZoneId, string> = {
  home: 'The shop’s own state',
  metro: 'Metro cities',
  rest: 'Rest of India',
  northeast: 'North-east',
  islands: 'Islands (Andaman and Nicobar, Lakshadweep)',
}

export type Zone = { enabled: boolean; minDays: number; maxDays: number }
export type DeliverySettings = {
  /** Working days (Sundays skipped) from today until the parcel leaves the shop. */
  dispatchDays: number
  zones: Record<ZoneId, Zone>
  /** PIN codes the shop does not deliver to, whatever their zone. */
  blockedPins: string[]
}

export const defaultDeliverySettings: DeliverySettings = {
  dispatchDays: 1,
  zones: {
    home: { enabled: true, minDays: 1, maxDays: 3 },
    metro: { enabled: true, minDays: 2, maxDays: 4 },
    rest: { enabled: true, minDays: 3, maxDays: 6 },
    northeast: { enabled: true, minDays: 5, maxDays: 9 },
    islands: { enabled: true, minDays: 7, maxDays: 12 },
  },
  blockedPins: [],
}

const NORTH_EAST = new Set(
  ['Arunachal Pradesh', 'Assam', 'Manipur', 'Meghalaya', 'Mizoram', 'Nagaland', 'Sikkim', 'Tripura'].map(
    (s) => s.toLowerCase(),
  ),
)
const ISLANDS = new Set(['andaman and nicobar islands', 'andaman & nicobar islands', 'lakshadweep'])
/** Districts (as the PIN data names them) served by the big couriers' metro hubs; all of Delhi too. */
const METRO_DISTRICTS = new Set(
  ['Mumbai', 'Kolkata', 'Chennai', 'Bengaluru', 'Hyderabad', 'Pune', 'Ahmedabad'].map((d) => d.toLowerCase()),
)

const norm = (s: string) => s.trim().toLowerCase()

/**
 * The zone of a place. The shop's own state wins (a parcel inside it travels least), then islands, the
 * north-east and metros; everything else is the rest of India. An empty home state means no home zone.
 */
export function zoneOf(place: { state: string; district: string }, homeState: string): ZoneId {
  const state = norm(place.state)
  if (homeState.trim() && state === norm(homeState)) return 'home'
  if (ISLANDS.has(state)) return 'islands'
  if (NORTH_EAST.has(state)) return 'northeast'
  if (state === 'delhi' || METRO_DISTRICTS.has(norm(place.district))) return 'metro'
  return 'rest'
}

/** India has one time zone, UTC+5:30, and no daylight saving. */
const IST_OFFSET_MS = 330 * 60_000
const DAY_MS = 86_400_000

/** A calendar day as an ISO date (YYYY-MM-DD), counted in whole days since 1970-01-01. */
const isoOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10)
const isSunday = (day: number) => new Date(day * DAY_MS).getUTCDay() === 0

/** Today's date in India at the instant `now`, as a day number. */
export const indiaDay = (now: Date) => Math.floor((now.getTime() + IST_OFFSET_MS) / DAY_MS)

/**
 * The delivery window for an order placed at `now`: the parcel leaves after `dispatchDays` working days
 * (Sundays skipped; on a Sunday even 0 days means Monday), then travels min to max calendar days.
 */
export function deliveryWindow(
  now: Date,
  dispatchDays: number,
  zone: Pick<Zone, 'minDays' | 'maxDays'>,
  lead: LeadTime | null = null,
): { dispatch: string; from: string; to: string } {
  let day = indiaDay(now)
  while (isSunday(day)) day++
  for (let left = dispatchDays; left > 0; ) {
    day++
    if (!isSunday(day)) left--
  }
  if (!lead) return { dispatch: isoOf(day), from: isoOf(day + zone.minDays), to: isoOf(day + zone.maxDays) }
  // Made to order (decision 132): the makers' days are calendar days after the usual dispatch; the parcel
  // leaves on the last of them at the latest, and not on a Sunday.
  let ready = day + lead.maxDays
  while (isSunday(ready)) ready++
  return {
    dispatch: isoOf(ready),
    from: isoOf(day + lead.minDays + zone.minDays),
    to: isoOf(ready + zone.maxDays),
  }
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** '2026-11-26' as 'Thu 26 Nov', the same on server and phone whatever their locale. */
export function shortDate(iso: string): string {
  const d = new Date(`${iso}T00:00:00Z`)
  return `${WEEKDAYS[d.getUTCDay()]} ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`
}

/** Customer-facing words of the delivery promise; imported by tests. */
export const deliveryMessages = {
  window: (from: string, to: string) =>
    from === to ? `Delivery by ${shortDate(to)}` : `Delivery by ${shortDate(from)} – ${shortDate(to)}`,
  notServed: (pin: string) => `We do not deliver to PIN ${pin} yet.`,
  badPin: msg('Enter a 6-digit PIN code.'),
  codUpTo: (maxTotal: number) => `Cash on delivery available for orders up to ${formatPaise(maxTotal)}`,
  orderRefused: (pin: string) =>
    `We do not deliver to PIN ${pin} yet. Please choose another delivery address.`,
} as const

/** The device remembers the PIN a customer typed, so product page, cart and checkout share it. */
export const deliveryPinKey = 'shop.deliveryPin'

const leadDays = (description: string) =>
  z.coerce
    .number()
    .int('must be whole days')
    .min(1, 'must be at least 1 day')
    .max(maxLeadDays, `must be at most ${maxLeadDays} days`)
    .optional()
    .meta({ description })

export const pinQuery = z
  .object({
    pin: z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'must be a 6-digit PIN code, for example 110001'),
    leadMin: leadDays('the fewest days a piece made to order takes before it ships (decision 132)'),
    leadMax: leadDays('the most days it takes; both or neither'),
  })
  .refine(
    (q) => (q.leadMin === undefined) === (q.leadMax === undefined) && (q.leadMin ?? 0) <= (q.leadMax ?? 0),
    {
      message: 'give leadMin and leadMax together, the first not above the second',
      path: ['leadMax'],
    },
  )

export const deliveryEstimateSchema = z.object({
  pin: z.string(),
  served: z.boolean(),
  zone: z.enum(zoneIds).nullable(),
  state: z.string().nullable(),
  district: z.string().nullable(),
  dispatchDate: z.string().nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  text: z.string(),
  cod: z.object({
    available: z.boolean(),
    maxTotal: z.number(),
    fee: z.number(),
    text: z.string(),
  }),
})
export type DeliveryEstimate = z.infer<typeof deliveryEstimateSchema>

const days = (label: string) =>
  z.coerce
    .number()
    .int(`${label} must be a whole number of days`)
    .min(0, `${label} must be 0 or more`)
    .max(60, `${label} must be at most 60`)

const zoneBody = z
  .object({
    enabled: z.boolean(),
    minDays: days('the shortest transit'),
    maxDays: days('the longest transit'),
  })
  .refine((z) => z.maxDays >= z.minDays, {
    message: 'the longest transit must be at least the shortest',
    path: ['maxDays'],
  })

const pinList = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : v.split(/[\n,]/)).map((p) => p.trim()))
  .pipe(
    z
      .array(z.string().regex(/^(\d{6})?$/, 'each PIN code must be 6 digits'))
      .max(5000, 'must hold at most 5000 PIN codes'),
  )
  .transform((list) => [...new Set(list.filter(Boolean))])

/** The console's delivery settings. */
export const deliverySettingsBody = z.object({
  dispatchDays: days('dispatch'),
  zones: z.object({
    home: zoneBody,
    metro: zoneBody,
    rest: zoneBody,
    northeast: zoneBody,
    islands: zoneBody,
  }),
  blockedPins: pinList,
})
export type DeliverySettingsInput = z.input<typeof deliverySettingsBody>

const zoneView = z.object({ enabled: z.boolean(), minDays: z.number(), maxDays: z.number() })
export const deliverySettingsSchema = z.object({
  dispatchDays: z.number(),
  zones: z.object({
    home: zoneView,
    metro: zoneView,
    rest: zoneView,
    northeast: zoneView,
    islands: zoneView,
  }),
  blockedPins: z.array(z.string()),
  /** Where the home zone's state comes from: the GST settings' legal state; empty means no home zone. */
  homeState: z.string(),
})
export type DeliverySettingsView = z.infer<typeof deliverySettingsSchema>
