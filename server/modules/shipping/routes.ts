import type { FastifyPluginAsync } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  shippingQuoteQuery,
  shippingQuoteSchema,
  shippingSettingsBody,
  shippingSettingsSchema,
} from '../../../contracts/shipping.ts'
import { NotFoundError } from '../../http/errors.ts'
import { adminFailures, bearer, customerFailures, failures, ok, publicAccess } from '../../http/route-kit.ts'
import type { Services } from '../../services.ts'

const shippingPublicRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get(
    '/shipping/quote',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'shippingQuote',
        security: bearer,
        tags: ['checkout'],
        summary: "What shipping the caller's cart would pay to a PIN code",
        description:
          'Judged by the shop’s rates for the PIN’s delivery zone and the parcel’s chargeable weight (the greater of its actual and volumetric weight), free at or above `freeAbove` (the goods’ value after the coupon given in `coupon`). The order charges the same when placed. `charge` is 0 when the shop sets no rates.',
        querystring: shippingQuoteQuery,
        response: { 200: ok(shippingQuoteSchema), ...customerFailures() },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store')
      const { pin, state, coupon } = request.query
      const data = await services.shipping.quoteCart(
        request.user!.id,
        { postalCode: pin, state },
        coupon,
        request.language,
      )
      return { success: true as const, message: data.text, data }
    },
  )

  app.get(
    '/shipping/quote/piece',
    {
      schema: {
        operationId: 'shippingQuotePiece',
        security: publicAccess,
        tags: ['checkout'],
        summary: 'What shipping one piece of a product (or of one of its variants) would pay to a PIN code',
        description:
          'For the product page’s delivery line: the piece’s own weight and box, at its price for the free-shipping threshold.',
        querystring: z.object({
          pin: shippingQuoteQuery.shape.pin,
          productId: z.string().trim().min(1).max(64),
          variantId: z.string().trim().min(1).max(64).optional(),
        }),
        response: { 200: ok(shippingQuoteSchema), ...failures(404) },
      },
    },
    async (request, reply) => {
      // Staff may change the rates at any time: nobody keeps this answer.
      reply.header('cache-control', 'no-store')
      const { pin, productId, variantId } = request.query
      const data = await services.shipping.quotePiece({ productId, variantId }, pin, request.language)
      if (!data) throw new NotFoundError('Product not found.')
      return { success: true as const, message: data.text, data }
    },
  )
}

const shippingAdminRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  // Shop settings: owners and managers (contracts/staff.ts, decision 091).
  app.addHook('onRequest', app.requireStaff('settings'))
  const tags = ['admin']
  const security = bearer

  app.get(
    '/settings/shipping',
    {
      schema: {
        operationId: 'adminGetShippingSettings',
        tags,
        security,
        summary: 'Shipping rates by delivery zone and weight slab, the free-shipping threshold, packages',
        response: { 200: ok(shippingSettingsSchema), ...adminFailures() },
      },
    },
    async () => ({ success: true as const, message: 'Shipping', data: await services.shipping.settings() }),
  )

  app.put(
    '/settings/shipping',
    {
      schema: {
        operationId: 'adminSaveShippingSettings',
        tags,
        security,
        summary: 'Set the shipping rates per zone, the free-shipping threshold, the minimum and the packages',
        description:
          'Money in rupees. A zone with no slabs ships free; above its last slab, `extraPerKg` is added for every kilogram or part of one.',
        body: shippingSettingsBody,
        response: { 200: ok(shippingSettingsSchema), ...adminFailures() },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Saved',
      data: await services.shipping.save(request.user!.id, request.body),
    }),
  )
}

export const shippingModule: FastifyPluginAsync<{ services: Services }> = async (app, opts) => {
  await app.register(shippingPublicRoutes, opts)
  await app.register(shippingAdminRoutes, { ...opts, prefix: '/admin' })
}
