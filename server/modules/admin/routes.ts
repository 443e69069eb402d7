import type { FastifyPluginAsync } from 'fastify'
import type { Services } from '../../services.ts'
import { invoiceAdminRoutes } from '../invoices/routes.ts'
import { auditRoutes } from './audit/routes.ts'
import { contentRoutes } from './content/routes.ts'
import { mailRoutes } from './mail/routes.ts'
import { messageRoutes } from './messages/routes.ts'
import { orderRoutes } from './orders/routes.ts'
import { overviewRoutes } from './overview/routes.ts'
import { peopleRoutes } from './people/routes.ts'
import { productRoutes } from './products/routes.ts'

/** Every console domain's routes, behind one guard for the whole /api/v1/admin prefix. */
const consoleRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  // 401 without a valid token, 403 for a customer's.
  app.addHook('onRequest', app.requireAdmin)
  for (const routes of [
    overviewRoutes,
    auditRoutes,
    productRoutes,
    contentRoutes,
    orderRoutes,
    peopleRoutes,
    messageRoutes,
    mailRoutes,
  ]) {
    // Only the services: the prefix this plugin was given is already applied to its children.
    await app.register(routes as FastifyPluginAsync<{ services: Services }>, { services })
  }
}

/** Registered under /api/v1 with the other modules; everything here lives under /api/v1/admin. */
export const adminModule: FastifyPluginAsync<{ services: Services }> = async (app, opts) => {
  await app.register(consoleRoutes, { ...opts, prefix: '/admin' })
  await app.register(invoiceAdminRoutes, { ...opts, prefix: '/admin' })
}
