import { useEffect, useRef, useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import type { Cart, CartItem } from '../../../contracts/cart.ts'
import { imageAt } from '../../../contracts/images.ts'
import { leadDaysText, longestLead, madeToOrderText } from '../../../contracts/made-to-order.ts'
import { withVariant } from '../../../contracts/product-card.ts'
import { DeliveryCheck } from '../../components/delivery-check.tsx'
import { CloseIcon } from '../../components/icons.tsx'
import { PersonalisationLines } from '../../components/personalisation-lines.tsx'
import { useT } from '../../i18n/i18n.tsx'
import { ApiError } from '../../lib/api.ts'
import {
  applyCoupon,
  cartQueryKey,
  couponsQueryKey,
  fetchCoupons,
  removeFromCart,
  setCartQuantity,
} from '../../lib/cart-api.ts'
import { cartMessages, couponMessages, maxCartQuantity } from '../../lib/cart-messages.ts'
import { cartSubtotal, formatRupees2, totalAfterCoupon } from '../../lib/cart-totals.ts'
import { saveCheckoutCart } from '../../lib/checkout-storage.ts'
import { formatRupees, truncate } from '../../lib/format.ts'
import { useQuery, useQueryClient } from '../../lib/query.ts'
import { storageKeys, writeStorage } from '../../lib/session.ts'
import { useTypedEarly } from '../../lib/typed-early.ts'
import { useCartQuery } from '../../lib/use-cart.ts'
import { useSignedIn } from '../../lib/use-signed-in.ts'

/** The /Cart screen: lines, quantity steppers, summary, promo code and the way to checkout. */
export function CartView({ initialCart }: { initialCart: Cart | null }) {
  const t = useT()
  const signedIn = useSignedIn(initialCart !== null)
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const cartQuery = useCartQuery(signedIn, { refetchOnMount: 'always' })
  // Quantities the customer changed here win over a poll that may still carry the old number.
  const [quantities, setQuantities] = useState<Record<string, number>>({})
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set())
  const saving = useRef<Promise<unknown>>(Promise.resolve())

  useEffect(() => {
    if (cartQuery.error) console.error(cartMessages.fetchFailed, cartQuery.error.message)
  }, [cartQuery.error])

  const serverCart = cartQuery.data?.cart ?? initialCart
  const items: CartItem[] = (serverCart?.items ?? [])
    .filter((i) => !removed.has(i._id))
    .map((i) => ({ ...i, quantity: quantities[i._id] ?? i.quantity }))
  const subtotal = cartSubtotal(items)
  // Redeem tapped before the page's code sends the code in the address (the form's GET): the page shows it,
  // and the code redeems it once it runs, then takes it out of the address.
  const [params, setParams] = useSearchParams()
  const sentCode = params.get(couponParam)?.trim().slice(0, 60) ?? ''
  const coupon = useCoupon(sentCode)
  const couponForm = useRef<HTMLFormElement>(null)
  useTypedEarly(couponForm, (typed) => {
    if (typed.code && typed.code !== sentCode) coupon.setCode(typed.code)
  })
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the page's code takes over
  useEffect(() => {
    if (!sentCode) return
    void coupon.redeemCode(sentCode)
    setParams(
      (p) => {
        p.delete(couponParam)
        return p
      },
      { replace: true, preventScrollReset: true },
    )
  }, [])
  const total = totalAfterCoupon(subtotal, coupon.discount)

  const changeQuantity = (item: CartItem, next: number) => {
    const quantity = Math.min(maxCartQuantity, Math.max(1, next))
    if (quantity === item.quantity) return
    setQuantities((q) => ({ ...q, [item._id]: quantity }))
    // One change after another, so the last click is the one the server keeps.
    saving.current = saving.current
      .then(() => setCartQuantity(item.productId, quantity, item.variantId))
      .catch((err) => console.error(err))
  }

  const remove = async (item: CartItem) => {
    try {
      // The line's own variant, or the product's one line (decision 129).
      await removeFromCart(item.productId, item.variantId ?? undefined)
      setRemoved((r) => new Set(r).add(item._id))
      void queryClient.invalidateQueries({ queryKey: cartQueryKey })
    } catch (err) {
      console.error(cartMessages.removeFailed, err instanceof Error ? err.message : err)
    }
  }

  const proceed = async () => {
    await saving.current
    saveCheckoutCart({ items, total, discount: coupon.discount, couponCode: coupon.appliedCode })
    navigate('/CheckOut')
  }

  const loading = !serverCart && signedIn && cartQuery.isPending

  return (
    <section className="@container w-full">
      <nav aria-label={t('Breadcrumb')} className="text-sm text-ink/80">
        <ol className="flex items-center gap-2">
          <li>
            <Link to="/" className="hover:text-brand-700 hover:underline">
              {t('Home')}
            </Link>
          </li>
          <li aria-hidden="true">&gt;</li>
          <li aria-current="page" className="font-medium text-brand-800">
            {t(cartMessages.title)}
          </li>
        </ol>
      </nav>
      <h1 className="mt-2 font-serif text-2xl font-bold text-brand-800 sm:text-3xl">
        {t(cartMessages.title)}
      </h1>

      {loading ? (
        <p className="mt-6">{t('Loading...')}</p>
      ) : items.length === 0 ? (
        <div className="mt-6 rounded-lg bg-white p-6 text-center shadow-sm ring-1 ring-brand-100">
          <p className="text-lg">{t(cartMessages.empty)}</p>
          <Link
            to="/"
            className="mt-4 inline-block rounded bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700"
          >
            {t('Continue shopping')}
          </Link>
        </div>
      ) : (
        <div className="mt-4 grid gap-5 @3xl:grid-cols-[minmax(0,1fr)_19rem]">
          <ul className="min-w-0 divide-y divide-brand-100 self-start rounded-lg bg-white shadow-sm ring-1 ring-brand-100">
            {items.map((item) => (
              <CartLine
                key={item._id}
                item={item}
                onQuantity={(q) => changeQuantity(item, q)}
                onRemove={() => remove(item)}
              />
            ))}
          </ul>

          <aside aria-label={t('Order summary')} className="flex min-w-0 flex-col gap-4">
            <div className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-brand-100">
              <h2 className="font-serif text-lg font-bold text-brand-800">{t('Summary')}</h2>
              <dl className="mt-3 space-y-2 text-sm">
                <SummaryRow label={t('Subtotal')} value={formatRupees2(subtotal)} testId="cart-subtotal" />
                <SummaryRow label={t('Shipping')} value={formatRupees2(0)} testId="cart-shipping" />
                <SummaryRow label={t('Coupon')} value={`${coupon.discount}%`} testId="cart-coupon" />
                <div className="flex justify-between border-t border-brand-100 pt-2 text-base font-bold">
                  <dt>{t('Total')}</dt>
                  <dd data-testid="cart-total">{formatRupees2(total)}</dd>
                </div>
              </dl>
            </div>

            <form
              ref={couponForm}
              method="get"
              onSubmit={coupon.redeem}
              className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-brand-100"
            >
              <label htmlFor="promo-code" className="text-sm font-semibold text-brand-800">
                {t('Promo code')}
              </label>
              <div className="mt-2 flex gap-2">
                <input
                  id="promo-code"
                  name={couponParam}
                  value={coupon.code}
                  onChange={(e) => coupon.setCode(e.target.value)}
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  placeholder={t('Enter code')}
                  aria-invalid={coupon.error ? true : undefined}
                  aria-describedby={coupon.error ? 'promo-error' : undefined}
                  className="w-0 min-w-0 flex-1 rounded border border-brand-200 px-3 py-2 text-base focus:border-brand-600 focus:outline-none"
                />
                <button
                  type="submit"
                  disabled={coupon.checking}
                  className="rounded bg-ink px-4 py-2 font-semibold text-white hover:bg-brand-900 disabled:opacity-70"
                >
                  {t(cartMessages.redeem)}
                </button>
              </div>
              <p id="promo-error" role="alert" className="mt-2 min-h-5 text-sm font-medium text-red-700">
                {coupon.error ? t(coupon.error) : null}
              </p>
            </form>

            <DeliveryCheck
              value={total}
              lead={longestLead(items.map((i) => i.madeToOrder))}
              shippingFor={{
                cart: {
                  coupon: coupon.appliedCode,
                  key: items.map((i) => `${i.productId}:${i.variantId ?? ''}:${i.quantity}`).join(','),
                },
              }}
            />

            {/* Before the page's code, the checkout opens with the cart the server holds (decision 127). */}
            <form
              method="get"
              action="/CheckOut"
              className="contents"
              onSubmit={(e) => {
                e.preventDefault()
                void proceed()
              }}
            >
              <button
                type="submit"
                className="rounded bg-brand-600 px-5 py-3 text-base font-semibold text-white hover:bg-brand-700"
              >
                {t(cartMessages.proceed)}
              </button>
            </form>
          </aside>
        </div>
      )}
    </section>
  )
}

