import { Suspense } from 'react'
import { Link } from 'react-router'
import type { LabelledState, NavCategory } from '../../../contracts/catalogue.ts'
import { imageAt, imageSrcSet, responsiveImage } from '../../../contracts/images.ts'
import type { ProductCardData } from '../../../contracts/product-card.ts'
import { saleBannerText } from '../../../contracts/sale-banner.ts'
import {
  Carousel,
  productCarouselOptions,
  productCarouselSlide,
  testimonialSlide,
} from '../../components/carousel.tsx'
import { StarIcon } from '../../components/icons.tsx'
import { NearImg } from '../../components/near-img.tsx'
import { ProductCard } from '../../components/product-card.tsx'
import { PromoVideo } from '../../components/promo-video.tsx'
import { StateTile } from '../../components/state-tile.tsx'
import { useT } from '../../i18n/i18n.tsx'
import { catalogueText, titleLength } from '../../lib/catalogue-messages.ts'
import { useIdle } from '../../lib/idle.ts'
import type { Route } from '../../routes/+types/home'
import { impactFacts, testimonials } from './home-content.ts'

type Banner = Route.ComponentProps['loaderData']['saleBanner']

export type HomePageProps = {
  sliders: Route.ComponentProps['loaderData']['sliders']
  saleBanner: Banner
  categories: NavCategory[]
  collection: NavCategory[]
  states: Array<Pick<LabelledState, 'State' | 'label' | 'image'>>
  bestSelling: ProductCardData[]
  handicraft: ProductCardData[]
  newArrivals: ProductCardData[]
}

/**
 * The home page: its slider, categories, the foundation's work, the product rails, the sale banner, the
 * collection, the states, what customers say and the film. An island (app/lib/island.tsx): the server
 * sends it whole, and its code comes once the page is idle (docs/decisions/105); until then its links and
 * forms work as plain ones.
 */
