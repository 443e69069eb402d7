import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { orderListQuerySchema } from '../../../../contracts/admin.ts'
import { adminFailures, csvFile } from '../../../http/route-kit.ts'
import type { Services } from '../../../services.ts'
import { security, tags } from '../route-helpers.ts'

/** Today in India, for the name of a downloaded file. */
const indianDate = () => new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10)

/** The order list as a CSV file (decision 093), with the list's filters. */
export const orderExportRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get(
    '/orders/export.csv',
    {
      schema: {
        operationId: 'adminExportOrders',
        tags,
        security,
        summary: 'The orders matching the list’s filters as a CSV file (at most 10,000)',
        querystring: orderListQuerySchema.omit({ page: true, pageSize: true }),
        response: { 200: csvFile('The orders, text/csv'), ...adminFailures() },
      },
    },
    async (request, reply) => {
      const file = await services.admin.exportOrders(request.query)
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="orders-${indianDate()}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(file, 'utf8'))
    },
  )
}
