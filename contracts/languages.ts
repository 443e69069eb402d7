/**
 * The languages the shop speaks (docs/decisions/097). English is the default and the language the code is
 * written in: every text in the code is its own English message, and the Hindi catalogue translates it.
 */
export const languages = ['en', 'hi'] as const
export type Language = (typeof languages)[number]
export const defaultLanguage: Language = 'en'

/** The value of the page's `lang` attribute and of Intl formatting for each language. */
export const locales: Record<Language, string> = { en: 'en-IN', hi: 'hi-IN' }

/** Each language's own name, as the switch in the header shows it. */
export const languageNames: Record<Language, string> = { en: 'English', hi: 'हिन्दी' }

/** The cookie that remembers a visitor's choice, and the query parameter that makes one. */
export const languageCookie = 'lang'
export const languageParam = 'lang'

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value)
}

/** The address of a page in a language: English has no parameter, the others `?lang=…`. */
export function pathInLanguage(path: string, language: Language): string {
  const [beforeHash, hash = ''] = path.split('#', 2)
  const [pathname, query = ''] = beforeHash.split('?', 2)
  const params = new URLSearchParams(query)
  params.delete(languageParam)
  if (language !== defaultLanguage) params.set(languageParam, language)
  const search = params.toString()
  return `${pathname}${search ? `?${search}` : ''}${hash ? `#${hash}` : ''}`
}

/** Marks a text as a message to translate where it is written, for texts translated later (`t(text)`). */
export const msg = <const T extends string>(text: T): T => text

/** The address that switches a page to a language and remembers it, English included. */
export function switchLanguageHref(path: string, language: Language): string {
  const [pathname, query = ''] = path.split('#', 1)[0].split('?', 2)
  const params = new URLSearchParams(query)
  params.set(languageParam, language)
  return `${pathname}?${params.toString()}`
}

/** Staff's translations of a record's texts (a product's title, …), by language; English is the record itself. */
export type Translations<Field extends string> = Partial<
  Record<Exclude<Language, 'en'>, Partial<Record<Field, string>>>
>

/** A record's text in a language: the staff's translation where there is one, else the English. */
export function translated<Field extends string>(
  english: string,
  translations: Translations<Field> | null | undefined,
  field: Field,
  language: Language,
): string {
  if (language === 'en') return english
  return translations?.[language]?.[field]?.trim() || english
}
