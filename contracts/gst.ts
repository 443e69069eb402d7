/**
 * GST on a tax-inclusive sale, to the paisa (docs/decisions/083-gst-invoices.md). Pure: the invoice
 * service, the PDF and the tests share it. Amounts are integer paise; rates are whole percents.
 *
 * The rule, line by line:
 * - a coupon's discount is shared over the goods lines in proportion to their value, each share rounded
 *   down and the paise left over given one by one to the lines with the largest remainders (earlier line
 *   first on a tie), so the shares add up to the discount exactly;
 * - taxable = round half up (inclusive × 100 / (100 + rate)); tax = inclusive − taxable;
 * - inside the shop's state CGST = floor(tax / 2) and SGST = tax − CGST; across states IGST = tax.
 */

/**
 * GST rates in force that the console offers (since 22 Sep 2025 the slabs are 0, 3 for precious metals, 5, 18
 * and 40; the 12% and 28% slabs were removed). A product saved earlier at 12 or 28 keeps its number until
 * staff change it; an HSN rule (below) decides over it unless the product's rate is fixed.
 */
export const gstRates = [0, 3, 5, 18, 40] as const
export const defaultGstRate = 5

/** Unit quantity codes (UQC) of the GST returns a craft shop uses; PCS unless staff say otherwise. */
export const uqcCodes = [
  'PCS',
  'NOS',
  'SET',
  'PRS',
  'MTR',
  'SQM',
  'KGS',
  'GMS',
  'BOX',
  'PAC',
  'DOZ',
  'OTH',
] as const
export type Uqc = (typeof uqcCodes)[number]
export const defaultUqc: Uqc = 'PCS'

/**
 * A rate rule by HSN (decision 128): for codes starting with `hsnPrefix` (a chapter '62', a heading '6214' or
 * a full code), from `validFrom` (a day in India, 'YYYY-MM-DD'): `rate`, or with a `threshold` (paise per
 * piece, the value before tax) `rate` up to it and `aboveRate` above it.
 */
export type GstRule = {
  id: string
  hsnPrefix: string
  validFrom: string
  rate: number
  threshold: number | null
  aboveRate: number | null
  note: string
}

/** The rate a product's pieces take: one rate, or a lower rate up to a value per piece and a higher above. */
export type GstChoice = { rate: number; slab?: { threshold: number; above: number } }

/**
 * The rule in force for an HSN code on a day: of the rules whose prefix the code starts with, the longest
 * prefix, then the one that started last on or before the day.
 */
export function gstRuleFor(rules: readonly GstRule[], hsnCode: string, day: string): GstRule | null {
  let best: GstRule | null = null
  for (const r of rules) {
    if (!hsnCode.startsWith(r.hsnPrefix) || r.validFrom > day) continue
    if (
      !best ||
      r.hsnPrefix.length > best.hsnPrefix.length ||
      (r.hsnPrefix.length === best.hsnPrefix.length && r.validFrom > best.validFrom)
    )
      best = r
  }
  return best
}

/** A product's rate on a day: its own when fixed, else its HSN rule's, else its own. */
export function gstChoiceFor(
  product: { hsnCode: string; gstRate: number; gstRateFixed: boolean },
  rules: readonly GstRule[],
  day: string,
): GstChoice {
  const rule = product.gstRateFixed || !product.hsnCode ? null : gstRuleFor(rules, product.hsnCode, day)
  if (!rule) return { rate: product.gstRate }
  if (rule.threshold === null || rule.aboveRate === null) return { rate: rule.rate }
  return { rate: rule.rate, slab: { threshold: rule.threshold, above: rule.aboveRate } }
}

/**
 * The rate of `quantity` pieces charged `inclusive` paise together, tax included (decision 128): the lower
 * rate while a piece's value before that rate's tax is at most the threshold (₹2,625 charged for ₹2,500 at
 * 5%), the higher rate above it. Compared in whole numbers: inclusive × 100 ≤ threshold × quantity × (100 + rate).
 */
export function rateForPieces(choice: GstChoice, inclusive: number, quantity: number): number {
  if (!choice.slab || quantity <= 0) return choice.rate
  const within = inclusive * 100 <= choice.slab.threshold * quantity * (100 + choice.rate)
  return within ? choice.rate : choice.slab.above
}

