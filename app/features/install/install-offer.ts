import { translatorFor } from '../../../contracts/i18n/registry.ts'
import { isLanguage } from '../../../contracts/languages.ts'
import type { InstallPrompt } from './shop-app.ts'

/**
 * The card that offers to install the shop (decision 142), shown by shop-app.ts. Outside the page's React tree,
 * so it stays while the customer moves between pages and no page's code knows of it; built with the DOM
 * itself, so the code fetched at idle reaches nothing back in the page's entry (React DOM's client).
 */
export function showInstallOffer(
  prompt: InstallPrompt,
  settle: (outcome: 'installed' | 'dismissed') => void,
) {
  const language = document.documentElement.dataset.language
  const { t } = translatorFor(isLanguage(language) ? language : undefined)
  const el = <K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string) => {
    const node = document.createElement(tag)
    node.className = className
    if (text) node.textContent = text
    return node
  }

  const card = el(
    'section',
    'fixed inset-x-3 bottom-3 z-40 mx-auto flex max-w-md items-center gap-3 rounded-lg border border-brand-200 bg-white p-3 shadow-lg sm:right-4 sm:left-auto sm:bottom-4',
  )
  card.dataset.installOffer = ''
  card.dataset.testid = 'install-offer'
  card.setAttribute('aria-labelledby', 'install-offer-title')
  const icon = el('img', 'size-11 shrink-0 rounded-full')
  Object.assign(icon, { src: '/icons/icon-192.png', alt: '', width: 44, height: 44 })
  const words = el('div', 'min-w-0 flex-1')
  const title = el('h2', 'text-sm font-semibold text-brand-800', t('Install the shop on your phone'))
  title.id = 'install-offer-title'
  words.append(
    title,
    el('p', 'text-xs text-ink/80', t('Open it from your home screen, even without a connection.')),
  )
  const buttons = el('div', 'flex shrink-0 flex-col gap-1')
  const install = el(
    'button',
    'min-h-10 rounded-md bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60',
    t('Install'),
  )
  const notNow = el(
    'button',
    'min-h-8 rounded-md px-2 text-xs font-medium text-brand-800 underline underline-offset-2',
    t('Not now'),
  )
  install.type = notNow.type = 'button'
  buttons.append(install, notNow)
  card.append(icon, words, buttons)

  const close = (outcome: 'installed' | 'dismissed' | null) => {
    if (outcome) settle(outcome)
    card.remove()
  }
  install.addEventListener('click', async () => {
    install.disabled = true
    try {
      await prompt.prompt()
      const { outcome } = await prompt.userChoice
      close(outcome === 'accepted' ? 'installed' : 'dismissed')
    } catch (err) {
      // A prompt already used cannot be shown again; the browser's menu still installs the shop.
      console.warn('the install prompt could not be shown', err)
      close(null)
    }
  })
  notNow.addEventListener('click', () => close('dismissed'))
  document.body.append(card)
}
