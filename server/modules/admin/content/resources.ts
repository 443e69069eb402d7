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
import type { ListStore } from '../../../db/list-store.ts'
import type { ListEntity } from '../../audit/actions.ts'
import type { CatalogueService } from '../../catalogue/service.ts'
import { cleanHtml } from '../../content/html.ts'
import type { ContentService } from '../../content/service.ts'
import type { CouponsService } from '../../coupons/service.ts'
import type { SevasService } from '../../sevas/service.ts'

type Row = Record<string, unknown>

/** The modules whose lists these are (decision 113): each keeps its rows, the console checks and audits. */
export type ListOwners = {
  catalogue: Pick<CatalogueService, 'lists' | 'productsNaming'>
  content: Pick<ContentService, 'lists'>
  coupons: Pick<CouponsService, 'list' | 'codeTaken'>
  sevas: Pick<SevasService, 'sevasOfTemple'>
}

/** A simple back-office list the console edits as a table of rows (everything but products and orders). */
export type ResourceDef = {
  /** URL segment under /api/v1/admin and the audit entity name. */
  path: string
  entity: ListEntity
  label: string
  /** The owning module's rows of the list, in its screen's order. */
  store(owners: ListOwners): ListStore
  input: z.ZodType
  /** A row as the API answers it (contracts/admin-content.ts). */
  row: z.ZodType
  /** Turns a checked form into column values (sanitising HTML, converting dates). */
  toRow(input: Row): Row
  /** A unique column, so a clash answers with a field message instead of a 500. */
  unique?: { field: string; message: string }
  /** A row this one would clash with in a way the database's unique index alone would explain badly (409), or null. */
  conflict?(
    owners: ListOwners,
    db: DbOrTx,
    row: Row,
    id?: string,
  ): Promise<{ field: string; message: string } | null>
  /** A reason the row cannot be deleted, or null. */
  blockDelete?(owners: ListOwners, db: DbOrTx, id: string): Promise<string | null>
}

const productsUsing = async (
  owners: ListOwners,
  db: DbOrTx,
  link: 'categoryId' | 'subcategoryId' | 'stateId',
  id: string,
  what: string,
) => {
  const n = await owners.catalogue.productsNaming(link, id, db)
  if (n === 0) return null
  return `${n} product${n === 1 ? ' uses' : 's use'} this ${what}. Move them to another ${what} first, or set it inactive.`
}

/**
 * Moves a form's Hindi boxes (`titleHi`, …) into the row's `translations` (decision 097), empty ones left
 * out so the English shows; a form that sends none of them leaves the saved Hindi as it is.
 */
function withHindi(input: Row, fields: string[], html: string[] = []): Row {
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
    store: (o) => o.catalogue.lists.categories,
    input: categoryInputSchema,
    row: categoryRowSchema,
    toRow: (i) => withHindi({ ...i, position: i.position ?? 0 }, ['title']),
    blockDelete: (o, db, id) => productsUsing(o, db, 'categoryId', id, 'category'),
  },
  {
    path: 'subcategories',
    entity: 'subcategory',
    label: 'subcategory',
    store: (o) => o.catalogue.lists.subcategories,
    input: subcategoryInputSchema,
    row: subcategoryRowSchema,
    toRow: (i) => withHindi({ ...i, position: i.position ?? 0 }, ['title']),
    blockDelete: (o, db, id) => productsUsing(o, db, 'subcategoryId', id, 'subcategory'),
  },
  {
    path: 'states',
    entity: 'state',
    label: 'state',
    store: (o) => o.catalogue.lists.states,
    input: stateInputSchema,
    row: stateRowSchema,
    toRow: (i) => withHindi({ ...i, position: i.position ?? 0 }, ['name']),
    blockDelete: (o, db, id) => productsUsing(o, db, 'stateId', id, 'state'),
  },
  {
    path: 'sliders',
    entity: 'slider',
    label: 'slide',
    store: (o) => o.content.lists.sliders,
    input: sliderInputSchema,
    row: sliderRowSchema,
    toRow: (i) => ({ ...i, position: i.position ?? 0 }),
  },
  {
    path: 'banners',
    entity: 'banner',
    label: 'banner',
    store: (o) => o.content.lists.banners,
    input: bannerInputSchema,
    row: bannerRowSchema,
    toRow: (i) => ({ ...i, position: i.position ?? 0 }),
  },
  {
    path: 'coupons',
    entity: 'coupon',
    label: 'coupon',
    store: (o) => o.coupons.list,
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
    unique: { field: 'code', message: 'Another coupon already has this code.' },
    // Codes are one code whatever their case (migration 0012), so 'diwali15' clashes with 'DIWALI15'.
    conflict: async (o, db, row, id) => {
      const code = String(row.code)
      const other = await o.coupons.codeTaken(code, id, db)
      // The very same code is the unique index's plain clash (400, as for every list).
      if (!other || other === code) return null
      return {
        field: 'code',
        message: `Another coupon already has the code ${other}. Codes are the same whatever their case, so choose a different code or edit ${other}.`,
      }
    },
  },
  {
    path: 'faqs',
    entity: 'faq',
    label: 'question',
    store: (o) => o.content.lists.faqs,
    input: faqInputSchema,
    row: faqRowSchema,
    toRow: (i) =>
      withHindi(
        { ...i, answer: cleanHtml(String(i.answer)), position: i.position ?? 0 },
        ['question', 'answer'],
        ['answer'],
      ),
  },
  {
    path: 'policy-sections',
    entity: 'policy',
    label: 'section',
    store: (o) => o.content.lists.policySections,
    input: policySectionInputSchema,
    row: policySectionRowSchema,
    toRow: (i) =>
      withHindi(
        { ...i, content: cleanHtml(String(i.content)), position: i.position ?? 0 },
        ['title', 'content'],
        ['content'],
      ),
    blockDelete: async (o, db, id) => {
      const row = await o.content.lists.policySections.byId(id, db)
      return row?.kind === 'return' ? 'The return policy is edited on its own screen, not deleted.' : null
    },
  },
  {
    path: 'temples',
    entity: 'temple',
    label: 'temple',
    store: (o) => o.content.lists.temples,
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
    unique: { field: 'slug', message: 'Another temple already has this web name.' },
    // Sevas and their bookings belong to a temple (decision 102); so do its prasad packages (decision 099),
    // which would be left naming no temple: staff move or change them first.
    blockDelete: async (o, db, id) => {
      const sevaCount = await o.sevas.sevasOfTemple(id, db)
      if (sevaCount > 0) {
        return `This temple has ${sevaCount === 1 ? '1 seva' : `${sevaCount} sevas`}. Delete them on the Sevas screen first, or keep the temple.`
      }
      const n = await o.catalogue.productsNaming('templeId', id, db)
      if (n === 0) return null
      return `${n} product${n === 1 ? ' is a prasad package' : 's are prasad packages'} of this temple. Choose another temple (or none) on ${n === 1 ? 'its' : 'their'} product page first.`
    },
  },
  // Search synonyms are read with the catalogue snapshot, so the list's cache invalidation reaches search.
  {
    path: 'search-synonyms',
    entity: 'synonym',
    label: 'search synonym',
    store: (o) => o.catalogue.lists.searchSynonyms,
    input: searchSynonymInputSchema,
    row: searchSynonymRowSchema,
    toRow: (i) => ({ term: i.term, expansions: i.expansions }),
    unique: { field: 'term', message: 'This word already has synonyms: edit that entry instead.' },
  },
]

function slugify(text: string): string {
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
