import { productInputSchema } from '../../../../contracts/admin.ts'
import type {
  ProductImportPreview,
  ProductImportResult,
  ProductImportRow,
} from '../../../../contracts/admin-products.ts'
import { rowName, variantText, variantTitle } from '../../../../contracts/admin-variants.ts'
import { type LeadTime, leadInputText, parseLeadTime } from '../../../../contracts/made-to-order.ts'
import { discountPercent, formatPaise } from '../../../../contracts/money.ts'
import {
  type ProductCsvHeading,
  productCsvColumns,
  productCsvText,
  productImportLimits,
} from '../../../../contracts/product-csv.ts'
import { packageSizeText } from '../../../../contracts/shipping-rules.ts'
import type { Db, Tx } from '../../../db/client.ts'
import { idPattern, newId } from '../../../db/ids.ts'
import { UnprocessableError, ValidationError } from '../../../http/errors.ts'
import type { CatalogueCache } from '../../../lib/cache.ts'
import {
  CsvError,
  type CsvRecord,
  fromSpreadsheet,
  parseCsv,
  spreadsheetSafe,
  writeCsv,
} from '../../../lib/csv.ts'
import { pgErrorCode } from '../../../lib/pg-error.ts'
import { writeAudit } from '../../audit/repo.ts'
import type {
  CatalogueService,
  ProductFilters,
  StoredProduct,
  StoredVariant,
} from '../../catalogue/service.ts'
import { type Actor, paise } from '../kit.ts'
import { type ProductInput, productValues } from './values.ts'
import { checkVariants, type VariantPlan, variantsAudit, writeVariants } from './variants.ts'

/**
 * The product CSV files (decision 093): the export of the list's products, and the import that creates and
 * updates products from such a file, checked row by row with the product form's rules first.
 */

type Structure = Awaited<ReturnType<CatalogueService['structure']>>
type Values = ReturnType<typeof productValues>

/** A heading as the import matches it: lower case, without its unit in brackets, spaces collapsed. */
const headingKey = (h: string) =>
  h
    .normalize('NFC')
    .toLowerCase()
    .replace(/\([^)]*\)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()

/** Other headings staff may give a column (the form's words). */
const aliases: Record<string, ProductCsvHeading> = {
  title: 'Name',
  'cut price': 'MRP (₹)',
  'list price': 'MRP (₹)',
  quantity: 'Stock',
  description: 'Description (HTML)',
  gst: 'GST rate (%)',
  // Shopify's words for the variant columns, so its files read too.
  'variant compare at price': 'Variant list price',
  'variant mrp': 'Variant list price',
  'variant inventory qty': 'Variant stock',
  'variant grams': 'Variant weight (g)',
  'variant image': 'Variant picture',
}
const headingOf = new Map<string, ProductCsvHeading>([
  ...productCsvColumns.map((c) => [headingKey(c.heading), c.heading] as const),
  ...Object.entries(aliases),
])
const required: ProductCsvHeading[] = ['SKU', 'Name', 'Price (₹)', 'Stock']

/** The product form's fields and the column each comes from (for a row's error messages). */
const columnOfField: Record<string, ProductCsvHeading> = {
  title: 'Name',
  price: 'Price (₹)',
  cutPrice: 'MRP (₹)',
  categoryId: 'Category',
  subcategoryId: 'Subcategory',
  stateId: 'State',
  materials: 'Materials',
  techniques: 'Techniques',
  colours: 'Colours',
  sku: 'SKU',
  shortDescription: 'Short description',
  description: 'Description (HTML)',
  youtubeVideoLink: 'YouTube link',
  view360Link: '360° view link',
  quantity: 'Stock',
  isApproved: 'Approved',
  hsnCode: 'HSN code',
  gstRate: 'GST rate (%)',
  gstRateFixed: 'GST rate fixed',
  uqc: 'Unit (UQC)',
  madeToOrder: 'Made to order (days)',
  weight: 'Weight (g)',
  packageSize: 'Package (cm)',
}

/** The same name whatever its letter case, spacing or Unicode form ('Uttar  pradesh' is 'Uttar Pradesh'). */
const sameName = (s: string) => s.normalize('NFC').replace(/\s+/g, ' ').trim().toLocaleLowerCase('en-IN')

const rupeeText = (paise: number) => (paise / 100).toFixed(2)
const yesNo = (v: boolean) => (v ? 'yes' : 'no')
/** An attribute's values in one cell (decision 130): the import splits them on the commas again. */
const valuesText = (values: readonly string[]) => values.join(', ')

/** Absolute addresses of a product's pictures (the 800 px size), as a browser opens them. */
const pictureAddress = (publicUrl: string, url: string) =>
  `${url.startsWith('/') ? publicUrl.replace(/\/+$/, '') : ''}${url}-800.webp`

// ----- reading one row -----

type Problem = { column: string; message: string }

/** An amount in rupees as people type it: 1650, 1,650.00, ₹1,650 or Rs 1650.50. */
function amountOf(text: string): number | null {
  const plain = text.replace(/^(₹|rs\.?|inr)\s*/i, '').replace(/[,\s]/g, '')
  return /^\d+(\.\d+)?$/.test(plain) ? Number(plain) : null
}

function yesOrNo(text: string): boolean | null {
  const t = text.trim().toLowerCase()
  if (['yes', 'y', 'true', '1'].includes(t)) return true
  if (['no', 'n', 'false', '0'].includes(t)) return false
  return null
}

