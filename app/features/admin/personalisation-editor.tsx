import { type ReactNode, useId, useState } from 'react'
import type { AdminChoice } from '../../../contracts/admin-personalisation.ts'
import type { AdminProduct } from '../../../contracts/admin-products.ts'
import { gstRates } from '../../../contracts/gst.ts'
import { imageAt } from '../../../contracts/images.ts'
import { type MeasurementUnit, personalisationLimits } from '../../../contracts/personalisation.ts'
import { api } from '../../lib/api.ts'
import { toast } from '../../lib/toast.tsx'
import { adminSend, type Envelope, photoTooLarge, problemText } from './admin-api.ts'
import { Button, Field, inputClass } from './ui.tsx'

/**
 * The product page's 'Personalisation' (decision 133): texts customers type, paid add-ons with their own
 * price and GST, and measurement forms with a help picture. Saved on its own, in one call; a choice keeps its
 * id, so carts and orders that hold it still find it.
 */

type Kind = AdminChoice['kind']
type Draft = {
  key: string
  id?: string
  kind: Kind
  label: string
  help: string
  maxLength: string
  required: boolean
  price: string
  hsnCode: string
  /** '' follows the HSN code's rule. */
  gstRate: string
  unit: MeasurementUnit
  fields: Array<{ key: string; id?: string; label: string }>
  /** The key of the add-on draft that asks for the form; '' for always. */
  forAddon: string
  image: string | null
}

const kindNames: Record<Kind, string> = {
  text: 'Text to type',
  addon: 'Paid add-on',
  measurements: 'Measurements',
}

let serial = 0
const freshKey = () => `new-${++serial}`

function draftOf(c: AdminChoice): Draft {
  const base: Draft = {
    key: c.id,
    id: c.id,
    kind: c.kind,
    label: c.label,
    help: c.help,
    maxLength: '40',
    required: false,
    price: '',
    hsnCode: '',
    gstRate: '',
    unit: 'cm',
    fields: [],
    forAddon: '',
    image: null,
  }
  if (c.kind === 'text') return { ...base, maxLength: String(c.maxLength), required: c.required }
  if (c.kind === 'addon')
    return {
      ...base,
      price: String(c.price),
      hsnCode: c.hsnCode,
      gstRate: c.gstRate === null ? '' : String(c.gstRate),
    }
  return {
    ...base,
    required: c.required,
    unit: c.unit,
    fields: c.fields.map((f) => ({ key: f.id, id: f.id, label: f.label })),
    forAddon: c.forAddon ?? '',
    image: c.image,
  }
}

function blank(kind: Kind): Draft {
  return {
    key: freshKey(),
    kind,
    label: '',
    help: '',
    maxLength: '40',
    required: kind === 'measurements',
    price: '',
    hsnCode: '',
    gstRate: '',
    unit: 'cm',
    fields: kind === 'measurements' ? [{ key: freshKey(), label: '' }] : [],
    forAddon: '',
    image: null,
  }
}

const numberOrNaN = (s: string) => (s.trim() === '' ? Number.NaN : Number(s))

/** The body the API takes; an add-on that asks for a form is named by its position in the list. */
function bodyOf(drafts: Draft[]) {
  return {
    choices: drafts.map((d) => {
      const common = { ...(d.id ? { id: d.id } : {}), kind: d.kind, label: d.label, help: d.help }
      if (d.kind === 'text') return { ...common, maxLength: numberOrNaN(d.maxLength), required: d.required }
      if (d.kind === 'addon')
        return {
          ...common,
          price: numberOrNaN(d.price),
          hsnCode: d.hsnCode,
          gstRate: d.gstRate === '' ? null : Number(d.gstRate),
        }
      const asker = drafts.findIndex((o) => o.key === d.forAddon && o.kind === 'addon')
      return {
        ...common,
        unit: d.unit,
        fields: d.fields.map((f) => ({ ...(f.id ? { id: f.id } : {}), label: f.label })),
        required: d.required,
        forAddon: asker === -1 ? null : asker,
      }
    }),
  }
}

