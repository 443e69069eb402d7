import { createHmac } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { expect } from 'vitest'
import type { HoldLimits } from '../../contracts/hold-limits.ts'
import type { StaffRole } from '../../contracts/staff.ts'
import { newId } from '../../server/db/ids.ts'
import {
  categories,
  contactMessages,
  coupons,
  mailOutbox,
  messageOutbox,
  orderItems,
  orders,
  pincodes,
  productImages,
  products,
  productVariants,
  sevaBookings,
  sevas,
  shopSettings,
  temples,
  users,
} from '../../server/db/schema.ts'
import { createSeal } from '../../server/lib/seal.ts'
import { checkoutToApi } from '../../server/modules/payments/api-fields.ts'
import { insertCatalogue } from './fixtures.ts'
import { shopDetails } from './shop-details.ts'
import type { TestApp } from './test-app.ts'

/**
 * The one set of factories the API tests build their data with: people, products, coupons, orders and
 * payments. Each call makes new rows with fresh ids, so tests never depend on each other.
 */

export type Person = { id: string; email: string; token: string; auth: { authorization: string } }
/** Older name kept for the tests that say 'shopper'. */
export type Shopper = Person

export const PASSWORD = 'Kalaa@12345'
let serial = 0
export const freshEmail = (prefix = 'asha') => `${prefix}.${Date.now().toString(36)}${++serial}@example.in`

/**
 * A user row of the given role and a signed access token for it (no password: use registerCustomer). Its
 * address is confirmed, as a shopper's usually is by the time they review or give; `confirmed: false`
 * makes one who never followed the link.
 */
export async function makePerson(
  app: TestApp,
  role: 'admin' | 'customer' = 'customer',
  name = role === 'admin' ? 'Staff Member' : 'Asha Verma',
  staffRole?: StaffRole,
  opts: { confirmed?: boolean } = {},
): Promise<Person> {
  const id = newId()
  const email = `${role}.${id}@example.in`
  await app.database.db.insert(users).values({
    id,
    fullName: name,
    email,
    passwordHash: 'not-a-real-hash',
    role,
    emailVerifiedAt: opts.confirmed === false ? null : new Date(),
    ...(role === 'admin' ? { staffRole: staffRole ?? 'owner', staffSince: new Date() } : {}),
  })
  const { accessToken: token } = await app.services.accounts.startSession(id)
  return { id, email, token, auth: { authorization: `Bearer ${token}` } }
}

export const makeCustomer = (app: TestApp, name = 'Asha Verma') => makePerson(app, 'customer', name)
/** A customer who has not followed the link that confirms their address. */
export const makeUnconfirmedCustomer = (app: TestApp, name = 'Asha Verma') =>
  makePerson(app, 'customer', name, undefined, { confirmed: false })
export const makeAdmin = (app: TestApp, name = 'Staff Member') => makePerson(app, 'admin', name)
/** Staff with a role narrower than an owner's (contracts/staff.ts). */
export const makeStaff = (app: TestApp, staffRole: StaffRole, name = 'Staff Member') =>
  makePerson(app, 'admin', name, staffRole)

export type Registered = Person & { password: string; accessToken: string; refreshToken: string }

/**
 * Registers and signs in through the API, from its own client address so limits do not collide. The address
 * is then marked confirmed, as if its link had been followed, unless `confirmed: false`.
 */
export async function registerCustomer(
  app: TestApp,
  fullName = 'Asha Verma',
  opts: { confirmed?: boolean } = {},
): Promise<Registered> {
  const email = freshEmail()
  const reg = await app.inject({
    method: 'POST',
    url: '/api/v1/user/register',
    payload: { fullName, email, password: PASSWORD },
  })
  expect(reg.statusCode, reg.body).toBe(201)
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/user/login',
    payload: { email, password: PASSWORD },
    remoteAddress: `10.1.${serial % 250}.${(serial * 7) % 250}`,
  })
  expect(login.statusCode, login.body).toBe(200)
  const d = login.json().data
  if (opts.confirmed !== false)
    await app.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, d.user._id))
  return {
    id: d.user._id,
    email,
    password: PASSWORD,
    token: d.accessToken,
    accessToken: d.accessToken,
    refreshToken: d.refreshToken,
    auth: { authorization: `Bearer ${d.accessToken}` },
  }
}

/**
 * An approved product with a picture; prices in paise as stored. A price given without a cut price gets one
 * 25% above it (the 20% off the defaults show), so the product is one the console could have saved.
 */
