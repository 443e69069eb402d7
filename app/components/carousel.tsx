import type { EmblaCarouselType, EmblaOptionsType } from 'embla-carousel'
import { Children, type ReactNode, useCallback, useEffect, useRef } from 'react'
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

// Embla and its autoplay come as a file of their own, fetched when the page is idle or at the first
// touch, hover or focus of a carousel: nobody needs them to see the first screen (docs/decisions/105).
let emblaModules:
  | Promise<[typeof import('embla-carousel'), typeof import('embla-carousel-autoplay')]>
  | undefined
function loadEmbla() {
  emblaModules ??= Promise.all([import('embla-carousel'), import('embla-carousel-autoplay')])
  return emblaModules
}

/**
 * Embla carousel: infinite, optional arrows, no dots. Autoplay pauses on hover and focus, and runs only
 * once the page is idle, while the carousel is on the screen, the tab is shown and the visitor has not
 * asked for reduced motion. The section says what it does in `data-autoplay` (`playing` or `paused`)
 * and `data-active-slide` (the first shown slide's index), and `data-ready` once Embla has taken over
 * (autoplay is decided at that moment); the browser tests read them.
 */
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
  const sectionRef = useRef<HTMLElement>(null)
  const viewportRef = useRef<HTMLDivElement>(null)
  const emblaRef = useRef<EmblaCarouselType | null>(null)
  // An arrow tapped before Embla has arrived moves the carousel once it has.
  const pendingMove = useRef<'prev' | 'next' | null>(null)
  const optionsRef = useRef(options)
  useEffect(() => {
    const section = sectionRef.current
    const viewport = viewportRef.current
    if (!section || !viewport) return
    let cancelled = false
    let idle = false
    let onScreen = false
    let embla: EmblaCarouselType | null = null
    const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)')
    const update = () => {
      const autoplay = embla?.plugins().autoplay
      const play = idle && onScreen && !document.hidden && !reducedMotion.matches
      if (autoplay && play && !autoplay.isPlaying()) autoplay.play()
      else if (autoplay && !play && autoplay.isPlaying()) autoplay.stop()
      section.dataset.autoplay = autoplay?.isPlaying() ? 'playing' : 'paused'
    }
    const start = () => {
      if (embla || cancelled) return
      void loadEmbla().then(([{ default: EmblaCarousel }, { default: Autoplay }]) => {
        if (cancelled || embla) return
        embla = EmblaCarousel(
          viewport,
          { loop: true, align: 'start', duration: slideDuration, ...optionsRef.current },
          [
            Autoplay({
              delay: autoplayMs,
              stopOnInteraction: false,
              stopOnMouseEnter: true,
              stopOnFocusIn: true,
              playOnInit: false,
            }),
          ],
        )
        emblaRef.current = embla
        const report = () => {
          section.dataset.activeSlide = String(embla?.selectedScrollSnap() ?? 0)
          section.dataset.autoplay = embla?.plugins().autoplay?.isPlaying() ? 'playing' : 'paused'
        }
        embla.on('select', report)
        embla.on('autoplay:play', report)
        embla.on('autoplay:stop', report)
        if (pendingMove.current === 'prev') embla.scrollPrev()
        else if (pendingMove.current === 'next') embla.scrollNext()
        pendingMove.current = null
        report()
        update()
        section.dataset.ready = 'true'
      })
    }
    section.dataset.autoplay = 'paused'
    section.dataset.activeSlide = '0'
    // Autoplay starts once the page has loaded and the phone is idle: a slide moving earlier fetches the
    // next pictures while the page's own code is still arriving over a slow connection.
    const cancelIdle = whenIdle(() => {
      idle = true
      start()
      update()
    })
    const observer =
      typeof IntersectionObserver === 'function'
        ? new IntersectionObserver((entries) => {
            onScreen = entries.some((e) => e.isIntersecting)
            update()
          })
        : null
    if (observer) observer.observe(section)
    else onScreen = true
    const interaction = ['pointerdown', 'pointerenter', 'touchstart', 'focusin'] as const
    for (const type of interaction) section.addEventListener(type, start, { passive: true })
    document.addEventListener('visibilitychange', update)
    reducedMotion.addEventListener('change', update)
    return () => {
      cancelled = true
      cancelIdle()
      observer?.disconnect()
      for (const type of interaction) section.removeEventListener(type, start)
      document.removeEventListener('visibilitychange', update)
      reducedMotion.removeEventListener('change', update)
      embla?.destroy()
      emblaRef.current = null
    }
  }, [autoplayMs])
  const move = useCallback((to: 'prev' | 'next') => {
    const embla = emblaRef.current
    if (!embla) {
      pendingMove.current = to
      return
    }
    if (to === 'prev') embla.scrollPrev()
    else embla.scrollNext()
  }, [])
  const prev = useCallback(() => move('prev'), [move])
  const next = useCallback(() => move('next'), [move])
  const slides = Children.toArray(children)
  return (
    <section
      ref={sectionRef}
      aria-roledescription="carousel"
      aria-label={label}
      className={`relative ${className ?? ''}`}
    >
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

/**
 * How fast a slide moves (Embla's `duration`, not in milliseconds): 15 brings a slide to rest within about
 * half a second, the spec's 500 ms; Embla's own 25 took about a second to settle (measured in Chromium).
 */
export const slideDuration = 15

/** The product carousel settings of spec section 9: 4 shown, scroll 1, 500 ms, and the listed breakpoints. */
export const productCarouselOptions: EmblaOptionsType = {
  slidesToScroll: 1,
  duration: slideDuration,
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
