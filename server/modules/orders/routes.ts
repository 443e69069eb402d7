import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { translatorFor } from '../../../contracts/i18n/registry.ts'
import {
  giveMeasurementsSchema,
  orderSchema,
  placeOrderSchema,
  updateOrderSchema,
} from '../../../contracts/orders.ts'
import { personalisationText } from '../../../contracts/personalisation.ts'
import { bearer, customerFailures, ok, placingRateLimit } from '../../http/route-kit.ts'
import type { Services } from '../../services.ts'

export const ordersRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { orders } = services

  app.post(
    '/order/add',
    {
      onRequest: app.requireUser,
      config: { rateLimit: placingRateLimit(services.config) },
      schema: {
        operationId: 'placeOrder',
        tags: ['orders'],
        summary: 'Place an order (priced by the server; the client total must match)',
        description:
          'Every price and the total are recomputed from the shop’s own data and the coupon. A client total that differs is refused with 409. Send an `Idempotency-Key` header (or `idempotencyKey`) so a repeated submit returns the first order.',
        security: bearer,
        headers: z.object({ 'idempotency-key': z.string().min(8).max(100).optional() }).passthrough(),
        body: placeOrderSchema,
        response: {
          200: ok(z.array(orderSchema)),
          201: ok(z.array(orderSchema)),
          ...customerFailures(403, 404, 409, 422),
        },
      },
    },
    async (request, reply) => {
      const { order, created } = await orders.placeOrder(
        request.user!.id,
        request.body,
        request.headers['idempotency-key'],
        request.language,
      )
      return reply.status(created ? 201 : 200).send({
        success: true,
        message: created ? 'Order created successfully' : 'Order already placed',
        data: [order],
      })
    },
  )

  app.get(
    '/order/allorder',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'listMyOrders',
        tags: ['orders'],
        summary: 'The caller’s own orders, newest first',
        security: bearer,
        response: {
          200: ok(z.array(orderSchema)),
          ...customerFailures(),
        },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Orders fetched',
      data: await orders.listForCustomer(request.user!.id),
    }),
  )

  app.get(
    '/order/singleorder/:id',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'getMyOrder',
        tags: ['orders'],
        summary: 'One of the caller’s orders (by id or order number)',
        security: bearer,
        params: z.object({ id: z.string().min(1).max(64) }),
        response: { 200: ok(orderSchema), ...customerFailures(404) },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Order fetched',
      data: await orders.getForCustomer(request.user!.id, request.params.id),
    }),
  )

  app.put(
    '/order/:id/items/:itemId/measurements',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'giveMyMeasurements',
        tags: ['orders'],
        summary:
          'Give the measurements of one line of the caller’s order, while it waits to be processed (decision 133)',
        description:
          '`formId` is the measurement form’s id (the line’s personalisation `id`); `values` has a number for each of its fields, in its unit.',
        security: bearer,
        params: z.object({ id: z.string().min(1).max(64), itemId: z.string().min(1).max(64) }),
        body: giveMeasurementsSchema,
        response: { 200: ok(orderSchema), ...customerFailures(404, 409) },
      },
    },
    async (request) => ({
      success: true as const,
      message: translatorFor(request.language).t(personalisationText.measurementsSaved),
      data: await orders.giveMeasurements(
        request.user!.id,
        request.params.id,
        request.params.itemId,
        request.body,
        translatorFor(request.language).t,
      ),
    }),
  )

  app.patch(
    '/order/updateorder',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'cancelMyOrder',
        tags: ['orders'],
        summary: 'Cancel one of the caller’s orders (only before it ships)',
        description:
          '`orderID` is the order’s `_id` or its order number. A paid order is marked for refund and refunded through the payment provider.',
        security: bearer,
        body: updateOrderSchema,
        response: { 200: ok(orderSchema), ...customerFailures(404, 409) },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Order canceled successfully!',
      data: await orders.cancelForCustomer(request.user!.id, request.body.orderID),
    }),
  )
}