/** The labelled change of one field, for the dry run: 'price ₹1,650.00 → ₹1,850.00'. */
type Shown = (v: unknown) => string
const fieldsShown: Array<[keyof Values | 'isApproved', string, Shown | null]> = [
  ['title', 'name', String],
  ['sku', 'SKU', String],
  ['categoryId', 'category', null],
  ['subcategoryId', 'subcategory', null],
  ['stateId', 'state', null],
  ['materials', 'materials', (v) => valuesText(v as string[]) || 'empty'],
  ['techniques', 'techniques', (v) => valuesText(v as string[]) || 'empty'],
  ['colours', 'colours', (v) => valuesText(v as string[]) || 'empty'],
  ['price', 'price', (v) => formatPaise(Number(v), { paise: 'always' })],
  ['cutPrice', 'MRP', (v) => formatPaise(Number(v), { paise: 'always' })],
  ['quantity', 'stock', (v) => String(v)],
  ['isApproved', 'approved', (v) => yesNo(Boolean(v))],
  ['shortDescription', 'short description', String],
  ['description', 'description', String],
  ['youtubeVideoLink', 'YouTube link', String],
  ['view360Link', '360° view link', String],
  ['hsnCode', 'HSN code', String],
  ['gstRate', 'GST rate', (v) => `${v}%`],
  ['gstRateFixed', 'GST rate fixed', (v) => yesNo(Boolean(v))],
  ['uqc', 'unit', String],
  ['leadMinDays', 'made to order, fewest days', (v) => (v === null ? 'empty' : String(v))],
  ['leadMaxDays', 'made to order, most days', (v) => (v === null ? 'empty' : String(v))],
  ['weight', 'weight', (v) => `${v} g`],
  ['packageLengthCm', 'package length', (v) => `${v} cm`],
  ['packageBreadthCm', 'package breadth', (v) => `${v} cm`],
  ['packageHeightCm', 'package height', (v) => `${v} cm`],
]

/** A product's options and variants as the file has them, to be written after the product. */
type VariantsPlanned = { options: Option[]; plans: VariantPlan[]; existing: StoredVariant[] }

type Planned =
  | {
      kind: 'create'
      row: number
      values: Values & { isApproved: boolean }
      variants: VariantsPlanned | null
    }
  | {
      kind: 'update'
      row: number
      before: StoredProduct
      set: Partial<Values & { isApproved: boolean }>
      variants: VariantsPlanned | null
    }

type Option = { name: string; values: string[] }

// ----- variants (decision 129): one row per variant, Shopify-style -----

const optionColumns = [
  { name: 'Option1 name', value: 'Option1 value' },
  { name: 'Option2 name', value: 'Option2 value' },
  { name: 'Option3 name', value: 'Option3 value' },
] as const satisfies ReadonlyArray<{ name: ProductCsvHeading; value: ProductCsvHeading }>

/** The columns of a variant: a row with any of them filled in is a variant's row. */
const variantColumns = [
  ...optionColumns.flatMap((o) => [o.name, o.value]),
  'Variant SKU',
  'Variant price',
  'Variant list price',
  'Variant stock',
  'Variant weight (g)',
  'Variant made to order (days)',
  'Variant picture',
] as const satisfies readonly ProductCsvHeading[]

/** A picture address as the export writes it (or a path like it), as the picture's stored path. */
const storedPath = (address: string) =>
  address
    .trim()
    .replace(/^https?:\/\/[^/]+/i, '')
    .replace(/-\d+\.(webp|avif|jpe?g|png)$/i, '')

const optionsText = (options: Option[]) =>
  options.length ? options.map((o) => `${o.name} (${o.values.join(', ')})`).join('; ') : 'none'

/**
 * The options a file's variants make: each option's values in the order the product had them, then the
 * values it did not have in the order the file first gives them (so an export imported again is no change).
 */
function optionsOf(names: string[], rows: string[][], before: Option[]): Option[] {
  return names.map((name, i) => {
    const inFile = [...new Set(rows.map((values) => values[i]))]
    const had = before[i] && sameName(before[i].name) === sameName(name) ? before[i].values : []
    return {
      name,
      values: [...had.filter((v) => inFile.includes(v)), ...inFile.filter((v) => !had.includes(v))],
    }
  })
}

/**
 * The file's variants matched to the product's: by their values first, then (for values renamed) by SKU.
 * Unmatched file variants are new (id null).
 */
function matchVariants(rows: Array<Omit<VariantPlan, 'id'>>, existing: StoredVariant[]): VariantPlan[] {
  const free = new Set(existing.map((v) => v.id))
  const key = (values: string[]) => values.join('\u0000')
  const ids: Array<string | null> = rows.map((r) => {
    const v = existing.find((x) => free.has(x.id) && key(x.optionValues) === key(r.optionValues))
    if (v) free.delete(v.id)
    return v?.id ?? null
  })
  return rows.map((r, j) => {
    let id = ids[j]
    if (!id) {
      const v = existing.find((x) => free.has(x.id) && x.sku.toLowerCase() === r.sku.toLowerCase())
      if (v) {
        free.delete(v.id)
        id = v.id
      }
    }
    return { id, ...r }
  })
}