export default function HomePage({
  sliders,
  saleBanner,
  categories,
  collection,
  states,
  bestSelling,
  handicraft,
  newArrivals,
}: HomePageProps) {
  const idle = useIdle()
  const t = useT()
  return (
    <>
      {/* React preloads the first slide's picture itself (its srcset, high priority): no link of our own. */}
      <h1 className="sr-only">{t('Kalaa Setu: handicraft, handloom and art from the artisans of India')}</h1>
      {sliders.length > 0 ? (
        <Carousel
          label={t('Featured collections')}
          slideClassName="basis-full"
          autoplayMs={2000}
          options={{ slidesToScroll: 1 }}
          arrowsOnPhones={false}
        >
          {sliders.map((s, i) => (
            <Link key={s._id} to={s.link ?? '/product/Handloom'} className="block">
              {i > 0 && !idle ? (
                // The later slides' pictures wait until the page is idle (autoplay starts then too),
                // so on slow data they do not compete with the first picture and the page's code.
                <span
                  role="img"
                  aria-label={s.title ?? t('Featured collection')}
                  className="block aspect-[8/3] w-full bg-brand-100"
                />
              ) : (
                <img
                  {...responsiveImage(s.sliderImage)}
                  sizes="100vw"
                  alt={s.title ?? t('Featured collection')}
                  width={1600}
                  height={600}
                  loading={i === 0 ? 'eager' : 'lazy'}
                  fetchPriority={i === 0 ? 'high' : 'auto'}
                  decoding={i === 0 ? 'sync' : 'async'}
                  className="aspect-[8/3] w-full object-cover"
                />
              )}
            </Link>
          ))}
        </Carousel>
      ) : null}

      {/*
        Each section below the slider is a boundary of its own: React then hydrates them one by one,
        yielding in between, and first the one a visitor taps (docs/decisions/016).
      */}
      <Suspense>
        <ShopByCategory categories={categories} />
        <FoundationImpact />
      </Suspense>

      <ProductRail products={bestSelling} cartVariant="home" />
      <ProductRail title={t('Best selling Handicraft')} products={handicraft} cartVariant="home" />

      <Suspense>
        <SaleBanner banner={saleBanner} />
      </Suspense>

      <Suspense>
        <ProductRail title={t(catalogueText.newArrival)} products={newArrivals} cartVariant="home" />

        {collection.length > 0 ? (
          <section className="mx-auto max-w-7xl px-4 py-8" aria-labelledby="collection-heading">
            <h2 id="collection-heading" className="mb-4 font-serif text-2xl font-bold text-brand-800">
              {t(catalogueText.collection)}
            </h2>
            <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4" data-testid="collection-grid">
              {collection.map((c) => (
                <li
                  key={c.categoriesTitle}
                  className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-brand-100"
                >
                  {c.image ? (
                    <NearImg
                      src={imageAt(c.image, 400)}
                      srcSet={imageSrcSet(c.image)}
                      sizes="(max-width: 1024px) 48vw, 300px"
                      alt=""
                      width={400}
                      height={400}
                      loading="lazy"
                      decoding="async"
                      className="aspect-[4/3] w-full object-cover"
                    />
                  ) : null}
                  <div className="flex flex-col items-start gap-1 p-3 sm:flex-row sm:items-center sm:justify-between sm:gap-2">
                    <h3 className="font-serif font-bold text-brand-800">{c.label}</h3>
                    <Link
                      to={`/product/${encodeURIComponent(c.categoriesTitle)}`}
                      onClick={() => window.scrollTo({ top: 0 })}
                      className="shrink-0 text-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
                    >
                      {t(catalogueText.viewMore)}
                      <span className="sr-only"> {c.label}</span>
                    </Link>
                  </div>
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        {states.length > 0 ? (
          <section className="mx-auto max-w-7xl px-4 py-8" aria-labelledby="statecraft-heading">
            <h2 id="statecraft-heading" className="mb-4 font-serif text-2xl font-bold text-brand-800">
              {t(catalogueText.statecraft)}
            </h2>
            <ul className="grid gap-4 sm:grid-cols-3" data-testid="statecraft">
              {states.map((s) => (
                <li key={s.State}>
                  <StateTile name={s.State} label={s.label} image={s.image} />
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        <div className="bg-white py-10">
          <div className="mx-auto max-w-7xl px-4">
            <h2
              id="testimonials-heading"
              className="mb-6 text-center font-serif text-2xl font-bold text-brand-800"
            >
              {t(catalogueText.testimonials)}
            </h2>
            <Carousel
              label={t(catalogueText.testimonials)}
              slideClassName={testimonialSlide}
              options={{ slidesToScroll: 1 }}
              arrowsOnPhones={false}
            >
              {testimonials.map((quote) => (
                <figure
                  key={quote.name}
                  className="flex h-full flex-col gap-3 rounded-xl bg-brand-50 p-6 ring-1 ring-brand-100"
                >
                  <span className="flex text-saffron" role="img" aria-label={t('5 of 5 stars')}>
                    {[1, 2, 3, 4, 5].map((n) => (
                      <StarIcon key={n} width={16} height={16} />
                    ))}
                  </span>
                  <blockquote className="flex-1 text-ink/90">“{t(quote.text)}”</blockquote>
                  <figcaption className="font-semibold text-brand-800">
                    {quote.name}, <span className="font-normal text-ink/80">{t(quote.place)}</span>
                  </figcaption>
                </figure>
              ))}
            </Carousel>
          </div>
        </div>

        <PromoVideo
          heading={t(catalogueText.heritage)}
          text={t(
            'Every piece in this shop is made by hand, in the villages and towns where the craft was born.',
          )}
          cta={{ label: t(catalogueText.shopNow), to: '/product/Handicraft' }}
        />
      </Suspense>
    </>
  )
}

function ProductRail({
  title: titleGiven,
  products,
  cartVariant,
}: {
  title?: string
  products: ProductCardData[]
  cartVariant: 'home' | 'default'
}) {
  const t = useT()
  if (products.length === 0) return null
  const title = titleGiven ?? t(catalogueText.bestSelling)
  const id = `rail-${products[0]._id}`
  return (
    <Suspense>
      <div className="mx-auto max-w-7xl px-4 py-8">
        <h2 id={id} className="mb-4 font-serif text-2xl font-bold text-brand-800">
          {title}
        </h2>
        <Carousel label={title} slideClassName={productCarouselSlide} options={productCarouselOptions}>
          {products.map((p) => (
            <ProductCard key={p._id} product={p} titleLength={titleLength.home} cartVariant={cartVariant} />
          ))}
        </Carousel>
      </div>
    </Suspense>
  )
}

function ShopByCategory({ categories }: { categories: NavCategory[] }) {
  const t = useT()
  if (categories.length === 0) return null
  return (
    <section className="mx-auto max-w-7xl px-4 pt-8" aria-labelledby="shop-by-category">
      <h2 id="shop-by-category" className="mb-4 font-serif text-2xl font-bold text-brand-800">
        {t('Shop by category')}
      </h2>
      <ul className="flex gap-4 overflow-x-auto pb-2 sm:grid sm:grid-cols-6 sm:overflow-visible">
        {categories.slice(0, 6).map((c) => (
          <li key={c.categoriesTitle} className="w-24 shrink-0 sm:w-auto">
            <Link
              to={`/product/${encodeURIComponent(c.categoriesTitle)}`}
              className="group flex flex-col items-center gap-2 text-center"
            >
              <span className="block aspect-square w-full overflow-hidden rounded-full bg-brand-100 ring-2 ring-brand-200 group-hover:ring-brand-600">
                {c.image ? (
                  <img
                    src={imageAt(c.image, 200)}
                    alt=""
                    width={200}
                    height={200}
                    loading="lazy"
                    decoding="async"
                    className="h-full w-full object-cover"
                  />
                ) : null}
              </span>
              <span className="text-sm font-medium text-ink group-hover:text-brand-700">{c.label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}

function FoundationImpact() {
  const t = useT()
  return (
    <section className="mx-auto mt-8 max-w-7xl px-4" aria-labelledby="impact-heading">
      <div className="grid gap-6 rounded-2xl bg-brand-800 p-6 text-white sm:p-8 lg:grid-cols-[1.2fr_2fr] lg:items-center">
        <div>
          <h2 id="impact-heading" className="font-serif text-2xl font-bold">
            {t('Every purchase does some good')}
          </h2>
          <p className="mt-2 text-brand-100">
            {t(
              "The shop pays artisans fairly, and its income funds the foundation's Count Safety First road-safety programme and cultural-awareness work for young people.",
            )}
          </p>
          <Link
            to="/AboutUs"
            className="mt-4 inline-block font-semibold text-saffron underline-offset-2 hover:underline"
          >
            {t('About the foundation')}
          </Link>
        </div>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {impactFacts.map((f) => (
            <li key={f.label} className="rounded-xl bg-white/10 p-4">
              <p className="font-serif text-2xl font-bold text-saffron">{f.figure}</p>
              <p className="text-sm text-brand-50">{t(f.label)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}

/**
 * The first banner's picture, words and link (decision 095); the spec's words while the shop has no
 * banner. A banner's empty line or heading is left out; an empty button or link falls back to the spec's.
 */
function SaleBanner({ banner }: { banner: Banner }) {
  const t = useT()
  const title = banner ? banner.title : t(saleBannerText.title)
  const heading = banner ? banner.subtitle : t(saleBannerText.subtitle)
  const buttonText = banner?.buttonText || t(saleBannerText.buttonText)
  const link = banner?.link || saleBannerText.link
  const labelId = heading ? 'sale-heading' : title ? 'sale-title' : undefined
  return (
    <section
      className="mx-auto max-w-7xl px-4 py-4"
      aria-labelledby={labelId}
      aria-label={labelId ? undefined : buttonText}
      data-testid="sale-banner"
    >
      <div className="relative isolate overflow-hidden rounded-2xl bg-gradient-to-r from-brand-900 via-brand-800 to-brand-600 px-6 py-10 text-white sm:px-10">
        {banner?.image ? (
          <NearImg
            {...responsiveImage(banner.image)}
            sizes="(max-width: 1280px) 100vw, 1248px"
            alt=""
            width={1600}
            height={500}
            loading="lazy"
            decoding="async"
            className="absolute inset-0 -z-10 h-full w-full object-cover opacity-30"
          />
        ) : null}
        {title ? (
          <p id="sale-title" className="font-semibold tracking-wide break-words text-saffron uppercase">
            {title}
          </p>
        ) : null}
        {heading ? (
          <h2
            id="sale-heading"
            className="mt-1 max-w-lg font-serif text-3xl font-bold break-words sm:text-4xl"
          >
            {heading}
          </h2>
        ) : null}
        <Link
          to={link}
          className="mt-5 inline-flex min-h-11 items-center rounded bg-saffron px-6 py-2.5 font-semibold text-ink hover:bg-brand-100"
        >
          {buttonText}
        </Link>
      </div>
    </section>
  )
}
