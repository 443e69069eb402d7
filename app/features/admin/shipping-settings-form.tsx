import { useEffect, useState } from 'react'
import { type ZoneId, zoneIds, zoneLabels } from '../../../contracts/delivery.ts'
import type { ShippingSettingsView } from '../../../contracts/shipping.ts'
import { useAdmin } from './admin-api.ts'
import { useSettingsSave } from './settings-save.ts'
import { shownIn } from './shop-places.ts'
import { Button, Field, inputClass, Loading, LoadProblem } from './ui.tsx'

type SlabForm = { upToGrams: string; charge: string }
type ZoneForm = { slabs: SlabForm[]; extraPerKg: string }
type PackageForm = { name: string; lengthCm: string; breadthCm: string; heightCm: string }
type Form = {
  zones: Record<ZoneId, ZoneForm>
  freeAbove: string
  minimumCharge: string
  defaultWeightGrams: string
  packages: PackageForm[]
}

const formOf = (s: ShippingSettingsView): Form => ({
  zones: Object.fromEntries(
    zoneIds.map((id) => [
      id,
      {
        slabs: s.zones[id].slabs.map((x) => ({ upToGrams: String(x.upToGrams), charge: String(x.charge) })),
        extraPerKg: String(s.zones[id].extraPerKg),
      },
    ]),
  ) as Record<ZoneId, ZoneForm>,
  freeAbove: s.freeAbove === null ? '' : String(s.freeAbove),
  minimumCharge: String(s.minimumCharge),
  defaultWeightGrams: String(s.defaultWeightGrams),
  packages: s.packages.map((p) => ({
    name: p.name,
    lengthCm: String(p.lengthCm),
    breadthCm: String(p.breadthCm),
    heightCm: String(p.heightCm),
  })),
})

const small =
  'min-h-11 w-20 rounded border border-brand-200 px-2 py-1.5 text-base focus:border-brand-600 focus:outline-none'

/** A number box whose text is sent as typed: the server names what is wrong with it. */
function NumberBox({
  label,
  value,
  onChange,
  wide,
}: {
  label: string
  value: string
  onChange: (v: string) => void
  wide?: boolean
}) {
  return (
    <input
      type="number"
      inputMode="decimal"
      step="any"
      min={0}
      aria-label={label}
      className={wide ? `${small} w-28` : small}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  )
}

/**
 * Shipping in the console's Settings (decision 134): per delivery zone, weight slabs and what each costs,
 * a charge per further kilogram, the free-shipping threshold, a minimum, the default weight, and the shop's
 * packages. A zone without slabs ships free.
 */
