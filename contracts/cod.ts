import { z } from 'zod'
import { msg } from './languages.ts'
import { formatPaise } from './money.ts'

/** The payment method an order records for cash on delivery (`paymentInfo.method`). */
export const codMethod = 'COD'

/** The shop's cash-on-delivery terms, money in paise (as stored). */
export type CodTerms = {
  enabled: boolean
  maxTotal: number
  fee: number
  excludedStates: string[]
  excludedPins: string[]
}

export const defaultCodTerms: CodTerms = {
  enabled: true,
  maxTotal: 1_000_000,
  fee: 0,
  excludedStates: [],
  excludedPins: [],
}

/** Why cash on delivery is refused; shown to customers as they are, and imported by tests. */
export const codMessages = {
  off: msg('Cash on delivery is not offered at the moment. Please pay online.'),
  overLimit: (maxTotal: number) =>
    `Cash on delivery is available for orders up to ${formatPaise(maxTotal)}. Please pay online for this order.`,
  state: (state: string) =>
    `Cash on delivery is not offered for deliveries to ${state}. Please pay online for this order.`,
  pin: (pin: string) =>
    `Cash on delivery is not offered for PIN code ${pin}. Please pay online for this order.`,
  notOnline: 'This order is paid in cash on delivery; it cannot be paid online.',
  feeLine: msg('Cash on delivery fee'),
  paypalOff: msg('PayPal is not offered yet.'),
} as const

const sameState = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase()

/**
 * Why COD cannot be used for an order, or null when it can. `total` is what the goods cost after the
 * coupon (paise), before the COD fee: the limit is on the value of the order. The server decides with
 * this; the checkout uses the same words to say so before the customer places the order.
 */
export function codRefusal(
  terms: CodTerms,
  order: { total: number; state: string; postalCode: string },
): string | null {
  if (!terms.enabled) return codMessages.off
  if (terms.excludedPins.includes(order.postalCode.trim())) return codMessages.pin(order.postalCode.trim())
  if (order.state && terms.excludedStates.some((s) => sameState(s, order.state)))
    return codMessages.state(order.state.trim())
  if (order.total > terms.maxTotal) return codMessages.overLimit(terms.maxTotal)
  return null
}

/** A translator of ICU messages: a page's `t`, or the server's for a request's language. */
type Translate = (message: string, values?: Record<string, unknown>) => string

/**
 * Why cash on delivery cannot be used, in the reader's language (the checkout, the delivery check): the
 * rule above decides, and its English words are matched to their message.
 */
export function codRefusalText(
  t: Translate,
  terms: CodTerms,
  order: { total: number; state: string; postalCode: string },
): string | null {
  const refusal = codRefusal(terms, order)
  if (refusal === null) return null
  const pin = order.postalCode.trim()
  const state = order.state.trim()
  if (refusal === codMessages.off) return t(codMessages.off)
  if (refusal === codMessages.pin(pin))
    return t('Cash on delivery is not offered for PIN code {pin}. Please pay online for this order.', { pin })
  if (refusal === codMessages.state(state))
    return t('Cash on delivery is not offered for deliveries to {state}. Please pay online for this order.', {
      state,
    })
  if (refusal === codMessages.overLimit(terms.maxTotal))
    return t('Cash on delivery is available for orders up to {amount}. Please pay online for this order.', {
      amount: formatPaise(terms.maxTotal),
    })
  return refusal
}

/** A list typed as text: one entry per line or comma, blanks dropped, duplicates once. */
const listText = (entry: z.ZodString) =>
  z
    .union([z.string(), z.array(z.string())])
    .transform((v) => (Array.isArray(v) ? v : v.split(/[\n,]/)))
    .pipe(z.array(entry).max(2000, 'must hold at most 2000 entries'))
    .transform((list) => [...new Set(list.filter(Boolean))])

/** The console's COD settings, in rupees as staff type them. */
export const codSettingsBody = z.object({
  enabled: z.boolean(),
  maxTotal: z.coerce.number().min(1, 'must be at least ₹1').max(10_000_000, 'must be at most ₹1,00,00,000'),
  fee: z.coerce.number().min(0, 'must be 0 or more').max(10_000, 'must be at most ₹10,000'),
  excludedStates: listText(z.string().trim().max(100, 'a state name must be at most 100 characters')),
  excludedPins: listText(
    z
      .string()
      .trim()
      .regex(/^(\d{6})?$/, 'each PIN code must be 6 digits'),
  ),
})
export type CodSettingsInput = z.input<typeof codSettingsBody>

/** COD terms as the API answers them (rupees). */
export const codTermsSchema = z.object({
  enabled: z.boolean(),
  maxTotal: z.number(),
  fee: z.number(),
  excludedStates: z.array(z.string()),
  excludedPins: z.array(z.string()),
})
export type CodTermsView = z.infer<typeof codTermsSchema>

/**
 * Whether the signed-in customer's account may choose cash on delivery now (decision 110), and why not in
 * their language; the shop's terms and the delivery phone are judged again on the order.
 */
export const codChoiceSchema = z.object({ allowed: z.boolean(), reason: z.string().nullable() })
export type CodChoice = z.infer<typeof codChoiceSchema>

const toPaise = (rupees: number) => Math.round(rupees * 100)
export const termsFromView = (v: CodTermsView): CodTerms => ({
  ...v,
  maxTotal: toPaise(v.maxTotal),
  fee: toPaise(v.fee),
})
export const viewFromTerms = (t: CodTerms): CodTermsView => ({
  ...t,
  maxTotal: t.maxTotal / 100,
  fee: t.fee / 100,
})

/** A phone's cash-on-delivery record for staff (decision 136). */
export const codPhoneRecordSchema = z.object({
  /** Its last ten digits. */
  phone: z.string(),
  /** Cash-on-delivery orders to it that came back to the shop undelivered. */
  returnedCod: z.number().int(),
  blocked: z.object({ reason: z.string(), since: z.string() }).nullable(),
})
export type CodPhoneRecord = z.infer<typeof codPhoneRecordSchema>

export const codPhoneParams = z.object({
  phone: z
    .string()
    .trim()
    .regex(/^(\+?91)?\d{10}$/, 'A phone number has ten digits.'),
})
export const codPhoneBlockBody = z.object({
  reason: z.string().trim().min(3, 'Say why, in a few words.').max(200),
})
