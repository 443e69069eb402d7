import { and, asc, eq, ne, sql } from 'drizzle-orm'
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { z } from 'zod'
import {
  bannerInputSchema,
  categoryInputSchema,
  couponInputSchema,
  faqInputSchema,
  policySectionInputSchema,
  searchSynonymInputSchema,
  sliderInputSchema,
  stateInputSchema,
  subcategoryInputSchema,
  templeInputSchema,
} from '../../../../contracts/admin.ts'
import {
  bannerRowSchema,
  categoryRowSchema,
  couponRowSchema,
  faqRowSchema,
  policySectionRowSchema,
  searchSynonymRowSchema,
  sliderRowSchema,
  stateRowSchema,
  subcategoryRowSchema,
  templeRowSchema,
} from '../../../../contracts/admin-content.ts'
import type { DbOrTx } from '../../../db/client.ts'
import {
  banners,
  categories,
  coupons,
  faqs,
  policySections,
  products,
  searchSynonyms,
  sevas,
  sliders,
  states,
  subcategories,
  temples,
} from '../../../db/schema.ts'
import type { ListEntity } from '../../audit/actions.ts'
import { cleanHtml } from '../../content/html.ts'

type Row = Record<string, unknown>

/** A simple back-office list the console edits as a table of rows (everything but products and orders). */
export type ResourceDef = {
  /** URL segment under /api/v1/admin and the audit entity name. */
  path: string
  entity: ListEntity
  label: string
  table: PgTable & { id: AnyPgColumn }
  input: z.ZodType
  /** A row as the API answers it (contracts/admin-content.ts). */
  row: z.ZodType
  /** Turns a checked form into column values (sanitising HTML, converting dates). */
  toRow(input: Row): Row
  list(db: DbOrTx): Promise<Row[]>
  /** A unique column, so a clash answers with a field message instead of a 500. */
  unique?: { field: string; message: string }
  /** A row this one would clash with in a way the database's unique index alone would explain badly (409), or null. */
  conflict?(db: DbOrTx, row: Row, id?: string): Promise<{ field: string; message: string } | null>
  /** A reason the row cannot be deleted, or null. */
  blockDelete?(db: DbOrTx, id: string): Promise<string | null>
}

const byPosition = (table: PgTable & { position: AnyPgColumn }, db: DbOrTx, second: AnyPgColumn) =>
  db.select().from(table).orderBy(asc(table.position), asc(second)) as unknown as Promise<Row[]>

const productsUsing = async (db: DbOrTx, column: AnyPgColumn, id: string, what: string) => {
  const rows = await db.select({ id: products.id }).from(products).where(eq(column, id)).limit(1000)
  if (rows.length === 0) return null
  return `${rows.length} product${rows.length === 1 ? ' uses' : 's use'} this ${what}. Move them to another ${what} first, or set it inactive.`
}

/**
 * Moves a form's Hindi boxes (`titleHi`, …) into the row's `translations` (decision 097), empty ones left
 * out so the English shows; a form that sends none of them leaves the saved Hindi as it is.
 */
export function withHindi(input: Row, fields: string[], html: string[] = []): Row {
  const row: Row = { ...input }
  let sent = false
  const hi: Record<string, string> = {}
  for (const field of fields) {
    const key = `${field}Hi`
    if (!(key in row)) continue
    sent = true
    const text = typeof row[key] === 'string' ? (row[key] as string).trim() : ''
    delete row[key]
    if (text) hi[field] = html.includes(field) ? cleanHtml(text) : text
  }
  return sent ? { ...row, translations: Object.keys(hi).length ? { hi } : {} } : row
}

/** The end date is the last day a coupon works, to midnight in India. */
const endOfIndianDay = (date: string) => new Date(`${date}T23:59:59.999+05:30`)

