import { type RefObject, useEffect, useState } from 'react'
import type { PersonalisationAnswer } from '../../../contracts/personalisation.ts'
import { AddToCartButton } from '../../components/add-to-cart-button.tsx'
import { useT } from '../../i18n/i18n.tsx'
import { catalogueText } from '../../lib/catalogue-messages.ts'
import { formatRupees } from '../../lib/format.ts'

type Props = {
  /** The page's own Add To Cart row: the bar shows only once it has scrolled up out of sight. */
  anchor: RefObject<HTMLElement | null>
  productId: string
  title: string
  price: number
  soldOut: boolean
  /** The variant chosen on the page, for a product with options (decision 129): added, and named. */
  variant?: { _id: string; title: string } | null
  /** What the customer chose in 'Make it yours' (decision 133), added with the piece. */
  personalisation?: PersonalisationAnswer
}

/**
 * A bar fixed to the bottom of the screen with the title, price and Add To Cart, shown while the page's
 * own button is scrolled away above. It steps aside when the footer comes into view, so the footer's
 * links are never under it.
 */
export function StickyCartBar({ anchor, productId, title, price, soldOut, variant, personalisation }: Props) {
  const t = useT()
  const [pastButton, setPastButton] = useState(false)
  const [footerSeen, setFooterSeen] = useState(false)

  useEffect(() => {
    const el = anchor.current
    if (!el || typeof IntersectionObserver === 'undefined') return
    // The shop's header stays at the top of the screen: a button under it is out of sight too.
    const header = document.querySelector('header')
    const headerHeight = header && getComputedStyle(header).position === 'sticky' ? header.offsetHeight : 0
    const observer = new IntersectionObserver(
      ([entry]) => {
        // Only "scrolled past" counts: above the screen, not still below it on a short screen.
        const top = entry.rootBounds?.top ?? headerHeight
        setPastButton(!entry.isIntersecting && entry.boundingClientRect.bottom <= top)
      },
      { rootMargin: `-${headerHeight}px 0px 0px 0px` },
    )
    observer.observe(el)
    const footer = document.querySelector('body > footer, footer')
    const footerObserver = footer
      ? new IntersectionObserver(([entry]) => setFooterSeen(entry.isIntersecting))
      : null
    if (footer) footerObserver?.observe(footer)
    return () => {
      observer.disconnect()
      footerObserver?.disconnect()
    }
  }, [anchor])

  if (!pastButton || footerSeen) return null
  return (
    <section
      aria-label={t('Add To Cart: {title}', { title })}
      data-testid="sticky-cart-bar"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-brand-100 bg-white/95 pb-[env(safe-area-inset-bottom)] shadow-[0_-4px_12px_rgba(0,0,0,0.08)] backdrop-blur"
    >
      <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-2.5">
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium text-ink">{title}</p>
          <p className="font-bold text-brand-800">
            {formatRupees(price)}
            {variant ? <span className="ml-2 text-sm font-medium text-ink/80">{variant.title}</span> : null}
          </p>
        </div>
        <AddToCartButton
          productId={productId}
          variantId={variant?._id}
          personalisation={personalisation}
          soldOut={soldOut}
          label={t(catalogueText.addToCart)}
          className="shrink-0 rounded bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800"
        />
      </div>
    </section>
  )
}