export type TaxableLine = {
  description: string
  /** HSN code of goods, or SAC code of a service line. */
  code: string
  /** Whole percent; with `slab`, the rate up to its threshold per piece. */
  rate: number
  /** A rate decided per piece on the value charged after the coupon's share (decision 128). */
  slab?: { threshold: number; above: number }
  quantity: number
  /** Tax-inclusive price of one unit, paise. */
  unitPrice: number
  /** The order line it bills (a piece or one of its add-ons): a return's credit note finds it by it. */
  itemId?: string
  /** The goods' unit quantity code for the HSN summary of GSTR-1 (decision 145); PCS when not given. */
  uqc?: string
}

/**
 * A charge beside the goods (a cash-on-delivery fee, say): tax-inclusive, never discounted by a coupon.
 * `principal`: taxed as the goods line of the largest value, at the rate that line was given (decision 083).
 */
export type ExtraCharge = { description: string; code: string; rate: number | 'principal'; amount: number }

export type TaxedLine = {
  description: string
  itemId?: string
  uqc?: string
  code: string
  rate: number
  quantity: number
  unitPrice: number
  /** Price × quantity before the coupon. */
  gross: number
  /** This line's share of the coupon discount. */
  discount: number
  /** What the buyer pays for the line, tax included. */
  inclusive: number
  taxable: number
  cgst: number
  sgst: number
  igst: number
}

export type TaxSummary = {
  lines: TaxedLine[]
  taxable: number
  cgst: number
  sgst: number
  igst: number
  discount: number
  total: number
}

/** round(numerator / denominator), halves up, on non-negative integers without floating point. */
const roundDiv = (numerator: number, denominator: number) =>
  Math.floor((2 * numerator + denominator) / (2 * denominator))

/** Splits `amount` over `weights` in proportion, exactly (largest remainders get the leftover paise). */
export function apportion(amount: number, weights: number[]): number[] {
  const sum = BigInt(weights.reduce((a, b) => a + b, 0))
  if (amount === 0 || sum === 0n) return weights.map(() => 0)
  // BigInt: amount × weight can pass 2^53 on a large order.
  const parts = weights.map((w) => BigInt(amount) * BigInt(w))
  const shares = parts.map((p) => Number(p / sum))
  let left = amount - shares.reduce((a, b) => a + b, 0)
  const byRemainder = parts
    .map((p, i) => ({ i, remainder: p % sum }))
    .sort((a, b) => (a.remainder === b.remainder ? a.i - b.i : a.remainder > b.remainder ? -1 : 1))
  for (const { i } of byRemainder) {
    if (left === 0) break
    shares[i]! += 1
    left -= 1
  }
  return shares
}

/** The tax inside one tax-inclusive amount. */
export function splitTax(inclusive: number, rate: number, intraState: boolean) {
  const taxable = roundDiv(inclusive * 100, 100 + rate)
  const tax = inclusive - taxable
  const cgst = intraState ? Math.floor(tax / 2) : 0
  const sgst = intraState ? tax - cgst : 0
  return { taxable, cgst, sgst, igst: intraState ? 0 : tax }
}

/** Every line of a sale with its discount, taxable value and taxes, and the sale's totals. */
export function computeTax(input: {
  lines: TaxableLine[]
  /** The coupon's discount on the goods, paise. */
  discount: number
  extras?: ExtraCharge[]
  intraState: boolean
}): TaxSummary {
  const grosses = input.lines.map((l) => l.unitPrice * l.quantity)
  const shares = apportion(input.discount, grosses)
  const goods: TaxedLine[] = input.lines.map(({ slab, ...l }, i) => {
    const inclusive = grosses[i]! - shares[i]!
    const rate = slab ? rateForPieces({ rate: l.rate, slab }, inclusive, l.quantity) : l.rate
    return {
      ...l,
      rate,
      gross: grosses[i]!,
      discount: shares[i]!,
      inclusive,
      ...splitTax(inclusive, rate, input.intraState),
    }
  })
  // The goods line of the largest value (the first of equals): what a 'principal' charge is taxed as.
  const principal = goods.reduce<TaxedLine | undefined>(
    (a, b) => (!a || b.gross > a.gross ? b : a),
    undefined,
  )
  const extras: TaxedLine[] = (input.extras ?? [])
    .filter((e) => e.amount > 0)
    .map((e) => ({ ...e, rate: e.rate === 'principal' ? (principal?.rate ?? 0) : e.rate }))
    .map((e) => ({
      description: e.description,
      code: e.code,
      rate: e.rate,
      quantity: 1,
      unitPrice: e.amount,
      gross: e.amount,
      discount: 0,
      inclusive: e.amount,
      ...splitTax(e.amount, e.rate, input.intraState),
    }))
  const lines = [...goods, ...extras]
  const sum = (pick: (l: TaxedLine) => number) => lines.reduce((a, l) => a + pick(l), 0)
  return {
    lines,
    taxable: sum((l) => l.taxable),
    cgst: sum((l) => l.cgst),
    sgst: sum((l) => l.sgst),
    igst: sum((l) => l.igst),
    discount: sum((l) => l.discount),
    total: sum((l) => l.inclusive),
  }
}