export function ShippingSettingsForm() {
  const { errors, saving, submit } = useSettingsSave('/settings/shipping', 'Shipping saved')
  const current = useAdmin<ShippingSettingsView>('/settings/shipping')
  const [form, setForm] = useState<Form | null>(null)
  useEffect(() => {
    if (current.data) setForm(formOf(current.data))
  }, [current.data])

  const setZone = (id: ZoneId, change: (z: ZoneForm) => ZoneForm) =>
    setForm((f) => (f ? { ...f, zones: { ...f.zones, [id]: change(f.zones[id]) } } : f))
  const setSlab = (id: ZoneId, i: number, change: Partial<SlabForm>) =>
    setZone(id, (z) => ({ ...z, slabs: z.slabs.map((s, j) => (j === i ? { ...s, ...change } : s)) }))
  const setPackage = (i: number, change: Partial<PackageForm>) =>
    setForm((f) =>
      f ? { ...f, packages: f.packages.map((p, j) => (j === i ? { ...p, ...change } : p)) } : f,
    )

  const save = async (e: React.FormEvent) => {
    e.preventDefault()
    if (!form) return
    await submit({
      zones: Object.fromEntries(
        zoneIds.map((id) => [
          id,
          {
            slabs: form.zones[id].slabs.map((s) => ({ upToGrams: s.upToGrams, charge: s.charge })),
            extraPerKg: form.zones[id].extraPerKg || '0',
          },
        ]),
      ),
      freeAbove: form.freeAbove.trim() === '' ? null : form.freeAbove,
      minimumCharge: form.minimumCharge || '0',
      defaultWeightGrams: form.defaultWeightGrams,
      packages: form.packages,
    })
  }

  return (
    <section aria-labelledby="shipping-settings" className="mt-6 max-w-xl">
      <h2 id="shipping-settings" className="mb-2 text-lg font-bold text-brand-800">
        Shipping
      </h2>
      <p className="mb-3 text-sm text-ink/80">{shownIn.settings.shipping}</p>
      {current.isPending ? <Loading /> : null}
      {current.isError ? <LoadProblem error={current.error} retry={() => current.refetch()} /> : null}
      {form ? (
        <form
          onSubmit={save}
          noValidate
          className="grid gap-4 rounded-lg border border-brand-200 bg-white p-4"
        >
          <fieldset className="grid gap-2">
            <legend className="font-semibold">Rates per zone</legend>
            <p className="text-sm text-ink/70">
              A parcel pays the first slab its weight fits in (the greater of what it weighs and its size: L ×
              B × H ÷ 5000 kg). Above the last slab, each further kilogram or part of one adds the charge per
              kg. A zone without slabs ships free.
            </p>
            {zoneIds.map((id) => (
              <div key={id} className="grid gap-2 border-t border-brand-100 pt-2" data-zone={id}>
                <p className="font-medium">{zoneLabels[id]}</p>
                {form.zones[id].slabs.map((s, i) => (
                  <div key={i} className="flex flex-wrap items-center gap-2 text-sm" data-slab={i}>
                    up to
                    <NumberBox
                      label={`${zoneLabels[id]}, slab ${i + 1}: up to grams`}
                      value={s.upToGrams}
                      onChange={(v) => setSlab(id, i, { upToGrams: v })}
                      wide
                    />
                    g: ₹
                    <NumberBox
                      label={`${zoneLabels[id]}, slab ${i + 1}: charge in rupees`}
                      value={s.charge}
                      onChange={(v) => setSlab(id, i, { charge: v })}
                    />
                    <Button
                      small
                      onClick={() => setZone(id, (z) => ({ ...z, slabs: z.slabs.filter((_, j) => j !== i) }))}
                    >
                      Remove
                      <span className="sr-only">
                        {' '}
                        slab {i + 1} of {zoneLabels[id]}
                      </span>
                    </Button>
                  </div>
                ))}
                <div className="flex flex-wrap items-center gap-2 text-sm">
                  <Button
                    small
                    onClick={() =>
                      setZone(id, (z) => {
                        const last = Number(z.slabs[z.slabs.length - 1]?.upToGrams) || 0
                        return { ...z, slabs: [...z.slabs, { upToGrams: String(last + 500), charge: '' }] }
                      })
                    }
                  >
                    Add a slab<span className="sr-only"> to {zoneLabels[id]}</span>
                  </Button>
                  {form.zones[id].slabs.length > 0 ? (
                    <span className="flex items-center gap-1">
                      then ₹
                      <NumberBox
                        label={`${zoneLabels[id]}: charge per further kilogram`}
                        value={form.zones[id].extraPerKg}
                        onChange={(v) => setZone(id, (z) => ({ ...z, extraPerKg: v }))}
                      />
                      per kg
                    </span>
                  ) : (
                    <span className="text-ink/70">Ships free</span>
                  )}
                </div>
                {Object.entries(errors)
                  .filter(([k]) => k.startsWith(`zones.${id}.`))
                  .map(([k, v]) => (
                    <p key={k} className="text-sm text-red-700">
                      {v}
                    </p>
                  ))}
              </div>
            ))}
          </fieldset>
          {(
            [
              [
                'freeAbove',
                'Free shipping from (₹, optional)',
                'Orders whose goods come to this much or more, after the coupon, ship free. Empty: never.',
              ],
              [
                'minimumCharge',
                'Minimum charge (₹)',
                'The least an order pays for shipping where it pays any; 0 for none.',
              ],
              [
                'defaultWeightGrams',
                'Default weight (grams)',
                'What a piece counts for when its product and variant give no weight.',
              ],
            ] as const
          ).map(([name, label, help]) => (
            <Field key={name} label={label} error={errors[name]} help={help}>
              {(p) => (
                <input
                  {...p}
                  type="number"
                  inputMode="decimal"
                  min={0}
                  className={inputClass}
                  value={form[name]}
                  onChange={(e) => setForm({ ...form, [name]: e.target.value })}
                />
              )}
            </Field>
          ))}
          <fieldset className="grid gap-2">
            <legend className="font-semibold">Packages</legend>
            <p className="text-sm text-ink/70">
              The boxes you pack in often (small box, saree box, frame tube), in centimetres: a product’s form
              offers them.
            </p>
            {form.packages.map((k, i) => (
              <div
                key={i}
                className="flex flex-wrap items-center gap-2 border-t border-brand-100 pt-2 text-sm"
                data-package={i}
              >
                <input
                  aria-label={`Package ${i + 1}: name`}
                  className={`${small} w-40`}
                  value={k.name}
                  onChange={(e) => setPackage(i, { name: e.target.value })}
                />
                <NumberBox
                  label={`Package ${i + 1}: length in cm`}
                  value={k.lengthCm}
                  onChange={(v) => setPackage(i, { lengthCm: v })}
                />
                ×
                <NumberBox
                  label={`Package ${i + 1}: breadth in cm`}
                  value={k.breadthCm}
                  onChange={(v) => setPackage(i, { breadthCm: v })}
                />
                ×
                <NumberBox
                  label={`Package ${i + 1}: height in cm`}
                  value={k.heightCm}
                  onChange={(v) => setPackage(i, { heightCm: v })}
                />
                cm
                <Button
                  small
                  onClick={() => setForm({ ...form, packages: form.packages.filter((_, j) => j !== i) })}
                >
                  Remove<span className="sr-only"> package {i + 1}</span>
                </Button>
              </div>
            ))}
            {Object.entries(errors)
              .filter(([k]) => k.startsWith('packages'))
              .map(([k, v]) => (
                <p key={k} className="text-sm text-red-700">
                  {v}
                </p>
              ))}
            <div>
              <Button
                small
                onClick={() =>
                  setForm({
                    ...form,
                    packages: [...form.packages, { name: '', lengthCm: '', breadthCm: '', heightCm: '' }],
                  })
                }
              >
                Add a package
              </Button>
            </div>
          </fieldset>
          <div>
            <Button type="submit" tone="primary" disabled={saving}>
              {saving ? 'Saving...' : 'Save shipping'}
            </Button>
          </div>
        </form>
      ) : null}
    </section>
  )
}
