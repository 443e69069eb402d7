import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { adminDashboardSchema } from '../../../../contracts/admin-dashboard.ts'
import { adminFailures, ok } from '../../../http/route-kit.ts'
import type { Services } from '../../../services.ts'
import { security, tags } from '../route-helpers.ts'

/** The console's dashboard. */
export const overviewRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get(
    '/overview',
    {
      schema: {
        operationId: 'adminOverview',
        tags,
        security,
        summary:
          'What to do today (orders to ship, to be paid, refunds, messages, e-mails, low stock) and sales',
        description:
          'Shaped by the caller’s staff role: `orders` and `sales` only for a role with the orders area, ' +
          '`stock` only for a role with the catalogue area; the others are null. Sales count paid orders ' +
          '(cash on delivery once delivered) by the day they were placed, in India time.',
        response: { 200: ok(adminDashboardSchema), ...adminFailures() },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Overview',
      // The console's guard has run: the caller is staff whose role opens the dashboard.
      data: await services.admin.overview(request.user!.staffRole),
    }),
  )
}
