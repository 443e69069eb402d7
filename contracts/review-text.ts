import { msg } from './languages.ts'

/**
 * Customers' reviews of products they received (docs/decisions/096): the words and limits the shop's pages
 * and the API share. No zod here, so the product page does not ship it; the schemas are in reviews.ts.
 */

export const reviewLimits = {
  minText: 10,
  maxText: 2000,
  maxPhotos: 3,
  maxReason: 300,
  maxReply: 1000,
} as const

export const reviewSorts = ['newest', 'helpful'] as const
export type ReviewSort = (typeof reviewSorts)[number]
export const reviewSortLabels: Record<ReviewSort, string> = {
  newest: msg('Newest'),
  helpful: msg('Most helpful'),
}

/** Reviews shown per page on the product page. */
export const reviewsPageSize = 10

/** What customers read and are told; the API, the pages and the tests share these words. */
export const reviewText = {
  heading: msg('Customer reviews'),
  noReviews: msg('No reviews yet'),
  verifiedBuyer: msg('Verified buyer'),
  writeReview: msg('Write a review'),
  editReview: msg('Edit your review'),
  reply: msg('Reply from Kalaa Setu'),
  helpful: msg('Helpful'),
  markedHelpful: msg('Thank you: marked as helpful.'),
  created: msg('Thank you! Your review will appear once our team has read it.'),
  updated: msg('Your review is saved. It will appear again once our team has read it.'),
  photosAdded: msg('Photos added to your review.'),
  photoRemoved: msg('Photo removed from your review.'),
  notDelivered: msg(
    'You can review a product once an order with it has been delivered to you. Thank you for waiting!',
  ),
  alreadyReviewed: msg('You have already reviewed this product. You can edit your review instead.'),
  notYours: msg('You can change only your own review.'),
  ownHelpful: msg('You cannot mark your own review as helpful.'),
  alreadyHelpful: msg('You have already marked this review as helpful.'),
  notFound: msg('No such review.'),
  productNotFound: msg('Product not found.'),
  // The number is reviewLimits.maxPhotos (a test keeps the two in step).
  tooManyPhotos: msg('A review can have at most 3 photos. Remove one before adding another.'),
  noPhoto: msg('Please choose a photo to add.'),
  pending: msg('Waiting for our team to read it'),
  hidden: msg('Not shown in the shop'),
  published: msg('Shown in the shop'),
  /** `{count}`: the stars. */
  ratingLabel: msg('{count} of 5 stars'),
  /** `{count}`: how many published ratings. */
  ratingsCount: msg('{count, plural, one {# Rating} other {# Ratings}}'),
} as const

/** The average of published ratings as the shop shows it: one decimal ('4.3'). */
export const averageText = (average: number) => average.toFixed(1)

/** A reviewer as others see them: first name and the initial of the last ('Asha V.'). */
export function reviewerName(fullName: string | null | undefined): string {
  const parts = (fullName ?? '').trim().split(/\s+/).filter(Boolean)
  if (parts.length === 0) return msg('A customer')
  const last = parts.length > 1 ? ` ${parts[parts.length - 1].charAt(0).toUpperCase()}.` : ''
  return `${parts[0]}${last}`
}
