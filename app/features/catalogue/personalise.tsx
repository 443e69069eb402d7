import {
  asked,
  type PersonalisationChoice as Choice,
  type PersonalisationAnswer,
  personalisationText,
} from '../../../contracts/personalisation.ts'
import { MeasurementFields, measuredValues } from '../../components/measurement-fields.tsx'
import { useT } from '../../i18n/i18n.tsx'
import { formatRupees } from '../../lib/format.ts'

export type Chosen = {
  text: Record<string, string>
  addons: string[]
  /** As typed, by measurement form and field. */
  measurements: Record<string, Record<string, string>>
}
export const nothingChosen: Chosen = { text: {}, addons: [], measurements: {} }

/** The answer Add to Cart sends: the texts typed and forms filled in (empty ones left out), the add-ons ticked. */
export function answerFor(choices: readonly Choice[], chosen: Chosen): PersonalisationAnswer | undefined {
  if (choices.length === 0) return undefined
  const text = Object.fromEntries(Object.entries(chosen.text).filter(([, v]) => v.trim() !== ''))
  const measurements = Object.fromEntries(
    Object.entries(chosen.measurements)
      .map(([id, values]) => [id, measuredValues(values)] as const)
      .filter(([, values]) => Object.keys(values).length > 0),
  )
  return { text, addons: chosen.addons, ...(Object.keys(measurements).length ? { measurements } : {}) }
}

/** Rupees the ticked add-ons add to each piece. */
export const addonsPrice = (choices: readonly Choice[], chosen: Chosen) =>
  choices.reduce((sum, c) => (c.kind === 'addon' && chosen.addons.includes(c.id) ? sum + c.price : sum), 0)

/**
 * 'Make it yours' on the product page (decision 133): a field for each text staff ask for, a box for each
 * paid add-on and each measurement form with its help picture. The fields belong to the Add to Cart form
 * (`form`), so they travel before the page's code runs.
 */
export function Personalise({
  choices,
  chosen,
  onChange,
  formId,
}: {
  choices: readonly Choice[]
  chosen: Chosen
  onChange: (next: Chosen) => void
  formId: string
}) {
  const t = useT()
  if (choices.length === 0) return null
  const field = (c: Choice) => {
    // A form asked by an add-on (the blouse's measurements for its stitching) shows once that is ticked.
    if (c.kind === 'measurements' && !asked(c, chosen.addons)) return null
    if (c.kind === 'measurements')
      return (
        <MeasurementFields
          key={c.id}
          form={c}
          idPrefix={`pz-${c.id}`}
          formId={formId}
          note={t(personalisationText.measurementsLater)}
          values={chosen.measurements[c.id] ?? {}}
          onChange={(values) =>
            onChange({ ...chosen, measurements: { ...chosen.measurements, [c.id]: values } })
          }
        />
      )
    if (c.kind === 'text')
      return (
        <div key={c.id}>
          <label htmlFor={`pz-${c.id}`} className="block text-sm font-semibold">
            {c.label}
            {c.required ? null : (
              <span className="font-normal text-ink/75"> {t(personalisationText.optional)}</span>
            )}
          </label>
          {c.help ? (
            <p id={`pz-${c.id}-help`} className="text-sm text-ink/75">
              {c.help}
            </p>
          ) : null}
          <input
            id={`pz-${c.id}`}
            form={formId}
            name={`pz-text-${c.id}`}
            type="text"
            maxLength={c.maxLength}
            required={c.required}
            aria-describedby={c.help ? `pz-${c.id}-help` : undefined}
            value={chosen.text[c.id] ?? ''}
            onChange={(e) => onChange({ ...chosen, text: { ...chosen.text, [c.id]: e.target.value } })}
            className="mt-1 min-h-11 w-full rounded border border-brand-300 px-3 py-2"
          />
        </div>
      )
    return (
      <label key={c.id} className="flex min-h-11 cursor-pointer items-start gap-3">
        <input
          type="checkbox"
          form={formId}
          name="pz-addon"
          value={c.id}
          checked={chosen.addons.includes(c.id)}
          onChange={(e) =>
            onChange({
              ...chosen,
              addons: e.target.checked ? [...chosen.addons, c.id] : chosen.addons.filter((id) => id !== c.id),
            })
          }
          className="mt-1 h-5 w-5 shrink-0 accent-brand-700"
        />
        <span className="text-sm">
          <span className="font-semibold">{c.label}</span>{' '}
          <span className="whitespace-nowrap text-brand-800">
            {t(personalisationText.addonPrice, { price: formatRupees(c.price) })}
          </span>
          {c.help ? <span className="block text-ink/75">{c.help}</span> : null}
        </span>
      </label>
    )
  }
  return (
    <fieldset
      className="min-w-0 rounded-lg border border-brand-200 bg-white p-3 sm:p-4"
      data-testid="personalise"
    >
      <legend className="px-1 font-serif text-lg font-bold text-brand-800">
        {t(personalisationText.heading)}
      </legend>
      <input type="hidden" form={formId} name="pz" value="1" />
      <div className="flex flex-col gap-3">{choices.map(field)}</div>
    </fieldset>
  )
}
