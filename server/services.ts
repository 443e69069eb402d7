import type { FastifyBaseLogger } from 'fastify'
import type { Config } from './config.ts'
import type { Db } from './db/client.ts'
import type { CatalogueCache } from './lib/cache.ts'
import type { SessionNotices } from './lib/cache-broadcast.ts'
import type { FileStore } from './lib/file-store.ts'
import type { SharedLimits } from './lib/shared-limits.ts'
import { sharedLimiters } from './modules/accounts/login-limiter.ts'
import { createAccountsService } from './modules/accounts/service.ts'
import { createTokenService } from './modules/accounts/tokens.ts'
import { createAddressesService } from './modules/addresses/service.ts'
import { createAdminService } from './modules/admin/service.ts'
import { createCartService } from './modules/cart/service.ts'
import { createCatalogueService } from './modules/catalogue/service.ts'
import { createStockAlertsService } from './modules/catalogue/stock-alerts.ts'
import { createCodService } from './modules/cod/service.ts'
import { createContentService } from './modules/content/service.ts'
import { createCouponsService } from './modules/coupons/service.ts'
import { createStoreCreditService } from './modules/credit/service.ts'
import { createDeliveryService } from './modules/delivery/service.ts'
import { createDonationsService } from './modules/donations/service.ts'
import { createHoldsService } from './modules/holds/service.ts'
import { createInvoicesService } from './modules/invoices/service.ts'
import { shopName } from './modules/mail/messages.ts'
import { createMailService } from './modules/mail/service.ts'
import { createMessagesService } from './modules/messages/service.ts'
import { createOrderUpdates } from './modules/messaging/order-updates.ts'
import { pushProviderFor, smsProviderFor, whatsappProviderFor } from './modules/messaging/providers.ts'
import { createMessagingService } from './modules/messaging/service.ts'
import { createOrdersService } from './modules/orders/service.ts'
import { createPaymentsService } from './modules/payments/service.ts'
import { createPincodeService } from './modules/pincode/service.ts'
import { createProvenanceService } from './modules/provenance/service.ts'
import { createPushService } from './modules/push/service.ts'
import { createReturnRequestsService } from './modules/returns/requests.ts'
import { createReturnsService } from './modules/returns/service.ts'
import { createReviewsService } from './modules/reviews/service.ts'
import { createSettingsService } from './modules/settings/service.ts'
import { createSevasService } from './modules/sevas/service.ts'
import { shippingProviderFor } from './modules/shipping/providers.ts'
import { createShippingService } from './modules/shipping/service.ts'
import { createShipmentsService } from './modules/shipping/shipments.ts'
import { createWishlistService } from './modules/wishlist/service.ts'

export type ServiceDeps = {
  db: Db
  config: Config
  cache: CatalogueCache
  log: FastifyBaseLogger
  /** Uploaded files: DATA_DIR/uploads or the S3 bucket (docs/decisions/074). */
  files: FileStore
  /** With REDIS_URL: the sign-in limits are kept in Redis, shared by every instance. */
  limits?: SharedLimits | null
  /** With PostgreSQL: ended sign-ins and role changes reach every instance's sign-in cache (decision 066). */
  sessionNotices?: SessionNotices | null
}

