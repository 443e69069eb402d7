import { type Language, locales } from '../languages.ts'

export type Values = Record<string, unknown>
/** Translates an English message (ICU syntax) into one language. */
export type Translate = (message: string, values?: Values) => string

/**
 * A message compiled ahead of time (contracts/i18n/compile.ts): text, and for each placeholder its name, and for
 * a plural its cases (`[name, 'plural', { one: [...], other: [...] }]`), where `#` stands for the number.
 */
export type CompiledMessage = string | Token[]
type Token = string | [name: string, type?: string, cases?: unknown]

export type ShopI18n = {
  language: Language
  /** The locale for Intl formatting and the page's `lang` attribute ('hi-IN'). */
  locale: string
  t: Translate
  /** The compiled catalogue as JSON, written into the page for the browser (only the page's language). */
  messagesJson: string
}

/**
 * A translator for one language: a message missing from its catalogue stays in English. The messages come
 * compiled, so the browser carries only this small reader of them, not an ICU library (docs/decisions/097).
 * The shop's messages use plain placeholders and cardinal plurals (with exact cases, `=0`); a placeholder of
 * another kind shows its value as it is.
 */
export function makeI18n(
  language: Language,
  messages: Record<string, CompiledMessage>,
  messagesJson?: string,
): ShopI18n {
  const locale = locales[language]
  const rules = new Intl.PluralRules(locale)
  const numbers = new Intl.NumberFormat(locale)
  const own = (values: object | undefined, name: string) =>
    values && Object.hasOwn(values, name) ? (values as Values)[name] : undefined
  const write = (message: CompiledMessage, values: Values | undefined, count?: number): string => {
    if (typeof message === 'string') return message
    let out = ''
    for (const token of message) {
      if (typeof token === 'string')
        out += token === '#' && count !== undefined ? numbers.format(count) : token
      else {
        const [name, type, format] = token
        const value = own(values, name)
        const cases = format as Record<string, CompiledMessage> | undefined
        if (type === 'plural' && cases) {
          const n = Number(value)
          const chosen = (own(cases, String(n)) ?? own(cases, rules.select(n)) ?? cases.other) as
            | CompiledMessage
            | undefined
          out += chosen === undefined ? '' : write(chosen, values, n)
        } else if (value != null) out += String(value)
      }
    }
    return out
  }
  return {
    language,
    locale,
    t: (message, values) => {
      const compiled = Object.hasOwn(messages, message) ? messages[message] : undefined
      return compiled === undefined ? message : write(compiled, values)
    },
    messagesJson: messagesJson ?? JSON.stringify(messages).replaceAll('<', '\\u003c'),
  }
}
