import type { AdminReview, ReviewListQuery } from '../../../../contracts/admin-reviews.ts'
import type { Db } from '../../../db/client.ts'
import type { AccountsService } from '../../accounts/service.ts'
import type { CatalogueService } from '../../catalogue/service.ts'
import type { OrdersService } from '../../orders/service.ts'
import type { ReviewFilter, ReviewRow, ReviewsService } from '../../reviews/service.ts'
import { type Actor, mustId, page, pageWindow } from '../kit.ts'

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
  reviews: Pick<ReviewsService, 'publish' | 'hide' | 'reply' | 'consoleList'>
  /** Reviewed products' titles, and a search by them. */
  catalogue: Pick<CatalogueService, 'titlesOf' | 'idsTitled'>
  /** Reviewers' names, and a search by them. */
  accounts: Pick<AccountsService, 'people' | 'idsMatching'>
  /** The numbers of the orders that made the reviewers verified buyers. */
  orders: Pick<OrdersService, 'numbersOf'>
}) {
  const { catalogue, accounts } = deps
  const repo = deps.reviews.consoleList()

  /** A page of reviews with their products' titles, reviewers' names and order numbers. */
  async function reviewPage(f: ReviewFilter & { offset: number; limit: number }) {
    const { rows, total } = await repo.reviewPage(f, {
      productsTitled: (p) => catalogue.idsTitled(p),
      customersMatching: (p) => accounts.idsMatching(p),
    })
    const [titles, people, numbers] = await Promise.all([
      catalogue.titlesOf(rows.map((r) => r.productId)),
      accounts.people(rows.map((r) => r.userId)),
      deps.orders.numbersOf(rows.flatMap((r) => (r.orderId ? [r.orderId] : []))),
    ])
    const titleOf = new Map(titles.map((t) => [t.id, t.title]))
    const listed = rows.flatMap((review): Listed[] => {
      const productTitle = titleOf.get(review.productId)
      const person = people.get(review.userId)
      if (productTitle === undefined || !person) return []
      return [
        {
          review,
          productTitle,
          customerName: person.fullName,
          customerEmail: person.email ?? '',
          orderNumber: (review.orderId && numbers.get(review.orderId)) ?? null,
        },
      ]
    })
    return { rows: listed, total }
  }

  async function one(id: string): Promise<AdminReview> {
    const { rows } = await reviewPage({ id, offset: 0, limit: 1 })
    return toAdminReview(rows[0])
  }

  return {
    async list(q: ReviewListQuery) {
      const { rows, total } = await reviewPage({ ...q, ...pageWindow(q) })
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
