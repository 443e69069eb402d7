import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { productLineBodySchema, wishlistResponseSchema } from '../../../contracts/cart.ts'
import { bearer, customerFailures, done } from '../../http/route-kit.ts'
import type { Services } from '../../services.ts'

export const wishlistRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { wishlist } = services
  // One customer's data: never kept by a shared cache.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store')
  })

  app.get(
    '/wishlist',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'wishlistView',
        tags: ['wishlist'],
        summary: "The caller's wishlist, newest first; quantity is the product's stock",
        security: bearer,
        response: { 200: wishlistResponseSchema, ...customerFailures() },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Wishlist fetched',
      wishlist: { items: await wishlist.items(request.user!.id) },
    }),
  )

  app.post(
    '/wishlist/add',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'wishlistAddProduct',
        tags: ['wishlist'],
        summary: 'Adds an approved product to the wishlist (adding it twice keeps one entry)',
        security: bearer,
        body: productLineBodySchema,
        response: { 200: done, ...customerFailures(404) },
      },
    },
    async (request) => {
      await wishlist.add(request.user!.id, request.body.productId, request.body.variantId)
      return { success: true as const, message: 'Product added to wishlist' }
    },
  )

  app.post(
    '/wishlist/remove',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'wishlistRemoveProduct',
        tags: ['wishlist'],
        summary: "Removes a product from the caller's wishlist",
        security: bearer,
        body: productLineBodySchema,
        response: { 200: done, ...customerFailures(404) },
      },
    },
    async (request) => {
      await wishlist.remove(request.user!.id, request.body.productId, request.body.variantId)
      return { success: true as const, message: 'Product removed from wishlist' }
    },
  )
}
