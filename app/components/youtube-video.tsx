import { useState } from 'react'
import { useT } from '../i18n/i18n.tsx'
import { catalogueText } from '../lib/catalogue-messages.ts'

/** The video id of a YouTube watch, short or embed link, or null. */
export function youtubeId(link: string | null | undefined): string | null {
  if (!link) return null
  try {
    const url = new URL(link)
    const host = url.hostname.replace(/^www\./, '')
    let id: string | null = null
    if (host === 'youtu.be') id = url.pathname.slice(1)
    else if (host.endsWith('youtube.com') || host.endsWith('youtube-nocookie.com')) {
      id = url.searchParams.get('v') ?? url.pathname.match(/\/(?:embed|shorts)\/([^/?]+)/)?.[1] ?? null
    }
    return id && /^[\w-]{6,20}$/.test(id) ? id : null
  } catch {
    return null
  }
}

/**
 * A compact "Play video" button; the privacy-friendly YouTube player (an iframe) is created only after
 * the visitor taps it, so a product page costs no YouTube bytes and keeps its buying buttons high.
 */
export function YoutubeVideo({ link, title }: { link: string; title: string }) {
  const t = useT()
  const id = youtubeId(link)
  const [playing, setPlaying] = useState(false)
  if (!id) return null
  if (playing) {
    return (
      <div className="aspect-video overflow-hidden rounded-xl bg-ink" data-testid="product-video">
        <iframe
          src={`https://www.youtube-nocookie.com/embed/${id}?autoplay=1&rel=0`}
          title={t('Video: {title}', { title })}
          allow="accelerometer; autoplay; encrypted-media; gyroscope; picture-in-picture"
          allowFullScreen
          className="h-full w-full"
        />
      </div>
    )
  }
  return (
    <div data-testid="product-video">
      <button
        type="button"
        onClick={() => setPlaying(true)}
        className="flex w-full items-center gap-3 rounded-xl bg-gradient-to-br from-brand-800 to-ink px-4 py-3 text-left text-white"
      >
        <span
          aria-hidden="true"
          className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-white/90 text-brand-700"
        >
          <svg viewBox="0 0 24 24" width="20" height="20" fill="currentColor">
            <path d="M8 5v14l11-7z" />
          </svg>
        </span>
        <span className="flex flex-col">
          <span className="font-medium">{t(catalogueText.playVideo)}</span>
          <span className="text-xs text-brand-100">{t('Loads the player from YouTube (no cookies)')}</span>
        </span>
      </button>
    </div>
  )
}
