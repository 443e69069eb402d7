import { StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'
import { registerTranslators } from '../contracts/i18n/registry.ts'
import { makeI18n } from '../contracts/i18n/translate.ts'
import { defaultLanguage, isLanguage } from '../contracts/languages.ts'
import { I18nProvider, messagesElementId } from './i18n/i18n.tsx'
import { whenIdle } from './lib/idle.ts'
import { adoptCookieSession } from './lib/session.ts'

// The page's language and its compiled messages come with the page (docs/decisions/097): the browser
// starts in the language the server rendered, with no request of its own and no English first.
const language = document.documentElement.dataset.language
const json = document.getElementById(messagesElementId)?.textContent ?? '{}'
const i18n = makeI18n(isLanguage(language) ? language : defaultLanguage, JSON.parse(json), json)
registerTranslators({ [i18n.language]: i18n })

// A sign-in the server answered before the page's code ran is the stored session from the start.
adoptCookieSession()

// The shop as an app (decision 142): its code comes once the page is idle, never before the first paint.
// The browser's own install bar is held back and offered by the shop's card, from the second visit on.
const shopApp = () => import('./features/install/shop-app.ts')
whenIdle(shopApp)
addEventListener('beforeinstallprompt', (event) => {
  event.preventDefault()
  shopApp().then((m) => m.offerInstall(event))
})

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <I18nProvider value={i18n}>
        <HydratedRouter />
      </I18nProvider>
    </StrictMode>,
  )
})
