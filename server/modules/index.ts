import type { FastifyPluginAsync } from 'fastify'
import type { Services } from '../services.ts'
import { phoneRoutes } from './accounts/phone-routes.ts'
import { accountRoutes } from './accounts/routes.ts'
import { addressRoutes } from './addresses/routes.ts'
import { adminModule } from './admin/routes.ts'
import { cartRoutes } from './cart/routes.ts'
import { catalogueRoutes } from './catalogue/routes.ts'
import { stockAlertsModule } from './catalogue/stock-alerts-routes.ts'
import { codModule } from './cod/routes.ts'
import { contentRoutes } from './content/routes.ts'
import { couponRoutes } from './coupons/routes.ts'
import { storeCreditRoutes } from './credit/routes.ts'
import { deliveryModule } from './delivery/routes.ts'
import { donationsRoutes } from './donations/routes.ts'
import { holdsModule } from './holds/routes.ts'
import { invoicesRoutes } from './invoices/routes.ts'
import { messagesRoutes } from './messages/routes.ts'
import { messagingModule } from './messaging/routes.ts'
import { ordersRoutes } from './orders/routes.ts'
import { paymentsRoutes } from './payments/routes.ts'
import { pincodeRoutes } from './pincode/routes.ts'
import { provenanceRoutes } from './provenance/routes.ts'
import { pushRoutes } from './push/routes.ts'
import { returnsModule } from './returns/routes.ts'
import { reviewsRoutes } from './reviews/routes.ts'
import { sevasRoutes } from './sevas/routes.ts'
import { shippingModule } from './shipping/routes.ts'
import { wishlistRoutes } from './wishlist/routes.ts'

/** Every API module, registered under /api/v1 in this order. */
export const apiModules: FastifyPluginAsync<{ services: Services }>[] = [
  catalogueRoutes,
  reviewsRoutes,
  contentRoutes,
  cartRoutes,
  wishlistRoutes,
  stockAlertsModule,
  couponRoutes,
  ordersRoutes,
  invoicesRoutes,
  paymentsRoutes,
  donationsRoutes,
  codModule,
  holdsModule,
  deliveryModule,
  shippingModule,
  returnsModule,
  pincodeRoutes,
  provenanceRoutes,
  sevasRoutes,
  accountRoutes,
  phoneRoutes,
  pushRoutes,
  storeCreditRoutes,
  addressRoutes,
  messagesRoutes,
  messagingModule,
  adminModule,
]
