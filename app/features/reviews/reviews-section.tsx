import { useEffect, useId, useRef, useState } from 'react'
import { Link, useLocation } from 'react-router'
import { imageAt, photoMaxBytes, photoTooLargeMessage } from '../../../contracts/images.ts'
import {
  type ReviewSort,
  reviewLimits,
  reviewSortLabels,
  reviewSorts,
  reviewText,
} from '../../../contracts/review-text.ts'
import type { OwnReview, ProductReviews, PublicReview, ReviewStanding } from '../../../contracts/reviews.ts'
import { StarIcon } from '../../components/icons.tsx'
import { RatingLine, StarRating } from '../../components/star-rating.tsx'
import { type Translate, useT } from '../../i18n/i18n.tsx'
import { ApiError } from '../../lib/api.ts'
import { withoutNotice } from '../../lib/cart-notice.ts'
import { formatOrderDate } from '../../lib/dates.ts'
import { useQuery, useQueryClient } from '../../lib/query.ts'
import { toast } from '../../lib/toast.tsx'
import { useSignedIn } from '../../lib/use-signed-in.ts'
import {
  addPhotos,
  editReview,
  fetchStanding,
  markHelpful,
  removePhoto,
  standingKey,
  writeReview,
} from './reviews-api.ts'

const failed = (e: unknown, t: Translate) =>
  e instanceof ApiError ? e.message : t('Something went wrong. Please try again.')

/** The product page's reviews: the real rating, the published reviews, and the customer's own (decision 096). */
export function ReviewsSection({
  productId,
  reviews,
  standing,
  openForm,
}: {
  productId: string
  reviews: ProductReviews
  /** Read by the page's loader for a signed-in customer; fetched here otherwise. */
  standing: ReviewStanding | null
  /** Opened from 'Write a review' on a delivered order. */
  openForm: boolean
}) {
  const t = useT()
  const reviewsHref = useReviewsHref()
  const signedIn = useSignedIn(standing !== null)
  const queryClient = useQueryClient()
  const mine = useQuery({
    queryKey: standingKey(productId),
    queryFn: () => fetchStanding(productId),
    enabled: signedIn,
    initialData: standing ?? undefined,
    staleTime: 30_000,
  })
  const own = signedIn ? (mine.data ?? null) : null
  const [helpfulCounts, setHelpfulCounts] = useState<Record<string, number>>({})
  const refresh = () => queryClient.invalidateQueries({ queryKey: standingKey(productId) })

  async function onHelpful(review: PublicReview) {
    try {
      const res = await markHelpful(review._id)
      setHelpfulCounts((c) => ({ ...c, [review._id]: res.data.helpful }))
      toast.success(res.message)
      await refresh()
    } catch (e) {
      toast.error(failed(e, t))
    }
  }

  return (
    <section
      id="reviews"
      aria-labelledby="reviews-heading"
      className="mx-auto max-w-7xl scroll-mt-20 px-4 py-8"
    >
      <h2 id="reviews-heading" className="font-serif text-2xl font-bold text-brand-800">
        {t(reviewText.heading)}
      </h2>
      <div className="mt-2">
        <RatingLine rating={reviews.rating} size={20} />
      </div>
      {own ? (
        <OwnReviewPanel productId={productId} standing={own} openForm={openForm} onSaved={refresh} />
      ) : null}
      {reviews.reviews.length > 0 ? (
        <>
          <nav aria-label={t('Sort reviews')} className="mt-4 flex flex-wrap items-center gap-2 text-sm">
            <span className="text-ink/80">{t('Sort by')}</span>
            {reviewSorts.map((s) => (
              <SortLink key={s} sort={s} current={reviews.sort} />
            ))}
          </nav>
          <ul className="mt-3 divide-y divide-brand-100" data-testid="review-list">
            {reviews.reviews.map((r) => (
              <ReviewItem
                key={r._id}
                review={r}
                helpful={helpfulCounts[r._id] ?? r.helpful}
                canMarkHelpful={
                  signedIn &&
                  own !== null &&
                  own.review?._id !== r._id &&
                  !own.helpfulIds.includes(r._id) &&
                  helpfulCounts[r._id] === undefined
                }
                onHelpful={() => onHelpful(r)}
              />
            ))}
          </ul>
          {reviews.pages > 1 ? (
            <nav aria-label={t('Review pages')} className="mt-4 flex gap-3 text-sm">
              {reviews.page > 1 ? (
                <Link
                  to={reviewsHref(reviews.sort, reviews.page - 1)}
                  preventScrollReset
                  className="text-brand-700 underline"
                >
                  {t('Newer reviews')}
                </Link>
              ) : null}
              {reviews.page < reviews.pages ? (
                <Link
                  to={reviewsHref(reviews.sort, reviews.page + 1)}
                  preventScrollReset
                  className="text-brand-700 underline"
                >
                  {t('More reviews')}
                </Link>
              ) : null}
            </nav>
          ) : null}
        </>
      ) : null}
    </section>
  )
}

