import { type MeasurementUnit, personalisationLimits } from '../../contracts/personalisation.ts'

type Form = {
  id: string
  label: string
  help?: string
  unit: MeasurementUnit
  fields: ReadonlyArray<{ id: string; label: string }>
  image?: string | null
}

/**
 * A measurement form's fields (decision 133), with its help picture: on the product page before Add to Cart,
 * and on the order page when they are given after ordering. Values are kept as typed; the shop checks them.
 */
export function MeasurementFields({
  form,
  values,
  onChange,
  formId,
  idPrefix,
  note,
}: {
  form: Form
  values: Record<string, string>
  onChange: (next: Record<string, string>) => void
  /** The form the inputs belong to, so they travel before the page's code runs. */
  formId?: string
  idPrefix: string
  note?: string
}) {
  const max = personalisationLimits.measure[form.unit]
  return (
    <fieldset className="min-w-0" data-testid="measurement-form">
      <legend className="text-sm font-semibold">{form.label}</legend>
      {form.help ? <p className="text-sm text-ink/75">{form.help}</p> : null}
      {note ? <p className="text-sm text-ink/75">{note}</p> : null}
      <div className="mt-2 flex flex-col gap-3 sm:flex-row sm:items-start">
        {form.image ? (
          <img
            src={form.image}
            alt=""
            loading="lazy"
            width={160}
            height={160}
            className="h-40 w-40 shrink-0 self-center rounded border border-brand-100 bg-white object-contain sm:self-start"
          />
        ) : null}
        <div className="grid flex-1 grid-cols-2 gap-x-3 gap-y-2">
          {form.fields.map((f) => (
            <div key={f.id} className="min-w-0">
              <label htmlFor={`${idPrefix}-${f.id}`} className="block text-sm">
                {f.label} ({form.unit})
              </label>
              <input
                id={`${idPrefix}-${f.id}`}
                form={formId}
                name={`pz-m.${form.id}.${f.id}`}
                type="number"
                inputMode="decimal"
                min={1}
                max={max}
                step={0.1}
                value={values[f.id] ?? ''}
                onChange={(e) => onChange({ ...values, [f.id]: e.target.value })}
                className="mt-1 min-h-11 w-full rounded border border-brand-300 px-3 py-2"
              />
            </div>
          ))}
        </div>
      </div>
    </fieldset>
  )
}

/** Typed values as the shop takes them: numbers for the fields filled in, none for an empty form. */
export function measuredValues(values: Record<string, string> | undefined): Record<string, number> {
  return Object.fromEntries(
    Object.entries(values ?? {})
      .filter(([, v]) => v.trim() !== '')
      .map(([k, v]) => [k, Number(v)]),
  )
}
