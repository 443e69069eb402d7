import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  adminReviewPageSchema,
  adminReviewSchema,
  reviewHideSchema,
  reviewListQuerySchema,
  reviewModerationText,
  reviewReplySchema,
} from '../../../../contracts/admin-reviews.ts'
import { adminFailures, ok } from '../../../http/route-kit.ts'
import type { Services } from '../../../services.ts'
import { actorOf, idParams, security, tags } from '../route-helpers.ts'

/** Review moderation (under /api/v1/admin, the catalogue area; docs/decisions/096). */
export const reviewRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const reviews = services.admin.reviews

  app.get(
    '/reviews',
    {
      schema: {
        operationId: 'adminListReviews',
        tags,
        security,
        summary: 'Reviews, waiting ones first, then newest; by state, stars, product or words',
        querystring: reviewListQuerySchema,
        response: { 200: ok(adminReviewPageSchema), ...adminFailures() },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Reviews',
      data: await reviews.list(request.query),
    }),
  )

  app.post(
    '/reviews/:id/publish',
    {
      schema: {
        operationId: 'adminPublishReview',
        tags,
        security,
        summary: 'Publish a review: it shows on the product page and counts in its rating',
        params: idParams,
        response: { 200: ok(adminReviewSchema), ...adminFailures(404) },
      },
    },
    async (request) => ({
      success: true as const,
      message: reviewModerationText.published,
      data: await reviews.publish(actorOf(request), request.params.id),
    }),
  )

  app.post(
    '/reviews/:id/hide',
    {
      schema: {
        operationId: 'adminHideReview',
        tags,
        security,
        summary: 'Hide a review from the shop, with the reason (the customer sees it on their review)',
        params: idParams,
        body: reviewHideSchema,
        response: { 200: ok(adminReviewSchema), ...adminFailures(404) },
      },
    },
    async (request) => ({
      success: true as const,
      message: reviewModerationText.hidden,
      data: await reviews.hide(actorOf(request), request.params.id, request.body.reason),
    }),
  )

  app.put(
    '/reviews/:id/reply',
    {
      schema: {
        operationId: 'adminReplyToReview',
        tags,
        security,
        summary: "The shop's reply, shown under the review; an empty reply removes it",
        params: idParams,
        body: reviewReplySchema,
        response: { 200: ok(adminReviewSchema), ...adminFailures(404) },
      },
    },
    async (request) => ({
      success: true as const,
      message: request.body.reply ? reviewModerationText.replied : reviewModerationText.replyRemoved,
      data: await reviews.reply(actorOf(request), request.params.id, request.body.reply),
    }),
  )
}
