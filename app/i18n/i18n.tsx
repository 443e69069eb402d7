import { createContext, useContext } from 'react'
import { makeI18n, type ShopI18n, type Translate } from '../../contracts/i18n/translate.ts'
import { defaultLanguage } from '../../contracts/languages.ts'

export type { ShopI18n, Translate }

const I18nContext = createContext<ShopI18n>(makeI18n(defaultLanguage, {}))

/** Set once around the whole page, on the server and in the browser: the language never changes in place. */
export const I18nProvider = I18nContext.Provider

/** The page's language, its locale and its translator. */
export function useI18n(): ShopI18n {
  return useContext(I18nContext)
}

/** The translator alone: `const t = useT()`, then `t('Add to Cart')` or `t('{n} items', { n })`. */
export function useT(): Translate {
  return useContext(I18nContext).t
}

/** The id of the script element that carries the page's compiled messages to the browser. */
export const messagesElementId = 'shop-messages'

/** The page's messages, written once by the server; the browser reads them back before it hydrates. */
export function MessagesScript({ nonce }: { nonce?: string }) {
  const { messagesJson } = useI18n()
  return (
    <script
      id={messagesElementId}
      type="application/json"
      nonce={nonce}
      suppressHydrationWarning
      // JSON made by the server, with '<' escaped so it cannot end the element.
      dangerouslySetInnerHTML={{ __html: messagesJson }}
    />
  )
}