export async function makeProduct(
  app: TestApp,
  over: Partial<typeof products.$inferInsert> = {},
): Promise<{ id: string; title: string; price: number; quantity: number }> {
  const id = newId()
  const price = over.price ?? 1200_00
  const row = {
    id,
    title: `Test piece ${id.slice(-6)}`,
    price,
    cutPrice: Math.round(price * 1.25),
    discount: 20,
    isApproved: true,
    sku: `T-${id.slice(-10)}`,
    quantity: 10,
    ...over,
  }
  await app.database.db.insert(products).values(row)
  await app.database.db.insert(productImages).values({ productId: id, url: `/uploads/products/${id}/1` })
  // Written behind the catalogue's back: drop its cached answers as a console write would.
  app.services.cache.invalidate()
  return { id, title: row.title, price: row.price, quantity: row.quantity }
}

export type MadeVariant = { id: string; values: string[]; price: number; quantity: number; sku: string }

/**
 * An approved product with options and a variant per listed combination (decision 129): prices in paise,
 * each variant's list price 25% above its price. The product's own price and stock follow the variants
 * (the first is the default) as the console's save makes them. Two pictures; a variant may name its own
 * by index (`image`).
 */
export async function makeProductWithVariants(
  app: TestApp,
  spec: {
    options: Array<{ name: string; values: string[] }>
    variants: Array<{ values: string[]; price: number; quantity: number; image?: number }>
  },
  over: Partial<typeof products.$inferInsert> = {},
): Promise<{ id: string; title: string; price: number; quantity: number; variants: MadeVariant[] }> {
  const id = newId()
  const first = spec.variants[0]!
  const quantity = spec.variants.reduce((n, v) => n + v.quantity, 0)
  const row = {
    id,
    title: `Test kurta ${id.slice(-6)}`,
    price: first.price,
    cutPrice: Math.round(first.price * 1.25),
    discount: 20,
    isApproved: true,
    sku: `TV-${id.slice(-10)}`,
    quantity,
    options: spec.options,
    ...over,
  }
  const db = app.database.db
  await db.insert(products).values(row)
  const pictures = [`/uploads/products/${id}/1`, `/uploads/products/${id}/2`]
  await db.insert(productImages).values(pictures.map((url, position) => ({ productId: id, url, position })))
  const variants = spec.variants.map((v, position) => ({
    id: newId(),
    productId: id,
    optionValues: v.values,
    sku: `${row.sku}-${v.values.join('-').toUpperCase()}`,
    price: v.price,
    cutPrice: Math.round(v.price * 1.25),
    quantity: v.quantity,
    images: v.image === undefined ? [] : [pictures[v.image]!],
    position,
  }))
  await db.insert(productVariants).values(variants)
  app.services.cache.invalidate()
  return {
    id,
    title: row.title,
    price: row.price,
    quantity,
    variants: variants.map((v) => ({
      id: v.id,
      values: v.optionValues,
      price: v.price,
      quantity: v.quantity,
      sku: v.sku,
    })),
  }
}

/** What is left of one variant on the shelf now. */
export async function variantStockOf(app: TestApp, variantId: string): Promise<number> {
  const [row] = await app.database.db
    .select({ q: productVariants.quantity })
    .from(productVariants)
    .where(eq(productVariants.id, variantId))
  return row?.q ?? 0
}

/** What is left of a product on the shelf now. */
export async function stockOf(app: TestApp, productId: string): Promise<number> {
  const [row] = await app.database.db
    .select({ q: products.quantity })
    .from(products)
    .where(eq(products.id, productId))
  return row?.q ?? 0
}

export async function makeCoupon(app: TestApp, over: Partial<typeof coupons.$inferInsert> = {}) {
  const code = over.code ?? `T${newId().slice(-8).toUpperCase()}`
  await app.database.db.insert(coupons).values({ code, discount: 10, status: 'active', ...over })
  return code
}

/** Catalogue, coupons (WELCOME10 active, OLD5 expired) and three PIN codes. */
export async function seedShop(app: TestApp) {
  const fx = await insertCatalogue(app.database.db)
  await app.database.db.insert(coupons).values([
    { code: 'WELCOME10', discount: 10, status: 'active' },
    { code: 'OLD5', discount: 5, status: 'expired' },
  ])
  await app.database.db.insert(pincodes).values([
    { pin: '226001', district: 'Lucknow', state: 'Uttar Pradesh' },
    { pin: '500001', district: 'Hyderabad', state: 'Telangana' },
    { pin: '194101', district: 'Leh', state: 'Ladakh' },
  ])
  return fx
}

