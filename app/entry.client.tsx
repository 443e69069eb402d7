import { StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'
import { defaultLanguage, isLanguage } from '../contracts/languages.ts'
import { I18nProvider, messagesElementId } from './i18n/i18n.tsx'
import { registerTranslators } from './i18n/registry.ts'
import { makeI18n } from './i18n/translate.ts'

// The page's language and its compiled messages come with the page (docs/decisions/097): the browser
// starts in the language the server rendered, with no request of its own and no English first.
const language = document.documentElement.dataset.language
const json = document.getElementById(messagesElementId)?.textContent ?? '{}'
const i18n = makeI18n(isLanguage(language) ? language : defaultLanguage, JSON.parse(json), json)
registerTranslators({ [i18n.language]: i18n })

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
