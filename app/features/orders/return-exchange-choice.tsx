import { formatPaise } from '../../../contracts/money.ts'
import type { ReturnOptions } from '../../../contracts/return-requests.ts'
import { returnText } from '../../../contracts/return-requests.ts'
import { useI18n } from '../../i18n/i18n.tsx'
import { returnWords as w } from './return-messages.ts'

type Line = ReturnOptions['lines'][number]
export type ExchangeOption = Line['exchangeTo'][number]

type Translate = ReturnType<typeof useI18n>['t']

/** An option can be sent when the shop has as many pieces of it as the customer sends back. */
export const canSend = (option: ExchangeOption, quantity: number) => option.available >= quantity

/**
 * What an exchange's difference means to the customer (decision 140): the sentence for paise more (paid once
 * staff approve it), less (given back) or the same.
 */
export function differenceSentence(t: Translate, difference: number): string {
  const amount = formatPaise(Math.abs(difference))
  if (difference > 0) return t(returnText.exchangeDue, { amount })
  if (difference < 0) return t(returnText.exchangeBack, { amount })
  return t(returnText.exchangeEven)
}

/** '+₹200', '−₹200', '₹0': a difference in the summary's column. */
export const signedPaise = (difference: number) =>
  `${difference > 0 ? '+' : difference < 0 ? '−' : ''}${formatPaise(Math.abs(difference))}`

/**
 * One line's 'Instead, send me' (decision 140): each of the product's variants with its price now, the one
 * ordered marked 'The same again', one the shop has too few of disabled and marked sold out; under it what
 * the choice costs or gives back, counted from the price the customer paid.
 */
export function ExchangeChoice({
  id,
  line,
  quantity,
  value,
  error,
  onChange,
}: {
  id: string
  line: Line
  quantity: number
  value: string | undefined
  error: string | undefined
  onChange: (variantId: string) => void
}) {
  const { t } = useI18n()
  const name = `${id}-exchange-${line.itemId}`
  const chosen = line.exchangeTo.find((o) => o.variantId === value && canSend(o, quantity))
  const sentenceId = `${name}-difference`
  const errorId = `${name}-error`
  return (
    <fieldset
      className="rounded bg-white p-3 shadow-sm"
      aria-describedby={
        [chosen ? sentenceId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined
      }
      data-testid="exchange-choice"
    >
      <legend className="float-left w-full">
        <span className="block text-sm font-semibold">{t(returnText.exchangeFor)}</span>
        <span className="block text-sm text-ink/80">
          {t(w.summaryLine, { count: quantity, title: line.title })}
          {line.variantTitle ? ` · ${line.variantTitle}` : ''}
        </span>
      </legend>
      <div className="clear-both grid grid-cols-2 gap-2 pt-2">
        {line.exchangeTo.map((o) => {
          const sendable = canSend(o, quantity)
          const same = o.variantId === line.variantId
          return (
            <label
              key={o.variantId}
              className={`flex min-h-11 items-start gap-2 rounded border px-3 py-2 ${
                sendable
                  ? 'cursor-pointer border-ink/20 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50'
                  : 'cursor-not-allowed border-ink/10 bg-ink/5 text-ink/60'
              }`}
            >
              <input
                type="radio"
                name={name}
                value={o.variantId}
                checked={sendable && value === o.variantId}
                disabled={!sendable}
                onChange={() => onChange(o.variantId)}
                className="mt-0.5 h-5 w-5 shrink-0 accent-brand-700"
              />
              <span className="min-w-0 break-words">
                <span className="block font-medium">{o.title}</span>
                <span className="block text-sm">{formatPaise(o.price)}</span>
                {!sendable ? (
                  <span className="block text-sm font-semibold text-red-800">
                    {o.available > 0 ? t(w.onlyLeft, { count: o.available }) : t(w.soldOut)}
                  </span>
                ) : same ? (
                  <span className="block text-sm text-ink/80">{t(returnText.exchangeSame)}</span>
                ) : null}
              </span>
            </label>
          )
        })}
      </div>
      {chosen ? (
        <p id={sentenceId} className="mt-2 text-sm font-medium" data-testid="exchange-difference">
          {differenceSentence(t, (chosen.price - line.price) * quantity)}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-2 text-sm font-semibold text-red-800">
          {t(error)}
        </p>
      ) : null}
    </fieldset>
  )
}
