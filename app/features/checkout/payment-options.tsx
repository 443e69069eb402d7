import { codMessages } from '../../../contracts/cod.ts'
import { creditText } from '../../../contracts/store-credit.ts'
import { useT } from '../../i18n/i18n.tsx'
import { checkoutLabels } from '../../lib/checkout-messages.ts'
import { formatRupees } from '../../lib/format.ts'
import type { DeliveryAndCod } from './delivery-and-cod.tsx'

/** Whether the order spends the customer's store credit, and how much they have (paise). */
export type StoreCreditChoice = { balance: number; use: boolean; setUse: (use: boolean) => void }

/** The payment options the spec lists: online, cash on delivery where the shop's terms allow, PayPal shown but off. */
export function PaymentOptions({
  formId,
  option,
  onChoose,
  dc,
  credit,
}: {
  formId: string
  option: string
  onChoose: (option: string) => void
  dc: DeliveryAndCod
  /** The customer's store credit, when they have some (decision 139). */
  credit?: StoreCreditChoice
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
      {credit && credit.balance > 0 && (
        <label className="mt-3 flex min-h-11 cursor-pointer items-start gap-2 border-t border-ink/10 pt-3">
          <input
            type="checkbox"
            name="useStoreCredit"
            // Cash on delivery spends no credit: the box shows it unticked, and ticks again for online payment.
            checked={credit.use && !dc.codChosen}
            disabled={dc.codChosen}
            aria-describedby={dc.codChosen ? `${formId}-credit-cod` : undefined}
            onChange={(e) => credit.setUse(e.target.checked)}
            className="mt-1 h-4 w-4 shrink-0 accent-brand-700"
          />
          <span>
            {t(creditText.use, { amount: formatRupees(credit.balance / 100) })}
            {dc.codChosen && (
              <span id={`${formId}-credit-cod`} className="block text-sm text-ink/70">
                {t(creditText.notWithCod)}
              </span>
            )}
          </span>
        </label>
      )}
    </fieldset>
  )
}
