import { useEffect, useRef, useState } from 'react'
import {
  data,
  isRouteErrorResponse,
  Link,
  type ShouldRevalidateFunctionArgs,
  useRevalidator,
  useSearchParams,
} from 'react-router'
import { imageAt, imageSrcSet } from '../../contracts/images.ts'
import { leadDaysText, madeToOrderText } from '../../contracts/made-to-order.ts'
import { discountPercent } from '../../contracts/money.ts'
import { stockState, toCard } from '../../contracts/product-card.ts'
import { type ReviewSort, reviewSorts } from '../../contracts/review-text.ts'
import { mayOpen } from '../../contracts/staff.ts'
import { AddToCartButton } from '../components/add-to-cart-button.tsx'
import { Carousel, productCarouselOptions, productCarouselSlide } from '../components/carousel.tsx'
import { DeliveryCheck } from '../components/delivery-check.tsx'
import { NotFoundView } from '../components/not-found-view.tsx'
import { ProductCard } from '../components/product-card.tsx'
import { QuickViewButton } from '../components/quick-view.tsx'
import { RatingLine } from '../components/star-rating.tsx'
import { WishlistButton } from '../components/wishlist-button.tsx'
import { YoutubeVideo } from '../components/youtube-video.tsx'
import { Gallery } from '../features/catalogue/gallery.tsx'
import { notFoundMeta, notFoundPage, safeLoad } from '../features/catalogue/load.ts'
import { NotifyMe } from '../features/catalogue/notify-me.tsx'
import {
  addonsPrice,
  answerFor,
  type Chosen,
  nothingChosen,
  Personalise,
} from '../features/catalogue/personalise.tsx'
import { ReturnPromise } from '../features/catalogue/return-promise.tsx'
import { absoluteUrl, metaDescription, seo } from '../features/catalogue/seo.ts'
import { StickyCartBar } from '../features/catalogue/sticky-cart-bar.tsx'
import { onlyVariantChanged, variantFor, variantParam } from '../features/catalogue/variant-choice.ts'
import { VariantPicker } from '../features/catalogue/variant-picker.tsx'
import { ProductProvenanceBlock } from '../features/provenance/product-provenance.tsx'
import { ReviewsSection } from '../features/reviews/reviews-section.tsx'
import { useT } from '../i18n/i18n.tsx'
import { metaI18n } from '../i18n/meta.ts'
import { catalogueText, previewText, titleLength } from '../lib/catalogue-messages.ts'
import { appLoadContext } from '../lib/context.ts'
import { formatRupees } from '../lib/format.ts'
import { toast } from '../lib/toast.tsx'
import type { Route } from './+types/product-detail'

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  if (!loaderData || 'notFound' in loaderData) return notFoundMeta
  const { t, language } = metaI18n(matches)
  const product = loaderData.product
  if (!product) return [{ title: t('Product | Kalaa Setu') }, { name: 'robots', content: 'noindex' }]
  if (loaderData.hiddenBecause)
    return [{ title: `Preview: ${product.title} | Kalaa Setu` }, { name: 'robots', content: 'noindex' }]
  const path = `/Productdetails/${product._id}`
  const url = absoluteUrl(loaderData.publicUrl, path)
  // The variant the address chooses (decision 129): its price is the page's; each variant is an offer.
  const chosen = variantFor(product.variants, new URLSearchParams(location.search).get(variantParam))
  const offer = (v: { price: number; quantity: number }, at: string) => ({
    '@type': 'Offer',
    url: at,
    priceCurrency: 'INR',
    price: v.price.toFixed(2),
    availability: `https://schema.org/${v.quantity > 0 ? 'InStock' : 'OutOfStock'}`,
    itemCondition: 'https://schema.org/NewCondition',
  })
  return [
    ...seo({
      title: product.title,
      description: metaDescription(product.shortDescription || product.description || product.title),
      path,
      publicUrl: loaderData.publicUrl,
      image: product.image,
      type: 'product',
      language,
    }),
    { property: 'product:price:amount', content: String((chosen ?? product).price) },
    { property: 'product:price:currency', content: 'INR' },
    {
      'script:ld+json': {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: product.title,
        sku: product.sku,
        description: metaDescription(product.shortDescription || product.title, 300),
        image: product.thumbnail.map((u) => absoluteUrl(loaderData.publicUrl, u)),
        category: [product.categories, product.subcategory].filter(Boolean).join(' > ') || undefined,
        brand: { '@type': 'Brand', name: 'Kalaa Setu' },
        offers:
          product.variants.length > 0
            ? product.variants.map((v) => ({
                ...offer(v, `${url}?${variantParam}=${encodeURIComponent(v._id)}`),
                sku: v.sku,
                name: `${product.title} (${v.title})`,
              }))
            : offer(product, url),
        // Only real ratings, and only when someone gave one (decision 096).
        ...(product.rating
          ? {
              aggregateRating: {
                '@type': 'AggregateRating',
                ratingValue: product.rating.average.toFixed(1),
                reviewCount: product.rating.count,
                bestRating: 5,
                worstRating: 1,
              },
            }
          : {}),
      },
    },
  ]
}

