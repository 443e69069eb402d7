import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { adminDashboardSchema } from '../../../../contracts/admin-dashboard.ts'
import { dashboardSetupSchema } from '../../../../contracts/setup.ts'
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

  app.put(
    '/settings/sandbox',
    {
      config: { staffArea: 'settings' },
      schema: {
        operationId: 'adminChooseSandbox',
        tags,
        security,
        summary: 'Keep the payment sandbox on purpose, so the set-up checklist stops asking for payment keys',
        description:
          'For a demonstration or a trial: payments stay simulated and no money moves. `chosen: false` asks ' +
          'again. Payment keys themselves are set on the server (docs/deploy.md), never in the console.',
        body: z.object({ chosen: z.boolean() }),
        response: { 200: ok(dashboardSetupSchema), ...adminFailures() },
      },
    },
    async (request) => ({
      success: true as const,
      message: request.body.chosen
        ? 'The sandbox is kept on purpose'
        : 'The checklist asks for payment keys again',
      data: await services.admin.chooseSandbox(request.user!.id, request.body.chosen),
    }),
  )
}
