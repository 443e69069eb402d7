import type { SQLWrapper } from 'drizzle-orm'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import type { CatalogueCache } from '../../lib/cache.ts'
import type { FileStore } from '../../lib/file-store.ts'
import type { AccountsService } from '../accounts/service.ts'
import type { AddressesService } from '../addresses/service.ts'
import type { CatalogueService } from '../catalogue/service.ts'
import type { ContentService } from '../content/service.ts'
import type { CouponsService } from '../coupons/service.ts'
import type { DonationsService } from '../donations/service.ts'
import type { InvoicesService } from '../invoices/service.ts'
import type { MailService } from '../mail/service.ts'
import type { MessagesService } from '../messages/service.ts'
import type { OrdersService } from '../orders/service.ts'
import type { PaymentsService } from '../payments/service.ts'
import type { ProvenanceService } from '../provenance/service.ts'
import type { ReviewsService } from '../reviews/service.ts'
import type { SettingsService } from '../settings/service.ts'
import type { SevasService } from '../sevas/service.ts'
import { createAdminAuditService } from './audit/service.ts'
import { createAdminContentService } from './content/service.ts'
import { createAdminMessagesService } from './messages/service.ts'
import { createOrdersExport } from './orders/export.ts'
import { createAdminOrdersService } from './orders/service.ts'
import { createAdminOverviewService } from './overview/service.ts'
import { createAdminPeopleService } from './people/service.ts'
import { createAdminProductsService } from './products/service.ts'
import { createAdminProvenanceService } from './provenance/service.ts'
import { createAdminReviewsService } from './reviews/service.ts'
import { createAdminSevasService } from './sevas/service.ts'
import { createAdminStaffService } from './staff/service.ts'

export type { Actor } from './kit.ts'

/**
 * The staff console's services, one per domain (docs/decisions/090). Each keeps its own console lists and
 * calls the domain modules' services for everything else.
 */
