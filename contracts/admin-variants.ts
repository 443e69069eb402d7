import { z } from 'zod'
import { leadTimeText, listPriceBelowPrice } from './admin.ts'

/**
 * A product's options and variants as the console edits them (decision 129): up to three options with their
 * values, and one row per combination sold, each with its own SKU, prices, stock, weight and picture. The
 * body of PUT /admin/products/{id}/variants, the rules the console checks before sending and the server
 * checks again, and the 'Generate variants' step, written once for both sides.
 */

export const variantLimits = {
  options: 3,
  values: 50,
  variants: 100,
  name: 40,
  value: 40,
  sku: 64,
} as const

/** The same pattern a product's own SKU follows (contracts/admin.ts). */
export const skuPattern = /^[A-Za-z0-9._/-]+$/

/** A variant's values as the shop names it: 'M / Indigo'. */
export const variantTitle = (values: readonly string[]) => values.join(' / ')

/** Values typed in one box, separated by commas or line breaks: trimmed, empty ones dropped. */
export function splitValues(text: string): string[] {
  return text
    .split(/[,\n]/)
    .map((v) => v.trim())
    .filter(Boolean)
}

/** The words the console and the API say about options and variants. */
export const variantText = {
  saved: 'Options and variants saved',
  removed: 'Options removed: the product is sold as one piece again',
  tooManyOptions: `A product can have at most ${variantLimits.options} options (such as Size, Colour and Frame).`,
  optionName: (n: number) => `Name option ${n}, such as Size or Colour.`,
  optionNameLong: (n: number) => `The name of option ${n} can be at most ${variantLimits.name} characters.`,
  optionTwice: (name: string) => `Two options are called '${name}': give each its own name.`,
  noValues: (name: string) =>
    `The option '${name}' has no values: add at least one (such as S, M, L), or remove the option.`,
  valueTwice: (value: string, name: string) =>
    `The value '${value}' is listed twice in the option '${name}'.`,
  valueLong: (value: string, name: string) =>
    `The value '${value}' of '${name}' is longer than ${variantLimits.value} characters.`,
  tooManyValues: (name: string, n: number) =>
    `The option '${name}' has ${n} values; an option can have at most ${variantLimits.values}.`,
  unusedValue: (value: string, name: string) =>
    `No variant has the value '${value}' of '${name}': press Generate variants, or remove the value.`,
  variantsWithoutOptions: 'Add an option (such as Size) before adding variants, or remove the variants.',
  optionsWithoutVariants:
    'Press Generate variants to make a row for each combination, or remove the options to sell the product as one piece.',
  tooManyVariants: (n: number) =>
    `A product can have at most ${variantLimits.variants} variants; these options make ${n}. Use fewer values.`,
  valueCount: (row: string, n: number, options: number) =>
    `${row}: it has ${n} ${n === 1 ? 'value' : 'values'} for ${options} ${options === 1 ? 'option' : 'options'}. Press Generate variants again.`,
  notAValue: (row: string, value: string, name: string) =>
    `${row}: '${value}' is not a value of the option '${name}'. Press Generate variants again, or add the value.`,
  combinationTwice: (title: string, first: number, again: number) =>
    `The combination ${title} is listed twice (rows ${first} and ${again}): keep one row for it.`,
  skuMissing: (row: string) => `${row}: enter the variant's SKU.`,
  skuLong: (row: string) => `${row}: the SKU can be at most ${variantLimits.sku} characters.`,
  skuPattern: (row: string) => `${row}: use letters, digits and - _ . / only in the SKU.`,
  skuTwice: (sku: string, first: number, again: number) =>
    `Rows ${first} and ${again} have the same SKU '${sku}'; each variant needs its own.`,
  skuOfProduct: (row: string, sku: string) =>
    `${row}: the SKU '${sku}' is the product's own SKU; give the variant one of its own.`,
  listPriceBelow: (row: string, price: number, cutPrice: number) =>
    `${row}: ${listPriceBelowPrice(price, cutPrice)}`,
  // Checked by the server, which knows the other products and variants.
  skuOfOtherProduct: (row: string, sku: string, title: string) =>
    `${row}: the product '${title}' already has the SKU '${sku}'.`,
  skuOfOtherVariant: (row: string, sku: string, title: string) =>
    `${row}: a variant of '${title}' already has the SKU '${sku}'.`,
  noSuchVariant:
    'A variant in the table no longer exists (someone changed them meanwhile). Reload the page and try again.',
  noSuchPicture: (row: string) =>
    `${row}: that picture is no longer one of the product's. Choose another, or none.`,
  // A product with variants keeps its stock per variant (decision 129).
  stockPerVariant:
    'This product has variants: change the stock of one variant (variantId), or set each in its Options and variants table.',
  noVariantOfProduct: 'That variant is not one of this product’s. Reload the page and try again.',
  productHasNoVariants: 'This product has no variants: change its own stock, without a variant.',
} as const

