import { translatorFor } from '../../contracts/i18n/registry.ts'
import type { ShopI18n } from '../../contracts/i18n/translate.ts'
import { isLanguage } from '../../contracts/languages.ts'

/** The translator of the page a route's `meta` describes, from the root loader's language. */
export function metaI18n(matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>): ShopI18n {
  const root = matches.find((m) => m?.id === 'root')?.loaderData as { language?: unknown } | undefined
  return translatorFor(isLanguage(root?.language) ? root.language : undefined)
}
