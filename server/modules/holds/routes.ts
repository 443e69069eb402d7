import type { FastifyPluginAsync } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { holdLimitsBody, holdLimitsSchema } from '../../../contracts/admin-hold-limits.ts'
import { adminFailures, bearer, ok } from '../../http/route-kit.ts'
import type { Services } from '../../services.ts'

/** The console's 'Limits per customer' (decision 110); shop settings, so owners and managers (decision 091). */
const holdsAdminRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.addHook('onRequest', app.requireStaff('settings'))
  const tags = ['admin']
  const security = bearer

  app.get(
    '/settings/limits',
    {
      schema: {
        operationId: 'adminGetHoldLimits',
        tags,
        security,
        summary:
          'What one customer account may hold at once: unpaid orders, pieces, COD orders, seva bookings, coupon uses',
        response: { 200: ok(holdLimitsSchema), ...adminFailures() },
      },
    },
    async () => ({
      success: true as const,
      message: 'Limits per customer',
      data: await services.holds.limits(),
    }),
  )

  app.put(
    '/settings/limits',
    {
      schema: {
        operationId: 'adminSaveHoldLimits',
        tags,
        security,
        summary: 'Set what one customer account may hold at once, and who may place a first COD order',
        body: holdLimitsBody,
        response: { 200: ok(holdLimitsSchema), ...adminFailures() },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Saved',
      data: await services.holds.save(request.user!.id, request.body),
    }),
  )
}

export const holdsModule: FastifyPluginAsync<{ services: Services }> = async (app, opts) => {
  await app.register(holdsAdminRoutes, { ...opts, prefix: '/admin' })
}
