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
export const measurementUnits = ['cm', 'in'] as const
export type MeasurementUnit = (typeof measurementUnits)[number]
/**
 * A measurement form (bust, waist, length…) in one unit, with staff's help picture (`image`: its address as
 * kept, without a size; null for none). Required means the piece is made to them: a customer may still
 * order first and give them from the order page until it is processed.
 */
export type MeasurementChoice = {
  id: string
  kind: 'measurements'
  label: string
  help: string
  unit: MeasurementUnit
  fields: Array<{ id: string; label: string }>
  required: boolean
  image: string | null
  /** The paid add-on that asks for it (blouse stitching asks for the blouse's measurements); null: always. */
  forAddon: string | null
}
export type PersonalisationChoice = TextChoice | AddonChoice | MeasurementChoice

/**
 * A paid add-on as the shop keeps it: price in paise; `hsnCode` empty takes the product's; `gstRate` null
 * takes the rate that code's rule gives at the add-on's own price, a number is staff's own rate.
 */
export type StoredAddon = Omit<AddonChoice, 'price'> & {
  price: number
  hsnCode: string
  gstRate: number | null
}
export type StoredChoice = TextChoice | StoredAddon | MeasurementChoice

/**
 * What a customer chose for a line: the text typed for each text choice (by id), the add-ons ticked, and the
 * measurements given for each measurement form (by its id, then each field's id), in the form's unit.
 */
export type PersonalisationAnswer = {
  text?: Record<string, string>
  addons?: string[]
  measurements?: Record<string, Record<string, number>>
}

/**
 * One chosen thing as the cart, the order, the slip and the console show it: 'Name to weave: Asha', an
 * add-on with its price per piece (rupees; null otherwise), or measurements ('Bust 86 cm, Waist 72 cm';
 * null while they are awaited).
 */
export type PersonalisationLine = {
  id: string
  kind: 'text' | 'addon' | 'measurements'
  label: string
  value: string | null
  price: number | null
}

/** A measurement form as an order keeps it: its fields with the values given, null until given. */
export type OrderedMeasurements = {
  id: string
  label: string
  unit: MeasurementUnit
  fields: Array<{ id: string; label: string; value: number | null }>
}

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
  /** Absent on lines kept before measurements were offered. */
  measurements?: OrderedMeasurements[]
}

export const personalisationLimits = {
  choices: 8,
  label: 60,
  help: 200,
  text: 200,
  addonPrice: 100_000,
  fields: 12,
  /** The largest measurement in each unit (a length of 3 m, or 120 inches). */
  measure: { cm: 300, in: 120 },
} as const

export const personalisationText = {
  heading: msg('Make it yours'),
  optional: msg('(optional)'),
  addonPrice: msg('+ {price} each'),
  required: msg('Please fill in “{label}”.'),
  tooLong: msg('“{label}” can be at most {max} characters.'),
  gone: msg('A choice on this product has changed: please look at the product again and add it once more.'),
  addonLine: msg('{label} (for {title})'),
  measurementsLater: msg('You may give them after ordering, from your order page, until we start making it.'),
  measurementsIncomplete: msg('Please give every measurement of “{label}”, or leave them all for later.'),
  measurementRange: msg('“{label}” should be a number from 1 to {max} {unit}.'),
  measurementsAwaited: msg('Awaited: please give them from your order page.'),
  measurementsToCome: msg('to give after ordering'),
  measurementsSaved: msg('Thank you: your measurements are saved.'),
  measurementsClosed: msg('We have started on this order: please write to us to change the measurements.'),
  measurementsNotAsked: msg('This piece takes no such measurements.'),
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
  if (c.kind === 'measurements') return { ...c, image: c.image ? `${c.image}-800.webp` : null }
  return { id: c.id, kind: 'addon', label: c.label, help: c.help, price: c.price / 100 }
}

/**
 * The values given for one measurement form, checked: every field a number from 1 to the unit's largest, to
 * one decimal place. Null when none was given; a problem when some are missing or out of range.
 */
export function readMeasurements(
  form: { label: string; unit: MeasurementUnit; fields: ReadonlyArray<{ id: string; label: string }> },
  given: Record<string, number> | undefined,
  t: Translate = plainText,
): { values: Array<{ id: string; label: string; value: number }> } | { problem: string } | null {
  const asked = Object.keys(given ?? {})
  if (asked.length === 0) return null
  const ids = new Set(form.fields.map((f) => f.id))
  if (asked.some((id) => !ids.has(id))) return { problem: t(personalisationText.gone) }
  const max = personalisationLimits.measure[form.unit]
  const values: Array<{ id: string; label: string; value: number }> = []
  for (const f of form.fields) {
    const value = given?.[f.id]
    if (value === undefined)
      return { problem: t(personalisationText.measurementsIncomplete, { label: form.label }) }
    if (!Number.isFinite(value) || value < 1 || value > max || Math.round(value * 10) !== value * 10)
      return { problem: t(personalisationText.measurementRange, { label: f.label, max, unit: form.unit }) }
    values.push({ id: f.id, label: f.label, value })
  }
  return { values }
}

/** Whether a measurement form is asked: always, or when the add-on that asks for it is chosen. */
export const asked = (c: MeasurementChoice, addons: ReadonlySet<string> | readonly string[]) =>
  c.forAddon === null || ('has' in addons ? addons.has(c.forAddon) : addons.includes(c.forAddon))

