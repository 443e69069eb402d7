import { useEffect, useState } from 'react'
import { codFirstOrderWords, holdLimitWords } from '../../../contracts/admin-hold-limits.ts'
import {
  type CodFirstOrderRule,
  codFirstOrderRules,
  type HoldLimits,
  holdLimitBounds,
} from '../../../contracts/hold-limits.ts'
import { useAdmin } from './admin-api.ts'
import { useSettingsSave } from './settings-save.ts'
import { shownIn } from './shop-places.ts'
import { Button, Field, inputClass, Loading, LoadProblem } from './ui.tsx'

type CountName = keyof typeof holdLimitBounds
// The order the form asks in: online orders, cash on delivery, sevas, coupons.
const counts: CountName[] = [
  'maxUnpaidOrders',
  'maxHeldPieces',
  'maxOpenCodOrders',
  'maxOpenCodPerPhone',
  'maxUnpaidSevaBookings',
  'maxHeldCouponUses',
]

type Form = Record<CountName, string> & { codFirstOrder: CodFirstOrderRule }

const formOf = (limits: HoldLimits): Form => ({
  ...(Object.fromEntries(counts.map((name) => [name, String(limits[name])])) as Record<CountName, string>),
  codFirstOrder: limits.codFirstOrder,
})

/** 'Limits per customer' in the console's Settings (decision 110): what one account may hold at once. */
export function HoldLimitsForm() {
  const { errors, saving, submit } = useSettingsSave('/settings/limits', 'Limits per customer saved')
  const current = useAdmin<HoldLimits>('/settings/limits')
  const [form, setForm] = useState<Form | null>(null)
  useEffect(() => {
    if (current.data) setForm(formOf(current.data))
  }, [current.data])

  const save = async (e: React.FormEvent) => {
    e.preventDefault()
    if (!form) return
    await submit({
      ...Object.fromEntries(counts.map((name) => [name, Number(form[name])])),
      codFirstOrder: form.codFirstOrder,
    })
  }

  const countField = (name: CountName) => (
    <Field
      key={name}
      label={holdLimitWords[name].label}
      error={errors[name]}
      help={`${holdLimitWords[name].help} From ${holdLimitBounds[name].min} to ${holdLimitBounds[name].max}.`}
    >
      {(p) => (
        <input
          {...p}
          type="number"
          inputMode="numeric"
          min={holdLimitBounds[name].min}
          max={holdLimitBounds[name].max}
          step={1}
          className={inputClass}
          value={form?.[name] ?? ''}
          onChange={(e) => form && setForm({ ...form, [name]: e.target.value })}
        />
      )}
    </Field>
  )

  return (
    <section aria-labelledby="hold-limits" className="mt-6 max-w-xl">
      <h2 id="hold-limits" className="mb-2 text-lg font-bold text-brand-800">
        Limits per customer
      </h2>
      <p className="mb-3 text-sm text-ink/80">{shownIn.settings.limits}</p>
      {current.isPending ? <Loading /> : null}
      {current.isError ? <LoadProblem error={current.error} retry={() => current.refetch()} /> : null}
      {form ? (
        <form
          onSubmit={save}
          noValidate
          className="grid gap-4 rounded-lg border border-brand-200 bg-white p-4"
        >
          {countField('maxUnpaidOrders')}
          {countField('maxHeldPieces')}
          {countField('maxOpenCodOrders')}
          {countField('maxOpenCodPerPhone')}
          <Field
            label={holdLimitWords.codFirstOrder.label}
            error={errors.codFirstOrder}
            help={holdLimitWords.codFirstOrder.help}
          >
            {(p) => (
              <select
                {...p}
                className={inputClass}
                value={form.codFirstOrder}
                onChange={(e) => setForm({ ...form, codFirstOrder: e.target.value as CodFirstOrderRule })}
              >
                {codFirstOrderRules.map((rule) => (
                  <option key={rule} value={rule}>
                    {codFirstOrderWords[rule]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {countField('maxUnpaidSevaBookings')}
          {countField('maxHeldCouponUses')}
          <div>
            <Button type="submit" tone="primary" disabled={saving}>
              {saving ? 'Saving...' : 'Save limits per customer'}
            </Button>
          </div>
        </form>
      ) : null}
    </section>
  )
}
