import { type I18n, setupI18n } from '@lingui/core'
import { type Language, locales } from '../../contracts/languages.ts'
import type { CompiledMessages } from './compile.ts'

export type Values = Record<string, unknown>
/** Translates an English message (ICU syntax) into one language. */
export type Translate = (message: string, values?: Values) => string

export type ShopI18n = {
  language: Language
  /** The locale for Intl formatting and the page's `lang` attribute ('hi-IN'). */
  locale: string
  t: Translate
  /** The compiled catalogue as JSON, written into the page for the browser (only the page's language). */
  messagesJson: string
}

/** A translator for one language: a message missing from its catalogue stays in English. */
export function makeI18n(language: Language, messages: CompiledMessages, messagesJson?: string): ShopI18n {
  const i18n: I18n = setupI18n({
    locale: language,
    locales: [locales[language]],
    messages: { [language]: messages },
    missing: (_language, id) => id,
  })
  return {
    language,
    locale: locales[language],
    t: (message, values) => i18n._(message, values),
    messagesJson: messagesJson ?? JSON.stringify(messages).replaceAll('<', '\\u003c'),
  }
}
