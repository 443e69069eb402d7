import { useEffect, useRef, useState } from 'react'
import { Link } from 'react-router'
import type { WishlistItem } from '../../../contracts/cart.ts'
import { imageAt } from '../../../contracts/images.ts'
import { useI18n, useT } from '../../i18n/i18n.tsx'
import { addToCart, cartQueryKey } from '../../lib/cart-api.ts'
import { cartMessages, wishlistColumns, wishlistMessages } from '../../lib/cart-messages.ts'
import { formatRs } from '../../lib/format.ts'
import { useQueryClient } from '../../lib/query.ts'
import { TOAST_MS, toast } from '../../lib/toast.tsx'
import { useSignedIn } from '../../lib/use-signed-in.ts'
import { useWishlistQuery } from '../../lib/use-wishlist.ts'
import { removeFromWishlist, wishlistQueryKey } from '../../lib/wishlist-api.ts'

const dateOptions: Intl.DateTimeFormatOptions = {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
}

/** The /wishlist screen: the table of saved products, each with add to cart. */
export function WishlistView({ initialItems }: { initialItems: WishlistItem[] | null }) {
  const t = useT()
  const signedIn = useSignedIn(initialItems !== null)
  const queryClient = useQueryClient()
  const query = useWishlistQuery(signedIn, { refetchOnMount: 'always' })
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set())
  const removing = useRef(new Set<string>())
  // Kept as the spec keeps them: stored, not shown.
  const [, setError] = useState('')

  useEffect(() => {
    if (query.error) {
      console.error(query.error.message)
      setError(wishlistMessages.fetchFailed)
    }
  }, [query.error])

  const items = (query.data?.wishlist.items ?? initialItems ?? []).filter((i) => !removed.has(i._id))
  const loading = !query.data && !initialItems && (query.isPending || !signedIn)

  const remove = async (item: WishlistItem) => {
    if (removing.current.has(item._id)) return
    removing.current.add(item._id)
    try {
      await removeFromWishlist(item.productId, item.variantId)
      setRemoved((r) => new Set(r).add(item._id))
      toast.success(t(wishlistMessages.removed))
      void queryClient.invalidateQueries({ queryKey: wishlistQueryKey })
    } catch (err) {
      console.error(err)
      setError(wishlistMessages.removeFailed)
    } finally {
      removing.current.delete(item._id)
    }
  }

  const moveToCart = async (item: WishlistItem) => {
    try {
      await addToCart(item.productId, item.variantId)
      void queryClient.invalidateQueries({ queryKey: cartQueryKey })
      // When the success toast closes, the item leaves the wishlist (spec section 4).
      toast.success(t(cartMessages.added), {
        duration: TOAST_MS,
        onAutoClose: () => void remove(item),
        onDismiss: () => void remove(item),
      })
    } catch (err) {
      console.error(err)
      toast.error(t(cartMessages.addFailed))
    }
  }

  return (
    <section className="w-full">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-serif text-2xl font-bold text-brand-800 sm:text-3xl">{t('Wishlist')}</h1>
        <Link
          to="/"
          className="rounded bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
        >
          {t(wishlistMessages.shopNow)}
        </Link>
      </div>

      {loading ? (
        <p className="mt-6">{t(wishlistMessages.loading)}</p>
      ) : items.length === 0 ? (
        <p className="mt-6 rounded-lg bg-white p-6 text-center text-lg shadow-sm ring-1 ring-brand-100">
          {t(wishlistMessages.empty)}
        </p>
      ) : (
        // Below 640 px each row becomes a small card (the headings are read out per cell instead).
        <div className="mt-4 rounded-lg bg-white shadow-sm ring-1 ring-brand-100">
          <table className="block w-full text-left text-sm sm:table">
            <thead className="hidden bg-brand-50 text-xs tracking-wide text-brand-800 uppercase sm:table-header-group">
              <tr>
                {wishlistColumns.map((c) => (
                  <th key={c} scope="col" className="px-3 py-2.5 font-semibold">
                    {t(c)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="block divide-y divide-brand-100 sm:table-row-group">
              {items.map((item, index) => (
                <WishlistRow
                  key={item._id}
                  item={item}
                  index={index}
                  onAddToCart={() => moveToCart(item)}
                  onRemove={() => remove(item)}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}

function WishlistRow({
  item,
  index,
  onAddToCart,
  onRemove,
}: {
  item: WishlistItem
  index: number
  onAddToCart: () => void
  onRemove: () => void
}) {
  const { t, locale } = useI18n()
  const inStock = item.quantity > 0
  return (
    <tr
      data-testid="wishlist-row"
      className="grid grid-cols-[4rem_minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1 p-3 sm:table-row sm:p-0"
    >
      <td className="col-start-3 row-start-1 self-start text-right text-xs text-ink/80 sm:px-3 sm:py-2 sm:text-left sm:text-sm">
        <Label text={t('ID')} />
        {index + 1}
      </td>
      <td className="col-start-1 row-span-3 row-start-1 sm:px-3 sm:py-2">
        <Label text={t('Image')} />
        <Link
          to={`/Product/${item.productId}${item.variantId ? `?variant=${item.variantId}` : ''}`}
          className="block w-14"
          title={item.title}
        >
          {item.url ? (
            <img
              src={imageAt(item.url, 200)}
              alt={item.title}
              width={56}
              height={56}
              loading="lazy"
              className="h-14 w-14 rounded object-cover"
            />
          ) : (
            <span className="flex h-14 w-14 items-center justify-center rounded bg-brand-100 text-xs">
              {item.title.slice(0, 12)}
            </span>
          )}
        </Link>
      </td>
      <td className="col-start-2 row-start-2 text-xs text-ink/80 sm:px-3 sm:py-2 sm:text-sm sm:whitespace-nowrap sm:text-ink">
        <Label text={t('Date')} />
        {new Intl.DateTimeFormat(locale, dateOptions).format(new Date(item.addedAt))}
      </td>
      <td className="col-start-2 row-start-1 min-w-0 font-semibold whitespace-nowrap text-brand-800 sm:px-3 sm:py-2">
        {/* Phones show the title in the card; the image's text already names it for screen readers. */}
        <span aria-hidden="true" className="block truncate text-sm font-medium text-ink sm:hidden">
          {item.title}
          {item.variantTitle ? ` (${item.variantTitle})` : ''}
        </span>
        <Label text={t('Price')} />
        {formatRs(item.price)}
      </td>
      <td className="col-start-2 row-start-3 whitespace-nowrap sm:px-3 sm:py-2">
        <Label text={t('Status')} />
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${inStock ? 'bg-green-100 text-leaf' : 'bg-red-100 text-red-800'}`}
        >
          {t(inStock ? wishlistMessages.available : wishlistMessages.outOfStock)}
        </span>
      </td>
      <td className="col-span-3 row-start-4 pt-2 sm:px-3 sm:py-2">
        <Label text={t('Actions')} />
        <div className="flex items-center gap-2">
          <button
            type="button"
            onClick={onAddToCart}
            className="rounded bg-brand-600 px-4 py-2 text-sm font-semibold whitespace-nowrap text-white hover:bg-brand-700 sm:px-3 sm:py-1.5 sm:text-xs"
          >
            {t('Add to Cart')}
          </button>
          <button
            type="button"
            onClick={onRemove}
            aria-label={t('Remove {title} from wishlist', { title: item.title })}
            className="rounded px-2 py-2 text-sm font-medium text-ink/80 underline hover:text-red-700 sm:py-1.5 sm:text-xs"
          >
            {t('Remove')}
          </button>
        </div>
      </td>
    </tr>
  )
}

/** The column heading, read out on phones where the heading row is hidden. */
function Label({ text }: { text: string }) {
  return <span className="sr-only sm:hidden">{text}: </span>
}