export function PersonalisationEditor({
  product,
  onSaved,
}: {
  product: AdminProduct
  onSaved: () => Promise<void>
}) {
  const headingId = useId()
  const [drafts, setDrafts] = useState<Draft[]>(() => product.personalisation.map(draftOf))
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const set = (key: string, patch: Partial<Draft>) =>
    setDrafts((old) => old.map((d) => (d.key === key ? { ...d, ...patch } : d)))
  const move = (j: number, by: -1 | 1) =>
    setDrafts((old) => {
      const next = [...old]
      const [one] = next.splice(j, 1)
      next.splice(j + by, 0, one!)
      return next
    })
  const addons = drafts.filter((d) => d.kind === 'addon')

  async function save() {
    setBusy(true)
    setProblem(null)
    try {
      const r = await adminSend(`/products/${product._id}/personalisation`, 'PUT', bodyOf(drafts))
      toast.success(r.message)
      await onSaved()
    } catch (err) {
      setProblem(problemText(err))
    } finally {
      setBusy(false)
    }
  }

  async function picture(d: Draft, file: File | null) {
    const tooLarge = file ? photoTooLarge([file]) : null
    if (tooLarge) return toast.error(tooLarge)
    setBusy(true)
    try {
      const path = `/admin/products/${product._id}/personalisation/${d.id}/picture`
      let message: string
      if (file) {
        const form = new FormData()
        form.append('image', file)
        message = (await api<Envelope<AdminProduct>>(path, { method: 'POST', body: form, auth: true }))
          .message
      } else message = (await adminSend(path.replace(/^\/admin/, ''), 'DELETE')).message
      toast.success(message)
      await onSaved()
    } catch (err) {
      toast.error(problemText(err))
    } finally {
      setBusy(false)
    }
  }

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-brand-200 bg-white p-4"
      data-testid="personalisation-editor"
    >
      <h2 id={headingId} className="font-serif text-lg font-bold text-brand-800">
        Personalisation
      </h2>
      <p className="mt-1 text-sm text-ink/80">
        Texts customers type (a name to weave, a message for the card), paid add-ons (fall &amp; pico, gift
        wrap) with their own price and GST, and measurement forms with a picture of where to measure. They are
        not stock.
      </p>
      <ol className="mt-3 grid gap-3">
        {drafts.map((d, j) => {
          const name = d.label.trim() || `choice ${j + 1}`
          const field = (label: string, input: (props: { id: string }) => ReactNode) => (
            <Field label={label}>{(props) => input(props)}</Field>
          )
          return (
            <li
              key={d.key}
              className="rounded border border-brand-100 bg-brand-50/40 p-3"
              data-testid="choice-row"
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="text-sm font-bold text-brand-800">{kindNames[d.kind]}</span>
                <span className="flex gap-1">
                  <Button small label={`Move ${name} up`} disabled={j === 0} onClick={() => move(j, -1)}>
                    <span aria-hidden="true">↑</span>
                  </Button>
                  <Button
                    small
                    label={`Move ${name} down`}
                    disabled={j === drafts.length - 1}
                    onClick={() => move(j, 1)}
                  >
                    <span aria-hidden="true">↓</span>
                  </Button>
                  <Button
                    small
                    tone="danger"
                    label={`Remove ${name}`}
                    onClick={() => setDrafts((old) => old.filter((o) => o.key !== d.key))}
                  >
                    <span aria-hidden="true">✕</span>
                  </Button>
                </span>
              </div>
              <div className="mt-2 grid gap-3 sm:grid-cols-2">
                {field('Name customers read', (p) => (
                  <input
                    {...p}
                    className={inputClass}
                    value={d.label}
                    maxLength={personalisationLimits.label}
                    placeholder={
                      d.kind === 'text'
                        ? 'Name to weave'
                        : d.kind === 'addon'
                          ? 'Gift wrap'
                          : 'Blouse measurements'
                    }
                    onChange={(e) => set(d.key, { label: e.target.value })}
                  />
                ))}
                {field('Help line (optional)', (p) => (
                  <input
                    {...p}
                    className={inputClass}
                    value={d.help}
                    maxLength={personalisationLimits.help}
                    onChange={(e) => set(d.key, { help: e.target.value })}
                  />
                ))}
                {d.kind === 'text'
                  ? field('Longest length (characters)', (p) => (
                      <input
                        {...p}
                        className={inputClass}
                        type="number"
                        inputMode="numeric"
                        min={1}
                        max={personalisationLimits.text}
                        value={d.maxLength}
                        onChange={(e) => set(d.key, { maxLength: e.target.value })}
                      />
                    ))
                  : null}
                {d.kind === 'addon' ? (
                  <>
                    {field('Price for each piece (₹)', (p) => (
                      <input
                        {...p}
                        className={inputClass}
                        type="number"
                        inputMode="decimal"
                        step="any"
                        min={1}
                        value={d.price}
                        onChange={(e) => set(d.key, { price: e.target.value })}
                      />
                    ))}
                    {field('HSN or SAC code', (p) => (
                      <input
                        {...p}
                        className={inputClass}
                        inputMode="numeric"
                        value={d.hsnCode}
                        placeholder="Same as the product"
                        onChange={(e) => set(d.key, { hsnCode: e.target.value })}
                      />
                    ))}
                    {field('GST rate', (p) => (
                      <select
                        {...p}
                        className={inputClass}
                        value={d.gstRate}
                        onChange={(e) => set(d.key, { gstRate: e.target.value })}
                      >
                        <option value="">Follow its HSN code (or the product’s rate)</option>
                        {gstRates.map((r) => (
                          <option key={r} value={String(r)}>
                            {r}%
                          </option>
                        ))}
                      </select>
                    ))}
                  </>
                ) : null}
                {d.kind === 'measurements' ? (
                  <>
                    {field('Unit', (p) => (
                      <select
                        {...p}
                        className={inputClass}
                        value={d.unit}
                        onChange={(e) => set(d.key, { unit: e.target.value as MeasurementUnit })}
                      >
                        <option value="cm">Centimetres (cm)</option>
                        <option value="in">Inches (in)</option>
                      </select>
                    ))}
                    {field('Asked', (p) => (
                      <select
                        {...p}
                        className={inputClass}
                        value={d.forAddon}
                        onChange={(e) => set(d.key, { forAddon: e.target.value })}
                      >
                        <option value="">Always</option>
                        {addons.map((a) => (
                          <option key={a.key} value={a.key}>
                            When “{a.label || 'an add-on'}” is chosen
                          </option>
                        ))}
                      </select>
                    ))}
                    <fieldset className="grid gap-2 sm:col-span-2">
                      <legend className="text-sm font-semibold">Measurements asked</legend>
                      {d.fields.map((f, k) => (
                        <div key={f.key} className="flex gap-2">
                          <input
                            className={`${inputClass} flex-1`}
                            value={f.label}
                            aria-label={`Measurement ${k + 1} of ${name}`}
                            placeholder={['Bust', 'Waist', 'Length'][k % 3]}
                            onChange={(e) =>
                              set(d.key, {
                                fields: d.fields.map((o) =>
                                  o.key === f.key ? { ...o, label: e.target.value } : o,
                                ),
                              })
                            }
                          />
                          <Button
                            small
                            tone="danger"
                            label={`Remove measurement ${k + 1} of ${name}`}
                            onClick={() => set(d.key, { fields: d.fields.filter((o) => o.key !== f.key) })}
                          >
                            <span aria-hidden="true">✕</span>
                          </Button>
                        </div>
                      ))}
                      {d.fields.length < personalisationLimits.fields ? (
                        <span>
                          <Button
                            small
                            onClick={() =>
                              set(d.key, { fields: [...d.fields, { key: freshKey(), label: '' }] })
                            }
                          >
                            Add a measurement
                          </Button>
                        </span>
                      ) : null}
                    </fieldset>
                    <div className="grid gap-1 text-sm sm:col-span-2">
                      <span className="font-semibold">Help picture: where to measure</span>
                      {d.id ? (
                        <div className="flex flex-wrap items-center gap-3">
                          {d.image ? (
                            <img
                              src={imageAt(d.image, 200)}
                              alt={`Where to measure for ${name}`}
                              className="size-16 rounded border border-brand-200 object-contain"
                            />
                          ) : (
                            <span className="grid size-16 place-items-center rounded border border-dashed border-brand-200 text-xs text-ink/75">
                              none
                            </span>
                          )}
                          <input
                            type="file"
                            accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
                            aria-label={`Help picture of ${name}`}
                            disabled={busy}
                            className="min-h-11 max-w-full text-sm file:mr-2 file:min-h-11 file:rounded file:border file:border-brand-200 file:bg-white file:px-3 file:py-1.5"
                            onChange={(e) => {
                              const file = e.target.files?.[0]
                              if (file) void picture(d, file)
                              e.target.value = ''
                            }}
                          />
                          {d.image ? (
                            <Button small onClick={() => void picture(d, null)}>
                              Remove picture
                            </Button>
                          ) : null}
                        </div>
                      ) : (
                        <span className="text-ink/75">Save the form first, then add its picture.</span>
                      )}
                    </div>
                  </>
                ) : null}
                {d.kind !== 'addon' ? (
                  <label className="flex min-h-11 items-start gap-2 text-sm sm:col-span-2">
                    <input
                      type="checkbox"
                      className="mt-1 size-5 accent-brand-600"
                      checked={d.required}
                      onChange={(e) => set(d.key, { required: e.target.checked })}
                    />
                    <span>
                      <span className="font-semibold">
                        {d.kind === 'text' ? 'Customer must fill it in' : 'The piece is made to them'}
                      </span>
                      {d.kind === 'measurements' ? (
                        <span className="block text-xs text-ink/70">
                          Customers may still order first and give them from their order page until you start
                          on it.
                        </span>
                      ) : null}
                    </span>
                  </label>
                ) : null}
              </div>
            </li>
          )
        })}
      </ol>
      {drafts.length === 0 ? (
        <p className="mt-2 text-sm text-ink/75">No choices: the piece is sold as it is.</p>
      ) : null}
      {problem ? (
        <p role="alert" className="mt-3 rounded border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {problem}
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        {drafts.length < personalisationLimits.choices ? (
          <>
            <Button small onClick={() => setDrafts((old) => [...old, blank('text')])}>
              Add a text
            </Button>
            <Button small onClick={() => setDrafts((old) => [...old, blank('addon')])}>
              Add a paid add-on
            </Button>
            <Button small onClick={() => setDrafts((old) => [...old, blank('measurements')])}>
              Add measurements
            </Button>
          </>
        ) : null}
        <Button tone="primary" disabled={busy} onClick={() => void save()}>
          Save personalisation
        </Button>
      </div>
    </section>
  )
}