export const shipping = {
  firstName: 'Asha',
  lastName: 'Verma',
  email: 'asha@example.in',
  address: '12 Hazratganj',
  apartment: 'Flat 4',
  city: 'Lucknow',
  state: 'Uttar Pradesh',
  postalCode: '226001',
  country: 'Country',
  phoneNumber: '9876543210',
}

/**
 * Lets the file's accounts hold far more than a shopper may (decision 110): for tests about something else
 * whose one customer places many unpaid orders. Written straight to the settings row, as test setup.
 */
export async function allowManyHolds(app: TestApp, over: Partial<HoldLimits> = {}) {
  const values = {
    maxUnpaidOrders: 20,
    maxHeldPieces: 1000,
    maxOpenCodOrders: 20,
    maxOpenCodPerPhone: 20,
    maxUnpaidSevaBookings: 20,
    maxHeldCouponUses: 20,
    ...over,
  }
  await app.database.db
    .insert(shopSettings)
    .values({ id: 'shop', ...values })
    .onConflictDoUpdate({ target: shopSettings.id, set: values })
}

let phoneSerial = 0
/**
 * A delivery phone no other order in this test file has: one phone may have only one cash-on-delivery order
 * on its way at a time (decision 110), so each COD order of a test needs its own unless it means to share.
 */
export const freshPhone = () => `7${String(++phoneSerial).padStart(9, '0')}`

type Line = { id: string; price: number }

/** The spec's order payload for some products (prices in paise as stored, sent in rupees). */
export function orderPayload(
  customerId: string,
  lines: Array<{ product: Line; quantity: number }>,
  extra: Record<string, unknown> = {},
) {
  const subtotal = lines.reduce((s, l) => s + (l.product.price / 100) * l.quantity, 0)
  return {
    customerId,
    products: lines.map((l) => ({
      productId: l.product.id,
      quantity: l.quantity,
      price: l.product.price / 100,
    })),
    totalAmount: subtotal,
    shippingInfo: shipping,
    paymentInfo: { method: 'Credit Card', status: 'Pending' },
    ...extra,
  }
}

export async function placeOrder(app: TestApp, who: Person, payload: unknown, headers = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/order/add',
    headers: { ...who.auth, ...headers },
    payload: payload as object,
  })
}

/** Places an order of one piece of each product and returns it (the API's order). */
export async function orderOf(app: TestApp, who: Person, ...lines: Array<Line & { count?: number }>) {
  const res = await placeOrder(
    app,
    who,
    orderPayload(
      who.id,
      lines.map((l) => ({ product: l, quantity: l.count ?? 1 })),
    ),
  )
  expect(res.statusCode, res.body).toBe(201)
  return res.json().data[0] as { _id: string; orderID: string; totalAmount: number }
}

/** The three fields the checkout hands back, from the sandbox dialog's answer. */
export const checkoutResult = (paid: Record<string, string>) => ({
  razorpay_order_id: paid.razorpay_order_id,
  razorpay_payment_id: paid.razorpay_payment_id,
  razorpay_signature: paid.razorpay_signature,
})

export const addToCart = (app: TestApp, who: Person, productId: string) =>
  app.inject({ method: 'POST', url: '/api/v1/cart/add', headers: who.auth, payload: { productId } })

/** Opens a payment for an order (the checkout's first call); the provider order id is `.id`. */
export async function openPayment(app: TestApp, who: Person, orderId: string) {
  const session = await app.inject({
    method: 'POST',
    url: '/api/v1/payments/create',
    headers: who.auth,
    payload: { orderId, currency: 'INR' },
  })
  expect(session.statusCode, session.body).toBe(200)
  return session.json() as { id: string; amount: number }
}

/** The sandbox dialog's Pay, then the browser's verify call with what it handed back. */
export async function payOpened(app: TestApp, who: Person, orderId: string, providerOrderId: string) {
  const pay = await app.inject({
    method: 'POST',
    url: '/api/v1/payments/sandbox/pay',
    headers: who.auth,
    payload: { razorpay_order_id: providerOrderId },
  })
  expect(pay.statusCode, pay.body).toBe(200)
  return app.inject({
    method: 'POST',
    url: '/api/v1/payments/verify',
    headers: who.auth,
    payload: { orderId, ...checkoutResult(pay.json()) },
  })
}

/** Pays an order in the sandbox the way the browser does: create, the dialog's Pay, verify. */
export async function payOrder(app: TestApp, who: Person, orderId: string) {
  const session = await openPayment(app, who, orderId)
  const verify = await payOpened(app, who, orderId, session.id)
  expect(verify.statusCode, verify.body).toBe(200)
  return { session }
}

