import { translatorFor } from '../../../contracts/i18n/registry.ts'
import type { Language } from '../../../contracts/languages.ts'
import type { MessageTemplate } from '../../../contracts/messaging.ts'

/**
 * The words of each template as the customer reads them, in English and Hindi (decision 141). A provider
 * sends its registered template with `params`; these words are what that template was registered with,
 * and what the sandbox, an SMS gateway and the console show.
 */
export function messageText(template: MessageTemplate, language: Language, params: string[]): string {
  const { t } = translatorFor(language)
  switch (template) {
    case 'sign-in-code':
      return t('{code} is your Kalaa Setu code. It is valid for 5 minutes. Do not share it with anyone.', {
        code: params[0],
      })
  }
}
