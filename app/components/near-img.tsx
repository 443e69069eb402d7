import { type ComponentProps, useEffect, useRef, useState } from 'react'

/** How far outside the screen a picture starts loading. */
const margin = '300px'

/**
 * An <img> that asks for its file only once it comes within 300 px of the screen. The browser's own
 * loading="lazy" does not do that on slow mobile data: Chromium then widens its margin to thousands of
 * pixels, and every picture of a long page competes with the page's code (docs/decisions/016). Until it is
 * near, and before the page's code runs, the box keeps its size with no file.
 */
export function NearImg({ src, srcSet, ...props }: ComponentProps<'img'>) {
  const ref = useRef<HTMLImageElement>(null)
  const [near, setNear] = useState(false)
  useEffect(() => {
    const el = ref.current
    if (!el) return
    if (typeof IntersectionObserver === 'undefined') return setNear(true)
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (!entry?.isIntersecting) return
        setNear(true)
        observer.disconnect()
      },
      { rootMargin: margin },
    )
    observer.observe(el)
    return () => observer.disconnect()
  }, [])
  // biome-ignore lint/a11y/useAltText: alt comes with the props
  return <img ref={ref} {...props} src={near ? src : undefined} srcSet={near ? srcSet : undefined} />
}
