import type { CodTermsView } from '../../../contracts/cod.ts'
import { formatPaise } from '../../../contracts/money.ts'

const aboutCod = /cash on delivery|\bcod\b/i
/** An answer that opens by saying no: 'No', 'Not at the moment', 'Not yet', 'Sorry, no'. */
const saysNo = /^(?:sorry,?\s*)?(?:no\b|not\b)/i
const plain = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()

/**
 * Where an FAQ answer about cash on delivery contradicts the shop's COD settings, what staff should know;
 * null when it agrees or is not about COD. Customers read both the FAQ and the checkout, so they must agree.
 */
export function codAnswerConflict(
  faq: { question: string; answer: string },
  cod: Pick<CodTermsView, 'enabled' | 'maxTotal'> | undefined,
): string | null {
  if (!cod || !aboutCod.test(`${faq.question} ${plain(faq.answer)}`)) return null
  const no = saysNo.test(plain(faq.answer))
  if (cod.enabled && no)
    return `Cash on delivery is on in Settings (orders up to ${formatPaise(Math.round(cod.maxTotal * 100))}), but this answer says it is not offered.`
  if (!cod.enabled && !no)
    return 'Cash on delivery is off in Settings, but this answer may say it is offered.'
  return null
}
