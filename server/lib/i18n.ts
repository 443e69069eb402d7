import { readFileSync } from 'node:fs'
import { compileCatalogue } from '../../contracts/i18n/compile.ts'
import { parsePo } from '../../contracts/i18n/po.ts'
import { registerTranslators } from '../../contracts/i18n/registry.ts'
import { makeI18n, type ShopI18n } from '../../contracts/i18n/translate.ts'
import { type Language, languages } from '../../contracts/languages.ts'

export type Translations = Record<Language, ShopI18n>

/** The Hindi catalogue: every English message of the shop with its translation (docs/decisions/097). */
export const catalogueFile = new URL('../../contracts/i18n/locales/hi.po', import.meta.url)

/** Every language's translator, compiled once at start-up from the catalogue. */
export function loadTranslations(file: URL | string = catalogueFile): Translations {
  const entries = parsePo(readFileSync(file, 'utf8'))
  const translations = Object.fromEntries(
    languages.map((language) => {
      // The server translates with everything; a page carries only what pages say (docs/decisions/097).
      const forPages = JSON.stringify(compileCatalogue(language, entries, { browser: true })).replaceAll(
        '<',
        '\\u003c',
      )
      return [language, makeI18n(language, compileCatalogue(language, entries), forPages)]
    }),
  ) as Translations
  registerTranslators(translations)
  return translations
}
