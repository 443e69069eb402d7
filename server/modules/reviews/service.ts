import { randomBytes } from 'node:crypto'
import {
  type ReviewSort,
  reviewerName,
  reviewLimits,
  reviewsPageSize,
  reviewText,
} from '../../../contracts/review-text.ts'
import type {
  OwnReview,
  ProductReviews,
  PublicReview,
  ReviewInput,
  ReviewStanding,
} from '../../../contracts/reviews.ts'
import type { Db, DbOrTx } from '../../db/client.ts'
import { idPattern } from '../../db/ids.ts'
import type { Namer } from '../../db/names.ts'
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../http/errors.ts'
import type { CatalogueCache } from '../../lib/cache.ts'
import type { FileStore } from '../../lib/file-store.ts'
import { removeImage, storeImage } from '../../lib/images.ts'
import { pgErrorCode } from '../../lib/pg-error.ts'
import type { AccountsService } from '../accounts/service.ts'
import type { AuditAction } from '../audit/actions.ts'
import { writeAudit } from '../audit/repo.ts'
import type { CatalogueService } from '../catalogue/service.ts'
import { mailAnswers } from '../mail/messages.ts'
import type { OrdersService } from '../orders/service.ts'
import { createReviewList } from './console-repo.ts'
import { createReviewsRepo, type ReviewRow } from './repo.ts'

export type { ReviewFilter, ReviewSearch } from './console-repo.ts'
export type { ReviewRow }

const photoUrl = (base: string) => `${base}-800.webp`

function ownReview(r: ReviewRow): OwnReview {
  return {
    _id: r.id,
    productId: r.productId,
    rating: r.rating,
    text: r.body,
    photos: r.photos.map(photoUrl),
    status: r.status,
    hideReason: r.hideReason,
    reply: r.reply,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }
}

function publicReview(r: ReviewRow, fullName: string): PublicReview {
  return {
    _id: r.id,
    rating: r.rating,
    text: r.body,
    photos: r.photos.map(photoUrl),
    reviewer: reviewerName(fullName),
    verifiedBuyer: true,
    helpful: r.helpfulCount,
    reply: r.reply,
    repliedAt: r.repliedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  }
}

/** What the audit log keeps of a review: enough to name it in a sentence. */
const auditView = (r: ReviewRow, extra: Record<string, unknown> = {}) => ({
  status: r.status,
  rating: r.rating,
  ...extra,
})

/**
 * Reviews by verified buyers (docs/decisions/096): a customer with a delivered order of a product writes one
 * review of it, staff publish or hide it, and only published ones count in the product's rating. Every
 * change that moves a published review recounts its product and drops the cached catalogue and pages.
 */
