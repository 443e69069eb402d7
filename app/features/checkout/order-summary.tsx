import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { codMessages } from '../../../contracts/cod.ts'
import { shippingMessages } from '../../../contracts/shipping-rules.ts'
import { creditText } from '../../../contracts/store-credit.ts'
import { PersonalisationLines } from '../../components/personalisation-lines.tsx'
import { useT } from '../../i18n/i18n.tsx'
import { checkoutLabels } from '../../lib/checkout-messages.ts'
import type { CheckoutCart } from '../../lib/checkout-storage.ts'
import { formatRupees, truncate } from '../../lib/format.ts'
import type { DeliveryAndCod } from './delivery-and-cod.tsx'

/**
 * Your order, beside the form: the cart's lines, coupon, COD fee and total, the notices about delivery,
 * payment and errors (`children`), then Place Order and Cancel.
 */
export function OrderSummary({
  formId,
  cart,
  cartLoading,
  dc,
  placing,
  credit = 0,
  children,
}: {
  formId: string
  cart: CheckoutCart | null
  cartLoading: boolean
  dc: DeliveryAndCod
  placing: boolean
  /** Rupees of the total the customer's store credit pays (decision 139). */
  credit?: number
  children: ReactNode
}) {
  const t = useT()
  const items = cart?.items ?? []
  const subtotal = items.reduce((s, i) => s + i.price * i.quantity, 0)
  return (
    <aside
      aria-labelledby={`${formId}-summary`}
      className="h-fit rounded-lg bg-white p-4 shadow-sm lg:sticky lg:top-4"
    >
      <h2 id={`${formId}-summary`} className="text-lg font-semibold text-brand-800">
        {t('Your order')}
      </h2>
      {items.length === 0 && cartLoading ? (
        <p role="status" className="mt-2 text-sm">
          {t('Loading your cart…')}
        </p>
      ) : items.length === 0 ? (
        <p className="mt-2 text-sm">
          {t('Your cart is empty.')}{' '}
          <Link to="/Cart" className="text-brand-700 underline">
            {t('Go to your cart')}
          </Link>
        </p>
      ) : (
        <table className="mt-3 w-full text-sm">
          <thead className="sr-only">
            <tr>
              <th scope="col">{t('Product')}</th>
              <th scope="col">{t('Line total')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((i) => (
              <tr key={i._id ?? i.productId} className="border-b border-ink/10 align-top">
                <td className="py-2 pr-2">
                  {truncate(i.product?.title ?? '', 30)}
                  {i.variantTitle ? <span className="block text-ink/75">{i.variantTitle}</span> : null}
                  <PersonalisationLines
                    lines={i.personalisationLines}
                    testId="summary-personalisation"
                    beforeOrder
                    className="text-ink/75"
                  />
                  <span className="block text-ink/70">
                    {i.quantity} × {formatRupees(i.price)}
                  </span>
                </td>
                <td className="py-2 text-right whitespace-nowrap">{formatRupees(i.price * i.quantity)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            {cart && cart.discount > 0 && (
              <>
                <tr>
                  <td className="pt-2">{t('Subtotal')}</td>
                  <td className="pt-2 text-right">{formatRupees(subtotal)}</td>
                </tr>
                <tr>
                  <td>
                    {t('Coupon')}
                    {cart.couponCode ? ` ${cart.couponCode}` : ''}
                  </td>
                  <td className="text-right">{cart.discount}%</td>
                </tr>
              </>
            )}
            {dc.shipping && (
              <tr data-testid="checkout-shipping">
                <td className="pt-2">{t(shippingMessages.line)}</td>
                <td className="pt-2 text-right">
                  {dc.shipping.charge > 0 ? formatRupees(dc.shipping.charge) : t(shippingMessages.free)}
                </td>
              </tr>
            )}
            {dc.codFee > 0 && (
              <tr>
                <td className="pt-2">{t(codMessages.feeLine)}</td>
                <td className="pt-2 text-right">{formatRupees(dc.codFee / 100)}</td>
              </tr>
            )}
            <tr className="text-base font-bold">
              <td className="pt-3">{t(checkoutLabels.total)}</td>
              <td className="pt-3 text-right">{formatRupees(dc.totalToPay)}</td>
            </tr>
            {credit > 0 && (
              <>
                <tr data-testid="checkout-store-credit">
                  <td className="pt-1">{t(creditText.applied)}</td>
                  <td className="pt-1 text-right">−{formatRupees(credit)}</td>
                </tr>
                <tr className="font-bold" data-testid="checkout-to-pay">
                  <td className="pt-1">{t(creditText.toPay)}</td>
                  <td className="pt-1 text-right">{formatRupees(Math.max(0, dc.totalToPay - credit))}</td>
                </tr>
              </>
            )}
            {dc.codChosen && (
              <tr>
                <td colSpan={2} className="pt-1 text-sm text-ink/80">
                  {t(checkoutLabels.codPayOnDelivery)}
                </td>
              </tr>
            )}
          </tfoot>
        </table>
      )}
      {children}
      <div className="mt-4 flex flex-col gap-2">
        <button
          type="submit"
          disabled={placing}
          className="rounded bg-brand-700 px-4 py-3 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
        >
          {placing ? t('Placing order…') : t(checkoutLabels.placeOrder)}
        </button>
        <Link
          to="/"
          className="rounded border border-brand-700 px-4 py-3 text-center font-semibold text-brand-700 hover:bg-brand-50"
        >
          {t(checkoutLabels.cancel)}
        </Link>
      </div>
    </aside>
  )
}

/** A changed price or coupon stays on screen, not only in a one-second toast. */
export function OrderProblem({ problem }: { problem: string | null }) {
  const t = useT()
  if (!problem) return null
  return (
    <p role="alert" className="mt-3 rounded border border-red-300 bg-red-50 p-3 text-sm text-red-800">
      {problem}{' '}
      <Link to="/Cart" className="font-semibold underline">
        {t('Review your cart')}
      </Link>
    </p>
  )
}
