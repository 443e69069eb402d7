import { Link } from 'react-router'
import { imageAt, imageSrcSet } from '../../contracts/images.ts'
import { discountPercent } from '../../contracts/money.ts'
import type { ProductCardData } from '../../contracts/product-card.ts'
import { averageText } from '../../contracts/review-text.ts'
import { useT } from '../i18n/i18n.tsx'
import { catalogueText } from '../lib/catalogue-messages.ts'
import { formatRupees, truncate } from '../lib/format.ts'
import { AddToCartButton } from './add-to-cart-button.tsx'
import { NearImg } from './near-img.tsx'
import { QuickViewButton } from './quick-view.tsx'
import { StarRating } from './star-rating.tsx'
import { WishlistButton } from './wishlist-button.tsx'

type Props = {
  product: ProductCardData
  titleLength: number
  /** Eager-load the first visible cards. */
  priority?: boolean
  /** 'home' cards warn 'Login first to add product.' when adding fails. */
  cartVariant?: 'home' | 'default'
  sizes?: string
  headingLevel?: 'h2' | 'h3'
}

/**
 * A product tile: image with '-N%' badge, wishlist and quick view, title cut at titleLength, prices, Add to Cart;
 * for a product with options, 'from ₹X' where their prices differ and 'Choose size' instead of Add to Cart.
 */
export function ProductCard({
  product,
  titleLength,
  priority = false,
  cartVariant = 'default',
  sizes = '(max-width: 578px) 90vw, (max-width: 992px) 45vw, 25vw',
  headingLevel: Heading = 'h3',
}: Props) {
  const t = useT()
  // A 'from' price has no one list price beside it, so no one discount either (decision 129).
  const from = product.priceFrom
  const off = from === undefined ? discountPercent(product.price, product.cutPrice) : 0
  const soldOut = product.soldOut === true
  const href = `/Productdetails/${product._id}`
  // The first cards of a listing load at once; the rest only when scrolled near.
  const Picture = priority ? 'img' : NearImg
  return (
    <article
      className="group relative flex h-full flex-col overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-brand-100 transition hover:shadow-md"
      data-testid="product-card"
    >
      <div className="relative">
        <Link
          to={href}
          className="block aspect-square overflow-hidden bg-brand-100"
          tabIndex={-1}
          aria-hidden="true"
        >
          {product.image ? (
            <Picture
              src={imageAt(product.image, 400)}
              srcSet={imageSrcSet(product.image)}
              sizes={sizes}
              alt=""
              width={400}
              height={400}
              loading={priority ? 'eager' : 'lazy'}
              fetchPriority={priority ? 'high' : undefined}
              decoding="async"
              className="h-full w-full object-cover transition duration-300 group-hover:scale-105"
            />
          ) : null}
        </Link>
        {soldOut ? (
          <span
            className="absolute top-2 left-2 rounded bg-ink px-2 py-0.5 text-xs font-bold text-white"
            data-testid="card-sold-out"
          >
            {t(catalogueText.outOfStock)}
          </span>
        ) : off > 0 ? (
          <span className="absolute top-2 left-2 rounded bg-brand-700 px-2 py-0.5 text-xs font-bold text-white">
            -{off}%
          </span>
        ) : null}
        <div className="absolute top-2 right-2 flex flex-col gap-2">
          <WishlistButton productId={product._id} />
          <QuickViewButton productId={product._id} title={product.title} />
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <Heading className="text-sm leading-snug font-medium text-ink" title={product.title}>
          <Link to={href} className="hover:text-brand-700" data-testid="product-title">
            {truncate(product.title, titleLength)}
          </Link>
        </Heading>
        {product.rating ? (
          // Real ratings only (decision 096): a product nobody has reviewed shows none.
          <p className="flex items-center gap-1 text-xs text-ink/80" data-testid="card-rating">
            <StarRating
              value={product.rating.average}
              size={14}
              label={t('{average} of 5 stars, {count, plural, one {# rating} other {# ratings}}', {
                average: averageText(product.rating.average),
                count: product.rating.count,
              })}
            />
            <span aria-hidden="true">
              {averageText(product.rating.average)} ({product.rating.count})
            </span>
          </p>
        ) : null}
        <p className="mt-auto flex flex-wrap items-baseline gap-x-2">
          <span className="font-semibold text-brand-800" data-testid="product-price">
            {from === undefined
              ? formatRupees(product.price)
              : t(catalogueText.priceFrom, { price: formatRupees(from) })}
          </span>
          {from === undefined && product.cutPrice > product.price ? (
            <s className="text-xs text-ink/70">
              <span className="sr-only">{t('List price')} </span>
              {formatRupees(product.cutPrice)}
            </s>
          ) : null}
        </p>
        {product.choose && !soldOut ? (
          // A product with options is chosen on its page (decision 129): the button is a link there.
          <Link
            to={href}
            className="mt-2 block w-full rounded bg-brand-600 px-3 py-2 text-center text-sm font-semibold text-white hover:bg-brand-700"
          >
            {t(catalogueText.chooseOption, { option: product.choose.toLowerCase() })}
          </Link>
        ) : (
          <AddToCartButton productId={product._id} variant={cartVariant} soldOut={soldOut} />
        )}
      </div>
    </article>
  )
}