export function createReviewsService(deps: {
  db: Db
  cache: CatalogueCache
  files: FileStore
  catalogue: Pick<CatalogueService, 'product' | 'setRating' | 'titlesOf'>
  /** The delivered order that makes a customer a verified buyer of a product. */
  orders: Pick<OrdersService, 'deliveredOrderWith'>
  /** Reviewers' names. */
  accounts: Pick<AccountsService, 'people'>
  /** Whether the reviewer's address is confirmed: a review waits for it (decision 109). */
  emailConfirmed: (userId: string) => Promise<boolean>
  log?: { warn(obj: object, msg: string): void }
}) {
  const repo = createReviewsRepo(deps.db)

  async function ownedBy(userId: string, reviewId: string): Promise<ReviewRow> {
    const row = idPattern.test(reviewId) ? await repo.byId(reviewId) : null
    // Another customer's review is not theirs to see: answered as missing.
    if (!row || row.userId !== userId) throw new NotFoundError(reviewText.notFound)
    return row
  }

  async function anyReview(reviewId: string): Promise<ReviewRow> {
    const row = idPattern.test(reviewId) ? await repo.byId(reviewId) : null
    if (!row) throw new NotFoundError(reviewText.notFound)
    return row
  }

  /** Saves a change to a review; a published review leaving or entering the shop recounts its product. */
  async function save(
    before: ReviewRow,
    values: Partial<ReviewRow>,
    audit?: { actorId: string; action: AuditAction; extra?: Record<string, unknown> },
  ): Promise<ReviewRow> {
    const after = await deps.db.transaction(async (tx) => {
      const r = createReviewsRepo(tx)
      const row = await r.update(before.id, values)
      // The product keeps its published count and rating total, read with it on every page (decision 096).
      if (before.status === 'published' || row.status === 'published')
        await deps.catalogue.setRating(row.productId, await r.publishedRating(row.productId), tx)
      if (audit) {
        await writeAudit(tx, {
          actorId: audit.actorId,
          action: audit.action,
          entity: 'review',
          entityId: row.id,
          before: auditView(before),
          after: auditView(row, audit.extra),
        })
      }
      return row
    })
    if (before.status === 'published' || after.status === 'published') deps.cache.invalidate()
    return after
  }

  /** Back to the moderation queue after the customer changed it (decision 096). */
  const backToModeration = { status: 'pending' as const, hideReason: null, publishedAt: null }

  return {
    /**
     * What the audit log calls a review: its product and its writer, 'Warli Tarpa Dance Painting by Asha
     * Verma', named by the catalogue and the accounts (decision 113).
     */
    auditNames: {
      async review(ids: string[]) {
        const rows = await repo.productsAndWriters([...new Set(ids)])
        const titles = new Map(
          (await deps.catalogue.titlesOf([...new Set(rows.map((r) => r.productId))])).map((t) => [
            t.id,
            t.title,
          ]),
        )
        const people = await deps.accounts.people(rows.map((r) => r.userId))
        const names = new Map<string, string>()
        for (const r of rows) {
          const title = titles.get(r.productId)
          const writer = people.get(r.userId)
          if (title && writer) names.set(r.id, `${title} by ${writer.fullName}`)
        }
        return names
      },
    } satisfies Record<string, Namer>,

    /** The console's list of reviews and the count waiting for staff, read only (decision 096). */
    consoleList(db: DbOrTx = deps.db) {
      return createReviewList(db)
    },

    /** One page of a public product's published reviews with its rating; 404 for a product not shown. */
    async productReviews(productId: string, sort: ReviewSort, page: number): Promise<ProductReviews> {
      const product = await deps.catalogue.product(productId)
      const count = product.rating?.count ?? 0
      const pages = Math.max(1, Math.ceil(count / reviewsPageSize))
      const rows =
        count === 0
          ? []
          : await repo.publishedPage(productId, sort, (page - 1) * reviewsPageSize, reviewsPageSize)
      const reviewers = await deps.accounts.people(rows.map((r) => r.userId))
      return {
        rating: product.rating,
        sort,
        page,
        pages,
        reviews: rows.flatMap((x) => {
          const reviewer = reviewers.get(x.userId)
          return reviewer ? [publicReview(x, reviewer.fullName)] : []
        }),
      }
    },

    /** Whether the customer may review the product, their own review, and what they marked helpful. */
    async standing(userId: string, productId: string): Promise<ReviewStanding> {
      if (!idPattern.test(productId)) throw new NotFoundError(reviewText.productNotFound)
      const [own, order, helpfulIds] = await Promise.all([
        repo.byCustomer(userId, productId),
        deps.orders.deliveredOrderWith(userId, productId),
        repo.helpfulIds(userId, productId),
      ])
      return { mayReview: !own && order !== null, review: own ? ownReview(own) : null, helpfulIds }
    },

    async create(userId: string, productId: string, input: ReviewInput): Promise<OwnReview> {
      const product = await deps.catalogue.product(productId)
      const orderId = await deps.orders.deliveredOrderWith(userId, product._id)
      if (!orderId) throw new ForbiddenError(reviewText.notDelivered)
      if (await repo.byCustomer(userId, product._id)) throw new ConflictError(reviewText.alreadyReviewed)
      if (!(await deps.emailConfirmed(userId))) throw new ForbiddenError(mailAnswers.confirmToReview)
      try {
        const row = await repo.insert({
          productId: product._id,
          userId,
          orderId,
          rating: input.rating,
          body: input.text,
        })
        return ownReview(row)
      } catch (e) {
        // Two tabs sending at once: the unique index keeps one.
        if (pgErrorCode(e) === '23505') throw new ConflictError(reviewText.alreadyReviewed)
        throw e
      }
    },

    async update(userId: string, reviewId: string, input: ReviewInput): Promise<OwnReview> {
      const before = await ownedBy(userId, reviewId)
      return ownReview(await save(before, { rating: input.rating, body: input.text, ...backToModeration }))
    },

    /** Adds photos (re-encoded like the shop's own pictures); at most three per review. */
    async addPhotos(userId: string, reviewId: string, files: Buffer[]): Promise<OwnReview> {
      const before = await ownedBy(userId, reviewId)
      if (files.length === 0) throw new ValidationError(reviewText.noPhoto)
      if (before.photos.length + files.length > reviewLimits.maxPhotos)
        throw new ValidationError(reviewText.tooManyPhotos)
      const added: string[] = []
      try {
        for (const file of files) {
          const name = `${before.id}-${randomBytes(6).toString('hex')}`
          added.push((await storeImage(file, { files: deps.files, folder: 'reviews', name })).url)
        }
      } catch (e) {
        await Promise.all(added.map((u) => removeImage(deps.files, u).catch(() => {})))
        throw e
      }
      return ownReview(await save(before, { photos: [...before.photos, ...added], ...backToModeration }))
    },

    /** Removes one photo, by its place (1 to 3) in the review. */
    async removePhoto(userId: string, reviewId: string, place: number): Promise<OwnReview> {
      const before = await ownedBy(userId, reviewId)
      const base = before.photos[place - 1]
      if (!base) throw new NotFoundError('That photo is not in your review.')
      const after = await save(before, {
        photos: before.photos.filter((_, i) => i !== place - 1),
        ...backToModeration,
      })
      await removeImage(deps.files, base).catch((err) =>
        deps.log?.warn({ reason: (err as Error).message }, 'review photo not removed'),
      )
      return ownReview(after)
    },

    /** A customer finds another's published review helpful: counted once per customer. */
    async markHelpful(userId: string, reviewId: string): Promise<{ helpful: number }> {
      const review = await anyReview(reviewId)
      if (review.status !== 'published') throw new NotFoundError(reviewText.notFound)
      if (review.userId === userId) throw new ForbiddenError(reviewText.ownHelpful)
      if (!(await repo.addHelpfulVote(review.id, userId))) throw new ConflictError(reviewText.alreadyHelpful)
      // The count shows on cached pages within the page cache's expiry; a vote does not drop the catalogue.
      return { helpful: review.helpfulCount + 1 }
    },

    /** Staff: show the review in the shop. */
    async publish(actorId: string, reviewId: string): Promise<ReviewRow> {
      const before = await anyReview(reviewId)
      if (before.status === 'published') return before
      return save(
        before,
        { status: 'published', hideReason: null, publishedAt: new Date() },
        { actorId, action: 'review.publish' },
      )
    },

    /** Staff: take the review out of the shop, saying why (the customer sees the reason on their review). */
    async hide(actorId: string, reviewId: string, reason: string): Promise<ReviewRow> {
      const before = await anyReview(reviewId)
      return save(
        before,
        { status: 'hidden', hideReason: reason, publishedAt: null },
        { actorId, action: 'review.hide', extra: { reason } },
      )
    },

    /** Staff: answer under the review (shown with it once published); an empty reply removes the answer. */
    async reply(actorId: string, reviewId: string, text: string): Promise<ReviewRow> {
      const before = await anyReview(reviewId)
      const reply = text.trim() || null
      // A published review's pages show the reply: save() drops them.
      return save(
        before,
        { reply, repliedAt: reply ? new Date() : null },
        { actorId, action: reply ? 'review.reply' : 'review.reply.remove' },
      )
    },
  }
}
export type ReviewsService = ReturnType<typeof createReviewsService>
