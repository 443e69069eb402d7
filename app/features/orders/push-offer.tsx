import { useEffect, useState } from 'react'
import { useT } from '../../i18n/i18n.tsx'
import { pushHere, turnOnPush } from '../../lib/push.ts'

/** Not a spec key: set once the customer said 'Not now' to notifications after an order. */
export const pushOfferKey = 'shop.push-offer'

type Step = 'hidden' | 'offer' | 'asking' | 'on' | 'blocked' | 'failed'

/**
 * After an order, and only then, the offer of its updates as notifications on this phone (issue 35,
 * decision 144). The browser's permission is asked only when the customer taps 'Turn on'. Not shown where
 * the browser cannot, where notifications are already on or blocked, or once declined.
 */
export default function PushOffer() {
  const t = useT()
  const [step, setStep] = useState<Step>('hidden')

  useEffect(() => {
    let live = true
    let declined = false
    try {
      declined = localStorage.getItem(pushOfferKey) === 'dismissed'
    } catch {}
    if (declined) return
    pushHere().then(
      (here) => live && here === 'off' && setStep('offer'),
      () => {},
    )
    return () => {
      live = false
    }
  }, [])

  if (step === 'hidden') return null

  async function turnOn() {
    setStep('asking')
    try {
      const res = await turnOnPush()
      setStep(res.outcome === 'on' ? 'on' : res.outcome === 'blocked' ? 'blocked' : 'failed')
    } catch (err) {
      console.warn('notifications could not be turned on', err)
      setStep('failed')
    }
  }
  const notNow = () => {
    try {
      localStorage.setItem(pushOfferKey, 'dismissed')
    } catch {}
    setStep('hidden')
  }

  return (
    <div
      data-testid="push-offer"
      className="mt-4 rounded-md border border-green-300 bg-white p-3 text-sm"
      aria-live="polite"
    >
      {step === 'on' ? (
        <p className="font-medium text-green-900">
          {t('Notifications are on for this phone. Stop them any time in Settings.')}
        </p>
      ) : step === 'blocked' ? (
        <p className="font-medium text-ink">
          {t("Notifications are blocked for this shop. You can allow them in your browser's site settings.")}
        </p>
      ) : (
        <>
          <p className="font-semibold text-green-900">{t('Get updates on this phone?')}</p>
          <p className="mt-1 text-ink/80">
            {t(
              'A notification when your order is sent, out for delivery and delivered. Free, and you can stop it any time.',
            )}
          </p>
          {step === 'failed' && (
            <p role="alert" className="mt-1 font-medium text-red-700">
              {t('Notifications could not be turned on. Please try again.')}
            </p>
          )}
          <div className="mt-2 flex flex-wrap gap-2">
            <button
              type="button"
              onClick={() => void turnOn()}
              disabled={step === 'asking'}
              className="min-h-10 rounded-md bg-green-800 px-4 font-semibold text-white hover:bg-green-900 disabled:opacity-60"
            >
              {t('Turn on notifications')}
            </button>
            <button
              type="button"
              onClick={notNow}
              className="min-h-10 rounded-md px-3 font-medium text-green-900 underline underline-offset-2"
            >
              {t('Not now')}
            </button>
          </div>
        </>
      )}
    </div>
  )
}
