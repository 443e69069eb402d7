import type { Config } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import type { CatalogueCache } from '../../lib/cache.ts'
import type { FileStore } from '../../lib/file-store.ts'
import type { AccountsService } from '../accounts/service.ts'
import type { AddressesService } from '../addresses/service.ts'
import type { CatalogueService } from '../catalogue/service.ts'
import type { InvoicesService } from '../invoices/service.ts'
import type { MailService } from '../mail/service.ts'
import type { MessagesService } from '../messages/service.ts'
import type { OrdersService } from '../orders/service.ts'
import type { PaymentsService } from '../payments/service.ts'
import type { ReviewsService } from '../reviews/service.ts'
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
  payments: Pick<PaymentsService, 'recordsOf'>
  accounts: Pick<
    AccountsService,
    | 'forStaff'
    | 'setDisabled'
    | 'staffList'
    | 'inviteStaff'
    | 'inviteStaffAgain'
    | 'setStaffRole'
    | 'setStaffDisabled'
  >
  addresses: Pick<AddressesService, 'list'>
  catalogue: Pick<CatalogueService, 'namesFor' | 'structure'>
  messages: Pick<MessagesService, 'setStatus'>
  reviews: Pick<ReviewsService, 'publish' | 'hide' | 'reply'>
  /** The shop's low-stock threshold (Settings), for the dashboard and the product list's stock filter. */
  mail: Pick<MailService, 'settings'>
  /** The foundation's name and address (the GST invoice details), printed on packing slips. */
  invoices: Pick<InvoicesService, 'settings'>
  /** Seva bookings: the console marks them performed, adds media and cancels only through it. */
  sevas: Pick<SevasService, 'markPerformed' | 'addPhoto' | 'setVideo' | 'cancelByStaff'>
}) {
  const { db, cache, files, log } = deps
  const orders = createAdminOrdersService({
    db,
    orders: deps.orders,
    payments: deps.payments,
    accounts: deps.accounts,
    invoices: deps.invoices,
  })

  return {
    products: createAdminProductsService({
      db,
      cache,
      files,
      log,
      catalogue: deps.catalogue,
      orders: deps.orders,
      mail: deps.mail,
      publicUrl: deps.config.PUBLIC_URL,
    }),
    content: createAdminContentService({ db, cache, files }),
    orders,
    /** The order list as a CSV file, with the list's filters (decision 093). */
    exportOrders: createOrdersExport({ db, list: orders.list }),
    provenance: createAdminProvenanceService({ db, cache, files }),
    customers: createAdminPeopleService({
      db,
      accounts: deps.accounts,
      addresses: deps.addresses,
      orders: deps.orders,
    }),
    messages: createAdminMessagesService({ db, messages: deps.messages }),
    reviews: createAdminReviewsService({ db, reviews: deps.reviews }),
    sevas: createAdminSevasService({ db, cache, sevas: deps.sevas }),
    staff: createAdminStaffService({ accounts: deps.accounts }),
    overview: createAdminOverviewService({ db, mail: deps.mail }).overview,
    audit: createAdminAuditService({ db }).list,
  }
}
export type AdminService = ReturnType<typeof createAdminService>
