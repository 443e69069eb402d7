import { z } from 'zod'
import { listQuerySchema, pageOf } from './admin.ts'
import { reviewLimits } from './review-text.ts'

/** The console's review moderation (/api/v1/admin/reviews…, the catalogue area; docs/decisions/096). */

const when = z.string().meta({ format: 'date-time' })
export const reviewStatuses = ['pending', 'published', 'hidden'] as const
export type ReviewStatus = (typeof reviewStatuses)[number]
export const reviewStatusLabels: Record<ReviewStatus, string> = {
  pending: 'Waiting',
  published: 'Published',
  hidden: 'Hidden',
}

export const reviewListQuerySchema = listQuerySchema.extend({
  status: z.enum(reviewStatuses).optional().meta({ description: 'Only reviews in this state' }),
  rating: z.coerce
    .number()
    .int()
    .min(1)
    .max(5)
    .optional()
    .meta({ description: 'Only reviews of these stars' }),
  productId: z.string().min(1).max(64).optional().meta({ description: 'Only reviews of this product' }),
})
export type ReviewListQuery = z.output<typeof reviewListQuerySchema>

/** A review as staff see it: the customer's full name and e-mail, the product, its state. */
export const adminReviewSchema = z.object({
  _id: z.string(),
  productId: z.string(),
  productTitle: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  orderNumber: z.string().nullable().meta({ description: 'The delivered order it came from' }),
  rating: z.number().int(),
  text: z.string(),
  photos: z.array(z.string()),
  status: z.enum(reviewStatuses),
  hideReason: z.string().nullable(),
  reply: z.string().nullable(),
  repliedAt: when.nullable(),
  helpful: z.number().int(),
  createdAt: when,
  updatedAt: when,
})
export type AdminReview = z.infer<typeof adminReviewSchema>

export const adminReviewPageSchema = pageOf(adminReviewSchema).extend({
  waiting: z.number().int().meta({ description: 'Reviews waiting for staff, whatever the filters' }),
})
export type AdminReviewPage = z.infer<typeof adminReviewPageSchema>

export const reviewHideSchema = z.object({
  reason: z
    .string({ error: 'Please say why the review is hidden.' })
    .trim()
    .min(3, { error: 'Please say why the review is hidden.' })
    .max(reviewLimits.maxReason, {
      error: `Please keep the reason under ${reviewLimits.maxReason} characters.`,
    }),
})

export const reviewReplySchema = z.object({
  reply: z
    .string({ error: 'Please write the reply.' })
    .trim()
    .max(reviewLimits.maxReply, { error: `Please keep the reply under ${reviewLimits.maxReply} characters.` })
    .meta({ description: 'Shown under the review; empty removes the reply' }),
})

/** What each moderation step answers. */
export const reviewModerationText = {
  published: 'Review published: customers see it on the product page.',
  hidden: 'Review hidden from the shop.',
  replied: 'Reply saved: it shows under the review.',
  replyRemoved: 'Reply removed.',
} as const
