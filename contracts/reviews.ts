import { z } from 'zod'
import { reviewLimits, reviewSorts } from './review-text.ts'

/**
 * The reviews API's payloads (docs/decisions/096). Only published reviews reach the shop's pages.
 */

const rating = z
  .number({ error: 'Please choose a rating from 1 to 5 stars.' })
  .int({ error: 'Please choose a rating from 1 to 5 stars.' })
  .min(1, { error: 'Please choose a rating from 1 to 5 stars.' })
  .max(5, { error: 'Please choose a rating from 1 to 5 stars.' })
  .meta({ description: 'Stars, 1 to 5' })

const text = z
  .string({ error: 'Please tell other customers about the product.' })
  .trim()
  .min(reviewLimits.minText, {
    error: `Please write at least ${reviewLimits.minText} characters about the product.`,
  })
  .max(reviewLimits.maxText, { error: `Please keep your review under ${reviewLimits.maxText} characters.` })
  .meta({ description: 'What the customer says about the product' })

export const reviewInputSchema = z.object({ rating, text })
export type ReviewInput = z.infer<typeof reviewInputSchema>

export const newReviewSchema = reviewInputSchema.extend({
  productId: z.string({ error: 'Which product is this review for?' }).min(1).max(64),
})

export const productReviewsQuerySchema = z.object({
  sort: z.enum(reviewSorts).default('newest').meta({ description: 'newest (default) or helpful' }),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
})

/** The published ratings of a product: null when it has none. */
export const ratingSummarySchema = z
  .object({
    average: z.number().meta({ description: 'Average stars of published reviews, one decimal' }),
    count: z.number().int().meta({ description: 'How many published reviews' }),
  })
  .nullable()
export type RatingSummary = z.infer<typeof ratingSummarySchema>

/** A published review as anyone sees it. */
export const publicReviewSchema = z.object({
  _id: z.string(),
  rating: z.number().int(),
  text: z.string(),
  photos: z.array(z.string()).meta({ description: 'Picture URLs (800 px WebP)' }),
  reviewer: z.string().meta({ description: "First name and the last name's initial" }),
  verifiedBuyer: z.literal(true),
  helpful: z.number().int(),
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
  createdAt: z.string(),
})
export type PublicReview = z.infer<typeof publicReviewSchema>

export const productReviewsSchema = z.object({
  rating: ratingSummarySchema,
  sort: z.enum(reviewSorts),
  page: z.number().int(),
  pages: z.number().int(),
  reviews: z.array(publicReviewSchema),
})
export type ProductReviews = z.infer<typeof productReviewsSchema>

/** The caller's own review, whatever its state. */
export const ownReviewSchema = z.object({
  _id: z.string(),
  productId: z.string(),
  rating: z.number().int(),
  text: z.string(),
  photos: z.array(z.string()),
  status: z.enum(['pending', 'published', 'hidden']),
  hideReason: z.string().nullable(),
  reply: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type OwnReview = z.infer<typeof ownReviewSchema>

/** Whether the caller may review a product, and their review if they wrote one. */
export const reviewStandingSchema = z.object({
  mayReview: z.boolean().meta({ description: 'True when an order with the product was delivered to them' }),
  review: ownReviewSchema.nullable(),
  /** The reviews the caller marked helpful among the product's published ones. */
  helpfulIds: z.array(z.string()),
})
export type ReviewStanding = z.infer<typeof reviewStandingSchema>
