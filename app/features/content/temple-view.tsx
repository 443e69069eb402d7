import type { ReactNode } from 'react'
import { imageAt, pictureOf, responsiveImage } from '../../../contracts/images.ts'
import type { ProductCardData } from '../../../contracts/product-card.ts'
import {
  type Temple,
  type TempleServiceKey,
  templeServiceKeys,
  templeServiceLabels,
} from '../../../contracts/temples.ts'
import { ProductCard } from '../../components/product-card.tsx'
import { useT } from '../../i18n/i18n.tsx'
import { titleLength } from '../../lib/catalogue-messages.ts'
import { contentText, templeServicesSoon } from './messages.ts'

/** The wide picture with the temple's name and place, at the top of both temple pages. */
export function TempleHero({ temple }: { temple: Temple }) {
  const t = useT()
  return (
    <section className="relative isolate overflow-hidden bg-brand-900 text-white">
      <img
        src={temple.image ? responsiveImage(temple.image).src : '/media/temple-banner.webp'}
        srcSet={temple.image ? responsiveImage(temple.image).srcSet : undefined}
        sizes="100vw"
        alt=""
        width={1600}
        height={600}
        fetchPriority="high"
        className="absolute inset-0 -z-10 h-full w-full object-cover opacity-50"
      />
      <div className="mx-auto max-w-7xl px-4 py-16 sm:py-24">
        <p className="font-semibold tracking-wide text-saffron uppercase">{t('Temple')}</p>
        <h1 className="font-serif text-4xl font-bold sm:text-5xl">{temple.name}</h1>
        {temple.location ? <p className="mt-2 text-brand-50">{temple.location}</p> : null}
      </div>
    </section>
  )
}

/** 'About Temple' and the temple's own text (sanitised HTML), with what follows it (the donate link). */
export function TempleAbout({ temple, children }: { temple: Temple; children?: ReactNode }) {
  const t = useT()
  return (
    <section className="mx-auto max-w-4xl px-4 py-10" aria-labelledby="about-temple">
      <h2 id="about-temple" className="font-serif text-2xl font-bold text-brand-800">
        {t(contentText.aboutTemple)}
      </h2>
      <div className="prose-shop mt-2" dangerouslySetInnerHTML={{ __html: temple.about }} />
      {children}
    </section>
  )
}

/**
 * The Services grid: each of the four opens, in a new tab, the link staff set for that service, else the
 * temple's one services link (decision 099); with neither it is named but plainly not offered.
 */
export function TempleServices({
  temple,
  onPage = {},
}: {
  temple: Temple
  /** Services this page offers itself (the prasad packages below it): a link down the page, not 'not yet'. */
  onPage?: Partial<Record<TempleServiceKey, string>>
}) {
  const t = useT()
  return (
    <section className="mx-auto max-w-4xl px-4 pb-12" aria-labelledby="temple-services">
      <h2 id="temple-services" className="font-serif text-2xl font-bold text-brand-800">
        {t(contentText.services)}
      </h2>
      <ul className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-4" data-testid="temple-services">
        {templeServiceKeys.map((key) => {
          const link = temple.serviceLinks[key]
          const label = t(templeServiceLabels[key])
          return (
            <li key={key}>
              {!link && onPage[key] ? (
                <a
                  href={onPage[key]}
                  className="flex h-full min-h-20 items-center justify-center rounded-xl bg-white p-4 text-center font-semibold text-brand-800 shadow-sm ring-1 ring-brand-200 hover:bg-brand-100"
                >
                  {label}
                </a>
              ) : link ? (
                <a
                  href={link}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="flex h-full min-h-20 items-center justify-center rounded-xl bg-white p-4 text-center font-semibold text-brand-800 shadow-sm ring-1 ring-brand-200 hover:bg-brand-100"
                >
                  {label}
                  <span className="sr-only"> {t('(opens in a new tab)')}</span>
                </a>
              ) : (
                <span
                  aria-disabled="true"
                  className="flex h-full min-h-20 flex-col items-center justify-center rounded-xl bg-brand-50 p-4 text-center font-semibold text-ink/70 ring-1 ring-brand-100"
                >
                  {label}
                  <span className="text-xs font-normal">{t(templeServicesSoon)}</span>
                </span>
              )}
            </li>
          )
        })}
      </ul>
    </section>
  )
}

/** The temple's pictures, each once (the main picture first), whatever sizes staff saved them in. */
export function templePictures(temple: Pick<Temple, 'image' | 'images'>): string[] {
  const seen = new Set<string>()
  const out: string[] = []
  for (const url of [temple.image, ...temple.images]) {
    if (!url) continue
    const key = pictureOf(url)?.base ?? url
    if (seen.has(key)) continue
    seen.add(key)
    out.push(url)
  }
  return out
}

/**
 * The gallery: on a phone a row to swipe through, one picture at a time with the next one peeking in
 * (CSS scroll snapping, no script needed); on a wider screen a grid.
 */
export function TempleGallery({ temple }: { temple: Temple }) {
  const t = useT()
  const pictures = templePictures(temple)
  if (pictures.length === 0) return null
  return (
    <section className="mx-auto max-w-4xl px-4 pb-10" aria-labelledby="temple-pictures">
      <h2 id="temple-pictures" className="font-serif text-2xl font-bold text-brand-800">
        {t(contentText.pictures)}
      </h2>
      <ul
        className="-mx-4 mt-4 flex snap-x snap-mandatory gap-3 overflow-x-auto scroll-smooth px-4 pb-2 md:mx-0 md:grid md:grid-cols-2 md:overflow-visible md:px-0"
        data-testid="temple-gallery"
      >
        {pictures.map((url, i) => (
          <li key={url} className="w-[85%] shrink-0 snap-center md:w-auto">
            <figure>
              <img
                src={imageAt(url, 800)}
                srcSet={responsiveImage(url).srcSet}
                sizes="(max-width: 768px) 85vw, 440px"
                alt={t('{name}, picture {number} of {count}', {
                  name: temple.name,
                  number: i + 1,
                  count: pictures.length,
                })}
                width={800}
                height={450}
                loading="lazy"
                className="aspect-video w-full rounded-xl bg-brand-50 object-cover"
              />
            </figure>
          </li>
        ))}
      </ul>
    </section>
  )
}

/** The prasad packages the temple sends by post, as the shop's usual cards with Add to Cart. */
export function TemplePrasad({ temple, products }: { temple: Temple; products: ProductCardData[] }) {
  const t = useT()
  if (products.length === 0) return null
  return (
    <section className="mx-auto max-w-4xl px-4 pb-12" aria-labelledby="temple-prasad">
      <h2 id="temple-prasad" className="font-serif text-2xl font-bold text-brand-800">
        {t(contentText.prasad)}
      </h2>
      <p className="mt-1 text-ink/80">
        {t('Prasad packages from {name}, packed and sent to your home.', { name: temple.name })}
      </p>
      <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4" data-testid="temple-prasad">
        {products.map((p) => (
          <li key={p._id}>
            <ProductCard
              product={p}
              titleLength={titleLength.listing}
              sizes="(max-width: 640px) 48vw, 290px"
            />
          </li>
        ))}
      </ul>
    </section>
  )
}
