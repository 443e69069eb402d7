import { msg } from './languages.ts'

/**
 * Return rules (decision 137): what staff promise about returns, per category and per product as an exception,
 * over the shop's own rule. Shared by the server, which judges a request, and the pages that show the promise
 * (the product page, the return policy page) and the console that edits it. No zod here: the product page
 * ships this module.
 */

/** Who pays the return parcel: the shop (a pickup or a refund of the postage) or the customer. */
export const returnShippingPayers = ['shop', 'customer'] as const
export type ReturnShippingPayer = (typeof returnShippingPayers)[number]

export type ReturnRule = {
  returnable: boolean
  /** Days from delivery within which a request is taken. */
  windowDays: number
  /** Whether another variant of the same product may be asked for instead of the money. */
  exchange: boolean
  returnShipping: ReturnShippingPayer
  /** A share of the returned goods' price kept back when the customer simply changed their mind (0–50). */
  restockingFeePercent: number
}

/** The shop's rule until staff set their own: returnable within 7 days, exchange offered, the shop pays. */
export const shopDefaultRule: ReturnRule = {
  returnable: true,
  windowDays: 7,
  exchange: true,
  returnShipping: 'shop',
  restockingFeePercent: 0,
}

export const returnLimits = { windowDays: { min: 1, max: 60 }, restockingFeePercent: { max: 50 } } as const

/**
 * Kinds of piece that are not returnable unless the product's own rule says so: made to the customer's
 * measurements, personalised with their text or add-ons, and a temple's prasad.
 */
export type PieceKind = 'made-to-measure' | 'personalised' | 'prasad'

/** Where a piece's rule came from: its product's exception, its kind, its category or the shop. */
export type RuleSource = 'product' | 'kind' | 'category' | 'shop'

export type PieceRule = ReturnRule & { source: RuleSource; kind: PieceKind | null }

/**
 * The rule a piece is sold under: the product's exception first; else a made-to-measure, personalised or
 * prasad piece is not returnable (within its category's window for faults); else its category's rule; else
 * the shop's.
 */
export function ruleForPiece(
  rules: { product: ReturnRule | null; category: ReturnRule | null; shop: ReturnRule },
  kind: PieceKind | null,
): PieceRule {
  if (rules.product) return { ...rules.product, source: 'product', kind }
  const base = rules.category ?? rules.shop
  if (kind) return { ...base, returnable: false, exchange: false, source: 'kind', kind }
  return { ...base, source: rules.category ? 'category' : 'shop', kind }
}

/**
 * Reasons a customer gives. Damaged, wrong and not as described are the shop's fault: they are taken back
 * within the window even for a piece that is not returnable, without a restocking fee and at the shop's cost
 * (Consumer Protection (E-Commerce) Rules, 2020; decision 137).
 */
export const returnReasons = ['damaged', 'wrong-item', 'not-as-described', 'size', 'changed-mind'] as const
export type ReturnReason = (typeof returnReasons)[number]
export const faultReasons: readonly ReturnReason[] = ['damaged', 'wrong-item', 'not-as-described']
export const isFault = (r: ReturnReason) => faultReasons.includes(r)

/** The customer's words about the promise; the English ones are the messages the Hindi catalogue translates. */
export const returnRuleText = {
  returnable: msg('Returnable within {days, plural, one {# day} other {# days}}'),
  notReturnable: msg('Not returnable'),
  exchange: msg('Exchange for another size or colour'),
  faultsTaken: msg(
    'Damaged, wrong or not as described? We take it back within {days, plural, one {# day} other {# days}} of delivery.',
  ),
  personalisedNot: msg('Personalised pieces are not returnable.'),
  policyLink: msg('Return policy'),
  windowFrom: msg('The days are counted from the day the parcel is delivered to you.'),
  kind: {
    'made-to-measure': msg('Made to your measurements'),
    personalised: msg('Personalised for you'),
    prasad: msg('Prasad'),
  } satisfies Record<PieceKind, string>,
  shopPays: msg('We pay for the return'),
  customerPays: msg('You send it back at your cost'),
  restockingFee: msg('{percent}% restocking fee if you change your mind'),
} as const

type Translate = (message: string, values?: Record<string, unknown>) => string

/** 'Returnable within 7 days' or 'Not returnable', in the reader's language. */
export function returnPromise(t: Translate, rule: Pick<ReturnRule, 'returnable' | 'windowDays'>): string {
  return rule.returnable
    ? t(returnRuleText.returnable, { days: rule.windowDays })
    : t(returnRuleText.notReturnable)
}

/**
 * The rule's terms after the promise: exchange (where there is another size or colour to change to: `variants`
 * false for a product sold as one piece), who pays the return, the restocking fee.
 */
export function returnTerms(t: Translate, rule: ReturnRule, variants = true): string[] {
  if (!rule.returnable) return [t(returnRuleText.faultsTaken, { days: rule.windowDays })]
  return [
    ...(rule.exchange && variants ? [t(returnRuleText.exchange)] : []),
    t(rule.returnShipping === 'shop' ? returnRuleText.shopPays : returnRuleText.customerPays),
    ...(rule.restockingFeePercent > 0
      ? [t(returnRuleText.restockingFee, { percent: rule.restockingFeePercent })]
      : []),
  ]
}
