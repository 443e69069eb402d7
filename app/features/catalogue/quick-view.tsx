import { lazy, Suspense, useRef, useState } from 'react'
import { EyeIcon } from '../../components/icons.tsx'
import { useT } from '../../i18n/i18n.tsx'

// The modal's code (with the product's fetch, gallery and Add To Cart) is not on the first screen.
const loadDialog = () => import('./quick-view-dialog.tsx')
const QuickViewDialog = lazy(() => loadDialog().then((m) => ({ default: m.QuickViewDialog })))

/** Opens the quick-view modal for one product; the product is fetched when the visitor asks. */
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
  const opener = useRef<HTMLButtonElement>(null)
  return (
    <>
      <button
        ref={opener}
        type="button"
        onClick={() => setOpen(true)}
        onPointerEnter={loadDialog}
        onFocus={loadDialog}
        aria-label={t('Quick view: {title}', { title })}
        aria-haspopup="dialog"
        className={className ?? 'rounded-full bg-white/90 p-2 text-brand-700 shadow hover:text-brand-600'}
      >
        <EyeIcon width={18} height={18} />
      </button>
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
