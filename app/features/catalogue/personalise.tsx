import {
  type PersonalisationChoice as Choice,
  type PersonalisationAnswer,
  personalisationText,
} from '../../../contracts/personalisation.ts'
import { useT } from '../../i18n/i18n.tsx'
import { formatRupees } from '../../lib/format.ts'

export type Chosen = { text: Record<string, string>; addons: string[] }
export const nothingChosen: Chosen = { text: {}, addons: [] }

/** The answer Add to Cart sends: the texts typed (empty ones left out) and the add-ons ticked. */
export function answerFor(choices: readonly Choice[], chosen: Chosen): PersonalisationAnswer | undefined {
  if (choices.length === 0) return undefined
  const text = Object.fromEntries(Object.entries(chosen.text).filter(([, v]) => v.trim() !== ''))
  return { text, addons: chosen.addons }
}

/** Rupees the ticked add-ons add to each piece. */
export const addonsPrice = (choices: readonly Choice[], chosen: Chosen) =>
  choices.reduce((sum, c) => (c.kind === 'addon' && chosen.addons.includes(c.id) ? sum + c.price : sum), 0)

/**
 * 'Make it yours' on the product page (decision 133): a field for each text staff ask for and a box for each
 * paid add-on. The fields belong to the Add to Cart form (`form`), so they travel before the page's code runs.
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
  return (
    <fieldset className="rounded-lg border border-brand-200 bg-white p-3 sm:p-4" data-testid="personalise">
      <legend className="px-1 font-serif text-lg font-bold text-brand-800">
        {t(personalisationText.heading)}
      </legend>
      <input type="hidden" form={formId} name="pz" value="1" />
      <div className="flex flex-col gap-3">
        {choices.map((c) =>
          c.kind === 'text' ? (
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
          ) : (
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
                    addons: e.target.checked
                      ? [...chosen.addons, c.id]
                      : chosen.addons.filter((id) => id !== c.id),
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
          ),
        )}
      </div>
    </fieldset>
  )
}
