import {
  type ReturnRule,
  returnPromise,
  returnRuleText,
  returnTerms,
} from '../../../contracts/return-rules.ts'
import { useT } from '../../i18n/i18n.tsx'

export type ReturnPolicyRules = { shop: ReturnRule; categories: Array<{ label: string; rule: ReturnRule }> }

/** The return policy page's rules, from the same data the product pages and a request are judged by. */
export function ReturnRulesView({ rules }: { rules: ReturnPolicyRules }) {
  const t = useT()
  const line = (rule: ReturnRule) => [returnPromise(t, rule), ...returnTerms(t, rule)].join(' · ')
  return (
    <section aria-labelledby="return-rules" className="mt-6" data-testid="return-rules">
      <h2 id="return-rules" className="font-serif text-xl font-bold text-brand-800">
        {t('What you can return')}
      </h2>
      <p className="mt-2">
        <span className="font-semibold">{t('Most pieces:')}</span> {line(rules.shop)}
      </p>
      {rules.categories.length > 0 ? (
        <ul className="mt-3 divide-y divide-brand-100 rounded border border-brand-100 bg-white">
          {rules.categories.map((c) => (
            <li key={c.label} className="p-3">
              <span className="font-semibold">{c.label}:</span> {line(c.rule)}
            </li>
          ))}
        </ul>
      ) : null}
      <p className="mt-3">
        {t(
          'Pieces made to your measurements or personalised for you, and prasad, are not returnable unless their product page says otherwise.',
        )}
      </p>
      <p className="mt-2">
        {t(
          'A piece that arrives damaged, is not the one you ordered or is not as described is always taken back within its window, at our cost and without a restocking fee, even when it is not returnable.',
        )}
      </p>
      <p className="mt-2 text-sm text-ink/80">{t(returnRuleText.windowFrom)}</p>
    </section>
  )
}
