import type { FastifyPluginAsync } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  myStockAlertsSchema,
  stockAlertBodySchema,
  stockAlertMessages,
  stockAlertQuerySchema,
  waitingSchema,
} from '../../../contracts/stock-alerts.ts'
import { NotFoundError } from '../../http/errors.ts'
import { adminFailures, bearer, customerFailures, done } from '../../http/route-kit.ts'
import type { Services } from '../../services.ts'

const tags = ['wishlist']

const customerRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { stockAlerts } = services
  // One customer's data: never kept by a shared cache.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store')
  })

  app.get(
    '/stock-alerts',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'stockAlertsMine',
        tags,
        summary: "Which of a product's sold-out pieces the caller asked to be told about ('Notify me')",
        security: bearer,
        querystring: stockAlertQuerySchema,
        response: { 200: myStockAlertsSchema, ...customerFailures() },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Waiting to be told',
      data: await stockAlerts.mine(request.user!.id, request.query.productId),
    }),
  )

  app.post(
    '/stock-alerts',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'stockAlertsAsk',
        tags,
        summary: "'Notify me': one e-mail when a sold-out product or variant is back in stock",
        description:
          'Only a sold-out piece may be asked for (409 when it is in stock). Asking twice keeps one request; asking again after the e-mail went waits again.',
        security: bearer,
        body: stockAlertBodySchema,
        response: { 200: done, ...customerFailures(404, 409) },
      },
    },
    async (request) => {
      const { productId, variantId } = request.body
      await stockAlerts.ask(request.user!.id, productId, variantId, request.language)
      return { success: true as const, message: stockAlertMessages.asked }
    },
  )

  app.post(
    '/stock-alerts/remove',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'stockAlertsWithdraw',
        tags,
        summary: "Takes back a 'Notify me' that is still waiting",
        security: bearer,
        body: stockAlertBodySchema,
        response: { 200: done, ...customerFailures(404) },
      },
    },
    async (request) => {
      const { productId, variantId } = request.body
      if (!(await stockAlerts.withdraw(request.user!.id, productId, variantId)))
        throw new NotFoundError(stockAlertMessages.notAsked)
      return { success: true as const, message: stockAlertMessages.withdrawn }
    },
  )
}

const consoleRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.addHook('onRequest', app.requireStaff('catalogue'))
  app.get(
    '/products/:id/stock-alerts',
    {
      schema: {
        operationId: 'adminStockAlertsWaiting',
        tags: ['admin'],
        summary: "How many customers wait for a product to be back in stock, per variant ('Notify me')",
        security: bearer,
        params: z.object({ id: z.string().trim().min(1).max(64) }),
        response: { 200: waitingSchema, ...adminFailures(404) },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Waiting',
      data: await services.stockAlerts.waiting(request.params.id),
    }),
  )
}

/** 'Notify me' (decision 131): the customer's calls under /api/v1, the console's count under /admin. */
export const stockAlertsModule: FastifyPluginAsync<{ services: Services }> = async (app, opts) => {
  await app.register(customerRoutes, opts)
  await app.register(consoleRoutes, { ...opts, prefix: '/admin' })
}
