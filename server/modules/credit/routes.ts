import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { storeCreditSchema } from '../../../contracts/store-credit.ts'
import { bearer, customerFailures, ok } from '../../http/route-kit.ts'
import type { Services } from '../../services.ts'

/** The caller's store credit (decision 139): the balance and its ledger. */
export const storeCreditRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get(
    '/store-credit',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'storeCredit',
        tags: ['accounts'],
        security: bearer,
        summary: 'The caller’s store credit in paise and its ledger, newest first',
        response: { 200: ok(storeCreditSchema), ...customerFailures() },
      },
    },
    async (request, reply) => {
      // One customer's money: never kept by a shared cache.
      reply.header('cache-control', 'private, no-store')
      return {
        success: true as const,
        message: 'Store credit',
        data: await services.storeCredit.statement(request.user!.id),
      }
    },
  )
}