/** How a row is named in a message: 'Row 3 (M / Indigo)'. */
export const rowName = (row: number, values: readonly string[]) =>
  values.some(Boolean) ? `Row ${row} (${variantTitle(values)})` : `Row ${row}`

const nameKey = (s: string) => s.normalize('NFC').trim().toLocaleLowerCase('en-IN')
const comboKey = (values: readonly string[]) => values.map((v) => v.normalize('NFC').trim()).join('\u0000')

const text = (max: number) =>
  z
    .string({ error: 'Enter a text.' })
    .trim()
    .max(max * 4)
const rupees = (label: string) =>
  z
    .number({ error: `Enter the ${label} in rupees.` })
    .min(0, `The ${label} cannot be negative.`)
    .max(10_000_000, `The ${label} is too large.`)
    .refine((v) => Math.round(v * 100) === Math.round(v * 100 * 1000) / 1000, {
      message: `The ${label} can have at most 2 decimals (paise).`,
    })
const id = z.string().regex(/^[0-9a-f]{24}$/, 'Choose from the list.')

/**
 * The body of PUT /admin/products/{id}/variants. Its bounds stop absurd bodies; the shop's own rules (three
 * options, values once, every combination once, SKUs) are `variantProblems`, answered as sentences.
 */
export const productVariantsInputSchema = z.object({
  options: z
    .array(
      z.object({
        name: text(variantLimits.name),
        values: z.array(text(variantLimits.value)).max(variantLimits.values * 2),
      }),
    )
    .max(variantLimits.options * 2)
    .meta({ description: 'Up to three options with their values in order; empty to sell it as one piece' }),
  variants: z
    .array(
      z.object({
        _id: id
          .optional()
          .meta({ description: 'An existing variant, kept (and its carts and orders with it)' }),
        options: z
          .array(text(variantLimits.value))
          .max(variantLimits.options * 2)
          .meta({ description: "One value per option, in the options' order" }),
        sku: text(variantLimits.sku),
        price: rupees('price'),
        cutPrice: rupees('list price'),
        quantity: z
          .number({ error: 'Enter the stock as a number.' })
          .int('The stock must be a whole number.')
          .min(0, 'The stock cannot be negative.')
          .max(1_000_000, 'The stock must be at most 1000000.'),
        weight: z
          .number({ error: 'Enter the weight in grams.' })
          .int('The weight must be whole grams.')
          .min(1, 'The weight must be at least 1 gram.')
          .max(1_000_000, 'The weight must be at most 1000000 grams.')
          .nullable()
          .default(null)
          .meta({ description: 'Grams; null where the product has no weight of its own' }),
        madeToOrder: leadTimeText.meta({
          description:
            "Made to order: its own days until it ships ('10-14', '7'); empty or absent follows the product",
        }),
        imageId: id.nullable().default(null).meta({
          description: "One of the product's pictures, shown first for this variant; null for none",
        }),
      }),
    )
    .max(variantLimits.variants * 2)
    .meta({ description: 'The variants in order; the first is the default (its price is the product’s)' }),
})
export type ProductVariantsInput = z.input<typeof productVariantsInputSchema>
export type ProductVariantsBody = z.output<typeof productVariantsInputSchema>

type Problem = { field: string; message: string }
type Checked = {
  options: ReadonlyArray<{ name: string; values: readonly string[] }>
  variants: ReadonlyArray<{ options: readonly string[]; sku: string; price: number; cutPrice: number }>
}

/**
 * What is wrong with a product's options and variants, each with the field it belongs to ('options.0.values',
 * 'variants.2.sku'); empty when they can be saved. The server checks SKUs against the other products too.
 */
