import type { FastifyPluginAsync } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  deliveryEstimateSchema,
  deliverySettingsBody,
  deliverySettingsSchema,
  pinQuery,
} from '../../../contracts/delivery.ts'
import { adminFailures, bearer, failures, ok, publicAccess } from '../../http/route-kit.ts'
import type { Services } from '../../services.ts'

const deliveryPublicRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get(
    '/delivery/estimate',
    {
      schema: {
        operationId: 'estimateDelivery',
        security: publicAccess,
        tags: ['checkout'],
        summary: 'Whether a PIN code is served, the expected delivery dates and whether COD is offered there',
        description:
          'Dates are ISO dates in India’s time zone; `text` and `cod.text` are ready to show, in the request’s language (`?lang=` or the `lang` cookie). An unknown PIN answers `served: false`. For a piece made to order, `leadMin` and `leadMax` (its days until it ships) move the dates by them.',
        querystring: pinQuery,
        response: { 200: ok(deliveryEstimateSchema), ...failures() },
      },
    },
    async (request, reply) => {
      // The dates move at midnight and staff may switch a zone off: nobody keeps this answer.
      reply.header('cache-control', 'no-store')
      const { pin, leadMin, leadMax } = request.query
      const lead =
        leadMin !== undefined && leadMax !== undefined ? { minDays: leadMin, maxDays: leadMax } : null
      const data = await services.delivery.estimate(pin, request.language, undefined, lead)
      return { success: true as const, message: data.text, data }
    },
  )
}

const deliveryAdminRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  // Shop settings: owners and managers (contracts/staff.ts, decision 091).
  app.addHook('onRequest', app.requireStaff('settings'))
  const tags = ['admin']
  const security = bearer

  app.get(
    '/settings/delivery',
    {
      schema: {
        operationId: 'adminGetDeliverySettings',
        tags,
        security,
        summary: 'The delivery zones: dispatch days, transit days per zone, PIN codes not served',
        response: { 200: ok(deliverySettingsSchema), ...adminFailures() },
      },
    },
    async () => ({ success: true as const, message: 'Delivery', data: await services.delivery.settings() }),
  )

  app.put(
    '/settings/delivery',
    {
      schema: {
        operationId: 'adminSaveDeliverySettings',
        tags,
        security,
        summary: 'Set dispatch days, each zone’s transit days or switch it off, and PIN codes not served',
        body: deliverySettingsBody,
        response: { 200: ok(deliverySettingsSchema), ...adminFailures() },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Saved',
      data: await services.delivery.save(request.user!.id, request.body),
    }),
  )
}

export const deliveryModule: FastifyPluginAsync<{ services: Services }> = async (app, opts) => {
  await app.register(deliveryPublicRoutes, opts)
  await app.register(deliveryAdminRoutes, { ...opts, prefix: '/admin' })
}
