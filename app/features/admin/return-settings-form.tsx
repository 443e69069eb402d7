import { useEffect, useState } from 'react'
import type { ReturnSettings } from '../../../contracts/returns.ts'
import { useAdmin } from './admin-api.ts'
import { ReturnRuleFields, type RuleForm, ruleBody, ruleForm } from './return-rule-fields.tsx'
import { useSettingsSave } from './settings-save.ts'
import { shownIn } from './shop-places.ts'
import { Button, Loading, LoadProblem } from './ui.tsx'

type Form = {
  shop: RuleForm
  categories: Array<{ categoryId: string; title: string; own: boolean; rule: RuleForm }>
}

const formOf = (s: ReturnSettings): Form => ({
  shop: ruleForm(s.shop),
  categories: s.categories.map((c) => ({
    categoryId: c.categoryId,
    title: c.title,
    own: c.rule !== null,
    rule: ruleForm(c.rule ?? s.shop),
  })),
})

/** The field errors the server names ('categories.2.windowDays', 'shop.windowDays'), per rule. */
const errorsOf = (errors: Record<string, string>, prefix: string) =>
  Object.fromEntries(
    Object.entries(errors).flatMap(([k, v]) => (k.startsWith(prefix) ? [[k.slice(prefix.length), v]] : [])),
  )

/** Returns in the console's Settings (decision 137): the shop's rule and each category's own. */
export function ReturnSettingsForm() {
  const { errors, saving, submit } = useSettingsSave('/settings/returns', 'Return rules saved')
  const current = useAdmin<ReturnSettings>('/settings/returns')
  const [form, setForm] = useState<Form | null>(null)
  useEffect(() => {
    if (current.data) setForm(formOf(current.data))
  }, [current.data])

  const save = async (e: React.FormEvent) => {
    e.preventDefault()
    if (!form) return
    await submit({
      shop: ruleBody(form.shop),
      categories: form.categories.map((c) => ({
        categoryId: c.categoryId,
        rule: c.own ? ruleBody(c.rule) : null,
      })),
    })
  }
  const setCategory = (i: number, patch: Partial<Form['categories'][number]>) =>
    form &&
    setForm({ ...form, categories: form.categories.map((c, j) => (j === i ? { ...c, ...patch } : c)) })

  return (
    <section aria-labelledby="return-settings" className="mt-6 max-w-xl">
      <h2 id="return-settings" className="mb-2 text-lg font-bold text-brand-800">
        Returns
      </h2>
      <p className="mb-3 text-sm text-ink/80">{shownIn.settings.returns}</p>
      {current.isPending ? <Loading /> : null}
      {current.isError ? <LoadProblem error={current.error} retry={() => current.refetch()} /> : null}
      {form ? (
        <form
          onSubmit={save}
          noValidate
          className="grid gap-4 rounded-lg border border-brand-200 bg-white p-4"
        >
          <fieldset className="grid gap-3">
            <legend className="mb-1 font-semibold">The shop’s rule</legend>
            <ReturnRuleFields
              value={form.shop}
              onChange={(shop) => setForm({ ...form, shop })}
              errors={errorsOf(errors, 'shop.')}
            />
          </fieldset>
          {form.categories.length > 0 ? (
            <fieldset className="grid gap-3">
              <legend className="mb-1 font-semibold">Categories with a rule of their own</legend>
              {form.categories.map((c, i) => (
                <div
                  key={c.categoryId}
                  className="grid gap-3 rounded border border-brand-100 p-3"
                  data-category={c.title}
                >
                  <label className="flex min-h-11 items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      className="size-5 accent-brand-600"
                      checked={c.own}
                      onChange={(e) => setCategory(i, { own: e.target.checked })}
                    />
                    <span>
                      <span className="font-semibold">{c.title}</span>
                      {c.own ? null : <span className="text-ink/70"> · the shop’s rule</span>}
                    </span>
                  </label>
                  {c.own ? (
                    <ReturnRuleFields
                      name={`${c.title}: `}
                      value={c.rule}
                      onChange={(rule) => setCategory(i, { rule })}
                      errors={errorsOf(errors, `categories.${i}.rule.`)}
                    />
                  ) : null}
                </div>
              ))}
            </fieldset>
          ) : null}
          <div>
            <Button type="submit" tone="primary" disabled={saving}>
              {saving ? 'Saving...' : 'Save return rules'}
            </Button>
          </div>
        </form>
      ) : null}
    </section>
  )
}