export function variantProblems(
  input: Checked,
  productSku?: string,
  /** The number a row goes by: its place in the table, or its row in a CSV file. */
  rowNumber: (index: number) => number = (j) => j + 1,
): Problem[] {
  const problems: Problem[] = []
  const add = (field: string, message: string) => problems.push({ field, message })
  const { options, variants } = input
  if (options.length > variantLimits.options) add('options', variantText.tooManyOptions)
  const names = new Map<string, number>()
  options.forEach((o, i) => {
    const name = o.name.trim()
    if (!name) add(`options.${i}.name`, variantText.optionName(i + 1))
    else if (name.length > variantLimits.name) add(`options.${i}.name`, variantText.optionNameLong(i + 1))
    else if (names.has(nameKey(name))) add(`options.${i}.name`, variantText.optionTwice(name))
    else names.set(nameKey(name), i)
    const label = name || `option ${i + 1}`
    if (o.values.length === 0) add(`options.${i}.values`, variantText.noValues(label))
    if (o.values.length > variantLimits.values)
      add(`options.${i}.values`, variantText.tooManyValues(label, o.values.length))
    const seen = new Set<string>()
    for (const v of o.values) {
      const value = v.trim()
      if (value.length > variantLimits.value) add(`options.${i}.values`, variantText.valueLong(value, label))
      else if (seen.has(nameKey(value))) add(`options.${i}.values`, variantText.valueTwice(value, label))
      seen.add(nameKey(value))
    }
  })
  if (options.length === 0 && variants.length > 0) add('variants', variantText.variantsWithoutOptions)
  if (options.length > 0 && variants.length === 0) add('variants', variantText.optionsWithoutVariants)
  if (variants.length > variantLimits.variants) add('variants', variantText.tooManyVariants(variants.length))
  // Nothing more can be said of rows whose options are wrong.
  if (problems.length) return problems

  const combos = new Map<string, number>()
  const skus = new Map<string, number>()
  const used = options.map(() => new Set<string>())
  variants.forEach((v, j) => {
    const row = rowName(rowNumber(j), v.options)
    if (v.options.length !== options.length) {
      add(`variants.${j}.options`, variantText.valueCount(row, v.options.length, options.length))
      return
    }
    let known = true
    v.options.forEach((value, i) => {
      const option = options[i]
      if (!option.values.some((x) => x.trim() === value.trim())) {
        add(`variants.${j}.options`, variantText.notAValue(row, value, option.name.trim()))
        known = false
      } else used[i].add(value.trim())
    })
    if (known) {
      const key = comboKey(v.options)
      const first = combos.get(key)
      if (first !== undefined) {
        add(
          `variants.${j}.options`,
          variantText.combinationTwice(variantTitle(v.options), rowNumber(first), rowNumber(j)),
        )
      } else combos.set(key, j)
    }
    const sku = v.sku.trim()
    if (!sku) add(`variants.${j}.sku`, variantText.skuMissing(row))
    else if (sku.length > variantLimits.sku) add(`variants.${j}.sku`, variantText.skuLong(row))
    else if (!skuPattern.test(sku)) add(`variants.${j}.sku`, variantText.skuPattern(row))
    else if (productSku && nameKey(productSku) === nameKey(sku))
      add(`variants.${j}.sku`, variantText.skuOfProduct(row, sku))
    else {
      const first = skus.get(nameKey(sku))
      if (first !== undefined)
        add(`variants.${j}.sku`, variantText.skuTwice(sku, rowNumber(first), rowNumber(j)))
      else skus.set(nameKey(sku), j)
    }
    if (v.cutPrice < v.price)
      add(`variants.${j}.cutPrice`, variantText.listPriceBelow(row, v.price, v.cutPrice))
  })
  // A value nothing is sold in would be offered on the product page and lead nowhere.
  if (problems.length === 0) {
    options.forEach((o, i) => {
      for (const v of o.values) {
        if (!used[i].has(v.trim()))
          add(`options.${i}.values`, variantText.unusedValue(v.trim(), o.name.trim()))
      }
    })
  }
  return problems
}

/** Every combination of the options' values, in order (the first option's values vary slowest). */
export function combinations(options: ReadonlyArray<{ values: readonly string[] }>): string[][] {
  if (options.length === 0) return []
  return options.reduce<string[][]>(
    (acc, o) => acc.flatMap((head) => o.values.map((v) => [...head, v])),
    [[]],
  )
}

/** A SKU for a new variant: the product's, then each value's letters and digits ('SAREE-7-M-INDIGO'). */
export function suggestedSku(
  productSku: string,
  values: readonly string[],
  options?: ReadonlyArray<{ values: readonly string[] }>,
) {
  const parts = values.map((v, i) => {
    const plain = v
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9]+/g, '')
      .toUpperCase()
    // A value without Latin letters or digits (हरा) is named by its place in its option.
    return plain || String((options?.[i]?.values.indexOf(v) ?? -1) + 1 || i + 1)
  })
  return [productSku.trim(), ...parts].filter(Boolean).join('-').slice(0, variantLimits.sku)
}

/**
 * 'Generate variants': one row per combination of the options' values, in order. A row already there for a
 * combination is kept as it is (its SKU, prices, stock, picture and id); a new one starts from `start`.
 */
export function generateVariants<Row extends { options: string[] }>(
  options: ReadonlyArray<{ values: readonly string[] }>,
  rows: readonly Row[],
  start: (values: string[]) => Row,
): Row[] {
  const byCombo = new Map(rows.map((r) => [comboKey(r.options), r]))
  return combinations(options).map((values) => byCombo.get(comboKey(values)) ?? start(values))
}

/**
 * Staff add pieces to the stock, or take some away (negative): of the product, or of one of its variants
 * (POST /admin/products/{id}/stock). A product with variants changes only per variant.
 */
export const productStockChangeInputSchema = z.object({
  change: z
    .number({ error: 'Enter how many to add (or, with a minus, to take away).' })
    .int('The stock change must be a whole number.')
    .min(-1_000_000, 'The stock change must be at least -1000000.')
    .max(1_000_000, 'The stock change must be at most 1000000.')
    .refine((v) => v !== 0, 'Enter how many to add (or, with a minus, to take away).'),
  variantId: id
    .optional()
    .meta({ description: 'The variant whose stock changes; required for a product with variants' }),
})
