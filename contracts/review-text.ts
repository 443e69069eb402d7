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
export const reviewSortLabels: Record<ReviewSort, string> = { newest: 'Newest', helpful: 'Most helpful' }

/** Reviews shown per page on the product page. */
export const reviewsPageSize = 10

/** What customers read and are told; the API, the pages and the tests share these words. */
export const reviewText = {
  heading: 'Customer reviews',
  noReviews: 'No reviews yet',
  verifiedBuyer: 'Verified buyer',
  writeReview: 'Write a review',
  editReview: 'Edit your review',
  reply: 'Reply from Kalaa Setu',
  helpful: 'Helpful',
  markedHelpful: 'Thank you: marked as helpful.',
  created: 'Thank you! Your review will appear once our team has read it.',
  updated: 'Your review is saved. It will appear again once our team has read it.',
  photosAdded: 'Photos added to your review.',
  photoRemoved: 'Photo removed from your review.',
  notDelivered:
    'You can review a product once an order with it has been delivered to you. Thank you for waiting!',
  alreadyReviewed: 'You have already reviewed this product. You can edit your review instead.',
  notYours: 'You can change only your own review.',
  ownHelpful: 'You cannot mark your own review as helpful.',
  alreadyHelpful: 'You have already marked this review as helpful.',
  notFound: 'No such review.',
  productNotFound: 'Product not found.',
  tooManyPhotos: `A review can have at most ${reviewLimits.maxPhotos} photos. Remove one before adding another.`,
  noPhoto: 'Please choose a photo to add.',
  pending: 'Waiting for our team to read it',
  hidden: 'Not shown in the shop',
  published: 'Shown in the shop',
  ratingLabel: (n: number) => `${n} of 5 stars`,
  ratingsCount: (n: number) =>
    `${new Intl.NumberFormat('en-IN').format(n)} ${n === 1 ? 'Rating' : 'Ratings'}`,
} as const

/** The average of published ratings as the shop shows it: one decimal ('4.3'). */
export const averageText = (average: number) => average.toFixed(1)

/** A reviewer as others see them: first name and the initial of the last ('Asha V.'). */
export function reviewerName(fullName: string | null | undefined): string {
  const parts = (fullName ?? '').trim().split(/\s+/).filter(Boolean)
  if (parts.length === 0) return 'A customer'
  const last = parts.length > 1 ? ` ${parts[parts.length - 1].charAt(0).toUpperCase()}.` : ''
  return `${parts[0]}${last}`
}
