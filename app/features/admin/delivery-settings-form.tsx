import { useEffect, useState } from 'react'
import { type DeliverySettingsView, type ZoneId, zoneIds, zoneLabels } from '../../../contracts/delivery.ts'
import { useAdmin } from './admin-api.ts'
import { useSettingsSave } from './settings-save.ts'
import { shownIn } from './shop-places.ts'
import { Button, Field, inputClass, Loading, LoadProblem, PinCodesField } from './ui.tsx'

type ZoneForm = { enabled: boolean; minDays: string; maxDays: string }
type Form = { dispatchDays: string; zones: Record<ZoneId, ZoneForm>; blockedPins: string }

const formOf = (s: DeliverySettingsView): Form => ({
  dispatchDays: String(s.dispatchDays),
  zones: Object.fromEntries(
    zoneIds.map((id) => [
      id,
      {
        enabled: s.zones[id].enabled,
        minDays: String(s.zones[id].minDays),
        maxDays: String(s.zones[id].maxDays),
      },
    ]),
  ) as Record<ZoneId, ZoneForm>,
  blockedPins: s.blockedPins.join('\n'),
})

const dayInput =
  'min-h-11 w-16 rounded border border-brand-200 px-2 py-1.5 text-base focus:border-brand-600 focus:outline-none'

/** Delivery zones in the console's Settings (decision 086): dispatch days, transit per zone, PINs not served. */
export function DeliverySettingsForm() {
  const { errors, saving, submit } = useSettingsSave('/settings/delivery', 'Delivery saved')
  const current = useAdmin<DeliverySettingsView>('/settings/delivery')
  const [form, setForm] = useState<Form | null>(null)
  useEffect(() => {
    if (current.data) setForm(formOf(current.data))
  }, [current.data])

  const setZone = (id: ZoneId, change: Partial<ZoneForm>) =>
    setForm((f) => (f ? { ...f, zones: { ...f.zones, [id]: { ...f.zones[id], ...change } } } : f))

  const save = async (e: React.FormEvent) => {
    e.preventDefault()
    if (!form) return
    await submit({
      dispatchDays: Number(form.dispatchDays),
      zones: Object.fromEntries(
        zoneIds.map((id) => [
          id,
          {
            enabled: form.zones[id].enabled,
            minDays: Number(form.zones[id].minDays),
            maxDays: Number(form.zones[id].maxDays),
          },
        ]),
      ),
      blockedPins: form.blockedPins,
    })
  }

  const home = current.data?.homeState
  return (
    <section aria-labelledby="delivery-settings" className="mt-6 max-w-xl">
      <h2 id="delivery-settings" className="mb-2 text-lg font-bold text-brand-800">
        Delivery
      </h2>
      <p className="mb-3 text-sm text-ink/80">{shownIn.settings.delivery}</p>
      {current.isPending ? <Loading /> : null}
      {current.isError ? <LoadProblem error={current.error} retry={() => current.refetch()} /> : null}
      {form ? (
        <form
          onSubmit={save}
          noValidate
          className="grid gap-4 rounded-lg border border-brand-200 bg-white p-4"
        >
          <Field
            label="Dispatch days"
            error={errors.dispatchDays}
            help="Working days (Sundays skipped) from the order until the parcel leaves the shop."
          >
            {(p) => (
              <input
                {...p}
                type="number"
                inputMode="numeric"
                min={0}
                className={inputClass}
                value={form.dispatchDays}
                onChange={(e) => setForm({ ...form, dispatchDays: e.target.value })}
              />
            )}
          </Field>
          <fieldset className="grid gap-2">
            <legend className="font-semibold">Transit days per zone</legend>
            <p className="text-sm text-ink/70">
              {home
                ? `The shop’s own state is ${home}, from the invoice settings' legal state.`
                : 'Set the legal state in the invoice settings to give the shop’s own state its zone.'}{' '}
              Switch a zone off to stop delivering there.
            </p>
            {zoneIds.map((id) => (
              <div key={id} className="grid gap-1 border-t border-brand-100 pt-2" data-zone={id}>
                <label className="flex min-h-11 items-center gap-2 font-medium">
                  <input
                    type="checkbox"
                    checked={form.zones[id].enabled}
                    onChange={(e) => setZone(id, { enabled: e.target.checked })}
                    className="h-5 w-5 accent-brand-700"
                  />
                  {zoneLabels[id]}
                </label>
                <div className="flex flex-wrap items-center gap-2 text-sm">
                  <label className="flex items-center gap-1">
                    from
                    <input
                      type="number"
                      inputMode="numeric"
                      min={0}
                      aria-label={`${zoneLabels[id]}: shortest transit days`}
                      className={dayInput}
                      value={form.zones[id].minDays}
                      onChange={(e) => setZone(id, { minDays: e.target.value })}
                    />
                  </label>
                  <label className="flex items-center gap-1">
                    to
                    <input
                      type="number"
                      inputMode="numeric"
                      min={0}
                      aria-label={`${zoneLabels[id]}: longest transit days`}
                      className={dayInput}
                      value={form.zones[id].maxDays}
                      onChange={(e) => setZone(id, { maxDays: e.target.value })}
                    />
                  </label>
                  days
                </div>
                {errors[`zones.${id}.maxDays`] || errors[`zones.${id}.minDays`] ? (
                  <p className="text-sm text-red-700">
                    {errors[`zones.${id}.maxDays`] ?? errors[`zones.${id}.minDays`]}
                  </p>
                ) : null}
              </div>
            ))}
          </fieldset>
          <PinCodesField
            label="PIN codes not served"
            error={errors.blockedPins}
            help="Six-digit PIN codes, one per line or separated by commas; customers are told plainly and cannot order there."
            value={form.blockedPins}
            onChange={(value) => setForm({ ...form, blockedPins: value })}
          />
          <div>
            <Button type="submit" tone="primary" disabled={saving}>
              {saving ? 'Saving...' : 'Save delivery'}
            </Button>
          </div>
        </form>
      ) : null}
    </section>
  )
}
