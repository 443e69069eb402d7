import { lazy, Suspense, useRef, useState } from 'react'
import { useT } from '../i18n/i18n.tsx'
import { EyeIcon } from './icons.tsx'

// The modal's code (with the product's fetch, gallery and Add To Cart) is not on the first screen.
const loadDialog = () => import('./quick-view-dialog.tsx')
const QuickViewDialog = lazy(() => loadDialog().then((m) => ({ default: m.QuickViewDialog })))

/**
 * Opens the quick-view modal for one product; the product is fetched when the visitor asks. It is a link
 * to the product's page that the page's code turns into the modal's opener: a tap before the code has come
 * (a slow phone, or an island still waiting for its code) opens the product page rather than nothing.
 */
export function QuickViewButton({
  productId,
  title,
  className,
}: {
  productId: string
  title: string
  className?: string
}) {
  const t = useT()
  const [open, setOpen] = useState(false)
  const opener = useRef<HTMLAnchorElement>(null)
  return (
    <>
      <a
        ref={opener}
        href={`/Productdetails/${productId}`}
        role="button"
        onClick={(e) => {
          // A new tab or window asked for with a modifier key is the product page, as any link's.
          if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return
          e.preventDefault()
          setOpen(true)
        }}
        onKeyDown={(e) => {
          // A button answers the space bar too (Enter already follows the click).
          if (e.key !== ' ') return
          e.preventDefault()
          setOpen(true)
        }}
        onPointerEnter={loadDialog}
        onFocus={loadDialog}
        aria-label={t('Quick view: {title}', { title })}
        aria-haspopup="dialog"
        className={`inline-flex ${className ?? 'rounded-full bg-white/90 p-2 text-brand-700 shadow hover:text-brand-600'}`}
      >
        <EyeIcon width={18} height={18} />
      </a>
      {open ? (
        <Suspense>
          <QuickViewDialog
            productId={productId}
            onClose={() => {
              setOpen(false)
              opener.current?.focus()
            }}
          />
        </Suspense>
      ) : null}
    </>
  )
}
