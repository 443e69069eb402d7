import { useEffect, useState } from 'react'

/**
 * Runs `run` once the page has finished loading and the browser is idle (or after 4 s at the latest);
 * returns a function that cancels it. Used for work nobody is waiting for on a slow phone.
 */
export function whenIdle(run: () => void): () => void {
  let cancelled = false
  let idleId: number | undefined
  let timer: ReturnType<typeof setTimeout> | undefined
  const schedule = () => {
    if (cancelled) return
    if (typeof window.requestIdleCallback === 'function') {
      idleId = window.requestIdleCallback(() => !cancelled && run(), { timeout: 4000 })
    } else timer = setTimeout(() => !cancelled && run(), 200)
  }
  if (document.readyState === 'complete') schedule()
  else window.addEventListener('load', schedule, { once: true })
  return () => {
    cancelled = true
    window.removeEventListener('load', schedule)
    if (idleId !== undefined) window.cancelIdleCallback(idleId)
    if (timer !== undefined) clearTimeout(timer)
  }
}

/** False on the server and until the page has loaded and the browser is idle, then true. */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false)
  useEffect(() => whenIdle(() => setIdle(true)), [])
  return idle
}
