import { useEffect, useState } from 'react'
import { useI18n } from '../../i18n/i18n.tsx'
import { ApiError } from '../../lib/api.ts'
import { formatOrderDate as formatDate } from '../../lib/dates.ts'
import {
  type PushHere,
  pushDevicesKey,
  pushHere,
  stopPushDevice,
  turnOnPush,
  usePushDevices,
} from '../../lib/push.ts'
import { useQueryClient } from '../../lib/query.ts'
import { toast } from '../../lib/toast.tsx'

/**
 * Notifications in Settings (decision 144): each device that gets the account's order updates by web push,
 * stopped at a tap, and this phone turned on where the browser can.
 */
export function PushSettings() {
  const { t, locale } = useI18n()
  const queryClient = useQueryClient()
  const devices = usePushDevices()
  const [here, setHere] = useState<PushHere>('unsupported')
  const [busy, setBusy] = useState<string | null>(null)
  const [error, setError] = useState('')

  useEffect(() => {
    pushHere().then(setHere, () => {})
  }, [])

  const list = devices.data
  if (!list) return null
  const failed = (err: unknown) =>
    setError(err instanceof ApiError ? err.message : t('Something went wrong. Please try again.'))

  async function turnOn() {
    setError('')
    setBusy('here')
    try {
      const res = await turnOnPush()
      if (res.outcome === 'on') {
        toast.success(res.message)
        setHere('on')
        await queryClient.invalidateQueries({ queryKey: pushDevicesKey })
      } else setHere(res.outcome)
    } catch (err) {
      failed(err)
    } finally {
      setBusy(null)
    }
  }

  async function stop(id: string) {
    setError('')
    setBusy(id)
    try {
      const res = await stopPushDevice(id)
      toast.success(res.message)
      queryClient.setQueryData(
        pushDevicesKey,
        list?.filter((d) => d._id !== id),
      )
    } catch (err) {
      failed(err)
    } finally {
      setBusy(null)
    }
  }

  return (
    <div data-testid="push-settings" className="mt-4 sm:max-w-md">
      <h3 className="text-base font-semibold text-brand-800">{t('Notifications')}</h3>
      {list.length === 0 ? (
        <p className="mt-1 text-sm text-ink/80">{t('No device gets notifications yet.')}</p>
      ) : (
        <ul className="mt-2 grid gap-2">
          {list.map((d) => (
            <li
              key={d._id}
              className="flex items-center justify-between gap-3 rounded border border-brand-100 bg-white p-3 text-sm"
            >
              <span className="min-w-0">
                <span className="block font-medium">{d.device}</span>
                <span className="block text-xs text-ink/70">
                  {t('On since {date}', { date: formatDate(d.createdAt, locale) })}
                </span>
              </span>
              <button
                type="button"
                onClick={() => void stop(d._id)}
                disabled={busy !== null}
                aria-label={t('Stop notifications on {device}', { device: d.device })}
                className="min-h-10 shrink-0 rounded-md border border-brand-700 px-3 font-semibold text-brand-800 hover:bg-brand-50 disabled:opacity-60"
              >
                {t('Stop')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {/* 'on' with no device listed: this phone's subscription was stopped here, and may be taken up again. */}
      {(here === 'off' || (here === 'on' && list.length === 0)) && (
        <button
          type="button"
          onClick={() => void turnOn()}
          disabled={busy !== null}
          className="mt-2 min-h-10 rounded-md bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
        >
          {t('Turn on notifications on this phone')}
        </button>
      )}
      {here === 'blocked' && (
        <p className="mt-2 text-sm text-ink/80">
          {t("Notifications are blocked for this shop. You can allow them in your browser's site settings.")}
        </p>
      )}
      {error ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  )
}
