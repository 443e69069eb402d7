import { useEffect, useRef, useState } from 'react'
import { preload } from 'react-dom'
import { Link } from 'react-router'
import { useT } from '../i18n/i18n.tsx'

export const promoMedia = {
  video: '/media/heritage-promo.webm',
  poster: '/media/promo-poster.webp',
  captions: '/media/heritage-promo.vtt',
} as const

type Props = {
  heading: string
  text?: string
  cta?: { label: string; to: string }
  headingLevel?: 'h1' | 'h2'
  className?: string
  /** The banner opens the page: its poster is the first screen's picture, asked for at once and first. */
  atTop?: boolean
}

/**
 * A banner with the shop's own short film. It plays muted, and only once it is on screen (nothing is
 * fetched before that); the visitor turns the sound on, and can pause it.
 */
export function PromoVideo({ heading, text, cta, headingLevel: Heading = 'h2', className, atTop }: Props) {
  const t = useT()
  const video = useRef<HTMLVideoElement>(null)
  const [muted, setMuted] = useState(true)
  const [playing, setPlaying] = useState(false)
  // The poster (about 27 KB) is fetched only when the banner comes near the screen: it sits at the
  // bottom of pages that phones on slow data open for what is at the top. At the top of a page (a
  // listing's heading) it is the largest thing on the first screen, so it comes with the page and is
  // preloaded in the head (docs/decisions/105).
  const [near, setNear] = useState(Boolean(atTop))
  if (atTop) preload(promoMedia.poster, { as: 'image', fetchPriority: 'high' })

  useEffect(() => {
    const el = video.current
    if (atTop) return
    if (!el || typeof IntersectionObserver === 'undefined') return setNear(true)
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (!entry.isIntersecting) return
        setNear(true)
        observer.disconnect()
      },
      { rootMargin: '400px 0px' },
    )
    observer.observe(el)
    return () => observer.disconnect()
  }, [atTop])

  useEffect(() => {
    const el = video.current
    if (!el || typeof IntersectionObserver === 'undefined') return
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry.isIntersecting) el.play().catch(() => {})
        else el.pause()
      },
      { threshold: 0.25 },
    )
    observer.observe(el)
    return () => observer.disconnect()
  }, [])

  const toggleSound = () => {
    const el = video.current
    if (!el) return
    el.muted = !el.muted
    setMuted(el.muted)
    if (!el.muted && el.paused) el.play().catch(() => {})
  }
  const togglePlay = () => {
    const el = video.current
    if (!el) return
    if (el.paused) el.play().catch(() => {})
    else el.pause()
  }

  return (
    <section
      className={`relative isolate overflow-hidden bg-brand-900 text-white ${className ?? ''}`}
      data-testid="promo-video"
    >
      <video
        ref={video}
        className="absolute inset-0 -z-10 h-full w-full object-cover opacity-80"
        poster={near ? promoMedia.poster : undefined}
        muted
        loop
        playsInline
        preload="none"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        aria-label={t("A loom weaving coloured threads beside a turning potter's wheel")}
      >
        <source src={promoMedia.video} type="video/webm" />
        <track kind="captions" src={promoMedia.captions} srcLang="en" label="English" />
      </video>
      <div className="mx-auto flex min-h-56 max-w-7xl flex-col items-start justify-center gap-3 px-4 py-10 sm:min-h-64">
        <Heading className="max-w-xl font-serif text-3xl font-bold capitalize drop-shadow sm:text-4xl">
          {heading}
        </Heading>
        {text ? <p className="max-w-xl text-brand-50">{text}</p> : null}
        <div className="flex flex-wrap items-center gap-3">
          {cta ? (
            <Link
              to={cta.to}
              className="rounded bg-saffron px-5 py-2.5 font-semibold text-ink hover:bg-brand-100"
            >
              {cta.label}
            </Link>
          ) : null}
          <button
            type="button"
            onClick={toggleSound}
            aria-pressed={!muted}
            className="rounded border border-white/80 bg-black/30 px-4 py-2 text-sm font-medium hover:bg-black/50"
          >
            {muted ? t('Play sound') : t('Mute sound')}
          </button>
          <button
            type="button"
            onClick={togglePlay}
            className="rounded border border-white/80 bg-black/30 px-4 py-2 text-sm font-medium hover:bg-black/50"
          >
            {playing ? t('Pause video') : t('Play video')}
          </button>
        </div>
      </div>
    </section>
  )
}
