import { defaultLanguage, type Language } from '../languages.ts'
import { makeI18n, type ShopI18n } from './translate.ts'

// The server holds every language's translator, the browser the one of its page. Code that runs outside
// React's tree (a route's meta, a loader's texts) asks here. The server entry and the server bundle each
// load this module: one slot on globalThis keeps them in step, as contracts/load-context.ts does.
const key = Symbol.for('shop.translators')
const store = globalThis as unknown as Record<symbol, Partial<Record<Language, ShopI18n>>>
if (!store[key]) store[key] = {}

export function registerTranslators(translators: Partial<Record<Language, ShopI18n>>) {
  Object.assign(store[key], translators)
}

/** The translator of a language; English (its own texts) when that language is not at hand. */
export function translatorFor(language: Language | undefined): ShopI18n {
  return store[key][language ?? defaultLanguage] ?? store[key][defaultLanguage] ?? fallback
}

const fallback = makeI18n(defaultLanguage, {})