function SummaryRow({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="flex justify-between">
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  )
}

function CartLine({
  item,
  onQuantity,
  onRemove,
}: {
  item: CartItem
  onQuantity: (q: number) => void
  onRemove: () => void
}) {
  const t = useT()
  const href = `/Productdetails/${item.product._id}${item.variantId ? `?variant=${item.variantId}` : ''}`
  const name = withVariant(item.product.title, item.variantTitle)
  const stepper =
    'flex h-9 w-9 items-center justify-center text-lg font-bold text-brand-800 hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-40'
  return (
    <li className="flex gap-3 p-3 sm:p-4" data-testid="cart-line">
      <Link to={href} className="shrink-0" tabIndex={-1} aria-hidden="true">
        {item.product.image ? (
          <img
            src={imageAt(item.product.image, 200)}
            alt=""
            width={80}
            height={80}
            loading="lazy"
            className="h-20 w-20 rounded object-cover"
          />
        ) : (
          <span className="block h-20 w-20 rounded bg-brand-100" />
        )}
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <Link
              to={href}
              className="text-sm leading-snug font-medium text-ink hover:text-brand-700"
              title={name}
            >
              {truncate(item.product.title, 60)}
              {item.variantTitle ? (
                <span className="mt-0.5 block text-ink/75" data-testid="cart-variant">
                  {item.variantTitle}
                </span>
              ) : null}
              {item.madeToOrder ? (
                <span className="mt-0.5 block text-ink/75" data-testid="cart-made-to-order">
                  {t(madeToOrderText.line, { days: leadDaysText(item.madeToOrder) })}
                </span>
              ) : null}
            </Link>
            <PersonalisationLines
              lines={item.personalisationLines}
              testId="cart-personalisation"
              beforeOrder
            />
          </div>
          <button
            type="button"
            onClick={onRemove}
            aria-label={t('Remove {title}', { title: name })}
            className="-mt-1 -mr-1 shrink-0 rounded p-1.5 text-ink/70 hover:bg-brand-50 hover:text-red-700"
          >
            <CloseIcon width={18} height={18} />
          </button>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div
            role="group"
            aria-label={t('Quantity of {title}', { title: name })}
            className="flex items-center rounded border border-brand-200"
          >
            <button
              type="button"
              className={stepper}
              aria-label={t('Decrease quantity')}
              disabled={item.quantity <= 1}
              onClick={() => onQuantity(item.quantity - 1)}
            >
              −
            </button>
            <output className="w-9 text-center font-semibold" aria-live="polite" data-testid="cart-quantity">
              {item.quantity}
            </output>
            <button
              type="button"
              className={stepper}
              aria-label={t('Increase quantity')}
              disabled={item.quantity >= maxCartQuantity}
              onClick={() => onQuantity(item.quantity + 1)}
            >
              +
            </button>
          </div>
          <p className="font-semibold text-brand-800" data-testid="cart-price">
            {formatRupees(item.price)}
          </p>
        </div>
      </div>
    </li>
  )
}