/**
 * An order row written straight to the database (for console tests that need odd states or times);
 * each line is one piece unless it says how many, at its price in paise.
 */
export async function insertOrder(
  app: TestApp,
  userId: string,
  lines: Array<{ id: string; price: number; quantity?: number }>,
  extra: Partial<typeof orders.$inferInsert> = {},
) {
  const id = newId()
  const total = lines.reduce((s, l) => s + l.price * (l.quantity ?? 1), 0)
  const orderNumber = `ORD-${id.slice(-8).toUpperCase()}`
  await app.database.db.insert(orders).values({
    id,
    orderNumber,
    userId,
    subtotal: total,
    total,
    shippingFirstName: 'Asha',
    shippingLastName: 'Verma',
    shippingAddress: '12 Hazratganj',
    shippingCity: 'Lucknow',
    shippingState: 'Uttar Pradesh',
    shippingPostalCode: '226001',
    shippingPhone: '9876543210',
    ...extra,
  })
  await app.database.db.insert(orderItems).values(
    lines.map((l) => ({
      orderId: id,
      productId: l.id,
      title: 'Item',
      price: l.price,
      quantity: l.quantity ?? 1,
    })),
  )
  return { id, orderNumber }
}

/** A Contact Us message (new, not read yet, unless told) or a newsletter sign-up, written straight. */
export async function insertMessage(app: TestApp, over: Partial<typeof contactMessages.$inferInsert> = {}) {
  const id = newId()
  await app.database.db.insert(contactMessages).values({
    id,
    kind: 'contact',
    firstName: 'Ravi',
    email: freshEmail('ravi'),
    message: 'Do you ship to Pune?',
    ...over,
  })
  return { id }
}

/** An e-mail in the outbox in any state (a failed one gave up after its attempts). */
export async function insertOutboxMail(app: TestApp, over: Partial<typeof mailOutbox.$inferInsert> = {}) {
  const id = newId()
  await app.database.db.insert(mailOutbox).values({
    id,
    kind: 'order.placed',
    toAddress: freshEmail('mail'),
    subject: 'Your order',
    html: '<p>Thank you</p>',
    text: 'Thank you',
    messageId: `<${id}@test.example.in>`,
    ...over,
  })
  return { id }
}

export function sign(secret: string, data: string) {
  return createHmac('sha256', secret).update(data).digest('hex')
}

/** A donor's details for the donate form (decision 101); `over` changes any of them. */
export const donationPayload = (over: Record<string, unknown> = {}) => ({
  for: 'road-safety',
  amount: 1100,
  name: 'Asha Verma',
  email: 'asha.donor@example.in',
  phone: '9876543210',
  wants80g: false,
  ...over,
})

/** Starts a donation as the donate page does; answers the unpaid donation. */
export async function makeDonation(app: TestApp, who: Person, over: Record<string, unknown> = {}) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/donations',
    headers: who.auth,
    payload: donationPayload(over),
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data as { _id: string; amount: number; status: string; receiptNumber: string | null }
}

/** Pays a donation in the sandbox the way the donate page does: open, the dialog's Pay, verify. */
export async function payDonation(app: TestApp, who: Person, donationId: string) {
  const session = await app.inject({
    method: 'POST',
    url: '/api/v1/payments/payable/create',
    headers: who.auth,
    payload: { purpose: 'donation', payableId: donationId },
  })
  expect(session.statusCode, session.body).toBe(200)
  const paid = await app.services.payments.sandboxPay(who.id, session.json().id)
  return app.inject({
    method: 'POST',
    url: '/api/v1/payments/payable/verify',
    headers: who.auth,
    payload: { purpose: 'donation', payableId: donationId, ...checkoutToApi(paid.result) },
  })
}

/** A temple with a fresh web name. */
/** An active category with a title of its own; the catalogue's cache is dropped as a console write would. */
export async function makeCategory(app: TestApp, over: Partial<typeof categories.$inferInsert> = {}) {
  const id = newId()
  const row = { id, title: `Category ${id.slice(-6)}`, ...over }
  await app.database.db.insert(categories).values(row)
  app.services.cache.invalidate()
  return row
}

export async function makeTemple(app: TestApp, over: Partial<typeof temples.$inferInsert> = {}) {
  const id = newId()
  const row = {
    id,
    slug: `temple-${id.slice(-8)}`,
    name: `Temple ${id.slice(-4)}`,
    servicesLink: '',
    ...over,
  }
  await app.database.db.insert(temples).values(row)
  return row
}

