import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { orderListQuerySchema, orderStatusInputSchema } from '../../../../contracts/admin.ts'
import { adminOrderPageSchema, adminOrderSchema } from '../../../../contracts/admin-orders.ts'
import { adminFailures, ok } from '../../../http/route-kit.ts'
import type { Services } from '../../../services.ts'
import { actorOf, idParams, security, tags } from '../route-helpers.ts'

/** Orders: the list with its work queues, one order, moving it forward, refunds. */
export const orderRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const orders = services.admin.orders

  app.get(
    '/orders',
    {
      schema: {
        operationId: 'adminListOrders',
        tags,
        security,
        summary:
          'Orders, searchable by order number, customer, phone, status and date (YYYY-MM-DD, India time)',
        querystring: orderListQuerySchema,
        response: { 200: ok(adminOrderPageSchema), ...adminFailures() },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Orders',
      data: await orders.list(request.query),
    }),
  )

  app.get(
    '/orders/:id',
    {
      schema: {
        operationId: 'adminGetOrder',
        tags,
        security,
        summary: 'One order with items, address, payment and history',
        params: idParams,
        response: { 200: ok(adminOrderSchema), ...adminFailures(404) },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Order',
      data: await orders.get(request.params.id),
    }),
  )

  app.post(
    '/orders/:id/status',
    {
      schema: {
        operationId: 'adminSetOrderStatus',
        tags,
        security,
        summary: 'Move an order forward (Processing, Shipped with a tracking link, Delivered) or cancel it',
        params: idParams,
        body: orderStatusInputSchema,
        response: { 200: ok(adminOrderSchema), ...adminFailures(404, 409) },
      },
    },
    async (request) => {
      const data = await orders.changeStatus(actorOf(request), request.params.id, request.body)
      const linkChanged = data.history.at(-1)?.note === 'Tracking link changed'
      return {
        success: true as const,
        message: linkChanged ? 'Tracking link saved' : `Order marked ${request.body.status}`,
        data,
      }
    },
  )

  app.post(
    '/orders/:id/refund',
    {
      schema: {
        operationId: 'adminRefundOrder',
        tags,
        security,
        summary: 'Send a waiting refund of a cancelled, paid order now (a failed one is retried)',
        params: idParams,
        response: { 200: ok(adminOrderSchema), ...adminFailures(404, 409) },
      },
    },
    async (request) => {
      const r = await orders.refund(actorOf(request), request.params.id)
      return { success: true as const, message: r.message, data: r.order }
    },
  )
}