export const resources: ResourceDef[] = [
  {
    path: 'categories',
    entity: 'category',
    label: 'category',
    table: categories,
    input: categoryInputSchema,
    row: categoryRowSchema,
    toRow: (i) => withHindi({ ...i, position: i.position ?? 0 }, ['title']),
    list: (db) => byPosition(categories, db, categories.title),
    blockDelete: (db, id) => productsUsing(db, products.categoryId, id, 'category'),
  },
  {
    path: 'subcategories',
    entity: 'subcategory',
    label: 'subcategory',
    table: subcategories,
    input: subcategoryInputSchema,
    row: subcategoryRowSchema,
    toRow: (i) => withHindi({ ...i, position: i.position ?? 0 }, ['title']),
    list: (db) => byPosition(subcategories, db, subcategories.title),
    blockDelete: (db, id) => productsUsing(db, products.subcategoryId, id, 'subcategory'),
  },
  {
    path: 'states',
    entity: 'state',
    label: 'state',
    table: states,
    input: stateInputSchema,
    row: stateRowSchema,
    toRow: (i) => withHindi({ ...i, position: i.position ?? 0 }, ['name']),
    list: (db) => byPosition(states, db, states.name),
    blockDelete: (db, id) => productsUsing(db, products.stateId, id, 'state'),
  },
  {
    path: 'sliders',
    entity: 'slider',
    label: 'slide',
    table: sliders,
    input: sliderInputSchema,
    row: sliderRowSchema,
    toRow: (i) => ({ ...i, position: i.position ?? 0 }),
    list: (db) => byPosition(sliders, db, sliders.createdAt),
  },
  {
    path: 'banners',
    entity: 'banner',
    label: 'banner',
    table: banners,
    input: bannerInputSchema,
    row: bannerRowSchema,
    toRow: (i) => ({ ...i, position: i.position ?? 0 }),
    list: (db) => byPosition(banners, db, banners.createdAt),
  },
  {
    path: 'coupons',
    entity: 'coupon',
    label: 'coupon',
    table: coupons,
    input: couponInputSchema,
    row: couponRowSchema,
    toRow: (i) => ({
      code: i.code,
      discount: i.discount,
      status: i.status,
      isPublic: i.isPublic,
      usageLimit: i.usageLimit,
      perCustomerLimit: i.perCustomerLimit,
      endsAt: typeof i.endsAt === 'string' ? endOfIndianDay(i.endsAt) : null,
    }),
    list: (db) => db.select().from(coupons).orderBy(asc(coupons.code)) as unknown as Promise<Row[]>,
    unique: { field: 'code', message: 'Another coupon already has this code.' },
    // Codes are one code whatever their case (migration 0012), so 'diwali15' clashes with 'DIWALI15'.
    conflict: async (db, row, id) => {
      const code = String(row.code)
      const [other] = await db
        .select({ code: coupons.code })
        .from(coupons)
        .where(and(sql`lower(${coupons.code}) = lower(${code})`, id ? ne(coupons.id, id) : undefined))
      // The very same code is the unique index's plain clash (400, as for every list).
      if (!other || other.code === code) return null
      return {
        field: 'code',
        message: `Another coupon already has the code ${other.code}. Codes are the same whatever their case, so choose a different code or edit ${other.code}.`,
      }
    },
  },
  {
    path: 'faqs',
    entity: 'faq',
    label: 'question',
    table: faqs,
    input: faqInputSchema,
    row: faqRowSchema,
    toRow: (i) =>
      withHindi(
        { ...i, answer: cleanHtml(String(i.answer)), position: i.position ?? 0 },
        ['question', 'answer'],
        ['answer'],
      ),
    list: (db) => byPosition(faqs, db, faqs.createdAt),
  },
  {
    path: 'policy-sections',
    entity: 'policy',
    label: 'section',
    table: policySections,
    input: policySectionInputSchema,
    row: policySectionRowSchema,
    toRow: (i) =>
      withHindi(
        { ...i, content: cleanHtml(String(i.content)), position: i.position ?? 0 },
        ['title', 'content'],
        ['content'],
      ),
    list: (db) =>
      db
        .select()
        .from(policySections)
        .orderBy(asc(policySections.kind), asc(policySections.position), asc(policySections.createdAt))
        .then((rows) => rows.filter((r) => r.kind !== 'return')) as unknown as Promise<Row[]>,
    blockDelete: async (db, id) => {
      const [row] = await db.select().from(policySections).where(eq(policySections.id, id))
      return row?.kind === 'return' ? 'The return policy is edited on its own screen, not deleted.' : null
    },
  },
  {
    path: 'temples',
    entity: 'temple',
    label: 'temple',
    table: temples,
    input: templeInputSchema,
    row: templeRowSchema,
    toRow: ({ nameHi, locationHi, aboutHi, ...i }) => ({
      ...i,
      slug: (i.slug as string) || slugify(String(i.name)),
      position: i.position ?? 0,
      // The Hindi is kept as staff's translations (decision 099); a form without Hindi leaves it alone.
      ...(nameHi === undefined && locationHi === undefined && aboutHi === undefined
        ? {}
        : {
            translations: {
              hi: Object.fromEntries(
                Object.entries({
                  name: String(nameHi ?? '').trim(),
                  location: String(locationHi ?? '').trim(),
                  about: cleanHtml(String(aboutHi ?? '')),
                }).filter(([, text]) => text),
              ),
            },
          }),
    }),
    list: (db) => byPosition(temples, db, temples.name),
    unique: { field: 'slug', message: 'Another temple already has this web name.' },
    // Sevas and their bookings belong to a temple (decision 102); so do its prasad packages (decision 099),
    // which would be left naming no temple: staff move or change them first.
    blockDelete: async (db, id) => {
      const sevaRows = await db.select({ id: sevas.id }).from(sevas).where(eq(sevas.templeId, id)).limit(1000)
      if (sevaRows.length > 0) {
        return `This temple has ${sevaRows.length === 1 ? '1 seva' : `${sevaRows.length} sevas`}. Delete them on the Sevas screen first, or keep the temple.`
      }
      const rows = await db
        .select({ id: products.id })
        .from(products)
        .where(eq(products.templeId, id))
        .limit(1000)
      if (rows.length === 0) return null
      return `${rows.length} product${rows.length === 1 ? ' is a prasad package' : 's are prasad packages'} of this temple. Choose another temple (or none) on ${rows.length === 1 ? 'its' : 'their'} product page first.`
    },
  },
  // Search synonyms are read with the catalogue snapshot, so the list's cache invalidation reaches search.
  {
    path: 'search-synonyms',
    entity: 'synonym',
    label: 'search synonym',
    table: searchSynonyms,
    input: searchSynonymInputSchema,
    row: searchSynonymRowSchema,
    toRow: (i) => ({ term: i.term, expansions: i.expansions }),
    list: (db) =>
      db.select().from(searchSynonyms).orderBy(asc(searchSynonyms.term)) as unknown as Promise<Row[]>,
    unique: { field: 'term', message: 'This word already has synonyms: edit that entry instead.' },
  },
]

export function slugify(text: string): string {
  return (
    text
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^\w\s-]/g, '')
      .trim()
      .replace(/[\s_]+/g, '-')
      .replace(/-+/g, '-')
      .slice(0, 80) || 'temple'
  )
}