/** A seva of a temple, offered every day unless told, open for booking; price in paise. */
export async function makeSeva(
  app: TestApp,
  templeId: string,
  over: Partial<typeof sevas.$inferInsert> = {},
): Promise<typeof sevas.$inferSelect> {
  const [row] = await app.database.db
    .insert(sevas)
    .values({
      templeId,
      name: `Rudrabhishek ${newId().slice(-4)}`,
      description: 'Abhishek of the Shivling with milk, curd, honey and Ganga water.',
      price: 1100_00,
      weekdays: [0, 1, 2, 3, 4, 5, 6],
      dailyLimit: 5,
      ...over,
    })
    .returning()
  return row
}

/** A seva booking row as it stands after the devotee paid (or `over` says otherwise), for a given day. */
export async function insertBooking(
  app: TestApp,
  userId: string,
  seva: typeof sevas.$inferSelect,
  day: string,
  over: Partial<typeof sevaBookings.$inferInsert> = {},
) {
  const [row] = await app.database.db
    .insert(sevaBookings)
    .values({
      bookingNumber: `SEVA-${day.slice(0, 4)}-${newId().slice(-6)}`,
      userId,
      sevaId: seva.id,
      day,
      sevaName: seva.name,
      amount: seva.price,
      devoteeName: 'Asha Verma',
      status: 'confirmed',
      paymentStatus: 'paid',
      cancelHours: seva.cancelHours,
      policyAcceptedAt: new Date(),
      ...over,
    })
    .returning()
  return row
}

/**
 * An outbox row as its recipient gets it: an account mail's live links (sealed in the row, hidden from
 * staff's copy: decision 109) in place of the redacted ones.
 */
export function recipientCopy<T extends { html: string; text: string; sealed: string | null }>(
  app: TestApp,
  row: T,
): T {
  if (!row.sealed) return row
  const live = createSeal<{ html: string; text: string }>(app.services.config.secrets.jwtAccessSecret).open(
    row.sealed,
  )
  if (!live) throw new Error('an account mail whose seal does not open')
  return { ...row, ...live }
}

/** The e-mails written to one address, oldest first, as the recipient gets them. */
export async function mailsTo(app: TestApp, to: string) {
  const rows = await app.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, to))
    .orderBy(mailOutbox.createdAt, mailOutbox.id)
  return rows.map((r) => recipientCopy(app, r))
}

/**
 * The shop's settings as a set-up shop has them (its legal details filled in, decision 123), each other at its
 * default, with `over` on top: written straight to the one settings row, so that each test of a file whose
 * tests change settings starts from the same shop. `noShopDetails` as `over` makes it a new shop.
 */
export async function resetShopSettings(app: TestApp, over: Partial<typeof shopSettings.$inferInsert> = {}) {
  await app.database.db.delete(shopSettings)
  await app.database.db.insert(shopSettings).values({ ...shopDetails, ...over, id: 'shop' })
}

/** Store credit given to a customer (decision 139), as a return refunded as credit gives it. */
export async function giveStoreCredit(app: TestApp, who: Person, paise: number) {
  const reference = newId()
  return app.database.db.transaction((tx) =>
    app.services.storeCredit.add(tx, {
      userId: who.id,
      amount: paise,
      kind: 'return',
      reference,
      label: `RET-TEST-${reference.slice(-5).toUpperCase()}`,
    }),
  )
}

/** The WhatsApp and SMS messages written to one number (+91…), oldest first, as the phone gets them. */
export async function messagesTo(app: TestApp, phone: string) {
  const rows = await app.database.db
    .select()
    .from(messageOutbox)
    .where(eq(messageOutbox.toPhone, phone))
    .orderBy(messageOutbox.createdAt, messageOutbox.id)
  const seal = createSeal<{ params: string[]; text: string }>(
    app.services.config.secrets.jwtAccessSecret,
    'message-outbox',
  )
  return rows.map((r) => ({ ...r, ...(r.sealed ? seal.open(r.sealed) : null) }))
}

/** The last sign-in code sent to a number (+91…), read from its message as the phone gets it. */
export async function lastCodeTo(app: TestApp, phone: string): Promise<string> {
  const last = (await messagesTo(app, phone)).at(-1)
  const code = last?.params[0]
  if (!code || !/^\d{6}$/.test(code)) throw new Error('no code was sent to this number')
  return code
}

/** A mobile number no other test has, as the shop keeps it (+91 and ten digits). */
export const freshMobile = () => `+91${freshPhone().replace(/^7/, '9')}`