/** The reviews' sort and page from the address (?reviews=helpful&reviewsPage=2). */
function reviewsQuery(url: URL): { sort: ReviewSort; page: number } {
  const sort = url.searchParams.get('reviews')
  const page = Number(url.searchParams.get('reviewsPage'))
  return {
    sort: reviewSorts.includes(sort as ReviewSort) ? (sort as ReviewSort) : 'newest',
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  }
}

/** The page when the product could not be fetched: the spec's 'Failed to fetch product details.' */
const failedPage = (publicUrl: string) => ({
  publicUrl,
  product: null,
  names: { category: '', state: '' },
  related: [],
  reviews: null,
  standing: null,
  writeReview: false,
  provenance: null,
  returnRule: null,
  failed: true as const,
  hiddenBecause: null,
})

/**
 * `?preview=1` from staff who may see the catalogue shows a product customers cannot see yet, with a
 * banner saying so (decision 095); for anyone else the address is the ordinary page (a hidden product's
 * 404). A preview is never kept by the page cache (staff are signed in) nor by a browser or proxy.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { services, publicUrl, viewer, i18n } = appLoadContext(context)
  const url = new URL(request.url)
  const preview =
    url.searchParams.get('preview') === '1' &&
    viewer?.role === 'admin' &&
    mayOpen(viewer.staffRole, 'catalogue')
  try {
    const found = preview
      ? await services.catalogue.preview(params.id)
      : { product: await services.catalogue.product(params.id), hiddenBecause: null }
    const { hiddenBecause } = found
    const [product] = await services.catalogue.inLanguage([found.product], i18n.language)
    const { sort, page } = reviewsQuery(url)
    const [related, reviews, standing, provenance, returnRule] = await Promise.all([
      safeLoad(
        services.log,
        'related products',
        async () => services.catalogue.inLanguage(await services.catalogue.related(product), i18n.language),
        [],
      ),
      safeLoad(services.log, 'reviews', () => services.reviews.productReviews(product._id, sort, page), {
        rating: product.rating,
        sort,
        page: 1,
        pages: 1,
        reviews: [],
      }),
      // A signed-in customer's own review and whether they may write one; such pages are never cached.
      viewer?.role === 'customer'
        ? safeLoad(
            services.log,
            'review standing',
            () => services.reviews.standing(viewer.id, product._id),
            null,
          )
        : null,
      safeLoad(services.log, 'makers and marks', () => services.provenance.ofProduct(product._id), null),
      safeLoad(services.log, 'return rule', () => services.returns.ruleForProduct(product._id), null),
    ])
    // The category and state as the reader names them; their addresses keep the English (decision 097).
    const names = {
      category: await services.catalogue.nameIn('category', product.categories ?? '', i18n.language),
      state: await services.catalogue.nameIn('state', product.state ?? '', i18n.language),
    }
    const result = {
      publicUrl,
      product,
      names,
      related: related.map(toCard),
      reviews,
      standing,
      provenance,
      returnRule,
      writeReview: url.searchParams.get('review') === 'write',
      failed: false,
      hiddenBecause,
    }
    return preview ? data(result, { headers: { 'Cache-Control': 'private, no-store' } }) : result
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode === 404) return notFoundPage(publicUrl)
    services.log.error({ err }, 'product failed to load')
    return failedPage(publicUrl)
  }
}

/**
 * The product fetched while moving between pages: should that fetch fail (the connection dropped, the shop
 * unreachable), the spec's 'Failed to fetch product details.' shows, not the error page; a missing product
 * is still the shop's 404.
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  try {
    return await serverLoader()
  } catch (err) {
    if (isRouteErrorResponse(err) && err.status === 404) throw err
    return failedPage('')
  }
}

/**
 * Choosing another variant changes only `?variant=` (decision 129): the page already holds every variant,
 * so the product is not fetched again; any other change, a form, or a revalidation of the same address is.
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (!formMethod && onlyVariantChanged(currentUrl, nextUrl)) return false
  return defaultShouldRevalidate
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => {
  const cacheControl = loaderHeaders.get('Cache-Control')
  return cacheControl ? { 'Cache-Control': cacheControl } : new Headers()
}

export default function ProductDetail({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const failed = 'failed' in loaderData && loaderData.failed
  const buyRow = useRef<HTMLDivElement>(null)
  const revalidator = useRevalidator()
  const [searchParams] = useSearchParams()
  // 'Make it yours' (decision 133): what the customer typed and ticked, started afresh on another product.
  const [chosen, setChosen] = useState<Chosen>(nothingChosen)
  const productId = 'product' in loaderData ? loaderData.product?._id : undefined
  useEffect(() => {
    if (productId) setChosen(nothingChosen)
  }, [productId])
  useEffect(() => {
    if (failed) toast.error(t(catalogueText.productFetchFailed))
  }, [failed, t])
  if ('notFound' in loaderData) return <NotFoundView />
  const { product, names, related, reviews, standing, writeReview, hiddenBecause, provenance, returnRule } =
    loaderData
  if (!product) {
    return (
      <section className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="font-serif text-2xl font-bold text-brand-800">
          {t(catalogueText.productFetchFailed)}
        </h1>
        <p className="mt-3">{t('Please try again in a moment.')}</p>
        <button
          type="button"
          onClick={() => void revalidator.revalidate()}
          disabled={revalidator.state === 'loading'}
          className="mt-6 rounded bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
        >
          {t('Try again')}
        </button>
      </section>
    )
  }
  // The variant the address names, else the default (decision 129); null for a product sold as one piece,
  // whose own price, stock and pictures are the page's.
  const variant = variantFor(product.variants, searchParams.get(variantParam))
  const piece = variant ?? product
  const off = discountPercent(piece.price, piece.cutPrice)
  const stock = stockState(piece.quantity)
  // Made to order (decision 132): the chosen variant's days, else the product's.
  const lead = piece.madeToOrder ?? null
  const images = piece.thumbnail.length > 0 ? piece.thumbnail : piece.image ? [piece.image] : []
  const personalisation = answerFor(product.personalisation, chosen)
  const extra = addonsPrice(product.personalisation, chosen)
  return (
    <>
      {images[0] ? (
        <link
          rel="preload"
          as="image"
          href={imageAt(images[0], 800)}
          imageSrcSet={imageSrcSet(images[0])}
          imageSizes="(max-width: 768px) 100vw, 50vw"
          fetchPriority="high"
        />
      ) : null}
      {hiddenBecause ? (
        <div
          role="note"
          data-testid="preview-banner"
          className="border-b-4 border-saffron bg-brand-900 px-4 py-3 text-white"
        >
          <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-2">
            <p className="font-semibold">{previewText[hiddenBecause]}</p>
            <a
              href={`/admin/products/${product._id}`}
              className="inline-flex min-h-11 items-center font-semibold text-saffron underline underline-offset-2"
            >
              {previewText.backToConsole}
            </a>
          </div>
        </div>
      ) : null}
      <nav aria-label={t('Breadcrumb')} className="mx-auto max-w-7xl px-4 pt-4 text-sm text-ink/80">
        <Link to="/" className="hover:underline">
          {t('Home')}
        </Link>
        {product.categories ? (
          <>
            {' / '}
            <Link to={`/product/${encodeURIComponent(product.categories)}`} className="hover:underline">
              {names.category || product.categories}
            </Link>
          </>
        ) : null}
      </nav>
      {/*
        On a phone the title, price and buying buttons must fit the first screen under the picture: the
        picture is 4:3 there (whole, not cropped), stock sits beside the price, SKU and the rest follow the
        buttons, and the video (a small button until tapped) comes after them. From md up: two columns,
        the video under the gallery.
      */}
      <article className="mx-auto grid max-w-7xl gap-x-8 gap-y-4 px-4 py-3 sm:py-6 md:grid-cols-2 md:grid-rows-[auto_1fr]">
        <div className="md:col-start-1 md:row-start-1">
          {/* Another variant's pictures start again from its first. */}
          <Gallery key={images.join(' ')} images={images} title={product.title} />
        </div>
        <div className="flex flex-col gap-3 md:col-start-2 md:row-span-2 md:row-start-1 md:gap-4">
          <h1 className="font-serif text-xl leading-snug font-bold text-brand-800 sm:text-3xl">
            {product.title}
          </h1>
          <RatingLine rating={product.rating} href={product.rating ? '#reviews' : undefined} />
          <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <span className="text-2xl font-bold text-brand-800 sm:text-3xl" data-testid="detail-price">
              {formatRupees(piece.price)}
            </span>
            {off > 0 ? (
              <span
                className="rounded bg-leaf px-2 py-0.5 text-sm font-bold text-white"
                data-testid="detail-discount"
              >
                -{off}%
              </span>
            ) : null}
            {piece.cutPrice > piece.price ? (
              <s className="text-lg text-ink/70" data-testid="detail-list-price">
                <span className="sr-only">{t('List price')} </span>
                {formatRupees(piece.cutPrice)}
              </s>
            ) : null}
            <span
              className={`ml-auto text-sm font-bold ${stock.kind === 'soldOut' ? 'text-red-800' : stock.kind === 'few' ? 'text-brand-800' : 'text-leaf'}`}
              data-testid="stock-line"
            >
              {stock.kind === 'soldOut'
                ? t(catalogueText.outOfStock)
                : stock.kind === 'few'
                  ? t('Only {count} left', { count: stock.left })
                  : t(catalogueText.inStock)}
            </span>
          </div>
          {lead ? (
            <p className="-mt-1 text-sm font-semibold text-brand-800" data-testid="made-to-order">
              {t(madeToOrderText.line, { days: leadDaysText(lead) })}
            </p>
          ) : null}
          {variant ? (
            <VariantPicker options={product.options} variants={product.variants} chosen={variant} />
          ) : null}
          <Personalise
            choices={product.personalisation}
            chosen={chosen}
            onChange={setChosen}
            formId="add-to-cart"
          />
          {extra > 0 ? (
            <p className="-mt-1 text-sm font-semibold text-brand-800" data-testid="personalised-price">
              {t('With your choices: {price} each', { price: formatRupees(piece.price + extra) })}
            </p>
          ) : null}
          <div ref={buyRow} className="flex flex-wrap items-center gap-3" data-testid="buy-row">
            <AddToCartButton
              productId={product._id}
              variantId={variant?._id}
              personalisation={personalisation}
              formId="add-to-cart"
              soldOut={stock.kind === 'soldOut'}
              label={t(catalogueText.addToCart)}
              className="flex-1 rounded bg-brand-700 px-8 py-3 font-semibold text-white hover:bg-brand-800 sm:flex-none"
            />
            <WishlistButton
              productId={product._id}
              variantId={variant?._id}
              className="rounded-full p-3 text-brand-700 ring-1 ring-brand-200 hover:bg-white"
            />
            <QuickViewButton
              productId={product._id}
              title={product.title}
              className="rounded-full p-3 text-brand-700 ring-1 ring-brand-200 hover:bg-white"
            />
            {product.view360Link ? (
              <a
                href={product.view360Link}
                target="_blank"
                rel="noopener noreferrer"
                className="rounded border border-brand-600 px-4 py-2.5 font-medium text-brand-700 hover:bg-white"
              >
                {t(catalogueText.view360)}
                <span className="sr-only"> {t('(opens in a new tab)')}</span>
              </a>
            ) : null}
          </div>
          {stock.kind === 'soldOut' ? <NotifyMe productId={product._id} variantId={variant?._id} /> : null}
          <DeliveryCheck
            value={piece.price}
            soldOut={stock.kind === 'soldOut'}
            lead={lead}
            shippingFor={{
              piece: { productId: product._id, ...(variant ? { variantId: variant._id } : {}) },
            }}
          />
          {returnRule ? (
            <ReturnPromise
              rule={returnRule}
              personalisable={product.personalisation.some(
                (c) => c.kind === 'text' || c.kind === 'measurements',
              )}
              variants={product.variants.length > 1}
            />
          ) : null}
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="font-semibold">{t('SKU')}</dt>
            <dd data-testid="detail-sku">{variant?.sku ?? product.sku}</dd>
            {product.state ? (
              <>
                <dt className="font-semibold">{t('Made in')}</dt>
                <dd>
                  <Link
                    to={`/StateProduct/${encodeURIComponent(product.state)}`}
                    className="text-brand-700 underline"
                  >
                    {names.state || product.state}
                  </Link>
                </dd>
              </>
            ) : null}
          </dl>
          {provenance ? <ProductProvenanceBlock provenance={provenance} /> : null}
          {product.shortDescription ? <p className="text-ink/90">{product.shortDescription}</p> : null}
          {product.description ? (
            <section aria-labelledby="description-heading" className="mt-2 border-t border-brand-100 pt-4">
              <h2 id="description-heading" className="font-serif text-xl font-bold text-brand-800">
                {t('Description')}
              </h2>
              <div className="prose-shop text-sm" dangerouslySetInnerHTML={{ __html: product.description }} />
            </section>
          ) : null}
        </div>
        {product.youtubeVideoLink ? (
          <div className="md:col-start-1 md:row-start-2 md:self-start">
            <YoutubeVideo link={product.youtubeVideoLink} title={product.title} />
          </div>
        ) : null}
      </article>
      {reviews ? (
        <ReviewsSection
          key={product._id}
          productId={product._id}
          reviews={reviews}
          standing={standing}
          openForm={writeReview}
        />
      ) : null}
      <StickyCartBar
        anchor={buyRow}
        productId={product._id}
        title={product.title}
        price={piece.price + extra}
        soldOut={stock.kind === 'soldOut'}
        variant={variant}
        personalisation={personalisation}
      />
      {related.length > 0 ? (
        <section className="mx-auto max-w-7xl px-4 py-8" aria-labelledby="related-heading">
          <h2 id="related-heading" className="mb-4 font-serif text-2xl font-bold text-brand-800">
            {t(catalogueText.relatedProduct)}
          </h2>
          <Carousel
            label={t(catalogueText.relatedProduct)}
            slideClassName={productCarouselSlide}
            options={productCarouselOptions}
          >
            {related.map((p) => (
              <ProductCard key={p._id} product={p} titleLength={titleLength.listing} />
            ))}
          </Carousel>
        </section>
      ) : null}
    </>
  )
}
