import { type ZoneId, zoneIds } from './delivery.ts'
import { msg } from './languages.ts'
import { formatPaise } from './money.ts'

/**
 * Shipping charges (decision 134): staff's rates by delivery zone and weight slab, an optional free-shipping
 * threshold and a per-order minimum; the parcel's weight counted as couriers count it. Shared by the server,
 * which charges the order, and the pages and console that show and edit the rules. Money in paise here.
 */

/** Cubic centimetres a courier counts as one kilogram (length × breadth × height ÷ 5000). */
export const volumetricDivisor = 5000

/** One weight slab of a zone: a parcel up to this weight costs this much (paise). */
export type ShippingSlab = { upToGrams: number; charge: number }
export type ZoneRates = {
  /** Ascending by weight; none means shipping is free in this zone. */
  slabs: ShippingSlab[]
  /** Above the last slab: this much (paise) for every kilogram or part of one beyond it. */
  extraPerKg: number
}
/** A box staff pack in often; products take its sizes, and bookings name it. */
export type PackagePreset = { name: string; lengthCm: number; breadthCm: number; heightCm: number }

/** The rules as stored (paise). */
export type ShippingRules = {
  zones: Record<ZoneId, ZoneRates>
  /** Goods worth this much (paise, after the coupon) or more ship free; null for never. */
  freeAbove: number | null
  /** The least a charged order pays for shipping (paise); 0 for none. */
  minimumCharge: number
  /** The weight of a piece whose product and variant give none. */
  defaultWeightGrams: number
  packages: PackagePreset[]
}

const noRates: ZoneRates = { slabs: [], extraPerKg: 0 }

/** No rules set: every zone free, as the shop has always been. */
export const defaultShippingRules: ShippingRules = {
  zones: Object.fromEntries(zoneIds.map((id) => [id, noRates])) as Record<ZoneId, ZoneRates>,
  freeAbove: null,
  minimumCharge: 0,
  defaultWeightGrams: 500,
  packages: [],
}

/** Stored rules over the defaults, so a zone added later is free until staff price it. */
export function rulesOf(stored: unknown): ShippingRules {
  const s = (stored ?? {}) as Partial<ShippingRules>
  const zones = { ...defaultShippingRules.zones }
  for (const id of zoneIds) if (s.zones?.[id]) zones[id] = { ...noRates, ...s.zones[id] }
  return {
    zones,
    freeAbove: s.freeAbove ?? null,
    minimumCharge: s.minimumCharge ?? 0,
    defaultWeightGrams: s.defaultWeightGrams ?? defaultShippingRules.defaultWeightGrams,
    packages: s.packages ?? [],
  }
}

/** One line of a parcel: a piece's own weight and box (null where it has none) and how many. */
export type ParcelPiece = {
  grams: number | null
  lengthCm: number | null
  breadthCm: number | null
  heightCm: number | null
  quantity: number
}

/**
 * The parcel's weight as a courier bills it: the greater of what it weighs and its volumetric weight, each
 * summed over the pieces (every piece in its own box, as packed). A piece without a weight counts as the
 * default; a piece without all three sizes adds no volume.
 */
export function parcelWeight(pieces: ParcelPiece[], defaultGrams: number) {
  let actualGrams = 0
  let volumetricGrams = 0
  for (const p of pieces) {
    actualGrams += (p.grams ?? defaultGrams) * p.quantity
    if (p.lengthCm && p.breadthCm && p.heightCm) {
      // cm³ ÷ 5000 is kilograms, so cm³ ÷ 5 is grams; a part of a gram counts as a gram.
      volumetricGrams +=
        Math.ceil((p.lengthCm * p.breadthCm * p.heightCm * 1000) / volumetricDivisor) * p.quantity
    }
  }
  return { actualGrams, volumetricGrams, chargeableGrams: Math.max(actualGrams, volumetricGrams) }
}

/** Whether any zone has a rate: without one, the shop charges no shipping anywhere. */
export const chargesShipping = (rules: ShippingRules) =>
  zoneIds.some((id) => rules.zones[id].slabs.length > 0)

/**
 * What shipping costs (paise) for a parcel of this weight to this zone, with goods worth `goods` (paise,
 * after the coupon): free above the threshold or where the zone has no rates; otherwise the first slab that
 * holds the weight, or the last slab and every further kilogram begun, and never below the minimum.
 */
export function shippingCharge(rules: ShippingRules, zone: ZoneId, grams: number, goods: number): number {
  const rates = rules.zones[zone]
  if (rates.slabs.length === 0) return 0
  if (rules.freeAbove !== null && goods >= rules.freeAbove) return 0
  const slab = rates.slabs.find((s) => grams <= s.upToGrams)
  const last = rates.slabs[rates.slabs.length - 1]!
  const charge = slab
    ? slab.charge
    : last.charge + Math.ceil((grams - last.upToGrams) / 1000) * rates.extraPerKg
  return Math.max(charge, rules.minimumCharge)
}

/** The customer's words about shipping; the English ones are the messages the Hindi catalogue translates. */
export const shippingMessages = {
  line: msg('Shipping'),
  free: msg('Free shipping'),
  charge: msg('Shipping {charge}'),
  freeAbove: msg('Free shipping on orders of {amount} or more'),
  addForFree: msg('Add {amount} more for free shipping'),
} as const

/** A translator of ICU messages: a page's `t`, or the server's for a request's language. */
type Translate = (message: string, values?: Record<string, unknown>) => string

/** 'Shipping ₹80 · Free shipping on orders of ₹1,500 or more', or 'Free shipping', in the reader's language. */
export function shippingText(t: Translate, q: { charge: number; freeAbove: number | null }): string {
  if (q.charge === 0) return t(shippingMessages.free)
  const charge = t(shippingMessages.charge, { charge: formatPaise(Math.round(q.charge * 100)) })
  return q.freeAbove === null
    ? charge
    : `${charge} · ${t(shippingMessages.freeAbove, { amount: formatPaise(Math.round(q.freeAbove * 100)) })}`
}

/** A box's sizes as staff write them: '35 × 28 × 6' (centimetres; x, × or * between). */
export type PackageSize = { lengthCm: number; breadthCm: number; heightCm: number }

export const packageSizeProblem =
  'Write the package as length × breadth × height in whole centimetres, such as 35 × 28 × 6.'

/** Reads '35 × 28 × 6' (or '35x28x6 cm'); null for empty text, a problem for anything else. */
export function parsePackageSize(text: string): { size: PackageSize | null } | { problem: string } {
  const t = text.trim()
  if (!t) return { size: null }
  const m = /^(\d{1,3})\s*[x×*]\s*(\d{1,3})\s*[x×*]\s*(\d{1,3})\s*(cm)?$/i.exec(t)
  if (!m) return { problem: packageSizeProblem }
  const [l, b, h] = [Number(m[1]), Number(m[2]), Number(m[3])]
  if ([l, b, h].some((n) => n < 1 || n > 300))
    return { problem: 'Each side of the package must be 1 to 300 cm.' }
  return { size: { lengthCm: l, breadthCm: b, heightCm: h } }
}

/** '35 × 28 × 6', or '' for none. */
export const packageSizeText = (p: {
  lengthCm: number | null
  breadthCm: number | null
  heightCm: number | null
}) => (p.lengthCm && p.breadthCm && p.heightCm ? `${p.lengthCm} × ${p.breadthCm} × ${p.heightCm}` : '')
