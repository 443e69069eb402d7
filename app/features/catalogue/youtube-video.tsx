import { useState } from 'react'

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

/** Shows a play button; the privacy-friendly YouTube player is loaded only after the visitor clicks. */
export function YoutubeVideo({ link, title }: { link: string; title: string }) {
  const id = youtubeId(link)
  const [playing, setPlaying] = useState(false)
  if (!id) return null
  return (
    <div className="aspect-video overflow-hidden rounded-xl bg-ink" data-testid="product-video">
      {playing ? (
        <iframe
          src={`https://www.youtube-nocookie.com/embed/${id}?autoplay=1&rel=0`}
          title={`Video: ${title}`}
          allow="accelerometer; autoplay; encrypted-media; gyroscope; picture-in-picture"
          allowFullScreen
          className="h-full w-full"
        />
      ) : (
        <button
          type="button"
          onClick={() => setPlaying(true)}
          className="flex h-full w-full flex-col items-center justify-center gap-2 bg-gradient-to-br from-brand-800 to-ink text-white"
        >
          <span
            aria-hidden="true"
            className="flex h-16 w-16 items-center justify-center rounded-full bg-white/90 text-brand-700"
          >
            <svg viewBox="0 0 24 24" width="28" height="28" fill="currentColor">
              <path d="M8 5v14l11-7z" />
            </svg>
          </span>
          <span className="font-medium">Play video</span>
          <span className="text-xs text-brand-100">Loads the player from YouTube (no cookies)</span>
        </button>
      )}
    </div>
  )
}
