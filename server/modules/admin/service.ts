import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import type { CatalogueCache } from '../../lib/cache.ts'
import type { AccountsService } from '../accounts/service.ts'
import type { AddressesService } from '../addresses/service.ts'
import type { CatalogueService } from '../catalogue/service.ts'
import type { MessagesService } from '../messages/service.ts'
import type { OrdersService } from '../orders/service.ts'
import type { PaymentsService } from '../payments/service.ts'
import { createAdminAuditService } from './audit/service.ts'
import { createAdminContentService } from './content/service.ts'
import { createAdminMessagesService } from './messages/service.ts'
import { createAdminOrdersService } from './orders/service.ts'
import { createAdminOverviewService } from './overview/service.ts'
import { createAdminPeopleService } from './people/service.ts'
import { createAdminProductsService } from './products/service.ts'

export type { Actor } from './kit.ts'

/**
 * The staff console's services, one per domain (docs/decisions/090). Each keeps its own console lists and
 * calls the domain modules' services for everything else.
 */
export function createAdminService(deps: {
  db: Db
  config: Config
  cache: CatalogueCache
  uploadsDir?: string
  /** The orders module: the console moves, cancels and refunds orders only through it. */
  orders: OrdersService
  payments: Pick<PaymentsService, 'recordsOf'>
  accounts: Pick<AccountsService, 'forStaff' | 'setDisabled'>
  addresses: Pick<AddressesService, 'list'>
  catalogue: Pick<CatalogueService, 'namesFor'>
  messages: Pick<MessagesService, 'setStatus'>
}) {
  const { db, cache } = deps
  // Tests run without a data folder: their uploads go to a throw-away folder, made on first use.
  let uploadsFolder =
    deps.uploadsDir ?? (deps.config.dataDir ? path.join(deps.config.dataDir, 'uploads') : null)
  const uploadsDir = () => {
    uploadsFolder ??= mkdtempSync(path.join(tmpdir(), 'shop-uploads-'))
    return uploadsFolder
  }

  return {
    /** Where uploaded pictures are written (DATA_DIR/uploads). */
    get uploadsDir() {
      return uploadsDir()
    },
    products: createAdminProductsService({
      db,
      cache,
      uploadsDir,
      catalogue: deps.catalogue,
      orders: deps.orders,
    }),
    content: createAdminContentService({ db, cache, uploadsDir }),
    orders: createAdminOrdersService({
      db,
      orders: deps.orders,
      payments: deps.payments,
      accounts: deps.accounts,
    }),
    customers: createAdminPeopleService({
      db,
      accounts: deps.accounts,
      addresses: deps.addresses,
      orders: deps.orders,
    }),
    messages: createAdminMessagesService({ db, messages: deps.messages }),
    overview: createAdminOverviewService({ db }).overview,
    audit: createAdminAuditService({ db }).list,
  }
}
export type AdminService = ReturnType<typeof createAdminService>
