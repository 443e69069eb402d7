import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import type { Translations } from '../../contracts/languages.ts'
import { type PaymentPurpose, paymentPurposes } from '../../contracts/payments.ts'
import { newId } from './ids.ts'

// Money is integer paise everywhere in the database; the API shows rupees.
const id = () =>
  text('id')
    .primaryKey()
    .$defaultFn(() => newId())
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date())

export const users = pgTable(
  'users',
  {
    id: id(),
    fullName: text('full_name').notNull(),
    userName: text('user_name'),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    mobile: text('mobile'),
    dob: text('dob'),
    gender: text('gender'),
    avatar: text('avatar'),
    role: text('role', { enum: ['customer', 'admin'] })
      .notNull()
      .default('customer'),
    // Staff only (role 'admin'): what they may open in the console (contracts/staff.ts, decision 091), and
    // since when; among owners, the earlier one is above the later.
    staffRole: text('staff_role', { enum: ['owner', 'manager', 'orders', 'catalogue'] }),
    staffSince: timestamp('staff_since', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    // When the owner of the address proved it by the link mailed to it (decision 109); null = unconfirmed.
    // Reviews, 80G receipts and staff rights wait for it; shopping does not.
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    // The console's customer list, newest first.
    index('users_created_idx').on(t.createdAt, t.id),
  ],
)

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: text('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    // The token issued when this one was used: a retry within the grace period gets the same pair back.
    replacedById: text('replaced_by_id'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_idx').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
)

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

export const sliders = pgTable('sliders', {
  id: id(),
  image: text('image').notNull(),
  title: text('title'),
  link: text('link'),
  status: text('status').notNull().default('active'),
  position: integer('position').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

export const banners = pgTable('banners', {
  id: id(),
  image: text('image').notNull(),
  // The words on the home page's sale banner: a small line, the big heading and the button (migration 0013).
  title: text('title'),
  subtitle: text('subtitle'),
  buttonText: text('button_text'),
  link: text('link'),
  position: integer('position').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

export const coupons = pgTable(
  'coupons',
  {
    id: id(),
    code: text('code').notNull(),
    discount: integer('discount').notNull(),
    status: text('status').notNull().default('active'),
    isPublic: boolean('is_public').notNull().default(true),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    usageLimit: integer('usage_limit'),
    // Uses by one customer (paid orders and unpaid ones still holding their reservation); null: no limit.
    perCustomerLimit: integer('per_customer_limit'),
    // Paid orders only: a use is counted when the order is paid and given back if it is cancelled.
    usedCount: integer('used_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // One coupon per code whatever its case: 'DIWALI15' and 'diwali15' are the same code (migration 0013).
  (t) => [uniqueIndex('coupons_code_lower_idx').on(sql`lower(${t.code})`)],
)

export const carts = pgTable('carts', {
  id: id(),
  userId: text('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

export const cartItems = pgTable(
  'cart_items',
  {
    id: id(),
    cartId: text('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('cart_items_cart_product_idx').on(t.cartId, t.productId)],
)

export const wishlists = pgTable('wishlists', {
  id: id(),
  userId: text('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

export const wishlistItems = pgTable(
  'wishlist_items',
  {
    id: id(),
    wishlistId: text('wishlist_id')
      .notNull()
      .references(() => wishlists.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('wishlist_items_wishlist_product_idx').on(t.wishlistId, t.productId)],
)

export const addresses = pgTable(
  'addresses',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fullName: text('full_name').notNull(),
    phoneNumber: text('phone_number').notNull(),
    streetAddress: text('street_address').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    postalCode: text('postal_code').notNull(),
    country: text('country').notNull().default('INDIA'),
    addressType: text('address_type').notNull().default('Office'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('addresses_user_idx').on(t.userId)],
)

export const orders = pgTable(
  'orders',
  {
    id: id(),
    orderNumber: text('order_number').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    status: text('status').notNull().default('Pending'),
    subtotal: integer('subtotal').notNull(),
    discountAmount: integer('discount_amount').notNull().default(0),
    /** The cash-on-delivery fee, its own line and part of the total; 0 for online payment. */
    codFee: integer('cod_fee').notNull().default(0),
    total: integer('total').notNull(),
    couponCode: text('coupon_code'),
    couponPercent: integer('coupon_percent').notNull().default(0),
    idempotencyKey: text('idempotency_key'),
    shippingFirstName: text('shipping_first_name'),
    shippingLastName: text('shipping_last_name'),
    shippingEmail: text('shipping_email'),
    shippingAddress: text('shipping_address').notNull(),
    shippingApartment: text('shipping_apartment'),
    shippingCity: text('shipping_city').notNull(),
    shippingState: text('shipping_state').notNull(),
    shippingPostalCode: text('shipping_postal_code').notNull(),
    shippingCountry: text('shipping_country').notNull().default('INDIA'),
    shippingPhone: text('shipping_phone').notNull(),
    shippingLink: text('shipping_link'),
    // The language the customer ordered in (contracts/languages.ts): their e-mails about it use it.
    language: text('language').notNull().default('en'),
    paymentMethod: text('payment_method').notNull().default('Credit Card'),
    // contracts/order-states.ts: Pending (awaiting payment), Paid, Failed, Expired, Refund pending, Refunded.
    paymentStatus: text('payment_status').notNull().default('Pending'),
    // Hash of the placed payload, so a reused idempotency key with another payload is refused.
    idempotencyHash: text('idempotency_hash'),
    // An unpaid online order holds its stock until then; the sweeper expires it afterwards.
    reservedUntil: timestamp('reserved_until', { withTimezone: true }),
    // Whether the order's quantities are taken from stock now (released on cancel or expiry).
    stockHeld: boolean('stock_held').notNull().default(false),
    // Whether the coupon's use is counted (from payment until a cancellation gives it back).
    couponCounted: boolean('coupon_counted').notNull().default(false),
    refundAttempts: integer('refund_attempts').notNull().default(0),
    refundRetryAt: timestamp('refund_retry_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_number_idx').on(t.orderNumber),
    uniqueIndex('orders_user_idempotency_idx').on(t.userId, t.idempotencyKey),
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_status_idx').on(t.status),
    index('orders_payment_status_idx').on(t.paymentStatus, t.reservedUntil),
    index('orders_coupon_idx').on(t.couponCode),
    // The dashboard's sales by day (a month of orders, not all of them) and the console's list, newest first.
    index('orders_created_idx').on(t.createdAt),
    // The console's list in either direction: its last pages are read oldest first (decision 103).
    index('orders_created_id_idx').on(t.createdAt, t.id),
    // The console's work queues, newest first (queueConditions in server/modules/admin/orders/repo.ts, the
    // same conditions word for word so the planner can use them): few orders in a shop that keeps up, so
    // counting and paging a queue reads a small index, not every order of that status.
    index('orders_awaiting_payment_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.status} = 'Pending' and ${t.paymentStatus} in ('Pending', 'Failed')`),
    index('orders_to_ship_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.status} in ('Pending', 'Processing') and ${t.paymentStatus} = 'Paid'`),
    index('orders_refund_pending_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.paymentStatus} = 'Refund pending'`),
    index('orders_cod_to_ship_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.status} in ('Pending', 'Processing') and ${t.paymentStatus} = 'Pay on delivery'`),
  ],
)

export const orderItems = pgTable(
  'order_items',
  {
    id: id(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    image: text('image'),
    price: integer('price').notNull(),
    quantity: integer('quantity').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('order_items_order_idx').on(t.orderId), index('order_items_product_idx').on(t.productId)],
)

export const orderHistory = pgTable(
  'order_history',
  {
    id: id(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    note: text('note'),
    changedBy: text('changed_by'),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('order_history_order_idx').on(t.orderId, t.changedAt)],
)

/**
 * What a payment pays (decision 100): an order (order_id), or another module's payable, such as a seva
 * booking or a donation (payable_id, that module's own id). Exactly one of the two is set.
 */
export type { PaymentPurpose }

export const payments = pgTable(
  'payments',
  {
    id: id(),
    purpose: text('purpose', { enum: paymentPurposes }).notNull().default('order'),
    orderId: text('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    payableId: text('payable_id'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    provider: text('provider').notNull(),
    providerOrderId: text('provider_order_id').notNull(),
    providerPaymentId: text('provider_payment_id'),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('INR'),
    method: text('method').notNull().default('Credit Card'),
    status: text('status').notNull().default('created'),
    refundId: text('refund_id'),
    // When reconciliation may next ask the provider about this payment (a lease; decision 084).
    checkAfter: timestamp('check_after', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payments_provider_order_idx').on(t.providerOrderId),
    index('payments_order_idx').on(t.orderId),
    index('payments_payable_idx').on(t.purpose, t.payableId),
    check(
      'payments_pays_one_thing',
      sql`(${t.purpose} = 'order' and ${t.orderId} is not null and ${t.payableId} is null) or (${t.purpose} in ('booking', 'donation') and ${t.orderId} is null and ${t.payableId} is not null)`,
    ),
  ],
)

export const paymentEvents = pgTable('payment_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  payload: jsonb('payload').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

export const faqs = pgTable('faqs', {
  id: id(),
  question: text('question').notNull(),
  answer: text('answer').notNull(),
  position: integer('position').notNull().default(0),
  translations: jsonb('translations').$type<Translations<'question' | 'answer'>>().notNull().default({}),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

export const policySections = pgTable(
  'policy_sections',
  {
    id: id(),
    // 'privacy', 'terms' hold sections; 'return' holds one HTML section.
    kind: text('kind', { enum: ['privacy', 'terms', 'return'] }).notNull(),
    title: text('title').notNull().default(''),
    content: text('content').notNull(),
    position: integer('position').notNull().default(0),
    translations: jsonb('translations').$type<Translations<'title' | 'content'>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('policy_sections_kind_idx').on(t.kind, t.position)],
)

export const temples = pgTable(
  'temples',
  {
    id: id(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    location: text('location').notNull().default(''),
    about: text('about').notNull().default(''),
    image: text('image'),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    servicesLink: text('services_link').notNull(),
    // Each service's own link (decision 099); null: the services link above.
    virtualTourLink: text('virtual_tour_link'),
    liveAartiLink: text('live_aarti_link'),
    orderParshadLink: text('order_parshad_link'),
    bookGuideLink: text('book_guide_link'),
    // Staff's Hindi of the name, place and text; the English where one is empty (decision 099).
    translations: jsonb('translations')
      .$type<Translations<'name' | 'location' | 'about'>>()
      .notNull()
      .default({}),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('temples_slug_idx').on(t.slug)],
)

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: id(),
    kind: text('kind', { enum: ['contact', 'newsletter'] }).notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phone: text('phone'),
    email: text('email').notNull(),
    message: text('message'),
    status: text('status').notNull().default('new'),
    // Newsletter double opt-in: the hash of the confirmation token, and when the link was followed.
    confirmTokenHash: text('confirm_token_hash'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    // The one-click unsubscribe link's token (kept as is: it is in every newsletter sent).
    unsubscribeToken: text('unsubscribe_token'),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    // The language the visitor wrote in: the reply's e-mail is framed in it.
    language: text('language').notNull().default('en'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // The dashboard's count of new Contact Us messages, among many newsletter sign-ups.
  (t) => [index('contact_messages_kind_status_idx').on(t.kind, t.status)],
)

export const pincodes = pgTable(
  'pincodes',
  {
    pin: text('pin').notNull(),
    district: text('district').notNull(),
    state: text('state').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.pin, t.district] })],
)

export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt)],
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

/**
 * Every e-mail the shop writes, stored in the transaction of the event that causes it (docs/decisions/070).
 * Status: queued (to send), sending (claimed until `claimed_until`), sent, failed (gave up), kept (no SMTP
 * configured: it stays here for the console).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    // An account mail's live HTML and text, sealed with the shop's key (decision 109): `html` and `text`
    // above hold the copy staff may read, its links redacted. Cleared once the message is sent.
    sealed: text('sealed'),
    // Stable across retries, so a resend after a crash is recognisable as the same message.
    messageId: text('message_id').notNull(),
    status: text('status', { enum: ['queued', 'sending', 'sent', 'failed', 'kept'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('mail_outbox_created_idx').on(t.createdAt),
  ],
)

/**
 * Single-use password reset links; only the hash of the token is kept. A staff invitation is one of these
 * with the role it grants (decision 109): the account becomes staff only when the link is followed and a
 * new password chosen, which also proves the address.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    staffRole: text('staff_role', { enum: ['owner', 'manager', 'orders', 'catalogue'] }),
    invitedById: text('invited_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('password_resets_hash_idx').on(t.tokenHash),
    index('password_resets_user_idx').on(t.userId),
  ],
)

/** Single-use links that confirm an e-mail address belongs to its account; only the token's hash is kept. */
export const emailConfirmations = pgTable(
  'email_confirmations',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // The address the link confirms: a link sent before an e-mail change confirms nothing after it.
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('email_confirmations_hash_idx').on(t.tokenHash),
    index('email_confirmations_user_idx').on(t.userId),
  ],
)

/** The shop's own settings staff change in the console; one row, id 'shop'. */
export const shopSettings = pgTable('shop_settings', {
  id: text('id').primaryKey(),
  notificationEmail: text('notification_email'),
  lowStockThreshold: integer('low_stock_threshold').notNull().default(3),
  // Cash on delivery (decision 080): on or off, the largest order total and the fee in paise, where not offered.
  codEnabled: boolean('cod_enabled').notNull().default(true),
  codMaxTotal: integer('cod_max_total').notNull().default(1_000_000),
  codFee: integer('cod_fee').notNull().default(0),
  codExcludedStates: text('cod_excluded_states').array().notNull().default(sql`'{}'::text[]`),
  codExcludedPins: text('cod_excluded_pins').array().notNull().default(sql`'{}'::text[]`),
  // The supplier on GST invoices (decision 083); empty until staff fill them in.
  legalName: text('legal_name').notNull().default(''),
  legalAddress: text('legal_address').notNull().default(''),
  legalState: text('legal_state').notNull().default(''),
  gstin: text('gstin').notNull().default(''),
  invoicePrefix: text('invoice_prefix').notNull().default('KS'),
  // The delivery promise by PIN (decision 086): dispatch days, zones, PIN codes not served; null = defaults.
  delivery: jsonb('delivery'),
  // Donation receipts (decision 101): the foundation as registered under section 80G; empty until set.
  donationName: text('donation_name').notNull().default(''),
  donationAddress: text('donation_address').notNull().default(''),
  donationPan: text('donation_pan').notNull().default(''),
  registration80g: text('registration_80g').notNull().default(''),
  registration80gIssued: text('registration_80g_issued').notNull().default(''),
  registration80gFrom: text('registration_80g_from').notNull().default(''),
  registration80gUntil: text('registration_80g_until').notNull().default(''),
  // What one account may hold at once (decision 110): unpaid online orders and the pieces they reserve,
  // open cash-on-delivery orders (per account and per delivery phone), unpaid seva bookings, and coupon
  // uses held by unpaid orders. Who may take a first COD order: 'anyone', 'confirmed-email' (an address
  // proved by its link) or 'paid-history' (a paid or delivered order before).
  maxUnpaidOrders: integer('max_unpaid_orders').notNull().default(2),
  maxHeldPieces: integer('max_held_pieces').notNull().default(10),
  maxOpenCodOrders: integer('max_open_cod_orders').notNull().default(1),
  maxOpenCodPerPhone: integer('max_open_cod_per_phone').notNull().default(1),
  codFirstOrder: text('cod_first_order', { enum: ['anyone', 'confirmed-email', 'paid-history'] })
    .notNull()
    .default('confirmed-email'),
  maxUnpaidSevaBookings: integer('max_unpaid_seva_bookings').notNull().default(2),
  maxHeldCouponUses: integer('max_held_coupon_uses').notNull().default(1),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

/** Staff answers to a Contact Us message, each sent as an e-mail (the outbox row it became). */
export const contactReplies = pgTable(
  'contact_replies',
  {
    id: id(),
    messageId: text('message_id')
      .notNull()
      .references(() => contactMessages.id, { onDelete: 'cascade' }),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    outboxId: text('outbox_id').references(() => mailOutbox.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('contact_replies_message_idx').on(t.messageId, t.createdAt)],
)

/**
 * GST invoices and credit notes (decision 083): everything printed is kept as issued, so a later change
 * to a product, the shop's address or the order never changes a document already given.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: ['invoice', 'credit-note'] }).notNull(),
    number: text('number').notNull(),
    financialYear: text('financial_year').notNull(),
    serial: integer('serial').notNull(),
    // A credit note names the invoice it reverses.
    invoiceId: text('invoice_id'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    supplier: jsonb('supplier').$type<Record<string, string>>().notNull(),
    recipient: jsonb('recipient').$type<Record<string, string>>().notNull(),
    placeOfSupply: text('place_of_supply').notNull(),
    intraState: boolean('intra_state').notNull(),
    lines: jsonb('lines').notNull(),
    taxable: integer('taxable').notNull(),
    cgst: integer('cgst').notNull(),
    sgst: integer('sgst').notNull(),
    igst: integer('igst').notNull(),
    total: integer('total').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('invoices_number_idx').on(t.number),
    uniqueIndex('invoices_order_kind_idx').on(t.orderId, t.kind),
  ],
)

/**
 * The last serial used per number series ('KS/26-27', 'KSC/26-27': prefix, kind and financial year), one
 * row each, taken under its lock; a new prefix or year starts a new series at 1.
 */
export const invoiceCounters = pgTable('invoice_counters', {
  series: text('series').primaryKey(),
  last: integer('last').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

/**
 * Secrets shared by every instance on one PostgreSQL database (token and sandbox signing keys), one row
 * each, generated once by whichever instance starts first (docs/decisions/067). PGlite keeps them in
 * DATA_DIR/secrets.json instead.
 */
export const sharedSecrets = pgTable('shared_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
})

/** A customer's rating and words on a product they received (decision 096); one per customer and product. */
export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // The delivered order that made the customer a verified buyer.
    orderId: text('order_id').references(() => orders.id, { onDelete: 'set null' }),
    rating: integer('rating').notNull(),
    body: text('body').notNull(),
    // Up to three picture base URLs (`/uploads/reviews/<name>`, sizes per contracts/images.ts).
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    status: text('status', { enum: ['pending', 'published', 'hidden'] })
      .notNull()
      .default('pending'),
    hideReason: text('hide_reason'),
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    helpfulCount: integer('helpful_count').notNull().default(0),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('reviews_product_user_idx').on(t.productId, t.userId),
    // The product page: published reviews newest first, or most helpful first.
    index('reviews_product_newest_idx').on(t.productId, t.status, t.createdAt),
    index('reviews_product_helpful_idx').on(t.productId, t.status, t.helpfulCount),
    // The console: pending first, newest first, and a customer's own reviews.
    index('reviews_status_idx').on(t.status, t.createdAt),
    index('reviews_user_idx').on(t.userId),
  ],
)

/** 'Helpful' marks: one per customer per review. */
export const reviewHelpfulVotes = pgTable(
  'review_helpful_votes',
  {
    reviewId: text('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.reviewId, t.userId] }),
    index('review_helpful_votes_user_idx').on(t.userId),
  ],
)

/** A craft cluster (decision 098): a village or town where one craft is made by many families. */
export const clusters = pgTable(
  'clusters',
  {
    id: id(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    craft: text('craft').notNull().default(''),
    village: text('village').notNull().default(''),
    district: text('district').notNull().default(''),
    stateId: text('state_id').references(() => states.id, { onDelete: 'set null' }),
    /** Sanitised HTML. */
    story: text('story').notNull().default(''),
    /** Up to 6 uploaded pictures (/uploads/clusters/…-800.webp), the first shown first. */
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    videoLink: text('video_link'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('clusters_slug_idx').on(t.slug), index('clusters_state_idx').on(t.stateId)],
)

/** An artisan the shop buys from, with the story the product pages link to (decision 098). */
export const artisans = pgTable(
  'artisans',
  {
    id: id(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    craft: text('craft').notNull().default(''),
    village: text('village').notNull().default(''),
    district: text('district').notNull().default(''),
    stateId: text('state_id').references(() => states.id, { onDelete: 'set null' }),
    clusterId: text('cluster_id').references(() => clusters.id, { onDelete: 'set null' }),
    story: text('story').notNull().default(''),
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    videoLink: text('video_link'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('artisans_slug_idx').on(t.slug),
    index('artisans_state_idx').on(t.stateId),
    index('artisans_cluster_idx').on(t.clusterId),
  ],
)

/** Who made a product: one or more artisans, in the order the product page names them. */
export const productMakers = pgTable(
  'product_makers',
  {
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    // Restrict: the console refuses to delete an artisan a product still names (decision 098).
    artisanId: text('artisan_id')
      .notNull()
      .references(() => artisans.id, { onDelete: 'restrict' }),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.artisanId] }),
    index('product_makers_artisan_idx').on(t.artisanId),
  ],
)

/**
 * A seva or pooja a temple offers for booking (decision 102): its price in paise, the weekdays it is
 * offered (0 Sunday … 6 Saturday), how many bookings one day takes, and the cancellation rule devotees accept.
 */
export const sevas = pgTable(
  'sevas',
  {
    id: id(),
    // Restrict: the console refuses to delete a temple that still has sevas.
    templeId: text('temple_id')
      .notNull()
      .references(() => temples.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    price: integer('price').notNull(),
    weekdays: integer('weekdays').array().notNull(),
    dailyLimit: integer('daily_limit').notNull(),
    active: boolean('active').notNull().default(true),
    // A cancellation this many hours before the day (midnight in India) is refunded in full; none after.
    cancelHours: integer('cancel_hours').notNull().default(48),
    // Staff's own words for the policy; empty: the shop's rule in the devotee's language.
    policy: text('policy').notNull().default(''),
    // Staff's Hindi of the name and description (docs/decisions/097); the English where one is empty.
    translations: jsonb('translations').$type<Translations<'name' | 'description'>>().notNull().default({}),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('sevas_temple_idx').on(t.templeId, t.position)],
)

/**
 * Places taken on one day of a seva: the booking takes one with a conditional update
 * (`taken < daily limit`), so the limit holds under any number of devotees booking at once.
 */
export const sevaDays = pgTable(
  'seva_days',
  {
    sevaId: text('seva_id')
      .notNull()
      .references(() => sevas.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    taken: integer('taken').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.sevaId, t.day] })],
)

/** Booking numbers (SEVA-<year>-<n>): their own series, apart from the orders'. */
export const sevaBookingNumbers = pgSequence('seva_booking_number_seq', { startWith: 1 })

/** A devotee's booking of a seva for one day (decision 102). */
export const sevaBookings = pgTable(
  'seva_bookings',
  {
    id: id(),
    bookingNumber: text('booking_number').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    sevaId: text('seva_id')
      .notNull()
      .references(() => sevas.id, { onDelete: 'restrict' }),
    day: date('day', { mode: 'string' }).notNull(),
    // The seva's name and price when booked: what the devotee agreed to pay for.
    sevaName: text('seva_name').notNull(),
    amount: integer('amount').notNull(),
    devoteeName: text('devotee_name').notNull(),
    gotra: text('gotra'),
    nakshatra: text('nakshatra'),
    note: text('note'),
    // contracts/seva-text.ts: pending (awaiting payment), confirmed, performed, cancelled, expired.
    status: text('status').notNull().default('pending'),
    // pending, paid, refund_pending, refunded, not_paid.
    paymentStatus: text('payment_status').notNull().default('pending'),
    // The cancellation policy the devotee accepted (hours and staff's words, as they were then).
    cancelHours: integer('cancel_hours').notNull(),
    policy: text('policy').notNull().default(''),
    policyAcceptedAt: timestamp('policy_accepted_at', { withTimezone: true }).notNull(),
    // Whether this booking counts in its day's taken places (from booking until cancelled or expired).
    placeHeld: boolean('place_held').notNull().default(true),
    // An unpaid booking holds its place until then; the sweeper expires it afterwards.
    reservedUntil: timestamp('reserved_until', { withTimezone: true }),
    language: text('language').notNull().default('en'),
    performedAt: timestamp('performed_at', { withTimezone: true }),
    // A picture base URL (/uploads/sevas/<name>, sizes per contracts/images.ts) and a video link.
    photo: text('photo'),
    videoUrl: text('video_url'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    refundAttempts: integer('refund_attempts').notNull().default(0),
    refundRetryAt: timestamp('refund_retry_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('seva_bookings_number_idx').on(t.bookingNumber),
    index('seva_bookings_user_idx').on(t.userId, t.createdAt),
    // The console's day list and each seva's upcoming bookings.
    index('seva_bookings_day_idx').on(t.day, t.status),
    index('seva_bookings_seva_idx').on(t.sevaId, t.day),
    // The sweeper: unpaid bookings past their hold; refunds to retry.
    index('seva_bookings_pending_idx').on(t.status, t.reservedUntil),
    index('seva_bookings_refund_idx').on(t.paymentStatus, t.refundRetryAt),
  ],
)

/**
 * A gift to the foundation's work or to a temple (decision 101), paid online through the payments module
 * (purpose 'donation'). It gets its receipt number, in a gap-free series per financial year, in the
 * transaction that records its payment; the donor's 80G details are kept only when they asked for a receipt.
 */
export const donations = pgTable(
  'donations',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    cause: text('cause', { enum: ['road-safety', 'culture', 'temple'] }).notNull(),
    templeId: text('temple_id').references(() => temples.id, { onDelete: 'set null' }),
    // The temple's name when the gift was made, for the receipt and the console.
    templeName: text('temple_name'),
    amount: integer('amount').notNull(),
    donorName: text('donor_name').notNull(),
    donorEmail: text('donor_email').notNull(),
    donorPhone: text('donor_phone').notNull(),
    wants80g: boolean('wants_80g').notNull().default(false),
    donorAddress: text('donor_address'),
    donorPan: text('donor_pan'),
    language: text('language').notNull().default('en'),
    status: text('status', { enum: ['pending', 'failed', 'paid'] })
      .notNull()
      .default('pending'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paymentReference: text('payment_reference'),
    receiptNumber: text('receipt_number'),
    financialYear: text('financial_year'),
    receiptSerial: integer('receipt_serial'),
    // The foundation's details printed on the receipt, as they were when it was issued.
    issuer: jsonb('issuer').$type<Record<string, string>>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('donations_receipt_idx').on(t.receiptNumber),
    uniqueIndex('donations_serial_idx').on(t.financialYear, t.receiptSerial),
    index('donations_user_idx').on(t.userId),
    index('donations_paid_idx').on(t.paidAt),
    check(
      'donations_80g_details',
      sql`not ${t.wants80g} or (${t.donorPan} is not null and ${t.donorAddress} is not null)`,
    ),
  ],
)
