import { locales } from '../../../contracts/languages.ts'
import { defaultPolicy } from '../../../contracts/seva-text.ts'
import type { ShopI18n } from '../../i18n/i18n.tsx'

/** A seva's day in the page's language ('Friday, 12 June 2026'); the day is India's calendar day. */
export function formatSevaDay(
  date: string,
  language: ShopI18n['language'],
  length: 'full' | 'short' = 'full',
): string {
  const options: Intl.DateTimeFormatOptions =
    length === 'full'
      ? { dateStyle: 'full', timeZone: 'UTC' }
      : { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }
  return new Intl.DateTimeFormat(locales[language], options).format(new Date(`${date}T00:00:00Z`))
}

/** The cancellation policy a devotee reads: staff's words, or the shop's rule with its hours. */
export function policyText(t: ShopI18n['t'], policy: string | null, cancelHours: number): string {
  return policy?.trim() || t(defaultPolicy, { hours: cancelHours })
}
