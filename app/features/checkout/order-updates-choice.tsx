import { channelNames } from '../../../contracts/messaging.ts'
import { useT } from '../../i18n/i18n.tsx'

export type CheckoutUpdates = Array<'whatsapp' | 'sms'>

/**
 * At the checkout: order updates by WhatsApp or SMS to the delivery number (decision 143). Ticked only by
 * the customer (or as they chose before); the choice is kept for their next orders and changed in Settings.
 * Before the page's code has run it is part of the form the server answers.
 */
export function OrderUpdatesChoice({
  chosen,
  onChange,
}: {
  chosen: CheckoutUpdates
  onChange: (next: CheckoutUpdates) => void
}) {
  const t = useT()
  const options = (['whatsapp', 'sms'] as const).map((value) => ({ value, label: t(channelNames[value]) }))
  return (
    <fieldset className="rounded-lg border border-brand-100 bg-white p-4">
      <legend className="px-1 font-serif text-lg font-bold text-brand-800">{t('Order updates')}</legend>
      <input type="hidden" name="updatesShown" value="1" />
      <p className="text-sm text-ink/80">
        {t('Get updates about this order on the delivery phone number. You can turn them off in Settings.')}
      </p>
      <div className="mt-2 flex flex-wrap gap-x-6">
        {options.map((o) => (
          <label key={o.value} className="flex min-h-11 items-center gap-2 text-sm font-medium">
            <input
              type="checkbox"
              name="updates"
              value={o.value}
              checked={chosen.includes(o.value)}
              onChange={(e) =>
                onChange(e.target.checked ? [...chosen, o.value] : chosen.filter((c) => c !== o.value))
              }
              className="h-5 w-5 accent-brand-700"
            />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  )
}
