import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import type { Translations } from '../../../contracts/languages.ts'
import type { StoredChoice } from '../../../contracts/personalisation.ts'
import { createdAt, id, updatedAt } from '../../db/columns.ts'
import { users } from '../accounts/tables.ts'
import { temples } from '../content/tables.ts'

export const categories = pgTable('categories', {
  id: id(),
  title: text('title').notNull(),
  image: text('image'),
  status: text('status').notNull().default('active'),
  isHeaderCategory: boolean('is_header_category').notNull().default(false),
  isCollectionCategory: boolean('is_collection_category').notNull().default(false),
  position: integer('position').notNull().default(0),
  // Staff's Hindi of the title (decision 097): shown to Hindi readers; the English title stays the address.
  translations: jsonb('translations').$type<Translations<'title'>>().notNull().default({}),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

export const subcategories = pgTable(
  'subcategories',
  {
    id: id(),
    categoryId: text('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    position: integer('position').notNull().default(0),
    translations: jsonb('translations').$type<Translations<'title'>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('subcategories_category_idx').on(t.categoryId)],
)

export const states = pgTable('states', {
  id: id(),
  name: text('name').notNull(),
  image: text('image'),
  position: integer('position').notNull().default(0),
  // Staff's Hindi of the name; the English name stays the address (/StateProduct/{name}).
  translations: jsonb('translations').$type<Translations<'name'>>().notNull().default({}),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

export const products = pgTable(
  'products',
  {
    id: id(),
    title: text('title').notNull(),
    price: integer('price').notNull(),
    cutPrice: integer('cut_price').notNull(),
    discount: integer('discount').notNull().default(0),
    isApproved: boolean('is_approved').notNull().default(false),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    categoryId: text('category_id').references(() => categories.id, { onDelete: 'set null' }),
    subcategoryId: text('subcategory_id').references(() => subcategories.id, { onDelete: 'set null' }),
    stateId: text('state_id').references(() => states.id, { onDelete: 'set null' }),
    sku: text('sku').notNull(),
    shortDescription: text('short_description').notNull().default(''),
    description: text('description').notNull().default(''),
    youtubeVideoLink: text('youtube_video_link'),
    view360Link: text('view360_link'),
    quantity: integer('quantity').notNull().default(10),
    soldCount: integer('sold_count').notNull().default(0),
    position: integer('position').notNull().default(0),
    // Title, category, subcategory, state and description words, kept by the catalogue service for search.
    searchText: text('search_text').notNull().default(''),
    // HSN code and GST rate (whole percent) printed on invoices; staff check them per product (decision 083).
    hsnCode: text('hsn_code').notNull().default(''),
    gstRate: integer('gst_rate').notNull().default(5),
    // The product's rate decides even where an HSN rule would (decision 128).
    gstRateFixed: boolean('gst_rate_fixed').notNull().default(false),
    // Unit quantity code for the GST returns.
    uqc: text('uqc').notNull().default('PCS'),
    // The parcel (decision 134): grams a piece weighs packed, and its box in whole centimetres; null where
    // none is given (the shipping rules' default weight counts, and no volume).
    weight: integer('weight'),
    packageLengthCm: integer('package_length_cm'),
    packageBreadthCm: integer('package_breadth_cm'),
    packageHeightCm: integer('package_height_cm'),
    // Made to order (decision 132): days from the order until it ships; both null for a piece ready to ship.
    leadMinDays: integer('lead_min_days'),
    leadMaxDays: integer('lead_max_days'),
    // Personalisation (decision 133): texts the customer types and paid add-ons, in the order shown.
    personalisation: jsonb('personalisation').$type<StoredChoice[]>().notNull().default([]),
    // Authenticity marks (decision 098): the GI's registered name with the authorised-user number, the
    // Handloom Mark and Silk Mark numbers; null where the product has none.
    giName: text('gi_name'),
    giAuthorisedUser: text('gi_authorised_user'),
    handloomMark: text('handloom_mark'),
    silkMark: text('silk_mark'),
    // Published reviews only, kept by the reviews service when one is published or hidden (decision 096):
    // the product page and cards read them with the product, never counting the reviews table.
    reviewCount: integer('review_count').notNull().default(0),
    ratingTotal: integer('rating_total').notNull().default(0),
    // Staff's Hindi of the title and descriptions (docs/decisions/097); the English where one is empty.
    translations: jsonb('translations')
      .$type<Translations<'title' | 'shortDescription' | 'description'>>()
      .notNull()
      .default({}),
    // A prasad package is a product of a temple (decision 099): listed on the temple's page.
    templeId: text('temple_id').references((): AnyPgColumn => temples.id, { onDelete: 'set null' }),
    // Up to three options (Size, Colour, Frame) with their values in the order shown (decision 129); empty
    // for a product sold as one piece, whose price and stock are the columns above. With options, those
    // columns follow the variants: price and list price of the default (first) variant, stock their sum.
    options: jsonb('options').$type<ProductOption[]>().notNull().default([]),
    // What it is made of, how and in which colours (decision 130): the listings' filters, values as staff
    // write them ('Silk', 'Block print', 'Indigo').
    materials: text('materials').array().notNull().default(sql`'{}'::text[]`),
    techniques: text('techniques').array().notNull().default(sql`'{}'::text[]`),
    colours: text('colours').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('products_sku_idx').on(t.sku),
    index('products_temple_idx').on(t.templeId),
    index('products_category_idx').on(t.categoryId),
    index('products_subcategory_idx').on(t.subcategoryId),
    index('products_state_idx').on(t.stateId),
    index('products_approved_idx').on(t.isApproved),
    // The shop's pages are read from the database a page at a time (decision 103): each order a listing
    // may be sorted in has an index over the products customers see, whole and per category, state and
    // subcategory, so a page is an index range scan whatever the catalogue's size.
    index('products_shown_order_idx').on(t.position, t.createdAt, t.id).where(shown(t)),
    index('products_shown_title_idx').on(sql`lower(${t.title})`, t.id).where(shown(t)),
    index('products_shown_price_idx').on(t.price, t.position, t.createdAt).where(shown(t)),
    index('products_shown_sold_idx').on(t.soldCount.desc(), t.position, t.createdAt).where(shown(t)),
    index('products_shown_new_idx').on(t.createdAt).where(shown(t)),
    index('products_shown_category_idx').on(t.categoryId, t.position, t.createdAt).where(shown(t)),
    index('products_shown_category_title_idx').on(t.categoryId, sql`lower(${t.title})`).where(shown(t)),
    index('products_shown_category_price_idx').on(t.categoryId, t.price).where(shown(t)),
    index('products_shown_subcategory_idx').on(t.subcategoryId, t.position, t.createdAt).where(shown(t)),
    index('products_shown_state_idx').on(t.stateId, t.position, t.createdAt).where(shown(t)),
    // The console's product list, newest first, whatever their state.
    index('products_created_idx').on(t.createdAt, t.id),
  ],
)

/** One option of a product and its values, in the order the product page offers them. */
export type ProductOption = { name: string; values: string[] }

/**
 * A combination of a product's option values that is sold (decision 129): its own SKU, price, list price,
 * stock, weight and pictures. The first by position is the product's default.
 */
export const productVariants = pgTable(
  'product_variants',
  {
    id: id(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    // One value per option of the product, in the options' order.
    optionValues: text('option_values').array().notNull(),
    sku: text('sku').notNull(),
    price: integer('price').notNull(),
    cutPrice: integer('cut_price').notNull(),
    quantity: integer('quantity').notNull().default(0),
    // Grams; null where the product's weight is all there is.
    weight: integer('weight'),
    // Made to order (decision 132): this variant's own days until it ships; null follows the product.
    leadMinDays: integer('lead_min_days'),
    leadMaxDays: integer('lead_max_days'),
    // The product's pictures (their stored paths) this variant shows first; empty shows the product's.
    images: text('images').array().notNull().default(sql`'{}'::text[]`),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('product_variants_sku_idx').on(t.sku),
    index('product_variants_product_idx').on(t.productId, t.position),
  ],
)

/**
 * 'Notify me' (issue 32): a customer waiting for a sold-out product or variant to be back in stock. One row
 * per customer and piece; `notifiedAt` is set in the transaction that writes the e-mail into the outbox, so
 * the e-mail goes once however many instances look. Asking again after it was sent waits again.
 */
export const stockAlerts = pgTable(
  'stock_alerts',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: text('variant_id').references(() => productVariants.id, { onDelete: 'cascade' }),
    // The language the customer asked in: the e-mail is written in it.
    language: text('language').notNull().default('en'),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('stock_alerts_user_product_variant_key').on(t.userId, t.productId, t.variantId).nullsNotDistinct(),
    index('stock_alerts_waiting_idx').on(t.productId).where(sql`${t.notifiedAt} is null`),
  ],
)

/** Products customers may see, apart from their category's status (the partial indexes' condition). */
function shown(t: { isApproved: AnyPgColumn; archivedAt: AnyPgColumn }) {
  return sql`${t.isApproved} and ${t.archivedAt} is null`
}

export const productImages = pgTable(
  'product_images',
  {
    id: id(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    // Path without size suffix: the responsive files are `${url}-${width}.webp`.
    url: text('url').notNull(),
    width: integer('width').notNull().default(800),
    height: integer('height').notNull().default(800),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('product_images_product_idx').on(t.productId, t.position)],
)

/** Search synonyms (decision 026): a query word (Hindi, transliterated, regional) and the catalogue words it also finds. */
export const searchSynonyms = pgTable(
  'search_synonyms',
  {
    id: id(),
    term: text('term').notNull(),
    expansions: text('expansions').array().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('search_synonyms_term_idx').on(t.term)],
)

/** What one bulk change touched of a product, in paise (decision 125). */
export type BulkChangeState = {
  price: number
  cutPrice: number
  discount: number
  quantity: number
  isApproved: boolean
}

/** A variant's prices (paise) before and after a bulk price change of its product (decision 129). */
export type BulkVariantChange = {
  variantId: string
  title: string
  before: { price: number; cutPrice: number }
  after: { price: number; cutPrice: number }
}

/** One product of a bulk change: its state before and after, and its variants' prices where it has them. */
export type BulkChangeEntry = {
  productId: string
  before: BulkChangeState
  after: BulkChangeState
  variants?: BulkVariantChange[]
}

/**
 * A bulk change staff made to many products (decision 125), kept whole so it can be undone whole: each
 * product's state before and after. Staff are named by id only; the audit log holds the per-product lines.
 */
export const productBulkChanges = pgTable(
  'product_bulk_changes',
  {
    id: id(),
    actorId: text('actor_id').notNull(),
    kind: text('kind').notNull(),
    entries: jsonb('entries').$type<BulkChangeEntry[]>().notNull(),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('product_bulk_changes_created_idx').on(t.createdAt)],
)
