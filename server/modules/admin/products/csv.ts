import { productInputSchema } from '../../../../contracts/admin.ts'
import type {
  ProductImportPreview,
  ProductImportResult,
  ProductImportRow,
} from '../../../../contracts/admin-products.ts'
import { formatPaise } from '../../../../contracts/money.ts'
import {
  type ProductCsvHeading,
  productCsvColumns,
  productCsvText,
  productImportLimits,
} from '../../../../contracts/product-csv.ts'
import type { Db, Tx } from '../../../db/client.ts'
import { idPattern, newId } from '../../../db/ids.ts'
import { UnprocessableError, ValidationError } from '../../../http/errors.ts'
import type { CatalogueCache } from '../../../lib/cache.ts'
import { CsvError, fromSpreadsheet, parseCsv, spreadsheetSafe, writeCsv } from '../../../lib/csv.ts'
import { pgErrorCode } from '../../../lib/pg-error.ts'
import { writeAudit } from '../../audit/repo.ts'
import type { CatalogueService, ProductFilters, StoredProduct } from '../../catalogue/service.ts'
import type { Actor } from '../kit.ts'
import { type ProductInput, productValues } from './values.ts'

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
}

/** The same name whatever its letter case, spacing or Unicode form ('Uttar  pradesh' is 'Uttar Pradesh'). */
const sameName = (s: string) => s.normalize('NFC').replace(/\s+/g, ' ').trim().toLocaleLowerCase('en-IN')

const rupeeText = (paise: number) => (paise / 100).toFixed(2)
const yesNo = (v: boolean) => (v ? 'yes' : 'no')

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
]

type Planned =
  | { kind: 'create'; row: number; values: Values & { isApproved: boolean } }
  | { kind: 'update'; row: number; before: StoredProduct; set: Partial<Values & { isApproved: boolean }> }

/**
 * Reads a product CSV file and works out what importing it would do, reading the products, categories,
 * subcategories and states in the caller's transaction. Problems with the file as a whole are thrown
 * (400); a row's problems are answered with that row.
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

  const rows: ProductImportRow[] = []
  const planned: Planned[] = []
  const idSeen = new Map<string, number>()
  const skuSeen = new Map<string, number>()

  for (const record of dataRows) {
    const cell = (h: ProductCsvHeading) => {
      const index = at.get(h)
      return index === undefined ? '' : fromSpreadsheet(record.cells[index] ?? '')
    }
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

    // Numbers as people type them.
    const priceText = cell('Price (₹)').trim()
    const price = amountOf(priceText)
    if (price === null) {
      problem(
        'Price (₹)',
        priceText
          ? `Enter the price in rupees, such as 1650.00 (found '${priceText}').`
          : 'Enter the price in rupees.',
      )
    }
    const mrpText = cell('MRP (₹)').trim()
    const mrp = mrpText ? amountOf(mrpText) : price
    if (mrpText && mrp === null) {
      problem('MRP (₹)', `Enter the MRP in rupees, such as 1999.00, or leave it empty (found '${mrpText}').`)
    }
    const stockText = cell('Stock').trim()
    const stock = /^-?\d+$/.test(stockText) ? Number(stockText) : null
    if (stock === null) {
      problem(
        'Stock',
        stockText
          ? `Enter the stock as a whole number, such as 5 (found '${stockText}').`
          : 'Enter the stock.',
      )
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

    // The SKU belongs to one product.
    const sku = input.sku.trim().toLowerCase()
    if (sku) {
      const owner = skuOwner.get(sku)
      if (owner && owner.id !== (current?.id ?? idText)) {
        problem('SKU', `The product '${owner.title}' already has the SKU '${input.sku.trim()}'.`)
      } else if (skuSeen.has(sku)) {
        problem('SKU', `Row ${skuSeen.get(sku)} has the same SKU; each product needs its own.`)
      } else skuSeen.set(sku, record.row)
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
      planned.push({
        kind: 'create',
        row: record.row,
        values: { ...values, isApproved: data.isApproved ?? false },
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
      const before = (current as Record<string, unknown>)[field] ?? null
      const after = next[field] ?? null
      if (before === after) continue
      ;(set as Record<string, unknown>)[field] = after
      const names =
        field === 'categoryId' ? named.category : field === 'subcategoryId' ? named.subcategory : named.state
      const text = (v: unknown) =>
        v === null || v === '' ? 'empty' : show ? show(v) : (names.get(String(v)) ?? 'a removed one')
      const from = text(before)
      const to = text(after)
      changes.push(from.length <= 40 && to.length <= 40 ? `${label} ${from} → ${to}` : `${label} changed`)
    }
    if (changes.length === 0) {
      rows.push({ row: record.row, _id: current.id, title, outcome: 'unchanged', changes: [], errors: [] })
      continue
    }
    // Kept by the shop itself, from the values above.
    set.searchText = values.searchText
    if ('price' in set || 'cutPrice' in set) set.discount = values.discount
    planned.push({ kind: 'update', row: record.row, before: current, set })
    rows.push({ row: record.row, _id: current.id, title, outcome: 'update', changes, errors: [] })
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
  catalogue: Pick<CatalogueService, 'structure' | 'productStore'>
  /** The shop's address, for absolute picture addresses in the export. */
  publicUrl: string
}) {
  const { db } = deps
  return {
    /** Every product matching the list's filters as a CSV file (UTF-8 with a byte-order mark, for Excel). */
    async exportFile(filters: ProductFilters): Promise<string> {
      const rows = await deps.catalogue.productStore().productsForExport(filters)
      const safe = (v: string | null | undefined) => spreadsheetSafe(v ?? '')
      const lines = rows.map(({ product: p, category, subcategory, state, images }) => {
        const cells: Record<ProductCsvHeading, string> = {
          ID: p.id,
          SKU: safe(p.sku),
          Name: safe(p.title),
          Category: safe(category),
          Subcategory: safe(subcategory),
          State: safe(state),
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
          Archived: yesNo(p.archivedAt !== null),
          Sold: String(p.soldCount),
          'Picture addresses': images.map((u) => pictureAddress(deps.publicUrl, u)).join('\n'),
        }
        return productCsvColumns.map((c) => cells[c.heading])
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
            if (step.kind === 'create') {
              const id = newId()
              await repo.insert({ id, ...step.values })
              await writeAudit(tx, {
                actorId: actor.id,
                action: 'product.import-create',
                entity: 'product',
                entityId: id,
                before: null,
                after: { ...step.values, searchText: undefined },
              })
            } else {
              await repo.update(step.before.id, step.set)
              await writeAudit(tx, {
                actorId: actor.id,
                action: 'product.import-update',
                entity: 'product',
                entityId: step.before.id,
                ...auditPair(step.before, step.set),
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
