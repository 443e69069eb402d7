import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  cartAddBodySchema,
  cartQuantityBodySchema,
  cartResponseSchema,
  productLineBodySchema,
} from '../../../contracts/cart.ts'
import { translatorFor } from '../../../contracts/i18n/registry.ts'
import { bearer, customerFailures, done } from '../../http/route-kit.ts'
import type { Services } from '../../services.ts'

export const cartRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { cart } = services
  // One customer's data: never kept by a shared cache.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store')
  })

  app.get(
    '/cart/product',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['cart'],
        summary: "The caller's cart: lines with product, price and quantity, and the total in rupees",
        operationId: 'cartView',
        security: bearer,
        response: { 200: cartResponseSchema, ...customerFailures() },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Cart fetched',
      cart: await cart.view(request.user!.id),
    }),
  )

  app.post(
    '/cart/add',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['cart'],
        summary:
          'Adds one of an approved product, of the variant chosen where it has several (adding it again adds one more)',
        operationId: 'cartAddProduct',
        security: bearer,
        body: cartAddBodySchema,
        response: { 200: done.extend({ quantity: z.number().int() }), ...customerFailures(404, 409) },
      },
    },
    async (request) => {
      const { productId, variantId, personalisation } = request.body
      const { t } = translatorFor(request.language)
      const quantity = await cart.add(request.user!.id, productId, variantId, personalisation, t)
      return { success: true as const, message: 'Product added to cart', quantity }
    },
  )

  app.delete(
    '/cart/removeproduct',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['cart'],
        summary: "Removes a product's line from the caller's cart (one variant's, or all of the product's)",
        operationId: 'cartRemoveProduct',
        security: bearer,
        body: productLineBodySchema,
        response: { 200: done, ...customerFailures(404) },
      },
    },
    async (request) => {
      await cart.remove(request.user!.id, request.body.productId, request.body.variantId)
      return { success: true as const, message: 'Product removed from cart' }
    },
  )

  app.patch(
    '/cart/quantity',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['cart'],
        summary: "Sets a line's quantity (a whole number from 1 to 20), so the cart survives a reload",
        operationId: 'cartSetQuantity',
        security: bearer,
        body: cartQuantityBodySchema,
        response: {
          200: done.extend({ cart: cartResponseSchema.shape.cart }),
          ...customerFailures(404, 409),
        },
      },
    },
    async (request) => {
      const userId = request.user!.id
      const { productId, quantity, variantId } = request.body
      await cart.setQuantity(userId, productId, quantity, variantId)
      return { success: true as const, message: 'Quantity updated', cart: await cart.view(userId) }
    },
  )
}
