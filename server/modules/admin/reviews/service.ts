import type { AdminReview, ReviewListQuery } from '../../../../contracts/admin-reviews.ts'
import type { Db } from '../../../db/client.ts'
import type { ReviewRow } from '../../reviews/repo.ts'
import type { ReviewsService } from '../../reviews/service.ts'
import { type Actor, mustId, page, pageWindow } from '../kit.ts'
import { createReviewsListRepo } from './repo.ts'

type Listed = {
  review: ReviewRow
  productTitle: string
  customerName: string
  customerEmail: string
  orderNumber: string | null
}

const toAdminReview = (r: Listed): AdminReview => ({
  _id: r.review.id,
  productId: r.review.productId,
  productTitle: r.productTitle,
  customerName: r.customerName,
  customerEmail: r.customerEmail,
  orderNumber: r.orderNumber,
  rating: r.review.rating,
  text: r.review.body,
  photos: r.review.photos.map((b) => `${b}-800.webp`),
  status: r.review.status,
  hideReason: r.review.hideReason,
  reply: r.review.reply,
  repliedAt: r.review.repliedAt?.toISOString() ?? null,
  helpful: r.review.helpfulCount,
  createdAt: r.review.createdAt.toISOString(),
  updatedAt: r.review.updatedAt.toISOString(),
})

/** Review moderation in the console; the reviews module keeps the reviews and their products' ratings. */
export function createAdminReviewsService(deps: {
  db: Db
  reviews: Pick<ReviewsService, 'publish' | 'hide' | 'reply'>
}) {
  const repo = createReviewsListRepo(deps.db)

  async function one(id: string): Promise<AdminReview> {
    const { rows } = await repo.reviewPage({ id, offset: 0, limit: 1 })
    return toAdminReview(rows[0])
  }

  return {
    async list(q: ReviewListQuery) {
      const { rows, total } = await repo.reviewPage({ ...q, ...pageWindow(q) })
      return { ...page(rows.map(toAdminReview), total, q), waiting: await repo.waiting() }
    },
    waiting: () => repo.waiting(),
    async publish(actor: Actor, id: string) {
      mustId(id, 'review')
      await deps.reviews.publish(actor.id, id)
      return one(id)
    },
    async hide(actor: Actor, id: string, reason: string) {
      mustId(id, 'review')
      await deps.reviews.hide(actor.id, id, reason)
      return one(id)
    },
    async reply(actor: Actor, id: string, text: string) {
      mustId(id, 'review')
      await deps.reviews.reply(actor.id, id, text)
      return one(id)
    },
  }
}
export type AdminReviewsService = ReturnType<typeof createAdminReviewsService>
