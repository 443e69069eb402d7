import { useEffect, useId, useState } from 'react'
import type { DeliveryEstimate } from '../../contracts/delivery.ts'
import { deliveryMessages } from '../../contracts/delivery.ts'
import { windowText } from '../../contracts/delivery-text.ts'
import { msg } from '../../contracts/languages.ts'
import type { LeadTime } from '../../contracts/made-to-order.ts'
import { formatPaise } from '../../contracts/money.ts'
import type { ShippingQuote } from '../../contracts/shipping.ts'
import { shippingText } from '../../contracts/shipping-rules.ts'
import { type ShopI18n, useI18n, useT } from '../i18n/i18n.tsx'
import { isPin, rememberPin, storedPin, useDeliveryEstimate } from '../lib/delivery-api.ts'
import { type ShippingFor, useShippingQuote } from '../lib/shipping-api.ts'

export const deliveryText = {
  check: msg('Check delivery'),
  button: msg('Check'),
  failed: msg('We could not check delivery just now. Please try again.'),
  checking: msg('Checking…'),
  /** A sold-out piece, or the product page's sold-out choice (decision 129), is promised no date. */
  soldOut: msg('Out of stock, so we cannot give a delivery date.'),
} as const

/** The delivery promise in the page's language, from the estimate's dates. */
function datesText(i18n: ShopI18n, estimate: DeliveryEstimate): string {
  const { from, to } = estimate
  return from && to ? windowText(i18n, from, to) : estimate.text
}

/**
 * Cash on delivery at this PIN, for `value` rupees where the page knows it (a product's price, the cart's
 * total): the same limit the checkout applies, so a piece above it is never said to be payable on delivery.
 * A refusal comes worded by the server, in the language the page asked in.
 */
function codText({ t }: ShopI18n, estimate: DeliveryEstimate, value?: number): string {
  if (!estimate.served) return t('We do not deliver to PIN {pin} yet.', { pin: estimate.pin })
  if (!estimate.cod.available) return estimate.cod.text
  const amount = formatPaise(Math.round(estimate.cod.maxTotal * 100))
  if (value !== undefined && value > estimate.cod.maxTotal)
    return t('Cash on delivery is for orders up to {amount}: this one is paid online.', { amount })
  return t('Cash on delivery available for orders up to {amount}', { amount })
}

/**
 * The answer for one PIN: dates and COD, or plainly that the shop does not deliver there, or, for what is
 * sold out (`soldOut`), that there is no date to give.
 */
export function DeliveryAnswer({
  estimate,
  value,
  soldOut = false,
  shipping = null,
}: {
  estimate: DeliveryEstimate
  value?: number
  soldOut?: boolean
  /** What shipping costs to this PIN (decision 134), when the page asked. */
  shipping?: ShippingQuote | null
}) {
  const i18n = useI18n()
  const { t } = i18n
  if (!estimate.served)
    return (
      <p className="font-semibold text-red-700" data-testid="delivery-unserved">
        {t('We do not deliver to PIN {pin} yet.', { pin: estimate.pin })}
      </p>
    )
  if (soldOut)
    return (
      <p className="font-semibold text-red-800" data-testid="delivery-sold-out">
        {t(deliveryText.soldOut)}
      </p>
    )
  const where = [estimate.district, estimate.state].filter(Boolean).join(', ')
  return (
    <div className="grid gap-0.5" data-testid="delivery-answer">
      <p className="font-semibold text-green-800" data-testid="delivery-dates">
        {datesText(i18n, estimate)}
        {where ? <span className="font-normal text-ink/70"> {t('to {where}', { where })}</span> : null}
      </p>
      {shipping && shipping.pin === estimate.pin ? (
        <p className="text-ink/80" data-testid="delivery-shipping">
          {shippingText(t, shipping)}
        </p>
      ) : null}
      <p className={estimate.cod.available ? 'text-ink/80' : 'text-ink/70'} data-testid="delivery-cod">
        {codText(i18n, estimate, value)}
      </p>
    </div>
  )
}

/**
 * A small 'Check delivery' PIN box for the product page and the cart. The PIN is remembered on the device,
 * so the next page already shows its dates. `value`: what would be ordered, in rupees (the COD limit);
 * `soldOut`: the product page's piece (or chosen variant) is sold out, so no date is promised.
 */
export function DeliveryCheck({
  className = '',
  value,
  soldOut,
  lead = null,
  shippingFor = null,
}: {
  className?: string
  value?: number
  soldOut?: boolean
  /** Whose shipping to quote beside the dates: one piece (the product page) or the customer's cart. */
  shippingFor?: ShippingFor
  /** Made to order (decision 132): the piece's (or the cart's longest) days until it ships. */
  lead?: LeadTime | null
}) {
  const t = useT()
  const id = useId()
  const [typed, setTyped] = useState('')
  const [pin, setPin] = useState('')
  const [error, setError] = useState<string | null>(null)
  const answer = useDeliveryEstimate(pin, lead)
  const shipping = useShippingQuote(pin, soldOut ? null : shippingFor)
  useEffect(() => {
    const kept = storedPin()
    setTyped(kept)
    setPin(kept)
  }, [])

  const check = (e: React.FormEvent) => {
    e.preventDefault()
    const value = typed.trim()
    if (!isPin(value)) {
      setError(deliveryMessages.badPin)
      return
    }
    setError(null)
    rememberPin(value)
    setPin(value)
  }

  return (
    <form
      onSubmit={check}
      noValidate
      aria-label={t(deliveryText.check)}
      className={`rounded-lg bg-white p-3 text-sm shadow-sm ring-1 ring-brand-100 ${className}`}
      data-testid="delivery-check"
    >
      <label htmlFor={`${id}-pin`} className="font-semibold text-brand-800">
        {t(deliveryText.check)}
      </label>
      <div className="mt-1.5 flex gap-2">
        <input
          id={`${id}-pin`}
          name="pin"
          value={typed}
          onChange={(e) => setTyped(e.target.value.replace(/\D/g, '').slice(0, 6))}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={6}
          placeholder={t('PIN code')}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-answer`}
          className="w-0 min-w-0 flex-1 rounded border border-brand-200 px-3 py-2 text-base focus:border-brand-600 focus:outline-none"
        />
        <button
          type="submit"
          className="rounded bg-ink px-4 py-2 font-semibold text-white hover:bg-brand-900"
        >
          {t(deliveryText.button)}
        </button>
      </div>
      <div id={`${id}-answer`} aria-live="polite" className="mt-2 empty:mt-0">
        {error ? <p className="font-medium text-red-700">{t(error)}</p> : null}
        {!error && answer.checking ? <p className="text-ink/70">{t(deliveryText.checking)}</p> : null}
        {!error && answer.failed ? <p className="text-red-700">{t(deliveryText.failed)}</p> : null}
        {!error && answer.estimate ? (
          <DeliveryAnswer
            estimate={answer.estimate}
            value={value}
            soldOut={soldOut}
            shipping={shipping.quote}
          />
        ) : null}
      </div>
    </form>
  )
}