/**
 * The page's address with the reviews' sort and page: the rest of its query kept (the variant chosen, decision
 * 129, so Add To Cart still adds that one), a form's earlier notice dropped.
 */
function useReviewsHref() {
  const { pathname, search } = useLocation()
  return (sort: ReviewSort, page?: number) => {
    const query = new URLSearchParams(withoutNotice(pathname + search).split('?')[1] ?? '')
    // 'Write a review' from an order opens the form once, not again on each sort.
    query.delete('review')
    query.set('reviews', sort)
    if (page) query.set('reviewsPage', String(page))
    else query.delete('reviewsPage')
    return `?${query}#reviews`
  }
}

function SortLink({ sort, current }: { sort: ReviewSort; current: ReviewSort }) {
  const t = useT()
  const href = useReviewsHref()
  const active = sort === current
  return (
    <Link
      to={href(sort)}
      preventScrollReset
      aria-current={active ? 'true' : undefined}
      className={`rounded-full px-3 py-1.5 ring-1 ${active ? 'bg-brand-700 text-white ring-brand-700' : 'text-brand-700 ring-brand-200 hover:bg-white'}`}
    >
      {t(reviewSortLabels[sort])}
    </Link>
  )
}

function ReviewItem({
  review,
  helpful,
  canMarkHelpful,
  onHelpful,
}: {
  review: PublicReview
  helpful: number
  canMarkHelpful: boolean
  onHelpful: () => void
}) {
  const t = useT()
  return (
    <li className="py-4" data-testid="review">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <StarRating value={review.rating} size={16} />
        <span className="font-semibold">{review.reviewer}</span>
        <span className="rounded bg-leaf/10 px-2 py-0.5 text-xs font-semibold text-leaf">
          {t(reviewText.verifiedBuyer)}
        </span>
        <time dateTime={review.createdAt} className="text-sm text-ink/70">
          {formatOrderDate(review.createdAt)}
        </time>
      </div>
      <p className="mt-2 whitespace-pre-line break-words">{review.text}</p>
      {review.photos.length > 0 ? (
        <ul className="mt-2 flex gap-2">
          {review.photos.map((src, i) => (
            <li key={src}>
              <a href={src} target="_blank" rel="noopener">
                <img
                  src={imageAt(src, 200)}
                  alt={t('Sent by {name}, {place} of {count}', {
                    name: review.reviewer,
                    place: i + 1,
                    count: review.photos.length,
                  })}
                  width={80}
                  height={80}
                  loading="lazy"
                  className="h-20 w-20 rounded object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {review.reply ? (
        <div className="mt-3 rounded border-l-4 border-brand-500 bg-brand-50 px-3 py-2 text-sm">
          <p className="font-semibold text-brand-800">{t(reviewText.reply)}</p>
          <p className="mt-1 whitespace-pre-line break-words">{review.reply}</p>
        </div>
      ) : null}
      <div className="mt-2 flex items-center gap-3 text-sm text-ink/80">
        {canMarkHelpful ? (
          <button
            type="button"
            onClick={onHelpful}
            className="rounded-full px-3 py-1.5 ring-1 ring-brand-200 hover:bg-white"
          >
            {t(reviewText.helpful)}
            {helpful > 0 ? ` (${helpful})` : ''}
          </button>
        ) : helpful > 0 ? (
          <span>
            {t('{count, plural, one {# person found} other {# people found}} this helpful', {
              count: helpful,
            })}
          </span>
        ) : null}
      </div>
    </li>
  )
}

const statusWords: Record<OwnReview['status'], string> = {
  pending: reviewText.pending,
  published: reviewText.published,
  hidden: reviewText.hidden,
}

function OwnReviewPanel({
  productId,
  standing,
  openForm,
  onSaved,
}: {
  productId: string
  standing: ReviewStanding
  openForm: boolean
  onSaved: () => Promise<void>
}) {
  const t = useT()
  const review = standing.review
  const [editing, setEditing] = useState(false)
  const [openedFromOrder, setOpenedFromOrder] = useState(openForm)
  const showForm = editing || (openedFromOrder && standing.mayReview && !review)
  if (!review && !standing.mayReview) return null
  return (
    <div className="mt-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-brand-100" data-testid="own-review">
      {review && !showForm ? (
        <>
          <p className="text-sm font-semibold text-brand-800">
            {t('Your review:')} <span data-testid="own-review-status">{t(statusWords[review.status])}</span>
          </p>
          {review.status === 'hidden' && review.hideReason ? (
            <p className="mt-1 text-sm text-ink/80">{t('Reason: {reason}', { reason: review.hideReason })}</p>
          ) : null}
          <div className="mt-2">
            <StarRating value={review.rating} size={16} />
          </div>
          <p className="mt-1 whitespace-pre-line break-words">{review.text}</p>
          <button
            type="button"
            onClick={() => setEditing(true)}
            className="mt-3 rounded border border-brand-600 px-4 py-2 text-sm font-medium text-brand-700 hover:bg-brand-50"
          >
            {t(reviewText.editReview)}
          </button>
        </>
      ) : null}
      {!review && !showForm ? (
        <button
          type="button"
          onClick={() => setOpenedFromOrder(true)}
          className="rounded bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
        >
          {t(reviewText.writeReview)}
        </button>
      ) : null}
      {showForm ? (
        <ReviewForm
          productId={productId}
          review={review}
          onDone={async (saved) => {
            setEditing(false)
            setOpenedFromOrder(false)
            if (saved) await onSaved()
          }}
        />
      ) : null}
    </div>
  )
}

function ReviewForm({
  productId,
  review,
  onDone,
}: {
  productId: string
  review: OwnReview | null
  onDone: (saved: boolean) => Promise<void>
}) {
  const t = useT()
  const id = useId()
  const [rating, setRating] = useState(review?.rating ?? 0)
  const [text, setText] = useState(review?.text ?? '')
  const [files, setFiles] = useState<File[]>([])
  const [photos, setPhotos] = useState(review?.photos ?? [])
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  const room = reviewLimits.maxPhotos - photos.length

  function pick(list: FileList | null) {
    const chosen = [...(list ?? [])]
    const big = chosen.find((f) => f.size > photoMaxBytes)
    if (big) {
      setError(photoTooLargeMessage({ bytes: big.size, name: big.name }))
      return
    }
    if (chosen.length > room) {
      setError(t(reviewText.tooManyPhotos))
      return
    }
    setError(null)
    setFiles(chosen)
  }

  async function dropPhoto(place: number) {
    if (!review) return
    try {
      const res = await removePhoto(review._id, place)
      setPhotos(res.data.photos)
      toast.success(res.message)
    } catch (e) {
      setError(failed(e, t))
    }
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault()
    if (rating < 1) return setError(t('Please choose a rating from 1 to 5 stars.'))
    if (text.trim().length < reviewLimits.minText)
      return setError(
        t('Please write at least {count} characters about the product.', { count: reviewLimits.minText }),
      )
    setBusy(true)
    setError(null)
    try {
      const input = { rating, text: text.trim() }
      const saved = review ? await editReview(review._id, input) : await writeReview(productId, input)
      if (files.length > 0) await addPhotos(saved.data._id, files)
      toast.success(saved.message)
      await onDone(true)
    } catch (err) {
      setError(failed(err, t))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${id}-h`} id="write-review">
      <h3 id={`${id}-h`} ref={heading} tabIndex={-1} className="font-serif text-lg font-bold text-brand-800">
        {t(review ? reviewText.editReview : reviewText.writeReview)}
      </h3>
      <fieldset className="mt-3">
        <legend className="text-sm font-semibold">{t('Your rating')}</legend>
        <div className="mt-1 flex gap-1">
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className="cursor-pointer p-1 text-saffron">
              <input
                type="radio"
                name="rating"
                value={n}
                checked={rating === n}
                onChange={() => setRating(n)}
                className="peer sr-only"
              />
              <span className="sr-only">
                {t('{count, plural, one {# star} other {# stars}}', { count: n })}
              </span>
              <StarIcon
                width={30}
                height={30}
                filled={n <= rating}
                className={`rounded peer-focus-visible:outline-2 peer-focus-visible:outline-brand-700 ${n <= rating ? '' : 'text-ink/30'}`}
              />
            </label>
          ))}
        </div>
      </fieldset>
      <label htmlFor={`${id}-text`} className="mt-3 block text-sm font-semibold">
        {t('Your review')}
      </label>
      <textarea
        id={`${id}-text`}
        value={text}
        onChange={(e) => setText(e.target.value)}
        rows={4}
        maxLength={reviewLimits.maxText}
        className="mt-1 w-full rounded border border-ink/30 px-3 py-2"
        placeholder={t('What did you like? How is it in use?')}
      />
      {photos.length > 0 ? (
        <ul className="mt-2 flex flex-wrap gap-2">
          {photos.map((src, i) => (
            <li key={src} className="flex flex-col items-center gap-1">
              <img
                src={imageAt(src, 200)}
                alt={t('Yours, {place} of {count}', { place: i + 1, count: photos.length })}
                width={64}
                height={64}
                className="h-16 w-16 rounded object-cover"
              />
              <button
                type="button"
                onClick={() => dropPhoto(i + 1)}
                className="text-xs text-red-800 underline"
              >
                {t('Remove photo {place}', { place: i + 1 })}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {room > 0 ? (
        <>
          <label htmlFor={`${id}-photos`} className="mt-3 block text-sm font-semibold">
            {t('Photos (up to {count}, optional)', { count: room })}
          </label>
          <input
            id={`${id}-photos`}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            multiple
            onChange={(e) => pick(e.target.files)}
            className="mt-1 block w-full text-sm"
          />
        </>
      ) : null}
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-3">
        <button
          type="submit"
          disabled={busy}
          className="rounded bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
        >
          {busy ? t('Sending…') : review ? t('Save review') : t('Send review')}
        </button>
        <button
          type="button"
          onClick={() => onDone(false)}
          className="rounded px-4 py-2.5 text-brand-700 ring-1 ring-brand-200"
        >
          {t('Cancel')}
        </button>
      </div>
    </form>
  )
}