/** A measurement form as an order keeps it, with the values given or awaited (null). */
const orderedMeasurements = (
  c: MeasurementChoice,
  values: Array<{ id: string; value: number }> | null,
): OrderedMeasurements => ({
  id: c.id,
  label: c.label,
  unit: c.unit,
  fields: c.fields.map((f) => ({
    id: f.id,
    label: f.label,
    value: values?.find((v) => v.id === f.id)?.value ?? null,
  })),
})

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
  const measured = answer?.measurements ?? {}
  const known = new Set(choices.map((c) => c.id))
  for (const id of [...Object.keys(text), ...addons, ...Object.keys(measured)])
    if (!known.has(id)) return { problem: t(personalisationText.gone) }
  const ordered: OrderedPersonalisation = { text: [], addons: [], measurements: [] }
  let addonsPerPiece = 0
  for (const c of choices) {
    if (c.kind === 'measurements') {
      // A form for an add-on not chosen is not asked; anything typed into it is let go.
      if (!asked(c, addons)) continue
      // Not given yet is no refusal: a required form is awaited, from the order page (decision 133).
      const read = readMeasurements(c, measured[c.id], t)
      if (read && 'problem' in read) return read
      if (read || c.required) ordered.measurements!.push(orderedMeasurements(c, read?.values ?? null))
    } else if (c.kind === 'text') {
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
    } else if (text[c.id] !== undefined || measured[c.id] !== undefined)
      return { problem: t(personalisationText.gone) }
  }
  return { ordered, addonsPerPiece }
}

/** A choice as the shop shows it, read back as kept (price in paise, the product's HSN code, its rule). */
export function asStored(c: PersonalisationChoice): StoredChoice {
  if (c.kind !== 'addon') return c
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
  const ordered: OrderedPersonalisation = { text: [], addons: [], measurements: [] }
  let addonsPerPiece = 0
  const addons = new Set(answer?.addons ?? [])
  for (const c of choices) {
    if (c.kind === 'measurements') {
      if (!asked(c, addons)) continue
      const read = readMeasurements(c, answer?.measurements?.[c.id])
      const values = read && 'values' in read ? read.values : null
      if (values || c.required) ordered.measurements!.push(orderedMeasurements(c, values))
    } else if (c.kind === 'text') {
      const value = (answer?.text?.[c.id] ?? '').trim()
      if (value !== '' && value.length <= c.maxLength) ordered.text.push({ id: c.id, label: c.label, value })
    } else if (addons.has(c.id)) {
      ordered.addons.push(orderedAddon(c))
      addonsPerPiece += c.price
    }
  }
  return { ordered, addonsPerPiece }
}

/** Measurements as one line ('Bust 86 cm, Waist 72 cm'); null while any is awaited. */
export function measurementsText(m: OrderedMeasurements): string | null {
  if (m.fields.some((f) => f.value === null)) return null
  return m.fields.map((f) => `${f.label} ${f.value} ${m.unit}`).join(', ')
}

/** Whether a line still waits for measurements. */
export const awaitsMeasurements = (p: OrderedPersonalisation | null | undefined) =>
  (p?.measurements ?? []).some((m) => measurementsText(m) === null)

/** What was chosen, as lines to show: the texts, then the add-ons with their price per piece in rupees. */
export function personalisationLines(p: OrderedPersonalisation | null | undefined): PersonalisationLine[] {
  if (!p) return []
  return [
    ...p.text.map((x) => ({ id: x.id, kind: 'text' as const, label: x.label, value: x.value, price: null })),
    ...(p.measurements ?? []).map((m) => ({
      id: m.id,
      kind: 'measurements' as const,
      label: m.label,
      value: measurementsText(m),
      price: null,
    })),
    ...p.addons.map((a) => ({
      id: a.id,
      kind: 'addon' as const,
      label: a.label,
      value: null,
      price: a.price / 100,
    })),
  ]
}

/** The answer that gives back what was chosen (a cart line's choices, sent again with the order). */
export function answerOf(p: OrderedPersonalisation | null | undefined): PersonalisationAnswer | undefined {
  if (!p || isEmptyChoice(p)) return undefined
  const measured = (p.measurements ?? []).filter((m) => measurementsText(m) !== null)
  return {
    text: Object.fromEntries(p.text.map((x) => [x.id, x.value])),
    addons: p.addons.map((a) => a.id),
    ...(measured.length
      ? {
          measurements: Object.fromEntries(
            measured.map((m) => [m.id, Object.fromEntries(m.fields.map((f) => [f.id, f.value ?? 0]))]),
          ),
        }
      : {}),
  }
}

/** Whether nothing was chosen (a measurement form awaited counts as chosen: the order must ask for it). */
export const isEmptyChoice = (p: OrderedPersonalisation | null | undefined) =>
  !p || (p.text.length === 0 && p.addons.length === 0 && (p.measurements ?? []).length === 0)

/**
 * Measurements given after ordering (decision 133): the line's kept form filled in, checked against the
 * form as it was ordered (the product may have changed since).
 */
export function giveMeasurements(
  p: OrderedPersonalisation | null | undefined,
  formId: string,
  values: Record<string, number>,
  t: Translate = plainText,
): { ordered: OrderedPersonalisation } | { problem: string } {
  const form = p?.measurements?.find((m) => m.id === formId)
  if (!p || !form) return { problem: t(personalisationText.measurementsNotAsked) }
  const read = readMeasurements(form, values, t)
  if (!read) return { problem: t(personalisationText.measurementsIncomplete, { label: form.label }) }
  if ('problem' in read) return read
  const filled = { ...form, fields: read.values }
  return {
    ordered: { ...p, measurements: (p.measurements ?? []).map((m) => (m.id === formId ? filled : m)) },
  }
}
