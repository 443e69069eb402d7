import { useEffect, useRef, useState } from 'react'
import { Link } from 'react-router'
import type { Product } from '../../contracts/catalogue.ts'
import { imageAt, imageSrcSet } from '../../contracts/images.ts'
import { discountPercent } from '../../contracts/money.ts'
import { toCard } from '../../contracts/product-card.ts'
import { useT } from '../i18n/i18n.tsx'
import { api } from '../lib/api.ts'
import { catalogueText } from '../lib/catalogue-messages.ts'
import { formatRupees } from '../lib/format.ts'
import { toast } from '../lib/toast.tsx'
import { AddToCartButton } from './add-to-cart-button.tsx'
import { CloseIcon } from './icons.tsx'

type ProductAnswer = { success: boolean; product?: Product; message?: string }

const focusableSelector =
  'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])'

/** The quick-view modal; a file of its own, fetched when a visitor first asks for it (docs/decisions/105). */
export function QuickViewDialog({ productId, onClose }: { productId: string; onClose: () => void }) {
  const t = useT()
  const dialog = useRef<HTMLDialogElement>(null)
  const [product, setProduct] = useState<Product | null>(null)

  useEffect(() => {
    const el = dialog.current
    if (el && !el.open) el.showModal()
    const controller = new AbortController()
    api<ProductAnswer>(`/Product/product?id=${encodeURIComponent(productId)}`, { signal: controller.signal })
      .then((res) => {
        if (!res.success || !res.product) throw new Error(res.message)
        setProduct(res.product)
      })
      .catch((err) => {
        if (controller.signal.aborted) return
        console.error(err)
        toast.error(t(catalogueText.productFetchFailed))
        el?.close()
      })
    return () => controller.abort()
  }, [productId, t])

  // Tab and Shift+Tab wrap around inside the dialog, so focus never leaves it while it is open.
  const onKeyDown = (e: React.KeyboardEvent<HTMLDialogElement>) => {
    if (!dialog.current) return
    // Escape closes here rather than through the browser's close request, which may ignore it
    // when the page has had no fresh user activation.
    if (e.key === 'Escape') {
      e.preventDefault()
      dialog.current.close()
      return
    }
    if (e.key !== 'Tab') return
    const items = [...dialog.current.querySelectorAll<HTMLElement>(focusableSelector)]
    if (items.length === 0) return
    const first = items[0]
    const last = items[items.length - 1]
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault()
      last.focus()
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault()
      first.focus()
    }
  }

  // A product with options is chosen on its page (decision 129): 'from ₹X' where prices differ, and a link.
  const card = product ? toCard(product) : null
  const from = card?.priceFrom
  const off = product && from === undefined ? discountPercent(product.price, product.cutPrice) : 0
  return (
    <dialog
      ref={dialog}
      onClose={onClose}
      onKeyDown={onKeyDown}
      onClick={(e) => {
        if (e.target === dialog.current) dialog.current?.close()
      }}
      aria-labelledby={`quick-view-${productId}`}
      className="m-auto w-[min(92vw,44rem)] rounded-xl bg-white p-0 text-ink shadow-2xl backdrop:bg-ink/60"
    >
      <div className="relative grid gap-4 p-4 sm:grid-cols-2 sm:p-6">
        <button
          type="button"
          onClick={() => dialog.current?.close()}
          aria-label={t('Close')}
          className="absolute top-2 right-2 z-10 rounded-full bg-white p-2 text-ink shadow hover:text-brand-700"
        >
          <CloseIcon width={18} height={18} />
        </button>
        {product ? (
          <>
            <div className="aspect-square overflow-hidden rounded-lg bg-brand-50">
              {product.image ? (
                <img
                  src={imageAt(product.image, 400)}
                  srcSet={imageSrcSet(product.image)}
                  sizes="(max-width: 640px) 90vw, 22rem"
                  alt={product.title}
                  width={400}
                  height={400}
                  className="h-full w-full object-cover"
                />
              ) : null}
            </div>
            <div className="flex flex-col gap-3 pt-6 sm:pt-2">
              <h2 id={`quick-view-${productId}`} className="font-serif text-xl font-bold text-brand-800">
                <Link to={`/Productdetails/${product._id}`} className="hover:underline">
                  {product.title}
                </Link>
              </h2>
              <p className="flex flex-wrap items-baseline gap-2">
                <span className="text-2xl font-bold text-brand-800">
                  {from === undefined
                    ? formatRupees(product.price)
                    : t(catalogueText.priceFrom, { price: formatRupees(from) })}
                </span>
                {from === undefined && product.cutPrice > product.price ? (
                  <s className="text-ink/70">
                    <span className="sr-only">{t('List price')} </span>
                    {formatRupees(product.cutPrice)}
                  </s>
                ) : null}
                {off > 0 ? <span className="text-sm font-semibold text-leaf">-{off}%</span> : null}
              </p>
              {product.shortDescription ? (
                <p className="text-sm text-ink/80">{product.shortDescription}</p>
              ) : null}
              {card?.choose && product.quantity > 0 ? (
                <Link
                  to={`/Productdetails/${product._id}`}
                  onClick={() => dialog.current?.close()}
                  className="block w-full rounded bg-brand-600 px-3 py-2 text-center text-sm font-semibold text-white hover:bg-brand-700"
                >
                  {t(catalogueText.chooseOption, { option: card.choose.toLowerCase() })}
                </Link>
              ) : (
                <AddToCartButton
                  productId={product._id}
                  label={t(catalogueText.addToCart)}
                  soldOut={product.quantity <= 0}
                />
              )}
            </div>
          </>
        ) : (
          <p id={`quick-view-${productId}`} className="col-span-full py-10 text-center" aria-live="polite">
            {t(catalogueText.loading)}
          </p>
        )}
      </div>
    </dialog>
  )
}