/** What writing these variants changes, in words: 'variant M / Indigo price ₹1,650.00 → ₹1,850.00'. */
function variantChanges(
  beforeOptions: Option[],
  existing: StoredVariant[],
  options: Option[],
  plans: VariantPlan[],
  pictureName: (path: string | undefined) => string,
): string[] {
  const changes: string[] = []
  if (JSON.stringify(beforeOptions) !== JSON.stringify(options)) {
    const from = optionsText(beforeOptions)
    const to = optionsText(options)
    changes.push(from.length <= 80 && to.length <= 80 ? `options ${from} → ${to}` : 'options changed')
  }
  const money = (v: number) => formatPaise(v, { paise: 'always' })
  const byId = new Map(existing.map((v) => [v.id, v]))
  let moved = false
  plans.forEach((p, position) => {
    const title = variantTitle(p.optionValues)
    const was = p.id ? byId.get(p.id) : undefined
    if (!was) {
      changes.push(`variant ${title} added`)
      return
    }
    const wasTitle = variantTitle(was.optionValues)
    if (wasTitle !== title) changes.push(`variant ${wasTitle} → ${title}`)
    const fields: Array<[string, string, string]> = [
      ['SKU', was.sku, p.sku],
      ['price', money(was.price), money(p.price)],
      ['list price', money(was.cutPrice), money(p.cutPrice)],
      ['stock', String(was.quantity), String(p.quantity)],
      [
        'weight',
        was.weight === null ? 'empty' : `${was.weight} g`,
        p.weight === null ? 'empty' : `${p.weight} g`,
      ],
      ['picture', pictureName(was.images[0]), pictureName(p.images[0])],
    ]
    for (const [label, from, to] of fields) {
      if (from !== to) changes.push(`variant ${title} ${label} ${from} → ${to}`)
    }
    if (was.position !== position) moved = true
  })
  const kept = new Set(plans.map((p) => p.id))
  for (const v of existing) {
    if (!kept.has(v.id)) changes.push(`variant ${variantTitle(v.optionValues)} removed`)
  }
  if (moved && plans.every((p) => p.id) && kept.size === existing.length) {
    changes.push('order of the variants changed (the first is the default)')
  }
  return changes
}

/**
 * Reads a product CSV file and works out what importing it would do, reading the products, categories,
 * subcategories and states in the caller's transaction. Problems with the file as a whole are thrown
 * (400); a row's problems are answered with that row. A product with variants has one row per variant: its
 * first row carries the product's columns, the following ones its ID (or, for a new product, its SKU) and
 * the variant columns only; the dry run answers one entry per product.
 */
