import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { adminOverviewSchema } from '../../../../contracts/admin-overview.ts'
import { adminFailures, ok } from '../../../http/route-kit.ts'
import type { Services } from '../../../services.ts'
import { security, tags } from '../route-helpers.ts'

/** The console's overview. */
export const overviewRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get(
    '/overview',
    {
      schema: {
        operationId: 'adminOverview',
        tags,
        security,
        summary: 'Orders today and this month, revenue, orders by status, work waiting',
        response: { 200: ok(adminOverviewSchema), ...adminFailures() },
      },
    },
    async () => ({ success: true as const, message: 'Overview', data: await services.admin.overview() }),
  )
}