/** Redeem: the fetched public list first (spec section 4), then the server for codes it does not show. */
// The promo code field's name, and the address's parameter when the form is sent before the page's code runs.
const couponParam = 'code'

function useCoupon(initialCode: string) {
  const t = useT()
  const coupons = useQuery({ queryKey: couponsQueryKey, queryFn: fetchCoupons, staleTime: 60_000, retry: 1 })
  const [code, setCode] = useState(initialCode)
  const [discount, setDiscount] = useState(0)
  const [appliedCode, setAppliedCode] = useState<string | null>(null)
  const [error, setError] = useState('')
  const [checking, setChecking] = useState(false)

  useEffect(() => {
    if (coupons.error) console.error(cartMessages.fetchCouponsFailed, coupons.error.message)
  }, [coupons.error])

  const accept = (c: { code: string; discount: number }) => {
    setDiscount(c.discount)
    setAppliedCode(c.code)
    setError('')
    writeStorage(storageKeys.couponDiscount, String(c.discount))
  }
  const refuse = (message: string) => {
    setDiscount(0)
    setAppliedCode(null)
    setError(message)
  }

  const redeem = (e: React.FormEvent) => {
    e.preventDefault()
    void redeemCode(code)
  }

  const redeemCode = async (typed: string) => {
    const wanted = typed.trim()
    const listed = coupons.data?.find((c) => c.code === wanted)
    if (listed) {
      if (listed.status !== 'active') refuse(couponMessages.expired)
      else accept(listed)
      return
    }
    if (!wanted) return refuse(couponMessages.invalid)
    setChecking(true)
    try {
      accept(await applyCoupon(wanted))
    } catch (err) {
      refuse(
        // The server may answer in the page's language.
        err instanceof ApiError &&
          (err.message === couponMessages.expired || err.message === t(couponMessages.expired))
          ? couponMessages.expired
          : couponMessages.invalid,
      )
    } finally {
      setChecking(false)
    }
  }

  return { code, setCode, discount, appliedCode, error, checking, redeem, redeemCode }
}
