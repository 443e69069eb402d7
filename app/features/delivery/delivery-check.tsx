import { useEffect, useId, useState } from 'react'
import type { DeliveryEstimate } from '../../../contracts/delivery.ts'
import { deliveryMessages } from '../../../contracts/delivery.ts'
import { isPin, rememberPin, storedPin, useDeliveryEstimate } from './delivery-api.ts'

export const deliveryText = {
  check: 'Check delivery',
  button: 'Check',
  failed: 'We could not check delivery just now. Please try again.',
  checking: 'Checking…',
} as const

/** The answer for one PIN: dates and COD, or plainly that the shop does not deliver there. */
export function DeliveryAnswer({ estimate }: { estimate: DeliveryEstimate }) {
  if (!estimate.served)
    return (
      <p className="font-semibold text-red-700" data-testid="delivery-unserved">
        {deliveryMessages.notServed(estimate.pin)}
      </p>
    )
  const where = [estimate.district, estimate.state].filter(Boolean).join(', ')
  return (
    <div className="grid gap-0.5" data-testid="delivery-answer">
      <p className="font-semibold text-green-800" data-testid="delivery-dates">
        {estimate.text}
        {where ? <span className="font-normal text-ink/70"> to {where}</span> : null}
      </p>
      <p className={estimate.cod.available ? 'text-ink/80' : 'text-ink/70'} data-testid="delivery-cod">
        {estimate.cod.text}
      </p>
    </div>
  )
}

/**
 * A small 'Check delivery' PIN box for the product page and the cart. The PIN is remembered on the device,
 * so the next page already shows its dates.
 */
export function DeliveryCheck({ className = '' }: { className?: string }) {
  const id = useId()
  const [typed, setTyped] = useState('')
  const [pin, setPin] = useState('')
  const [error, setError] = useState<string | null>(null)
  const answer = useDeliveryEstimate(pin)
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
      aria-label={deliveryText.check}
      className={`rounded-lg bg-white p-3 text-sm shadow-sm ring-1 ring-brand-100 ${className}`}
      data-testid="delivery-check"
    >
      <label htmlFor={`${id}-pin`} className="font-semibold text-brand-800">
        {deliveryText.check}
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
          placeholder="PIN code"
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-answer`}
          className="w-0 min-w-0 flex-1 rounded border border-brand-200 px-3 py-2 text-base focus:border-brand-600 focus:outline-none"
        />
        <button
          type="submit"
          className="rounded bg-ink px-4 py-2 font-semibold text-white hover:bg-brand-900"
        >
          {deliveryText.button}
        </button>
      </div>
      <div id={`${id}-answer`} aria-live="polite" className="mt-2 empty:mt-0">
        {error ? <p className="font-medium text-red-700">{error}</p> : null}
        {!error && answer.checking ? <p className="text-ink/70">{deliveryText.checking}</p> : null}
        {!error && answer.failed ? <p className="text-red-700">{deliveryText.failed}</p> : null}
        {!error && answer.estimate ? <DeliveryAnswer estimate={answer.estimate} /> : null}
      </div>
    </form>
  )
}
