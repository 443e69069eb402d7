import { useId } from 'react'
import type { ReturnRule } from '../../../contracts/return-rules.ts'
import { Checkbox, Field, inputClass } from './ui.tsx'

/** A return rule as the console's form holds it: numbers as typed. */
export type RuleForm = Omit<ReturnRule, 'windowDays' | 'restockingFeePercent'> & {
  windowDays: string
  restockingFeePercent: string
}

export const ruleForm = (r: ReturnRule): RuleForm => ({
  ...r,
  windowDays: String(r.windowDays),
  restockingFeePercent: String(r.restockingFeePercent),
})

export const ruleBody = (f: RuleForm) => ({
  returnable: f.returnable,
  windowDays: Number(f.windowDays),
  exchange: f.returnable && f.exchange,
  returnShipping: f.returnShipping,
  restockingFeePercent: f.returnable ? Number(f.restockingFeePercent || 0) : 0,
})

/**
 * The fields of one return rule (decision 137): returnable, the window, exchange, who pays the return parcel
 * and the restocking fee; `name` starts each label where several rules share a screen ('Handloom: ').
 */
export function ReturnRuleFields({
  value,
  onChange,
  errors = {},
  name = '',
}: {
  value: RuleForm
  onChange: (v: RuleForm) => void
  /** The server's field errors, by the rule's own field names. */
  errors?: Partial<Record<keyof ReturnRule, string>>
  name?: string
}) {
  const payer = useId()
  const set = (patch: Partial<RuleForm>) => onChange({ ...value, ...patch })
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <Checkbox
          label={`${name}Returnable`}
          checked={value.returnable}
          onChange={(returnable) => set({ returnable })}
          help="Not returnable still takes back a damaged, wrong or not-as-described piece within the window."
        />
      </div>
      <Field label={`${name}Window (days from delivery)`} error={errors.windowDays}>
        {(p) => (
          <input
            {...p}
            type="number"
            inputMode="numeric"
            min={1}
            max={60}
            className={inputClass}
            value={value.windowDays}
            onChange={(e) => set({ windowDays: e.target.value })}
          />
        )}
      </Field>
      {value.returnable ? (
        <>
          <Field
            label={`${name}Restocking fee (%)`}
            error={errors.restockingFeePercent}
            help="Kept back when the customer changed their mind; 0 for none."
          >
            {(p) => (
              <input
                {...p}
                type="number"
                inputMode="numeric"
                min={0}
                max={50}
                className={inputClass}
                value={value.restockingFeePercent}
                onChange={(e) => set({ restockingFeePercent: e.target.value })}
              />
            )}
          </Field>
          <Checkbox
            label={`${name}Exchange offered`}
            checked={value.exchange}
            onChange={(exchange) => set({ exchange })}
            help="Another size or colour of the same product instead of the money."
          />
          <div className="grid content-start gap-1">
            <label htmlFor={payer} className="text-sm font-semibold text-ink">
              {`${name}Return shipping paid by`}
            </label>
            <select
              id={payer}
              className={inputClass}
              value={value.returnShipping}
              onChange={(e) => set({ returnShipping: e.target.value === 'customer' ? 'customer' : 'shop' })}
            >
              <option value="shop">The shop</option>
              <option value="customer">The customer (when they changed their mind)</option>
            </select>
          </div>
        </>
      ) : null}
    </div>
  )
}