/** Every domain service, built once per process; route handlers and page loaders both call these. */
export function createServices(deps: ServiceDeps) {
  const tokens = createTokenService({
    accessSecret: deps.config.secrets.jwtAccessSecret,
    refreshSecret: deps.config.secrets.jwtRefreshSecret,
    accessTtlSeconds: deps.config.ACCESS_TOKEN_TTL,
  })
  // The shop's one settings row: each module reads and saves its own columns through it (decision 113).
  const settings = createSettingsService(deps)
  const mail = createMailService({ ...deps, settings })
  // Web push subscriptions and the shop's VAPID keys, kept like the other secrets (decision 144).
  const push = createPushService({
    db: deps.db,
    production: deps.config.NODE_ENV === 'production',
    vapid: {
      fromEnv: { publicKey: deps.config.VAPID_PUBLIC_KEY, privateKey: deps.config.VAPID_PRIVATE_KEY },
      dataDir: deps.config.embedded ? deps.config.dataDir : '',
      embedded: deps.config.embedded,
    },
  })
  // WhatsApp, SMS and push (decisions 141, 144): written to their outbox in the event's transaction.
  const messaging = createMessagingService({
    db: deps.db,
    log: deps.log,
    secrets: deps.config.secrets,
    providers: {
      whatsapp: whatsappProviderFor(deps.config),
      sms: smsProviderFor(deps.config),
      push: pushProviderFor(deps.config, {
        title: shopName,
        vapidKeys: push.vapidKeys,
        target: push.target,
        gone: push.gone,
        sent: push.sent,
      }),
    },
  })
  // Listings filter by artisan through the provenance module, built after it (decision 130).
  const catalogue = createCatalogueService({ ...deps, makers: () => provenance.makers })
  const provenance = createProvenanceService({ ...deps, catalogue })
  const cart = createCartService({ ...deps, catalogue })
  const wishlist = createWishlistService({ ...deps, catalogue })
  const coupons = createCouponsService(deps)
  // Store credit (decision 139): returns refunded as credit, orders paid with it.
  const storeCredit = createStoreCreditService(deps)
  const content = createContentService({ ...deps, catalogue })
  const accounts = createAccountsService({
    ...deps,
    tokens,
    mail,
    messaging,
    limiters: deps.limits ? sharedLimiters(deps.limits) : undefined,
  })
  // The channels each customer chose for order updates, and the updates themselves (decision 143).
  const orderUpdates = createOrderUpdates({
    db: deps.db,
    messaging,
    secrets: deps.config.secrets,
    url: mail.url,
    phoneOf: accounts.phoneOf,
    // Each live web push subscription gets the update too (decision 144), read in the event's transaction.
    pushTargets: (userId, db) => push.liveFor(userId, db),
  })
  const addresses = createAddressesService(deps)
  const stockAlerts = createStockAlertsService({ db: deps.db, catalogue, mail, accounts })
  const cod = createCodService({ ...deps, settings })
  const holds = createHoldsService({ ...deps, settings })
  const pincode = createPincodeService(deps)
  const delivery = createDeliveryService({ db: deps.db, settings, pincode, cod })
  // Shipping charges by zone and weight (decision 134): the product page, the cart, the checkout and the order.
  const shipping = createShippingService({ db: deps.db, settings, delivery, catalogue, cart, coupons })
  // Return rules per category and product (decision 137).
  const returns = createReturnsService({ db: deps.db, cache: deps.cache, catalogue })
  // Every peer is required; they are read on use because invoices and payments, made next, need orders first.
  const orders = createOrdersService({
    ...deps,
    owners: { catalogue, accounts },
    peers: () => ({
      coupons,
      cart,
      payments,
      addresses,
      mail,
      updates: orderUpdates,
      cod,
      holds,
      invoices,
      delivery,
      storeCredit,
      shipping: { chargeFor: shipping.chargeFor, shipmentsOf: (ids, db) => shipments.ofOrders(ids, db) },
    }),
  })
  // Orders and their GST documents call each other: invoices lock and read the order, orders show the numbers.
  const invoices = createInvoicesService({ ...deps, settings, orders, catalogue, accounts })
  const payments = createPaymentsService({ ...deps, orders })
  // Donations are paid through the payments module (decisions 100 and 101).
  const donations = createDonationsService({
    db: deps.db,
    mail,
    settings,
    invoices,
    content,
    emailConfirmed: accounts.emailConfirmed,
    updates: orderUpdates,
  })
  payments.registerPayable('donation', donations.payable)
  const messages = createMessagesService({ ...deps, mail, accounts })
  const reviews = createReviewsService({
    ...deps,
    catalogue,
    orders,
    accounts,
    emailConfirmed: accounts.emailConfirmed,
  })
  // Seva bookings are paid and refunded through the payments module (decisions 100, 102).
  const sevas = createSevasService({
    ...deps,
    mail,
    holds,
    content,
    accounts,
    updates: orderUpdates,
    refund: (id) => payments.refundPayable('booking', id),
  })
  payments.registerPayable('booking', sevas.payableHandler)
  // Parcels booked with the courier and followed to the door (decision 135).
  const shipments = createShipmentsService({
    db: deps.db,
    log: deps.log,
    provider: shippingProviderFor({ ...deps.config, db: deps.db, secrets: deps.config.secrets }),
    pollMinutes: deps.config.SHIPPING_POLL_MINUTES,
    rules: () => shipping.rules(),
    orders,
    invoicesMissing: () => invoices.missing(),
    parcelPieces: (lines) => catalogue.parcelPieces(lines),
    packingSlips: async (ids) => (await admin.orders.packingSlips(ids)).pdf,
  })
  // Customers' return requests and their refunds (decision 138).
  const returnRequests = createReturnRequestsService({
    db: deps.db,
    log: deps.log,
    files: deps.files,
    cache: deps.cache,
    rules: returns,
    orders,
    accounts,
    stock: catalogue.stock,
    catalogue,
    payments,
    invoices,
    storeCredit,
    pickup: { bookReturnPickup: (input) => shipments.bookReturnPickup(input) },
    replacement: { ship: (input) => shipments.bookReplacement(input) },
    shopAddress: async (db) => {
      const row = await settings.read(db)
      return [row?.legalName, row?.legalAddress, row?.legalState].filter(Boolean).join(', ')
    },
    mail,
  })
  // An exchange's difference is paid through the payments module (decision 140).
  payments.registerPayable('exchange', returnRequests.payableHandler)
  const admin = createAdminService({
    ...deps,
    orders,
    deliveryProblemOrders: () => shipments.deliveryProblemOrders(),
    payments,
    accounts,
    addresses,
    catalogue,
    content,
    coupons,
    provenance,
    messages,
    reviews,
    mail,
    invoices,
    donations,
    settings,
    sevas,
    returnRequests,
  })
  return {
    ...deps,
    tokens,
    settings,
    mail,
    messaging,
    push,
    orderUpdates,
    catalogue,
    provenance,
    content,
    accounts,
    addresses,
    orders,
    cod,
    holds,
    delivery,
    shipping,
    shipments,
    returns,
    returnRequests,
    storeCredit,
    invoices,
    cart,
    wishlist,
    stockAlerts,
    coupons,
    payments,
    donations,
    pincode,
    admin,
    messages,
    reviews,
    sevas,
  }
}
export type Services = ReturnType<typeof createServices>

// Pages call these services through their load context, whose type lives in contracts/ and names no
// server code: it is filled in here (docs/decisions/112).
declare module '../contracts/load-context.ts' {
  interface PageServices extends Services {}
}
