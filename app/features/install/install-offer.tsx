import { useState } from 'react'
import { createRoot } from 'react-dom/client'
import { translatorFor } from '../../../contracts/i18n/registry.ts'
import { isLanguage } from '../../../contracts/languages.ts'
import { I18nProvider, useT } from '../../i18n/i18n.tsx'
import type { InstallPrompt } from './shop-app.ts'

/**
 * The card that offers to install the shop (decision 142), shown by shop-app.ts. Outside the page's React tree,
 * so it stays while the customer moves between pages, and no page's code knows of it.
 */
export function showInstallOffer(
  prompt: InstallPrompt,
  settle: (outcome: 'installed' | 'dismissed') => void,
) {
  const host = document.createElement('div')
  host.dataset.installOffer = ''
  document.body.append(host)
  const root = createRoot(host)
  const close = (outcome: 'installed' | 'dismissed' | null) => {
    if (outcome) settle(outcome)
    root.unmount()
    host.remove()
  }
  const language = document.documentElement.dataset.language
  root.render(
    <I18nProvider value={translatorFor(isLanguage(language) ? language : undefined)}>
      <InstallOffer prompt={prompt} onClose={close} />
    </I18nProvider>,
  )
}

function InstallOffer({
  prompt,
  onClose,
}: {
  prompt: InstallPrompt
  onClose: (outcome: 'installed' | 'dismissed' | null) => void
}) {
  const t = useT()
  const [asking, setAsking] = useState(false)
  const install = async () => {
    setAsking(true)
    try {
      await prompt.prompt()
      const { outcome } = await prompt.userChoice
      onClose(outcome === 'accepted' ? 'installed' : 'dismissed')
    } catch (err) {
      // A prompt already used cannot be shown again; the browser's menu still installs the shop.
      console.warn('the install prompt could not be shown', err)
      onClose(null)
    }
  }
  const notNow = () => onClose('dismissed')
  return (
    <section
      aria-labelledby="install-offer-title"
      data-testid="install-offer"
      className="fixed inset-x-3 bottom-3 z-40 mx-auto flex max-w-md items-center gap-3 rounded-lg border border-brand-200 bg-white p-3 shadow-lg sm:right-4 sm:left-auto sm:bottom-4"
    >
      <img
        src="/icons/icon-192.png"
        alt=""
        width={44}
        height={44}
        className="size-11 shrink-0 rounded-full"
      />
      <div className="min-w-0 flex-1">
        <h2 id="install-offer-title" className="text-sm font-semibold text-brand-800">
          {t('Install the shop on your phone')}
        </h2>
        <p className="text-xs text-ink/80">
          {t('Open it from your home screen, even without a connection.')}
        </p>
      </div>
      <div className="flex shrink-0 flex-col gap-1">
        <button
          type="button"
          onClick={install}
          disabled={asking}
          className="min-h-10 rounded-md bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
        >
          {t('Install')}
        </button>
        <button
          type="button"
          onClick={notNow}
          className="min-h-8 rounded-md px-2 text-xs font-medium text-brand-800 underline underline-offset-2"
        >
          {t('Not now')}
        </button>
      </div>
    </section>
  )
}
