import type { EmblaOptionsType } from 'embla-carousel'
import Autoplay from 'embla-carousel-autoplay'
import useEmblaCarousel from 'embla-carousel-react'
import { Children, type ReactNode, useCallback, useEffect } from 'react'
import { useT } from '../i18n/i18n.tsx'
import { whenIdle } from '../lib/idle.ts'
import { ChevronLeft, ChevronRight } from './icons.tsx'

type CarouselProps = {
  label: string
  children: ReactNode
  /** Tailwind classes giving each slide its width at each breakpoint. */
  slideClassName: string
  options?: EmblaOptionsType
  autoplayMs?: number
  arrows?: boolean
  /** false: no arrows below 640 px, where they would cover a slide's text; phones swipe instead. */
  arrowsOnPhones?: boolean
  className?: string
}

/** Embla carousel: infinite, autoplay that pauses on hover and focus, optional arrows, no dots. */
export function Carousel({
  label,
  children,
  slideClassName,
  options,
  autoplayMs = 3000,
  arrows = true,
  arrowsOnPhones = true,
  className,
}: CarouselProps) {
  const t = useT()
  const arrowPlace = arrowsOnPhones ? '' : 'hidden sm:block'
  const [viewportRef, embla] = useEmblaCarousel({ loop: true, align: 'start', ...options }, [
    Autoplay({
      delay: autoplayMs,
      stopOnInteraction: false,
      stopOnMouseEnter: true,
      stopOnFocusIn: true,
      playOnInit: false,
    }),
  ])
  // Autoplay starts once the page has loaded and the phone is idle: a slide moving earlier fetches the
  // next pictures while the page's own code is still arriving over a slow connection.
  useEffect(() => {
    if (!embla) return
    return whenIdle(() => embla.plugins().autoplay?.play())
  }, [embla])
  const prev = useCallback(() => embla?.scrollPrev(), [embla])
  const next = useCallback(() => embla?.scrollNext(), [embla])
  const slides = Children.toArray(children)
  return (
    <section aria-roledescription="carousel" aria-label={label} className={`relative ${className ?? ''}`}>
      <div ref={viewportRef} className="relative overflow-hidden">
        <div className="flex touch-pan-y">
          {slides.map((child, i) => (
            <div
              key={i}
              role="group"
              aria-roledescription="slide"
              aria-label={t('{place} of {count}', { place: i + 1, count: slides.length })}
              className={`min-w-0 shrink-0 grow-0 ${slideClassName}`}
            >
              {child}
            </div>
          ))}
        </div>
      </div>
      {arrows && slides.length > 1 ? (
        <>
          <button
            type="button"
            onClick={prev}
            aria-label={t('Previous')}
            className={`${arrowPlace} absolute top-1/2 left-1 -translate-y-1/2 rounded-full bg-white/90 p-2 text-brand-800 shadow hover:bg-white`}
          >
            <ChevronLeft />
          </button>
          <button
            type="button"
            onClick={next}
            aria-label={t('Next')}
            className={`${arrowPlace} absolute top-1/2 right-1 -translate-y-1/2 rounded-full bg-white/90 p-2 text-brand-800 shadow hover:bg-white`}
          >
            <ChevronRight />
          </button>
        </>
      ) : null}
    </section>
  )
}

/** The product carousel settings of spec section 9: 4 shown, scroll 1, 500 ms, and the listed breakpoints. */
export const productCarouselOptions: EmblaOptionsType = {
  slidesToScroll: 1,
  duration: 25,
  breakpoints: {
    '(max-width: 1200px)': { slidesToScroll: 3 },
    '(max-width: 992px)': { slidesToScroll: 1 },
    '(max-width: 578px)': { slidesToScroll: 4 },
    '(max-width: 426px)': { slidesToScroll: 1 },
  },
}
// Tailwind's max-[N] means width < N, so N+1 gives the spec's 'N px and below'.
export const productCarouselSlide =
  'basis-1/4 px-2 max-[1201px]:basis-1/5 max-[993px]:basis-1/2 max-[579px]:basis-full'

/** Testimonials: 3 at a time, 2 below 1024 px, 1 below 600 px (spec section 9). */
export const testimonialSlide = 'basis-1/3 px-3 max-[1024px]:basis-1/2 max-[600px]:basis-full'