async function planImport(
  tx: Tx,
  csv: string,
  catalogue: Pick<CatalogueService, 'structure' | 'productStore'>,
) {
  const bytes = Buffer.byteLength(csv, 'utf8')
  if (bytes > productImportLimits.bytes) throw new ValidationError(productCsvText.tooLarge(bytes))
  if (csv.includes('\u0000')) throw new ValidationError(productCsvText.notCsv)
  let records: ReturnType<typeof parseCsv>
  try {
    records = parseCsv(csv)
  } catch (e) {
    if (e instanceof CsvError) throw new ValidationError(`${e.message} Check the file and try again.`)
    throw e
  }
  const [header, ...rest] = records
  if (!header) throw new ValidationError(productCsvText.empty)

  // Which column holds what.
  const at = new Map<ProductCsvHeading, number>()
  const ignored: string[] = []
  header.cells.forEach((raw, index) => {
    const heading = headingOf.get(headingKey(fromSpreadsheet(raw)))
    if (!heading) {
      if (raw.trim()) ignored.push(raw.trim())
      return
    }
    if (at.has(heading)) throw new ValidationError(productCsvText.repeatedColumn(heading))
    at.set(heading, index)
  })
  const missing = required.filter((h) => !at.has(h))
  if (missing.length) throw new ValidationError(productCsvText.missingColumns(missing))

  const dataRows = rest.filter((r) => r.cells.some((c) => c.trim() !== ''))
  if (dataRows.length === 0) throw new ValidationError(productCsvText.noRows)
  if (dataRows.length > productImportLimits.rows)
    throw new ValidationError(productCsvText.tooManyRows(dataRows.length))

  const notes: string[] = []
  if (ignored.length) {
    notes.push(`These columns are not read by the import and change nothing: ${ignored.join(', ')}.`)
  }
  const readOnly = productCsvColumns.filter((c) => 'readOnly' in c && at.has(c.heading)).map((c) => c.heading)
  if (readOnly.length) {
    notes.push(`${readOnly.join(', ')}: for reading only; the import leaves them as they are.`)
  }

  const cellOf = (record: CsvRecord, h: ProductCsvHeading) => {
    const index = at.get(h)
    return index === undefined ? '' : fromSpreadsheet(record.cells[index] ?? '')
  }
  // Without the variant columns the file says nothing of variants: products keep theirs.
  const readsVariants = variantColumns.some((h) => at.has(h))
  const isVariantRow = (r: CsvRecord) => variantColumns.some((h) => cellOf(r, h).trim() !== '')

  // The rows of each product: a row with the ID (or, for a new product, the SKU) of an earlier variant's
  // row, and a variant of its own, is that product's next variant.
  type Group = { head: CsvRecord; rest: CsvRecord[] }
  const groups: Group[] = []
  const groupOf = new Map<string, Group>()
  for (const record of dataRows) {
    const id = cellOf(record, 'ID').trim()
    const sku = cellOf(record, 'SKU').trim().toLowerCase()
    const key = id ? `id:${id}` : sku ? `sku:${sku}` : null
    const earlier = key ? groupOf.get(key) : undefined
    if (earlier && isVariantRow(record) && isVariantRow(earlier.head)) {
      earlier.rest.push(record)
      continue
    }
    const group = { head: record, rest: [] }
    groups.push(group)
    if (key && !earlier) groupOf.set(key, group)
  }

  const repo = catalogue.productStore(tx)
  const structure: Structure = await catalogue.structure(tx)
  const named = {
    category: new Map(structure.categories.map((c) => [c.id, c.title])),
    subcategory: new Map(structure.subcategories.map((s) => [s.id, s.title])),
    state: new Map(structure.states.map((s) => [s.id, s.name])),
  }
  const ids = [
    ...new Set(
      dataRows.map((r) => (r.cells[at.get('ID') ?? -1] ?? '').trim()).filter((id) => idPattern.test(id)),
    ),
  ]
  const existing = new Map((await repo.productsForUpdate(ids)).map((p) => [p.id, p]))
  const skuOwner = new Map((await repo.skus()).map((p) => [p.sku.toLowerCase(), p]))
  const variantSkuOwner = new Map((await repo.variantSkus()).map((v) => [v.sku.toLowerCase(), v]))
  const variantsOf = new Map<string, StoredVariant[]>()
  for (const v of await repo.variantsForUpdate([...existing.keys()])) {
    variantsOf.set(v.productId, [...(variantsOf.get(v.productId) ?? []), v])
  }
  const picturesOf = new Map<string, string[]>()
  for (const i of await repo.imagePathsOf([...existing.keys()])) {
    picturesOf.set(i.productId, [...(picturesOf.get(i.productId) ?? []), i.url])
  }

  const rows: ProductImportRow[] = []
  const planned: Planned[] = []
  const idSeen = new Map<string, number>()
  // Every SKU of the file, products' and variants' alike, with the row and product (group) it is in.
  const skuSeen = new Map<string, { row: number; group: Group }>()
  let followNoted = false
  // The product's own columns are read from its first row only: said once for the rows that fill them again.
  const productColumns = productCsvColumns
    .map((c) => c.heading)
    .filter((h) => h !== 'ID' && h !== 'SKU' && !(variantColumns as readonly string[]).includes(h))
  const refilled = groups
    .flatMap((g) => g.rest)
    .filter((r) => productColumns.some((h) => cellOf(r, h).trim() !== ''))
    .map((r) => r.row)
  if (refilled.length) {
    notes.push(
      `Row${refilled.length === 1 ? '' : 's'} ${refilled.join(', ')}: only the variant columns are read there; a product's own columns are read from its first row.`,
    )
  }

  for (const group of groups) {
    const record = group.head
    const cell = (h: ProductCsvHeading) => cellOf(record, h)
    const has = (h: ProductCsvHeading) => at.has(h)
    const problems: Problem[] = []
    const problem = (column: string, message: string) => problems.push({ column, message })

    // The product the row updates, if it names one.
    const idText = cell('ID').trim()
    let current: StoredProduct | null = null
    if (idText) {
      const found = existing.get(idText)
      if (!found) {
        problem('ID', `No product has the ID '${idText}'. Leave the ID empty to add a new product.`)
      } else if (idSeen.has(idText)) {
        problem('ID', `This product is also in row ${idSeen.get(idText)}; keep one row per product.`)
      } else {
        current = found
        idSeen.set(idText, record.row)
      }
    }
    const currentVariants = current ? (variantsOf.get(current.id) ?? []) : []
    const withVariants = isVariantRow(record)
    // Its price, list price and stock are its variants' (decision 129): the file's variants, or, in a file
    // without variant columns, the ones it has.
    const followsVariants = withVariants || (!readsVariants && currentVariants.length > 0)
    if (followsVariants && !followNoted) {
      notes.push(readsVariants ? productCsvText.variantsFollow : productCsvText.variantColumnsMissing)
      followNoted = true
    }

    // Names of the catalogue, found by name.
    const categoryName = cell('Category').trim()
    const category = categoryName
      ? structure.categories.find((c) => sameName(c.title) === sameName(categoryName))
      : undefined
    if (categoryName && !category) {
      problem(
        'Category',
        `There is no category called '${categoryName}'. Use a name from Categories, or leave it empty.`,
      )
    }
    const subcategoryName = cell('Subcategory').trim()
    let subcategory: Structure['subcategories'][number] | undefined
    if (subcategoryName) {
      if (!categoryName) problem('Subcategory', `Give the category of the subcategory '${subcategoryName}'.`)
      else if (category) {
        subcategory = structure.subcategories.find(
          (s) => s.categoryId === category.id && sameName(s.title) === sameName(subcategoryName),
        )
        if (!subcategory) {
          problem(
            'Subcategory',
            `The category '${category.title}' has no subcategory called '${subcategoryName}'.`,
          )
        }
      }
    }
    const stateName = cell('State').trim()
    const state = stateName
      ? structure.states.find((s) => sameName(s.name) === sameName(stateName))
      : undefined
    if (stateName && !state) {
      problem('State', `There is no state called '${stateName}'. Use a name from States, or leave it empty.`)
    }

    // Numbers as people type them (a product with variants takes its own from them).
    let price: number | null = 0
    let mrp: number | null = 0
    let stock: number | null = 0
    if (!followsVariants) {
      const priceText = cell('Price (₹)').trim()
      price = amountOf(priceText)
      if (price === null) {
        problem(
          'Price (₹)',
          priceText
            ? `Enter the price in rupees, such as 1650.00 (found '${priceText}').`
            : 'Enter the price in rupees.',
        )
      }
      const mrpText = cell('MRP (₹)').trim()
      mrp = mrpText ? amountOf(mrpText) : price
      if (mrpText && mrp === null) {
        problem(
          'MRP (₹)',
          `Enter the MRP in rupees, such as 1999.00, or leave it empty (found '${mrpText}').`,
        )
      }
      const stockText = cell('Stock').trim()
      stock = /^-?\d+$/.test(stockText) ? Number(stockText) : null
      if (stock === null) {
        problem(
          'Stock',
          stockText
            ? `Enter the stock as a whole number, such as 5 (found '${stockText}').`
            : 'Enter the stock.',
        )
      }
    }
    const approvedText = cell('Approved').trim()
    const approved = approvedText ? yesOrNo(approvedText) : undefined
    if (approved === null) problem('Approved', `Write yes or no (found '${approvedText}').`)
    const gstText = cell('GST rate (%)').trim().replace(/%$/, '')
    const fixedText = cell('GST rate fixed').trim()
    const fixed = fixedText ? yesOrNo(fixedText) : undefined
    if (fixed === null) problem('GST rate fixed', `Write yes or no (found '${fixedText}').`)
    const uqcText = cell('Unit (UQC)').trim().toUpperCase()

    const input = {
      title: cell('Name'),
      price: price ?? 0,
      cutPrice: mrp ?? 0,
      categoryId: category?.id ?? null,
      subcategoryId: subcategory?.id ?? null,
      stateId: state?.id ?? null,
      sku: cell('SKU'),
      shortDescription: cell('Short description'),
      description: cell('Description (HTML)'),
      youtubeVideoLink: cell('YouTube link'),
      view360Link: cell('360° view link'),
      quantity: stock ?? 0,
      ...(approved === undefined || approved === null ? {} : { isApproved: approved }),
      // Left as they are when the file has no such column (or, for the rate, an empty cell).
      ...(has('HSN code') ? { hsnCode: cell('HSN code') } : {}),
      ...(gstText ? { gstRate: gstText } : {}),
      ...(fixed === undefined || fixed === null ? {} : { gstRateFixed: fixed }),
      ...(uqcText ? { uqc: uqcText } : {}),
      ...(has('Made to order (days)') ? { madeToOrder: cell('Made to order (days)') } : {}),
      ...(has('Weight (g)') ? { weight: cell('Weight (g)').trim() } : {}),
      ...(has('Package (cm)') ? { packageSize: cell('Package (cm)') } : {}),
      ...(has('Materials') ? { materials: cell('Materials') } : {}),
      ...(has('Techniques') ? { techniques: cell('Techniques') } : {}),
      ...(has('Colours') ? { colours: cell('Colours') } : {}),
    }
    const checked = productInputSchema.safeParse(input)
    if (!checked.success) {
      const seen = new Set(problems.map((p) => p.column))
      for (const issue of checked.error.issues) {
        const column = columnOfField[String(issue.path[0])] ?? 'Row'
        // A column already said to be wrong (an amount that is not a number) is not wrong twice.
        if (seen.has(column)) continue
        seen.add(column)
        problem(column, issue.message)
      }
    }

    // The SKU belongs to one product, and to no variant of another.
    const sku = input.sku.trim().toLowerCase()
    if (sku) {
      const owner = skuOwner.get(sku)
      const ofVariant = variantSkuOwner.get(sku)
      const seenAt = skuSeen.get(sku)
      if (owner && owner.id !== (current?.id ?? idText)) {
        problem('SKU', `The product '${owner.title}' already has the SKU '${input.sku.trim()}'.`)
      } else if (ofVariant && ofVariant.productId !== (current?.id ?? idText)) {
        problem('SKU', `A variant of '${ofVariant.title}' already has the SKU '${input.sku.trim()}'.`)
      } else if (seenAt) {
        problem('SKU', `Row ${seenAt.row} has the same SKU; each product needs its own.`)
      } else skuSeen.set(sku, { row: record.row, group })
    }

    // The variants, one row each.
    let variants: VariantsPlanned | null = null
    if (withVariants) {
      variants = readVariants(group, current, currentVariants, input.sku.trim(), problem)
    } else if (readsVariants && currentVariants.length > 0) {
      // The file has variant columns and none for this product: it is sold as one piece again.
      variants = { options: [], plans: [], existing: currentVariants }
    }

    const title = input.title.trim() || current?.title || ''
    if (problems.length || !checked.success) {
      rows.push({
        row: record.row,
        _id: current?.id ?? null,
        title,
        outcome: 'error',
        changes: [],
        errors: problems,
      })
      continue
    }

    const data: ProductInput = checked.data
    const values = productValues(data, {
      category: category ?? null,
      subcategory: subcategory ?? null,
      state: state ?? null,
    })
    if (!current) {
      const first = variants?.plans[0]
      const own = first
        ? {
            price: first.price,
            cutPrice: first.cutPrice,
            discount: discountPercent(first.price, first.cutPrice),
            quantity: variants?.plans.reduce((sum, p) => sum + p.quantity, 0) ?? 0,
          }
        : {}
      planned.push({
        kind: 'create',
        row: record.row,
        values: { ...values, ...own, isApproved: data.isApproved ?? false },
        variants,
      })
      rows.push({ row: record.row, _id: null, title, outcome: 'create', changes: [], errors: [] })
      continue
    }

    // Only what differs is written: a sale made since the export keeps its stock unless the file changes it.
    const set: Partial<Values & { isApproved: boolean }> = {}
    const changes: string[] = []
    const next: Record<string, unknown> = {
      ...values,
      ...(data.isApproved === undefined ? {} : { isApproved: data.isApproved }),
    }
    for (const [field, label, show] of fieldsShown) {
      if (!(field in next)) continue
      if (followsVariants && (field === 'price' || field === 'cutPrice' || field === 'quantity')) continue
      const before = (current as Record<string, unknown>)[field] ?? null
      const after = next[field] ?? null
      // An attribute's values are a list: the same values in the same order are no change.
      if (Array.isArray(after) ? JSON.stringify(before) === JSON.stringify(after) : before === after) continue
      ;(set as Record<string, unknown>)[field] = after
      const names =
        field === 'categoryId' ? named.category : field === 'subcategoryId' ? named.subcategory : named.state
      const text = (v: unknown) =>
        v === null || v === '' ? 'empty' : show ? show(v) : (names.get(String(v)) ?? 'a removed one')
      const from = text(before)
      const to = text(after)
      changes.push(from.length <= 40 && to.length <= 40 ? `${label} ${from} → ${to}` : `${label} changed`)
    }
    if (variants) {
      const pictures = picturesOf.get(current.id) ?? []
      const pictureName = (path: string | undefined) => {
        const n = path ? pictures.indexOf(path) : -1
        return n < 0 ? 'none' : `picture ${n + 1}`
      }
      changes.push(
        ...variantChanges(
          currentVariants.length ? current.options : [],
          currentVariants,
          variants.options,
          variants.plans,
          pictureName,
        ),
      )
    }
    if (changes.length === 0) {
      rows.push({ row: record.row, _id: current.id, title, outcome: 'unchanged', changes: [], errors: [] })
      continue
    }
    // Kept by the shop itself, from the values above.
    if (Object.keys(set).length) set.searchText = values.searchText
    if ('price' in set || 'cutPrice' in set) set.discount = values.discount
    planned.push({ kind: 'update', row: record.row, before: current, set, variants })
    rows.push({ row: record.row, _id: current.id, title, outcome: 'update', changes, errors: [] })
  }

  /**
   * The variants of one product from its rows: the option names of its first row, each row's values and
   * variant columns, checked with the console's rules; problems go to the product's entry, naming the row.
   */
  function readVariants(
    group: Group,
    current: StoredProduct | null,
    currentVariants: StoredVariant[],
    productSku: string,
    problem: (column: string, message: string) => void,
  ): VariantsPlanned {
    const found: Problem[] = []
    const add = (column: string, message: string) => found.push({ column, message })
    const records = [group.head, ...group.rest]
    const headRow = group.head.row
    const names = optionColumns.map((o) => cellOf(group.head, o.name).trim())
    const count = names.reduce((n, name, i) => (name ? i + 1 : n), 0)
    names.slice(0, count).forEach((name, i) => {
      if (!name) add(optionColumns[i].name, `Row ${headRow}: name option ${i + 1} before option ${i + 2}.`)
    })
    if (count === 0) {
      add(
        'Option1 name',
        `Row ${headRow}: name the product's first option in 'Option1 name' (such as Size), and give each variant's value in 'Option1 value'.`,
      )
    }
    const pictures = current ? (picturesOf.get(current.id) ?? []) : []
    // A file without the column keeps each variant's own days (matched below); with it, the cell decides.
    const readsLead = at.has('Variant made to order (days)')
    const read = records.map((r): Omit<VariantPlan, 'id'> => {
      const at = (h: ProductCsvHeading) => cellOf(r, h).trim()
      const say = (column: ProductCsvHeading, message: string) => add(column, `Row ${r.row}: ${message}`)
      if (r !== group.head) {
        optionColumns.forEach((o, i) => {
          const name = at(o.name)
          if (name && sameName(name) !== sameName(names[i])) {
            say(
              o.name,
              `the product's first row (row ${headRow}) names option ${i + 1} '${names[i] || 'nothing'}'; leave this cell empty or write the same.`,
            )
          }
        })
      }
      const optionValues = optionColumns.slice(0, count).map((o, i) => {
        const value = at(o.value)
        if (!value && names[i]) say(o.value, `give this variant's value of the option '${names[i]}'.`)
        return value
      })
      optionColumns.slice(count).forEach((o, i) => {
        if (at(o.value)) {
          say(
            o.value,
            `name option ${count + i + 1} in '${o.name}' on the product's first row (row ${headRow}), or leave the value empty.`,
          )
        }
      })
      const priceText = at('Variant price')
      const price = amountOf(priceText)
      if (price === null) {
        say(
          'Variant price',
          priceText
            ? `enter the variant's price in rupees, such as 1650.00 (found '${priceText}').`
            : "enter the variant's price in rupees, such as 1650.00.",
        )
      }
      const listText = at('Variant list price')
      const list = listText ? amountOf(listText) : price
      if (listText && list === null) {
        say(
          'Variant list price',
          `enter the variant's list price in rupees, or leave it empty (found '${listText}').`,
        )
      }
      const stockText = at('Variant stock')
      const stock = /^\d+$/.test(stockText) && Number(stockText) <= 1_000_000 ? Number(stockText) : null
      if (stock === null) {
        say(
          'Variant stock',
          stockText
            ? `enter the variant's stock as a whole number from 0, such as 5 (found '${stockText}').`
            : "enter the variant's stock, such as 5.",
        )
      }
      const weightText = at('Variant weight (g)')
      const weight = weightText ? (/^\d+$/.test(weightText) ? Number(weightText) : 0) : null
      if (weight !== null && (weight < 1 || weight > 1_000_000)) {
        say(
          'Variant weight (g)',
          `enter the weight in whole grams, such as 450, or leave it empty (found '${weightText}').`,
        )
      }
      let lead: LeadTime | null = null
      if (readsLead) {
        const leadRead = parseLeadTime(at('Variant made to order (days)'))
        if ('problem' in leadRead) say('Variant made to order (days)', leadRead.problem)
        else lead = leadRead.lead
      }
      const pictureText = at('Variant picture')
      let images: string[] = []
      if (pictureText) {
        const path = storedPath(pictureText)
        if (!current) {
          say(
            'Variant picture',
            "a new product has no pictures yet: leave 'Variant picture' empty, and choose it on the product's page once it has pictures.",
          )
        } else if (!pictures.includes(path)) {
          say(
            'Variant picture',
            `'${pictureText}' is not one of this product's pictures. Copy an address from its Picture addresses, or leave it empty.`,
          )
        } else images = [path]
      }
      return {
        optionValues,
        sku: at('Variant SKU'),
        price: paise(price ?? 0),
        cutPrice: paise(list ?? 0),
        quantity: stock ?? 0,
        weight,
        leadMinDays: lead?.minDays ?? null,
        leadMaxDays: lead?.maxDays ?? null,
        images,
      }
    })
    const options = optionsOf(
      names.slice(0, count),
      read.map((r) => r.optionValues),
      currentVariants.length && current ? current.options : [],
    )
    const plans = matchVariants(read, currentVariants).map((p) => {
      const was = readsLead || !p.id ? undefined : currentVariants.find((v) => v.id === p.id)
      return was ? { ...p, leadMinDays: was.leadMinDays, leadMaxDays: was.leadMaxDays } : p
    })
    // The console's rules, once each row reads well: values once, every combination once, SKUs.
    if (found.length === 0) {
      const columnOf = (field: string) => {
        const [, index, part] = field.split('.')
        if (field.startsWith('options.'))
          return part === 'name' ? optionColumns[Number(index)].name : optionColumns[Number(index)].value
        if (part === 'sku') return 'Variant SKU'
        if (part === 'cutPrice') return 'Variant list price'
        if (part === 'options') return 'Option1 value'
        return 'Row'
      }
      const rowOf = (j: number) => records[j].row
      for (const p of checkVariants(options, plans, productSku, rowOf)) add(columnOf(p.field), p.message)
      // Across the file and the shop: no other product or variant has the same SKU.
      plans.forEach((p, j) => {
        const key = p.sku.toLowerCase()
        const product = skuOwner.get(key)
        const variant = variantSkuOwner.get(key)
        const row = rowName(rowOf(j), p.optionValues)
        const mine = current?.id ?? null
        const seenAt = skuSeen.get(key)
        if (product && product.id !== mine) {
          add('Variant SKU', variantText.skuOfOtherProduct(row, p.sku, product.title))
        } else if (variant && variant.productId !== mine) {
          add('Variant SKU', variantText.skuOfOtherVariant(row, p.sku, variant.title))
        } else if (seenAt && seenAt.group !== group) {
          add(
            'Variant SKU',
            `${row}: row ${seenAt.row} has the same SKU; each product and variant needs its own.`,
          )
        } else if (!seenAt) skuSeen.set(key, { row: rowOf(j), group })
      })
    }
    for (const p of found) problem(p.column, p.message)
    return { options, plans, existing: currentVariants }
  }

  const count = (o: ProductImportRow['outcome']) => rows.filter((r) => r.outcome === o).length
  const preview: ProductImportPreview = {
    rows,
    creates: count('create'),
    updates: count('update'),
    unchanged: count('unchanged'),
    errors: count('error'),
    notes,
  }
  return { preview, planned }
}

