import { Link } from 'react-router'
import {
  type PieceRule,
  returnPromise,
  returnRuleText,
  returnTerms,
} from '../../../contracts/return-rules.ts'
import { useT } from '../../i18n/i18n.tsx'

/**
 * The product page's return promise beside the delivery line (decision 137): 'Returnable within 7 days' with
 * its terms, or 'Not returnable' with why and what is still taken back, and the policy's link.
 */
export function ReturnPromise({
  rule,
  personalisable,
  variants,
}: {
  rule: PieceRule
  /** It offers a text or measurements to give: such a piece is not returnable. */
  personalisable: boolean
  /** It is sold in more than one size or colour, so an exchange has something to change to. */
  variants: boolean
}) {
  const t = useT()
  const terms = returnTerms(t, rule, variants)
  return (
    <div className="rounded border border-brand-100 bg-white p-3 text-sm" data-testid="return-promise">
      <p className="font-semibold">
        {returnPromise(t, rule)}
        {!rule.returnable && rule.kind ? (
          <span className="font-normal"> · {t(returnRuleText.kind[rule.kind])}</span>
        ) : null}
      </p>
      <p className="mt-1 text-ink/80">
        {[...terms, ...(rule.returnable && personalisable ? [t(returnRuleText.personalisedNot)] : [])].join(
          ' · ',
        )}{' '}
        <Link to="/ReturnPolicy" className="font-medium text-brand-700 underline">
          {t(returnRuleText.policyLink)}
        </Link>
      </p>
    </div>
  )
}
