import { useEffect } from 'react'

/**
 * The shop's header stays at the top of the screen (sticky), so a form scrolled into view, or a field
 * reached with Tab, would land under it. While the console is open the page keeps that much room at
 * the top whenever it scrolls something into view (scroll-padding), measured from the header itself.
 */
export function useHeaderClearance() {
  useEffect(() => {
    const root = document.documentElement
    const header = document.querySelector('header')
    if (!header) return
    const update = () => {
      root.style.scrollPaddingTop = `${Math.ceil(header.getBoundingClientRect().height) + 12}px`
    }
    update()
    const observer = new ResizeObserver(update)
    observer.observe(header)
    return () => {
      observer.disconnect()
      root.style.scrollPaddingTop = ''
    }
  }, [])
}
