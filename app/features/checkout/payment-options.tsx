import { codMessages } from '../../../contracts/cod.ts'
import { useT } from '../../i18n/i18n.tsx'
import { checkoutLabels } from '../../lib/checkout-messages.ts'
import { formatRupees } from '../../lib/format.ts'
import type { DeliveryAndCod } from './delivery-and-cod.tsx'

/** The payment options the spec lists: online, cash on delivery where the shop's terms allow, PayPal shown but off. */
export function PaymentOptions({
  formId,
  option,
  onChoose,
  dc,
}: {
  formId: string
  option: string
  onChoose: (option: string) => void
  dc: DeliveryAndCod
}) {
  const t = useT()
  const { codTerms, codNo } = dc
  return (
    <fieldset className="rounded-lg bg-white p-4 shadow-sm">
      <legend className="sr-only">{t('Payment option')}</legend>
      <p aria-hidden="true" className="text-lg font-semibold text-brand-800">
        {t('Payment option')}
      </p>
      <div className="mt-2 grid gap-2">
        {checkoutLabels.paymentOptions.map((each) => {
          // PayPal is shown, as the spec lists it, but not offered; COD only where the shop's terms allow.
          const note =
            each === 'PayPal'
              ? t(codMessages.paypalOff)
              : each === 'COD'
                ? codTerms &&
                  (codNo ??
                    (codTerms.fee > 0
                      ? t('Pay in cash when it is delivered. Cash on delivery fee: {fee}.', {
                          fee: formatRupees(codTerms.fee / 100),
                        })
                      : t(checkoutLabels.codNote)))
                : t(checkoutLabels.onlineNote)
          const disabled = each === 'PayPal' || (each === 'COD' && codTerms !== null && !codTerms.enabled)
          return (
            <label
              key={each}
              className={`flex min-h-11 items-start gap-2 ${disabled ? 'text-ink/60' : 'cursor-pointer'}`}
            >
              <input
                type="radio"
                name="paymentOption"
                value={each}
                checked={option === each}
                disabled={disabled}
                aria-describedby={note ? `${formId}-pay-${each}` : undefined}
                onChange={() => onChoose(each)}
                className="mt-1 h-4 w-4 shrink-0 accent-brand-700"
              />
              <span>
                {t(checkoutLabels.paymentOptionNames[each])}
                {note && (
                  <span id={`${formId}-pay-${each}`} className="block text-sm text-ink/70">
                    {note}
                  </span>
                )}
              </span>
            </label>
          )
        })}
      </div>
    </fieldset>
  )
}