export function createAdminService(deps: {
  db: Db
  config: Config
  cache: CatalogueCache
  /** Where uploaded pictures go: DATA_DIR/uploads or the S3 bucket (server/lib/file-store.ts). */
  files: FileStore
  log?: { warn(obj: object, msg: string): void }
  /** The orders module: the console moves, cancels and refunds orders only through it. */
  orders: OrdersService
  /** The shipping module's subquery of orders whose parcels need staff (decision 136). */
  deliveryProblemOrders: () => SQLWrapper
  payments: Pick<PaymentsService, 'recordsOf' | 'providerName'>
  accounts: Pick<
    AccountsService,
    | 'forStaff'
    | 'setDisabled'
    | 'staffList'
    | 'inviteStaff'
    | 'inviteStaffAgain'
    | 'setStaffRole'
    | 'setStaffDisabled'
    | 'people'
    | 'idsMatching'
    | 'consoleList'
    | 'auditNames'
  >
  addresses: Pick<AddressesService, 'list' | 'userIdsWithPhone'>
  catalogue: Pick<
    CatalogueService,
    | 'namesFor'
    | 'structure'
    | 'productStore'
    | 'stock'
    | 'followVariants'
    | 'lists'
    | 'productsNaming'
    | 'stateNames'
    | 'titlesOf'
    | 'marksOf'
    | 'setMarks'
    | 'idsTitled'
    | 'lowStock'
    | 'awaitingApproval'
    | 'auditNames'
  >
  content: Pick<ContentService, 'templeNames' | 'lists' | 'returnPolicyStore' | 'auditNames'>
  /** The coupons list the console edits. */
  coupons: Pick<CouponsService, 'list' | 'codeTaken' | 'auditNames'>
  messages: Pick<MessagesService, 'setStatus' | 'page' | 'unreadCount' | 'auditNames'>
  reviews: Pick<ReviewsService, 'publish' | 'hide' | 'reply' | 'consoleList' | 'auditNames'>
  /** Artisans, clusters and products' makers (decision 098). */
  provenance: Pick<ProvenanceService, 'store' | 'auditNames'>
  /** The shop's low-stock threshold (Settings), for the dashboard and the product list's stock filter. */
  mail: Pick<MailService, 'settings' | 'failedCount'>
  /** The foundation's name and address (the GST invoice details), printed on packing slips. */
  invoices: Pick<InvoicesService, 'settings' | 'numbersOf' | 'missing' | 'waiting' | 'effectiveRates'>
  /** The foundation's receipt details and the gifts waiting for them, for the set-up checklist. */
  donations: { staff: Pick<DonationsService['staff'], 'missing' | 'waiting'> }
  settings: Pick<SettingsService, 'read' | 'save'>
  /** Customers' return requests (decision 138): the dashboard counts those staff still act on. */
  returnRequests: { openCount(): Promise<number> }
  /** Seva bookings: the console marks them performed, adds media and cancels only through it. */
  sevas: Pick<
    SevasService,
    | 'markPerformed'
    | 'addPhoto'
    | 'setVideo'
    | 'cancelByStaff'
    | 'sevasOfTemple'
    | 'store'
    | 'templesOf'
    | 'auditNames'
  >
}) {
  const { db, cache, files, log } = deps
  const orders = createAdminOrdersService({
    db,
    files,
    orders: deps.orders,
    payments: deps.payments,
    accounts: deps.accounts,
    invoices: deps.invoices,
    deliveryProblemOrders: deps.deliveryProblemOrders,
  })

  const overview = createAdminOverviewService({
    db,
    invoices: deps.invoices,
    donations: deps.donations,
    payments: deps.payments,
    settings: deps.settings,
    mail: deps.mail,
    orders: deps.orders,
    catalogue: deps.catalogue,
    messages: deps.messages,
    reviews: deps.reviews,
    sevas: deps.sevas,
    returnRequests: deps.returnRequests,
  })
  return {
    overview: overview.overview,
    /** The set-up checklist's 'keep the sandbox on purpose' (decision 123). */
    chooseSandbox: overview.chooseSandbox,
    products: createAdminProductsService({
      db,
      cache,
      files,
      log,
      catalogue: deps.catalogue,
      content: deps.content,
      orders: deps.orders,
      mail: deps.mail,
      invoices: deps.invoices,
      publicUrl: deps.config.PUBLIC_URL,
    }),
    content: createAdminContentService({
      db,
      cache,
      files,
      owners: {
        catalogue: deps.catalogue,
        content: deps.content,
        coupons: deps.coupons,
        sevas: deps.sevas,
      },
    }),
    orders,
    /** The order list as a CSV file, with the list's filters (decision 093). */
    exportOrders: createOrdersExport({
      list: orders.list,
      orders: deps.orders,
      invoices: deps.invoices,
      accounts: deps.accounts,
    }),
    provenance: createAdminProvenanceService({
      db,
      cache,
      files,
      provenance: deps.provenance,
      catalogue: deps.catalogue,
    }),
    customers: createAdminPeopleService({
      db,
      accounts: deps.accounts,
      addresses: deps.addresses,
      orders: deps.orders,
    }),
    messages: createAdminMessagesService({ db, messages: deps.messages }),
    reviews: createAdminReviewsService({
      db,
      reviews: deps.reviews,
      catalogue: deps.catalogue,
      accounts: deps.accounts,
      orders: deps.orders,
    }),
    sevas: createAdminSevasService({
      db,
      cache,
      sevas: deps.sevas,
      content: deps.content,
      accounts: deps.accounts,
    }),
    staff: createAdminStaffService({ accounts: deps.accounts }),
    audit: createAdminAuditService({
      db,
      accounts: deps.accounts,
      // Each kind of thing the log names, named by the module that owns it.
      namers: {
        ...deps.catalogue.auditNames,
        ...deps.orders.auditNames,
        ...deps.accounts.auditNames,
        ...deps.content.auditNames,
        ...deps.coupons.auditNames,
        ...deps.messages.auditNames,
        ...deps.reviews.auditNames,
        ...deps.provenance.auditNames,
        ...deps.sevas.auditNames,
      },
    }).list,
  }
}
export type AdminService = ReturnType<typeof createAdminService>
