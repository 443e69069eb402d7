import { useEffect, useState } from 'react'
import type { CodTermsView } from '../../../contracts/cod.ts'
import { useAdmin } from './admin-api.ts'
import { useSettingsSave } from './settings-save.ts'
import { shownIn } from './shop-places.ts'
import { Button, Field, inputClass, Loading, LoadProblem, PinCodesField } from './ui.tsx'

type Form = { enabled: boolean; maxTotal: string; fee: string; excludedStates: string; excludedPins: string }

const formOf = (t: CodTermsView): Form => ({
  enabled: t.enabled,
  maxTotal: String(t.maxTotal),
  fee: String(t.fee),
  excludedStates: t.excludedStates.join('\n'),
  excludedPins: t.excludedPins.join('\n'),
})

/** Cash on delivery in the console's Settings (decision 080): on or off, limit, fee, where not offered. */
export function CodSettingsForm() {
  const { errors, saving, submit } = useSettingsSave('/settings/cod', 'Cash on delivery saved')
  const current = useAdmin<CodTermsView>('/settings/cod')
  const [form, setForm] = useState<Form | null>(null)
  useEffect(() => {
    if (current.data) setForm(formOf(current.data))
  }, [current.data])

  const save = async (e: React.FormEvent) => {
    e.preventDefault()
    if (!form) return
    await submit({
      enabled: form.enabled,
      maxTotal: Number(form.maxTotal),
      fee: Number(form.fee || 0),
      excludedStates: form.excludedStates,
      excludedPins: form.excludedPins,
    })
  }

  return (
    <section aria-labelledby="cod-settings" className="mt-6 max-w-xl">
      <h2 id="cod-settings" className="mb-2 text-lg font-bold text-brand-800">
        Cash on delivery
      </h2>
      <p className="mb-3 text-sm text-ink/80">{shownIn.settings.cod}</p>
      {current.isPending ? <Loading /> : null}
      {current.isError ? <LoadProblem error={current.error} retry={() => current.refetch()} /> : null}
      {form ? (
        <form
          onSubmit={save}
          noValidate
          className="grid gap-4 rounded-lg border border-brand-200 bg-white p-4"
        >
          <label className="flex min-h-11 items-center gap-2 font-semibold">
            <input
              type="checkbox"
              checked={form.enabled}
              onChange={(e) => setForm({ ...form, enabled: e.target.checked })}
              className="h-5 w-5 accent-brand-700"
            />
            Offer cash on delivery
          </label>
          <Field
            label="Largest order for COD (₹)"
            error={errors.maxTotal}
            help="Orders worth more than this (after any coupon) must be paid online."
          >
            {(p) => (
              <input
                {...p}
                type="number"
                inputMode="decimal"
                min={1}
                className={inputClass}
                value={form.maxTotal}
                onChange={(e) => setForm({ ...form, maxTotal: e.target.value })}
              />
            )}
          </Field>
          <Field
            label="COD fee (₹)"
            error={errors.fee}
            help="Added to a COD order as its own line; 0 for none."
          >
            {(p) => (
              <input
                {...p}
                type="number"
                inputMode="decimal"
                min={0}
                className={inputClass}
                value={form.fee}
                onChange={(e) => setForm({ ...form, fee: e.target.value })}
              />
            )}
          </Field>
          <Field
            label="States without COD"
            error={errors.excludedStates}
            help="One state per line, as the checkout fills it from the PIN code (for example Ladakh)."
          >
            {(p) => (
              <textarea
                {...p}
                rows={3}
                className={inputClass}
                value={form.excludedStates}
                onChange={(e) => setForm({ ...form, excludedStates: e.target.value })}
              />
            )}
          </Field>
          <PinCodesField
            label="PIN codes without COD"
            error={errors.excludedPins}
            help="Six-digit PIN codes, one per line or separated by commas."
            value={form.excludedPins}
            onChange={(value) => setForm({ ...form, excludedPins: value })}
          />
          <div>
            <Button type="submit" tone="primary" disabled={saving}>
              {saving ? 'Saving...' : 'Save cash on delivery'}
            </Button>
          </div>
        </form>
      ) : null}
    </section>
  )
}