/** What an audit entry keeps of an update: the product's title and the fields that changed. */
function auditPair(before: StoredProduct, set: Record<string, unknown>) {
  const keys = Object.keys(set).filter((k) => k !== 'searchText' && k !== 'discount')
  const pick = (from: Record<string, unknown>) => Object.fromEntries(keys.map((k) => [k, from[k] ?? null]))
  return {
    before: { title: before.title, ...pick(before as Record<string, unknown>) },
    after: { title: (set.title as string | undefined) ?? before.title, ...pick(set) },
  }
}

export function createProductCsv(deps: {
  db: Db
  cache: Pick<CatalogueCache, 'invalidate'>
  catalogue: Pick<CatalogueService, 'structure' | 'productStore' | 'followVariants'>
  /** The shop's address, for absolute picture addresses in the export. */
  publicUrl: string
}) {
  const { db } = deps
  return {
    /** Every product matching the list's filters as a CSV file (UTF-8 with a byte-order mark, for Excel). */
    async exportFile(filters: ProductFilters): Promise<string> {
      const store = deps.catalogue.productStore()
      const rows = await store.productsForExport(filters)
      const variantsOf = new Map<string, StoredVariant[]>()
      for (const v of await store.variantsOf(
        rows.filter((r) => r.product.options.length).map((r) => r.product.id),
      )) {
        variantsOf.set(v.productId, [...(variantsOf.get(v.productId) ?? []), v])
      }
      const safe = (v: string | null | undefined) => spreadsheetSafe(v ?? '')
      // A product with variants (decision 129) takes one row per variant: its own columns on the first.
      const lines = rows.flatMap(({ product: p, category, subcategory, state, images }) => {
        const variants = variantsOf.get(p.id) ?? []
        const variantCells = (v: StoredVariant | undefined, first: boolean) => {
          const cells: Partial<Record<ProductCsvHeading, string>> = {}
          if (!v) return cells
          optionColumns.forEach((o, i) => {
            if (first) cells[o.name] = safe(p.options[i]?.name)
            cells[o.value] = safe(v.optionValues[i])
          })
          const picture = v.images.find((u) => images.includes(u))
          return {
            ...cells,
            'Variant SKU': safe(v.sku),
            'Variant price': rupeeText(v.price),
            'Variant list price': v.cutPrice === v.price ? '' : rupeeText(v.cutPrice),
            'Variant stock': String(v.quantity),
            'Variant weight (g)': v.weight === null ? '' : String(v.weight),
            'Variant made to order (days)': leadInputText(v),
            'Variant picture': picture ? pictureAddress(deps.publicUrl, picture) : '',
          }
        }
        // Every product column named (the variant columns follow, empty for a product sold as one piece).
        const cells: Record<Exclude<ProductCsvHeading, (typeof variantColumns)[number]>, string> &
          Partial<Record<ProductCsvHeading, string>> = {
          ID: p.id,
          SKU: safe(p.sku),
          Name: safe(p.title),
          Category: safe(category),
          Subcategory: safe(subcategory),
          State: safe(state),
          Materials: safe(valuesText(p.materials)),
          Techniques: safe(valuesText(p.techniques)),
          Colours: safe(valuesText(p.colours)),
          'Price (₹)': rupeeText(p.price),
          'MRP (₹)': p.cutPrice === p.price ? '' : rupeeText(p.cutPrice),
          Stock: String(p.quantity),
          Approved: yesNo(p.isApproved),
          'Short description': safe(p.shortDescription),
          'Description (HTML)': safe(p.description),
          'YouTube link': safe(p.youtubeVideoLink),
          '360° view link': safe(p.view360Link),
          'HSN code': safe(p.hsnCode),
          'GST rate (%)': String(p.gstRate),
          'GST rate fixed': yesNo(p.gstRateFixed),
          'Unit (UQC)': p.uqc,
          'Made to order (days)': leadInputText(p),
          'Weight (g)': p.weight === null ? '' : String(p.weight),
          'Package (cm)': packageSizeText({
            lengthCm: p.packageLengthCm,
            breadthCm: p.packageBreadthCm,
            heightCm: p.packageHeightCm,
          }),
          Archived: yesNo(p.archivedAt !== null),
          Sold: String(p.soldCount),
          'Picture addresses': images.map((u) => pictureAddress(deps.publicUrl, u)).join('\n'),
          ...variantCells(variants[0], true),
        }
        const following = variants.slice(1).map((v) => {
          const only: Partial<Record<ProductCsvHeading, string>> = {
            ID: p.id,
            SKU: safe(p.sku),
            ...variantCells(v, false),
          }
          return productCsvColumns.map((c) => only[c.heading] ?? '')
        })
        return [productCsvColumns.map((c) => cells[c.heading] ?? ''), ...following]
      })
      return writeCsv([productCsvColumns.map((c) => c.heading), ...lines], { bom: true })
    },

    /** The dry run: what importing the file would do, row by row. Nothing is written. */
    async preview(csv: string): Promise<ProductImportPreview> {
      // Read in a transaction of its own, so the rows it locks are let go as soon as it is done.
      return db.transaction(async (tx) => (await planImport(tx, csv, deps.catalogue)).preview)
    },

    /**
     * Imports the file in one transaction, after checking it again (the dry run's answer is not trusted):
     * any row with an error and nothing is written.
     */
    async apply(actor: Actor, csv: string): Promise<ProductImportResult> {
      const result = await db
        .transaction(async (tx) => {
          const { preview, planned } = await planImport(tx, csv, deps.catalogue)
          if (preview.errors) throw new UnprocessableError(productCsvText.hasErrors(preview.errors))
          const repo = deps.catalogue.productStore(tx)
          for (const step of planned) {
            const v = step.variants
            if (step.kind === 'create') {
              const id = newId()
              await repo.insert({ id, ...step.values })
              if (v) await writeVariants(tx, deps.catalogue, id, v.options, v.plans, [])
              await writeAudit(tx, {
                actorId: actor.id,
                action: 'product.import-create',
                entity: 'product',
                entityId: id,
                before: null,
                after: {
                  ...step.values,
                  searchText: undefined,
                  ...(v ? variantsAudit(step.values, v.options, v.plans) : {}),
                },
              })
            } else {
              if (Object.keys(step.set).length) await repo.update(step.before.id, step.set)
              if (v) await writeVariants(tx, deps.catalogue, step.before.id, v.options, v.plans, v.existing)
              const pair = auditPair(step.before, step.set)
              const title = pair.after.title as string
              await writeAudit(tx, {
                actorId: actor.id,
                action: 'product.import-update',
                entity: 'product',
                entityId: step.before.id,
                before: {
                  ...pair.before,
                  ...(v
                    ? variantsAudit(step.before, v.existing.length ? step.before.options : [], v.existing)
                    : {}),
                },
                after: { ...pair.after, ...(v ? variantsAudit({ title }, v.options, v.plans) : {}) },
              })
            }
          }
          return { created: preview.creates, updated: preview.updates, unchanged: preview.unchanged }
        })
        .catch((e) => {
          if (pgErrorCode(e) === '23505') {
            throw new UnprocessableError(
              'Another product took one of these SKUs while the file was being imported. Check the file again.',
            )
          }
          throw e
        })
      if (result.created || result.updated) deps.cache.invalidate()
      return result
    },
  }
}
