import { msg } from './languages.ts'

/**
 * Personalisation (issue 32, decision 133): choices staff add to a product that are not stock. A text field
 * (a name to weave, a message for the card) and paid add-ons (fall & pico, blouse stitching, gift wrap) with
 * their own price and GST. A customer's answer travels with the cart line into the order, its packing slip and
 * its invoice, where each add-on is a line of its own. No zod here: the product page ships this file.
 */

/** A text the customer types, as the shop shows it. */
export type TextChoice = {
  id: string
  kind: 'text'
  label: string
  help: string
  maxLength: number
  required: boolean
}
/** A paid add-on as the shop shows it; `price` in rupees for each piece of the line. */
export type AddonChoice = { id: string; kind: 'addon'; label: string; help: string; price: number }
export type PersonalisationChoice = TextChoice | AddonChoice

/**
 * A paid add-on as the shop keeps it: price in paise; `hsnCode` empty takes the product's; `gstRate` null
 * takes the rate that code's rule gives at the add-on's own price, a number is staff's own rate.
 */
export type StoredAddon = Omit<AddonChoice, 'price'> & {
  price: number
  hsnCode: string
  gstRate: number | null
}
export type StoredChoice = TextChoice | StoredAddon

/** What a customer chose for a line: the text typed for each text choice (by id) and the add-ons ticked. */
export type PersonalisationAnswer = { text?: Record<string, string>; addons?: string[] }

/**
 * One chosen thing as the cart, the order, the slip and the console show it: 'Name to weave: Asha', or an
 * add-on with its price per piece (rupees; null for a text).
 */
export type PersonalisationLine = { id: string; label: string; value: string | null; price: number | null }

/** An add-on as an order keeps it for its invoice: what it was, its price per piece in paise and its tax. */
export type OrderedAddon = {
  id: string
  label: string
  price: number
  hsnCode: string
  gstRate: number | null
}

/** What an order line keeps of its personalisation, as it was when ordered. */
export type OrderedPersonalisation = {
  text: Array<{ id: string; label: string; value: string }>
  addons: OrderedAddon[]
}

export const personalisationLimits = {
  choices: 8,
  label: 60,
  help: 200,
  text: 200,
  addonPrice: 100_000,
} as const

export const personalisationText = {
  heading: msg('Make it yours'),
  optional: msg('(optional)'),
  addonPrice: msg('+ {price} each'),
  required: msg('Please fill in “{label}”.'),
  tooLong: msg('“{label}” can be at most {max} characters.'),
  gone: msg('A choice on this product has changed: please look at the product again and add it once more.'),
  addonLine: msg('{label} (for {title})'),
} as const

type Translate = (text: string, values?: Record<string, string | number>) => string
/** A message with its values put in, in English (documents print English, as the invoice does). */
export const plainText: Translate = (text, values) =>
  text.replace(/\{(\w+)\}/g, (_, k: string) => String(values?.[k] ?? `{${k}}`))

/** An add-on as an order keeps it. */
const orderedAddon = (c: StoredAddon): OrderedAddon => ({
  id: c.id,
  label: c.label,
  price: c.price,
  hsnCode: c.hsnCode,
  gstRate: c.gstRate,
})

/** The public shape of a kept choice: an add-on's price in rupees, its tax left out. */
export function publicChoice(c: StoredChoice): PersonalisationChoice {
  if (c.kind === 'text') return c
  return { id: c.id, kind: 'addon', label: c.label, help: c.help, price: c.price / 100 }
}

/**
 * A customer's answer read against the product's choices: the texts trimmed (an empty optional one left out),
 * the add-ons in the product's order, each once. A required text missing, a text too long or a choice the
 * product does not offer is a problem, in the customer's language when `t` is given.
 */
export function readAnswer(
  choices: readonly StoredChoice[],
  answer: PersonalisationAnswer | null | undefined,
  t: Translate = plainText,
): { ordered: OrderedPersonalisation; addonsPerPiece: number } | { problem: string } {
  const text = answer?.text ?? {}
  const addons = new Set(answer?.addons ?? [])
  const known = new Set(choices.map((c) => c.id))
  for (const id of [...Object.keys(text), ...addons])
    if (!known.has(id)) return { problem: t(personalisationText.gone) }
  const ordered: OrderedPersonalisation = { text: [], addons: [] }
  let addonsPerPiece = 0
  for (const c of choices) {
    if (c.kind === 'text') {
      const value = (text[c.id] ?? '').trim()
      if (value === '') {
        if (c.required) return { problem: t(personalisationText.required, { label: c.label }) }
        continue
      }
      if (value.length > c.maxLength)
        return { problem: t(personalisationText.tooLong, { label: c.label, max: c.maxLength }) }
      ordered.text.push({ id: c.id, label: c.label, value })
    } else if (addons.has(c.id)) {
      ordered.addons.push(orderedAddon(c))
      addonsPerPiece += c.price
    } else if (text[c.id] !== undefined) return { problem: t(personalisationText.gone) }
  }
  return { ordered, addonsPerPiece }
}

/** A choice as the shop shows it, read back as kept (price in paise, the product's HSN code, its rule). */
export function asStored(c: PersonalisationChoice): StoredChoice {
  if (c.kind === 'text') return c
  return { ...c, price: Math.round(c.price * 100), hsnCode: '', gstRate: null }
}

/**
 * A kept answer read against the product's choices as they are now, for showing a cart line: what is no
 * longer offered, or no longer fits, is left out rather than refused (the order checks it strictly).
 */
export function readKept(
  choices: readonly StoredChoice[],
  answer: PersonalisationAnswer | null | undefined,
): { ordered: OrderedPersonalisation; addonsPerPiece: number } {
  const ordered: OrderedPersonalisation = { text: [], addons: [] }
  let addonsPerPiece = 0
  const addons = new Set(answer?.addons ?? [])
  for (const c of choices) {
    if (c.kind === 'text') {
      const value = (answer?.text?.[c.id] ?? '').trim()
      if (value !== '' && value.length <= c.maxLength) ordered.text.push({ id: c.id, label: c.label, value })
    } else if (addons.has(c.id)) {
      ordered.addons.push(orderedAddon(c))
      addonsPerPiece += c.price
    }
  }
  return { ordered, addonsPerPiece }
}

/** What was chosen, as lines to show: the texts, then the add-ons with their price per piece in rupees. */
export function personalisationLines(p: OrderedPersonalisation | null | undefined): PersonalisationLine[] {
  if (!p) return []
  return [
    ...p.text.map((x) => ({ id: x.id, label: x.label, value: x.value, price: null })),
    ...p.addons.map((a) => ({ id: a.id, label: a.label, value: null, price: a.price / 100 })),
  ]
}

/** The answer that gives back what was chosen (a cart line's choices, sent again with the order). */
export function answerOf(p: OrderedPersonalisation | null | undefined): PersonalisationAnswer | undefined {
  if (!p || (p.text.length === 0 && p.addons.length === 0)) return undefined
  return { text: Object.fromEntries(p.text.map((x) => [x.id, x.value])), addons: p.addons.map((a) => a.id) }
}

/** Whether nothing was chosen. */
export const isEmptyChoice = (p: OrderedPersonalisation | null | undefined) =>
  !p || (p.text.length === 0 && p.addons.length === 0)
