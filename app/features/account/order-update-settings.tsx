import { useState } from 'react'
import {
  channelNames,
  formatPhone,
  type UpdateChannel,
  updateChannels,
} from '../../../contracts/messaging.ts'
import { useI18n } from '../../i18n/i18n.tsx'
import { ApiError } from '../../lib/api.ts'
import { formatOrderDate as formatDate } from '../../lib/dates.ts'
import { chooseOrderUpdates, orderUpdatesKey, useOrderUpdates } from '../../lib/order-updates-api.ts'
import { useQueryClient } from '../../lib/query.ts'
import { toast } from '../../lib/toast.tsx'
import { fieldClass } from './password-field.tsx'
import { PushSettings } from './push-settings.tsx'

/**
 * Where the shop sends order updates (decision 143): each channel on or off at a tap, with when it was
 * chosen; WhatsApp and SMS go to the account's number, or one given here.
 */
export function OrderUpdateSettings() {
  const { t, locale } = useI18n()
  const queryClient = useQueryClient()
  const choices = useOrderUpdates()
  const [phone, setPhone] = useState('')
  const [error, setError] = useState('')
  const [busy, setBusy] = useState<UpdateChannel | null>(null)
  const data = choices.data
  if (!data) return null

  async function toggle(channel: UpdateChannel, on: boolean) {
    setError('')
    setBusy(channel)
    try {
      const res = await chooseOrderUpdates({
        [channel]: on,
        ...(on && channel !== 'email' && !data?.phone && phone ? { phone } : {}),
      })
      queryClient.setQueryData(orderUpdatesKey, res.data)
      toast.success(res.message)
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t('Something went wrong. Please try again.'))
    } finally {
      setBusy(null)
    }
  }

  return (
    <section aria-labelledby="order-update-settings" className="mt-8 border-t border-brand-100 pt-6">
      <h2 id="order-update-settings" className="font-serif text-xl font-bold text-brand-800">
        {t('Order updates')}
      </h2>
      <p className="mt-2 text-sm text-ink/80">
        {t('Choose where we tell you that an order is paid, sent, out for delivery and delivered.')}
      </p>
      {!data.phone && (
        <label className="mt-3 grid gap-1 text-sm font-medium sm:max-w-md">
          {t('Mobile number for WhatsApp and SMS')}
          <input
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
            className={fieldClass}
          />
        </label>
      )}
      <ul className="mt-3 grid gap-2 sm:max-w-md">
        {updateChannels.map((channel) => {
          const choice = data[channel]
          const to = channel === 'email' ? null : (choice.phone ?? data.phone)
          return (
            <li key={channel} className="rounded border border-brand-100 bg-white p-3">
              <label className="flex min-h-11 items-center gap-3 text-sm font-medium">
                <input
                  type="checkbox"
                  checked={choice.on}
                  disabled={busy !== null}
                  onChange={(e) => void toggle(channel, e.target.checked)}
                  className="h-5 w-5 accent-brand-700"
                />
                <span>
                  {t(channelNames[channel])}
                  {to && channel !== 'email' ? ` · ${formatPhone(to)}` : ''}
                </span>
              </label>
              {choice.since && (
                <p className="ml-8 text-xs text-ink/70">
                  {choice.on
                    ? t('On since {date}', { date: formatDate(choice.since, locale) })
                    : t('Turned off on {date}', { date: formatDate(choice.since, locale) })}
                </p>
              )}
            </li>
          )
        })}
      </ul>
      {error ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <PushSettings />
    </section>
  )
}
