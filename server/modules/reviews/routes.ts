import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { reviewText } from '../../../contracts/review-text.ts'
import {
  newReviewSchema,
  ownReviewSchema,
  productReviewsQuerySchema,
  productReviewsSchema,
  reviewInputSchema,
  reviewStandingSchema,
} from '../../../contracts/reviews.ts'
import { bearer, customerFailures, failures, ok, publicAccess } from '../../http/route-kit.ts'
import { uploadedFiles } from '../../http/uploaded-files.ts'
import type { Services } from '../../services.ts'

const tags = ['reviews']
const productParams = z.object({ productId: z.string().min(1).max(64) })
const reviewParams = z.object({ id: z.string().min(1).max(64) })

/** Reviews by verified buyers (docs/decisions/096): read by anyone, written by customers with a delivered order. */
export const reviewsRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { reviews } = services

  app.get(
    '/reviews/product/:productId',
    {
      schema: {
        operationId: 'productReviews',
        tags,
        security: publicAccess,
        summary: "A product's published reviews and rating, newest or most helpful first, 10 a page",
        params: productParams,
        querystring: productReviewsQuerySchema,
        response: { 200: ok(productReviewsSchema), ...failures(404) },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Reviews',
      data: await reviews.productReviews(request.params.productId, request.query.sort, request.query.page),
    }),
  )

  // Everything below is one customer's own: never kept by a shared cache.
  const signedIn = [
    async (_request: FastifyRequest, reply: FastifyReply) => {
      reply.header('cache-control', 'private, no-store')
    },
    app.requireUser,
  ]

  app.get(
    '/reviews/mine/:productId',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'myReviewStanding',
        tags,
        security: bearer,
        summary:
          'Whether the caller may review the product, their review of it, and what they marked helpful',
        params: productParams,
        response: { 200: ok(reviewStandingSchema), ...customerFailures(404) },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Your review',
      data: await reviews.standing(request.user!.id, request.params.productId),
    }),
  )

  app.post(
    '/reviews',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'writeReview',
        tags,
        security: bearer,
        summary: 'Review a product from a delivered order (one review per product); staff read it first',
        description:
          '403 when no order with the product was delivered to the caller; 409 when they reviewed it already.',
        body: newReviewSchema,
        response: { 201: ok(ownReviewSchema), ...customerFailures(403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { productId, ...input } = request.body
      const data = await reviews.create(request.user!.id, productId, input)
      return reply.status(201).send({ success: true as const, message: reviewText.created, data })
    },
  )

  app.put(
    '/reviews/:id',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'editReview',
        tags,
        security: bearer,
        summary: "Edit the caller's review; it goes back to staff before it shows again",
        params: reviewParams,
        body: reviewInputSchema,
        response: { 200: ok(ownReviewSchema), ...customerFailures(404) },
      },
    },
    async (request) => ({
      success: true as const,
      message: reviewText.updated,
      data: await reviews.update(request.user!.id, request.params.id, request.body),
    }),
  )

  app.post(
    '/reviews/:id/photos',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'addReviewPhotos',
        tags,
        security: bearer,
        summary: 'Add photos to the caller\'s review (multipart, field "photo"); at most three in all',
        description:
          'JPEG, PNG or WebP, checked by content, each at most 8 MB; re-encoded to 200, 400 and 800 px WebP.',
        consumes: ['multipart/form-data'],
        params: reviewParams,
        response: { 200: ok(ownReviewSchema), ...customerFailures(404, 415) },
      },
    },
    async (request) => {
      const files = await uploadedFiles(request)
      return {
        success: true as const,
        message: reviewText.photosAdded,
        data: await reviews.addPhotos(request.user!.id, request.params.id, files),
      }
    },
  )

  app.delete(
    '/reviews/:id/photos/:place',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'removeReviewPhoto',
        tags,
        security: bearer,
        summary: "Remove one photo (1 to 3, in the review's order) from the caller's review",
        params: reviewParams.extend({ place: z.coerce.number().int().min(1).max(3) }),
        response: { 200: ok(ownReviewSchema), ...customerFailures(404) },
      },
    },
    async (request) => ({
      success: true as const,
      message: reviewText.photoRemoved,
      data: await reviews.removePhoto(request.user!.id, request.params.id, request.params.place),
    }),
  )

  app.post(
    '/reviews/:id/helpful',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'markReviewHelpful',
        tags,
        security: bearer,
        summary: "Mark another customer's published review helpful (once)",
        params: reviewParams,
        response: {
          200: ok(z.object({ helpful: z.number().int() })),
          ...customerFailures(403, 404, 409),
        },
      },
    },
    async (request) => ({
      success: true as const,
      message: reviewText.markedHelpful,
      data: await reviews.markHelpful(request.user!.id, request.params.id),
    }),
  )
}
