import type { ProductCardData } from '../../contracts/product-card.ts'
import { averageText, reviewText } from '../../contracts/review-text.ts'
import { useT } from '../i18n/i18n.tsx'
import { StarIcon } from './icons.tsx'

/** Read-only stars (an average is shown to the nearest whole star); the label carries the value. */
export function StarRating({ value, size = 16, label }: { value: number; size?: number; label?: string }) {
  const t = useT()
  const filled = Math.round(value)
  return (
    <span
      className="inline-flex items-center gap-0.5 text-saffron"
      role="img"
      aria-label={label ?? t(reviewText.ratingLabel, { count: value })}
    >
      {[1, 2, 3, 4, 5].map((n) => (
        <StarIcon
          key={n}
          width={size}
          height={size}
          filled={n <= filled}
          className={n <= filled ? '' : 'text-ink/30'}
        />
      ))}
    </span>
  )
}

type Rating = ProductCardData['rating']

/**
 * A product's real rating: stars, the average with one decimal and how many rated it; 'No reviews yet'
 * when nobody's review is published (decision 096).
 */
export function RatingLine({ rating, size = 18, href }: { rating: Rating; size?: number; href?: string }) {
  const t = useT()
  if (!rating) {
    return (
      <p className="text-sm text-ink/80" data-testid="rating-line">
        {t(reviewText.noReviews)}
      </p>
    )
  }
  const average = averageText(rating.average)
  const count = t(reviewText.ratingsCount, { count: rating.count })
  const body = (
    <>
      <StarRating value={rating.average} size={size} label={t(reviewText.ratingLabel, { count: average })} />
      <span className="font-semibold">{average}</span>
      <span className={href ? 'underline' : undefined}>{count}</span>
    </>
  )
  return (
    <p className="flex items-center gap-2 text-sm" data-testid="rating-line">
      {href ? (
        <a href={href} className="flex items-center gap-2 hover:text-brand-700">
          {body}
        </a>
      ) : (
        body
      )}
    </p>
  )
}
