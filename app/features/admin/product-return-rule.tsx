import { useState } from 'react'
import type { PieceRule } from '../../../contracts/return-rules.ts'
import type { ProductReturnRule } from '../../../contracts/returns.ts'
import { useAdmin } from './admin-api.ts'
import { ReturnRuleFields, type RuleForm, ruleBody, ruleForm } from './return-rule-fields.tsx'
import { useSettingsSave } from './settings-save.ts'
import { Button, Loading, LoadProblem } from './ui.tsx'

const sourceText: Record<PieceRule['source'], string> = {
  product: 'its own rule',
  kind: 'the rule for its kind of piece',
  category: 'its category’s rule',
  shop: 'the shop’s rule',
}
const kindText: Record<NonNullable<PieceRule['kind']>, string> = {
  'made-to-measure': 'made to the customer’s measurements',
  personalised: 'personalised with a text the customer types',
  prasad: 'a temple’s prasad',
}

/** What a plain piece is sold under now, in words: 'Returnable within 7 days (its category’s rule)'. */
function nowText(r: PieceRule) {
  const promise = r.returnable ? `Returnable within ${r.windowDays} days` : 'Not returnable'
  const why = r.kind && r.source === 'kind' ? `: it is ${kindText[r.kind]}` : ''
  return `${promise} (${sourceText[r.source]}${why})`
}

/** A product's own return rule (decision 137): an exception to its category's and the shop's. */
export function ProductReturnRulePanel({ productId }: { productId: string }) {
  const current = useAdmin<ProductReturnRule>(`/products/${productId}/returns`)
  return (
    <section aria-labelledby="returns-title" className="mt-6 rounded-lg border border-brand-200 bg-white p-4">
      <h2 id="returns-title" className="text-lg font-bold text-brand-800">
        Returns
      </h2>
      {current.isPending ? <Loading /> : null}
      {current.isError ? <LoadProblem error={current.error} retry={() => current.refetch()} /> : null}
      {current.data ? (
        <RuleEditor key={JSON.stringify(current.data)} productId={productId} initial={current.data} />
      ) : null}
    </section>
  )
}

function RuleEditor({ productId, initial }: { productId: string; initial: ProductReturnRule }) {
  const { errors, saving, submit } = useSettingsSave(`/products/${productId}/returns`, 'Return rule saved')
  const [own, setOwn] = useState(initial.rule !== null)
  const [rule, setRule] = useState<RuleForm>(ruleForm(initial.rule ?? initial.effective))
  const errorsOf = Object.fromEntries(
    Object.entries(errors).flatMap(([k, v]) => (k.startsWith('rule.') ? [[k.slice(5), v]] : [])),
  )
  return (
    <form
      noValidate
      className="grid gap-3"
      onSubmit={async (e) => {
        e.preventDefault()
        await submit({ rule: own ? ruleBody(rule) : null })
      }}
    >
      <p className="text-sm" data-testid="return-rule-now">
        The product page says: {nowText(initial.effective)}.
      </p>
      <label className="flex min-h-11 items-center gap-2 text-sm font-semibold">
        <input
          type="checkbox"
          className="size-5 accent-brand-600"
          checked={own}
          onChange={(e) => setOwn(e.target.checked)}
        />
        Give this product its own rule
      </label>
      {own ? <ReturnRuleFields value={rule} onChange={setRule} errors={errorsOf} /> : null}
      <div>
        <Button type="submit" tone="primary" disabled={saving}>
          {saving ? 'Saving...' : 'Save return rule'}
        </Button>
      </div>
    </form>
  )
}
