import { type CodTerms, codRefusalText } from './cod.ts'
import { shortDate } from './delivery.ts'
import type { ShopI18n } from './i18n/translate.ts'
import { formatPaise } from './money.ts'

/**
 * The delivery promise's words in one language, for the page's 'Check delivery' box and for the API's
 * estimate (which a Hindi reader's page shows as it comes).
 */

/** 'Thu 26 Nov' in English, as the server has always worded it; the page's locale in another language. */
export function dayIn({ language, locale }: ShopI18n, iso: string): string {
  if (language === 'en') return shortDate(iso)
  return new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(new Date(`${iso}T00:00:00Z`))
}

/** 'Delivery by …' from the estimate's dates. */
export function windowText(i18n: ShopI18n, from: string, to: string): string {
  return from === to
    ? i18n.t('Delivery by {date}', { date: dayIn(i18n, to) })
    : i18n.t('Delivery by {from} – {to}', { from: dayIn(i18n, from), to: dayIn(i18n, to) })
}

export const notServedText = ({ t }: ShopI18n, pin: string) =>
  t('We do not deliver to PIN {pin} yet.', { pin })

/**
 * Cash on delivery at a PIN, judged before the order's value is known (only the PIN and state part of the
 * rule): the limit when it is offered, else why not. No terms at all means it is not offered.
 */
export function codAtPinText(
  i18n: ShopI18n,
  terms: CodTerms | undefined,
  place: { pin: string; state: string },
): { available: boolean; text: string } {
  const { t } = i18n
  if (!terms) return { available: false, text: t('Cash on delivery is not offered at the moment.') }
  const refusal = codRefusalText(t, terms, { total: 0, state: place.state, postalCode: place.pin })
  if (refusal) return { available: false, text: refusal }
  return {
    available: true,
    text: t('Cash on delivery available for orders up to {amount}', { amount: formatPaise(terms.maxTotal) }),
  }
}