/** GST state codes (the first two digits of a GSTIN), for the place of supply. */
export const gstStateCodes: Record<string, string> = {
  'jammu and kashmir': '01',
  'himachal pradesh': '02',
  punjab: '03',
  chandigarh: '04',
  uttarakhand: '05',
  haryana: '06',
  delhi: '07',
  rajasthan: '08',
  'uttar pradesh': '09',
  bihar: '10',
  sikkim: '11',
  'arunachal pradesh': '12',
  nagaland: '13',
  manipur: '14',
  mizoram: '15',
  tripura: '16',
  meghalaya: '17',
  assam: '18',
  'west bengal': '19',
  jharkhand: '20',
  odisha: '21',
  chhattisgarh: '22',
  'madhya pradesh': '23',
  gujarat: '24',
  'dadra and nagar haveli and daman and diu': '26',
  maharashtra: '27',
  karnataka: '29',
  goa: '30',
  lakshadweep: '31',
  kerala: '32',
  'tamil nadu': '33',
  puducherry: '34',
  'andaman and nicobar islands': '35',
  telangana: '36',
  'andhra pradesh': '37',
  ladakh: '38',
}

/** A state's name as written by people compared as one key: case, spaces, '&' and punctuation ignored. */
export const stateKey = (name: string) =>
  name
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z]+/g, ' ')
    .trim()
    .replace(/^nct of /, '')
    .replace(/^orissa$/, 'odisha')
    .replace(/^pondicherry$/, 'puducherry')

export const stateCode = (name: string): string | null => gstStateCodes[stateKey(name)] ?? null

/** Supply inside the shop's own state (CGST + SGST) or across states (IGST). */
export const isIntraState = (shopState: string, deliveryState: string) =>
  stateKey(shopState) !== '' && stateKey(shopState) === stateKey(deliveryState)

/** GSTIN: 2-digit state code, PAN (5 letters, 4 digits, 1 letter), entity digit, 'Z', check character. */
export const gstinPattern = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/

/** An instant as a calendar in India (Asia/Kolkata) shows it, read with the getUTC… methods. */
const inIndia = (at: Date) => new Date(at.getTime() + 330 * 60_000)

/** The calendar year in India of an instant: 31 December 18:30 UTC is already 1 January there. */
export const indianYear = (at: Date): number => inIndia(at).getUTCFullYear()

/**
 * The financial year (April to March) of an instant in India: '2026-27'. India keeps one offset,
 * UTC+5:30, all year, so 31 March 23:59 in Kolkata is still the old year.
 */
export function financialYear(at: Date): string {
  const ist = inIndia(at)
  const y = ist.getUTCFullYear()
  const start = ist.getUTCMonth() >= 3 ? y : y - 1
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`
}

/** The day of an instant in India, as rules are dated: '2026-11-24'. */
export const indianDay = (at: Date): string => inIndia(at).toISOString().slice(0, 10)

/** The date printed on an invoice, in India: 24-11-2026. */
export function indianDate(at: Date): string {
  const ist = inIndia(at)
  const dd = String(ist.getUTCDate()).padStart(2, '0')
  const mm = String(ist.getUTCMonth() + 1).padStart(2, '0')
  return `${dd}-${mm}-${ist.getUTCFullYear()}`
}

/**
 * A document number of at most 16 characters (CGST Rule 46(b)): PREFIX/26-27/00001 for invoices and
 * PREFIXC/26-27/00001 for credit notes, the prefix being at most three letters or digits.
 */
export function documentNumber(prefix: string, kind: 'invoice' | 'credit-note', fy: string, serial: number) {
  return `${documentSeries(prefix, kind, fy)}/${String(serial).padStart(5, '0')}`
}

/** The series a number belongs to (KS/26-27, KSC/26-27): each runs from 1 without gaps. */
export function documentSeries(prefix: string, kind: 'invoice' | 'credit-note', fy: string) {
  return `${prefix}${kind === 'credit-note' ? 'C' : ''}/${fy.slice(2)}`
}
