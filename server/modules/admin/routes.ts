import type { FastifyPluginAsync } from 'fastify'
import type { StaffArea } from '../../../contracts/staff.ts'
import { consoleArea } from '../../plugins/auth.ts'
import type { Services } from '../../services.ts'
import { donationsAdminRoutes } from '../donations/routes.ts'
import { invoiceAdminRoutes } from '../invoices/routes.ts'
import { auditRoutes } from './audit/routes.ts'
import { contentRoutes } from './content/routes.ts'
import { mailRoutes } from './mail/routes.ts'
import { messageRoutes } from './messages/routes.ts'
import { orderExportRoutes } from './orders/export-routes.ts'
import { orderRoutes } from './orders/routes.ts'
import { overviewRoutes } from './overview/routes.ts'
import { peopleRoutes } from './people/routes.ts'
import { productRoutes } from './products/routes.ts'
import { provenanceAdminRoutes } from './provenance/routes.ts'
import { reviewRoutes } from './reviews/routes.ts'
import { bookingAdminRoutes, sevaAdminRoutes } from './sevas/routes.ts'
import { staffRoutes } from './staff/routes.ts'

// Which part of the console each domain's routes belong to (contracts/staff.ts); a route may name its own.
const domains: Array<[FastifyPluginAsync<{ services: Services }>, StaffArea]> = [
  [overviewRoutes, 'dashboard'],
  [auditRoutes, 'audit'],
  [productRoutes, 'catalogue'],
  [reviewRoutes, 'catalogue'],
  // Artisans, clusters and each product's makers and marks (decision 098).
  [provenanceAdminRoutes, 'catalogue'],
  [contentRoutes, 'content'],
  // Sevas beside their temples; their bookings with the orders (decision 102).
  [sevaAdminRoutes, 'content'],
  [bookingAdminRoutes, 'orders'],
  [orderRoutes, 'orders'],
  [orderExportRoutes, 'orders'],
  [peopleRoutes, 'orders'],
  [messageRoutes, 'orders'],
  [mailRoutes, 'orders'],
  [invoiceAdminRoutes, 'orders'],
  // Donations, their receipts and the Form 10BD file (decision 101).
  [donationsAdminRoutes, 'orders'],
  [staffRoutes, 'staff'],
]

/**
 * Every console domain's routes, behind one guard for the whole /api/v1/admin prefix: 401 without a valid
 * token, 403 for a customer's or for staff whose role does not include the route's area (decision 091).
 */
const consoleRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  app.addHook('onRequest', app.requireStaffArea)
  for (const [routes, area] of domains) {
    await app.register(async (scoped) => {
      consoleArea(scoped, area)
      // Only the services: the prefix this plugin was given is already applied to its children.
      await scoped.register(routes, { services })
    })
  }
}

/** Registered under /api/v1 with the other modules; everything here lives under /api/v1/admin. */
export const adminModule: FastifyPluginAsync<{ services: Services }> = async (app, opts) => {
  await app.register(consoleRoutes, { ...opts, prefix: '/admin' })
}
