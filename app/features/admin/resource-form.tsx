import { useState } from 'react'
import type { z } from 'zod'
import { fieldErrors } from '../../../contracts/admin.ts'
import { imageAt } from '../../../contracts/images.ts'
import { toast } from '../../lib/toast.tsx'
import { problemText, serverFieldErrors, type UploadFolder, uploadPicture } from './admin-api.ts'
import { RichTextField } from './rich-text-field.tsx'
import { Button, Checkbox, Field, inputClass, PictureInput } from './ui.tsx'

export type FormValue = string | boolean | string[]
export type FormValues = Record<string, FormValue>

export type FieldSpec = {
  name: string
  label: string
  kind:
    | 'text'
    | 'textarea'
    | 'html'
    | 'number'
    | 'checkbox'
    /** Several of `options` ticked (a seva's weekdays): the value is the ticked options' values. */
    | 'checkboxes'
    | 'select'
    | 'picture'
    | 'pictures'
    | 'date'
    | 'url'
    | 'hidden'
    | 'computed'
  help?: string
  /** What a 'computed' field shows, worked out from the other fields (never sent). */
  compute?: (values: FormValues) => string
  options?: Array<{ value: string; label: string }>
  /** Options that depend on other fields (subcategories of the chosen category). */
  optionsFor?: (values: FormValues) => Array<{ value: string; label: string }>
  folder?: UploadFolder
  wide?: boolean
  /** Fields emptied when this one changes (the subcategory when the category changes). */
  resets?: string[]
  /** Shown and sent, but not edited here (a product's price while its variants decide it). */
  readOnly?: boolean
  /** A number emptied is sent as '' (cleared) instead of being left out (left as it is). */
  clearable?: boolean
  /** Values offered as the field is typed (a text field's datalist), each with what it is. */
  suggestions?: Array<{ value: string; label: string }>
}

/** Form values (strings from the inputs) into the body the schema checks: numbers as numbers, empty as absent. */
export function toBody(fields: FieldSpec[], values: FormValues): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const f of fields) {
    const v = values[f.name]
    if (f.kind === 'computed') continue
    if (f.kind === 'number') {
      const s = String(v ?? '').trim()
      out[f.name] = s === '' ? (f.clearable ? '' : undefined) : Number(s)
    } else if (f.kind === 'checkbox') out[f.name] = Boolean(v)
    else if (f.kind === 'pictures' || f.kind === 'checkboxes') out[f.name] = Array.isArray(v) ? v : []
    else out[f.name] = typeof v === 'string' ? v : ''
  }
  return out
}

/** Checks values with the shared schema; answers the parsed body or the messages per field. */
export function checkForm(schema: z.ZodType, fields: FieldSpec[], values: FormValues) {
  const parsed = schema.safeParse(toBody(fields, values))
  return parsed.success
    ? { ok: true as const, body: toBody(fields, values) }
    : { ok: false as const, errors: fieldErrors(parsed.error) }
}

export function FieldInput({
  spec,
  value,
  onChange,
  error,
  values = {},
}: {
  spec: FieldSpec
  value: FormValue
  onChange: (v: FormValue) => void
  error?: string
  values?: FormValues
}) {
  if (spec.kind === 'hidden') return null
  if (spec.kind === 'computed') {
    const id = `computed-${spec.name}`
    return (
      <div className="grid content-start gap-1">
        <span id={`${id}-label`} className="text-sm font-semibold text-ink">
          {spec.label}
        </span>
        <output
          aria-labelledby={`${id}-label`}
          aria-describedby={spec.help ? `${id}-help` : undefined}
          aria-live="polite"
          className="rounded border border-dashed border-brand-200 bg-brand-50 px-3 py-2 text-base"
          data-testid={id}
        >
          {spec.compute?.(values) ?? ''}
        </output>
        {spec.help ? (
          <p id={`${id}-help`} className="text-xs text-ink/70">
            {spec.help}
          </p>
        ) : null}
      </div>
    )
  }
  if (spec.kind === 'checkbox') {
    return (
      <div>
        <Checkbox label={spec.label} help={spec.help} checked={Boolean(value)} onChange={onChange} />
        {error ? <p className="text-sm text-red-700">{error}</p> : null}
      </div>
    )
  }
  if (spec.kind === 'checkboxes') {
    const ticked = Array.isArray(value) ? value : []
    const id = `checkboxes-${spec.name}`
    return (
      <fieldset
        className="grid gap-1 sm:col-span-2"
        aria-describedby={spec.help ? `${id}-help` : undefined}
        aria-invalid={error ? true : undefined}
      >
        <legend className="text-sm font-semibold text-ink">{spec.label}</legend>
        <div className="flex flex-wrap gap-2">
          {(spec.options ?? []).map((o) => (
            <label
              key={o.value}
              className="flex min-h-11 items-center gap-2 rounded border border-brand-200 bg-white px-3"
            >
              <input
                type="checkbox"
                checked={ticked.includes(o.value)}
                onChange={(e) =>
                  onChange(e.target.checked ? [...ticked, o.value] : ticked.filter((x) => x !== o.value))
                }
                className="size-5 accent-brand-700"
              />
              {o.label}
            </label>
          ))}
        </div>
        {spec.help ? (
          <p id={`${id}-help`} className="text-xs text-ink/70">
            {spec.help}
          </p>
        ) : null}
        {error ? <p className="text-sm text-red-700">{error}</p> : null}
      </fieldset>
    )
  }
  const wide = spec.wide ?? (spec.kind === 'textarea' || spec.kind === 'html' || spec.kind === 'pictures')
  return (
    <Field label={spec.label} error={error} help={spec.help} wide={wide}>
      {(p, { labelId }) => {
        const s = typeof value === 'string' ? value : ''
        switch (spec.kind) {
          case 'textarea':
            return (
              <textarea
                {...p}
                rows={4}
                className={inputClass}
                value={s}
                onChange={(e) => onChange(e.target.value)}
              />
            )
          case 'html':
            return (
              <RichTextField
                id={p.id}
                labelId={labelId}
                describedBy={p['aria-describedby']}
                invalid={p['aria-invalid']}
                value={s}
                onChange={onChange}
              />
            )
          case 'select':
            return (
              <select {...p} className={inputClass} value={s} onChange={(e) => onChange(e.target.value)}>
                {(spec.optionsFor ? spec.optionsFor(values) : (spec.options ?? [])).map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            )
          case 'picture':
            return (
              <PictureInput
                id={p.id}
                value={s}
                onChange={onChange}
                folder={spec.folder ?? 'categories'}
                invalid={p['aria-invalid']}
                describedBy={p['aria-describedby']}
              />
            )
          case 'pictures':
            return (
              <PictureList
                id={p.id}
                value={Array.isArray(value) ? value : []}
                onChange={onChange}
                folder={spec.folder ?? 'temples'}
              />
            )
          default:
            return (
              <>
                <input
                  {...p}
                  type={
                    spec.kind === 'number'
                      ? 'number'
                      : spec.kind === 'date'
                        ? 'date'
                        : spec.kind === 'url'
                          ? 'url'
                          : 'text'
                  }
                  inputMode={spec.kind === 'number' ? 'decimal' : undefined}
                  step={spec.kind === 'number' ? 'any' : undefined}
                  readOnly={spec.readOnly}
                  list={spec.suggestions?.length ? `${p.id}-suggestions` : undefined}
                  className={spec.readOnly ? `${inputClass} border-dashed bg-brand-50` : inputClass}
                  value={s}
                  onChange={(e) => onChange(e.target.value)}
                />
                {spec.suggestions?.length ? (
                  <datalist id={`${p.id}-suggestions`}>
                    {spec.suggestions.map((o) => (
                      <option key={o.value} value={o.value} label={o.label} />
                    ))}
                  </datalist>
                ) : null}
              </>
            )
        }
      }}
    </Field>
  )
}

/** Several pictures in order (temples): upload more, move, remove. */
function PictureList({
  id,
  value,
  onChange,
  folder,
}: {
  id: string
  value: string[]
  onChange: (v: string[]) => void
  folder: UploadFolder
}) {
  const [busy, setBusy] = useState(false)
  const move = (i: number, d: number) => {
    const next = [...value]
    const [x] = next.splice(i, 1)
    next.splice(i + d, 0, x)
    onChange(next)
  }
  return (
    <div className="grid gap-2">
      <ul className="flex flex-wrap gap-3">
        {value.map((url, i) => (
          <li key={url} className="grid gap-1 rounded border border-brand-200 bg-white p-2">
            <img src={imageAt(url, 200)} alt={`No. ${i + 1}`} className="size-20 rounded object-cover" />
            <span className="flex gap-1">
              <Button
                small
                label={`Move picture ${i + 1} earlier`}
                disabled={i === 0}
                onClick={() => move(i, -1)}
              >
                ←
              </Button>
              <Button
                small
                label={`Move picture ${i + 1} later`}
                disabled={i === value.length - 1}
                onClick={() => move(i, 1)}
              >
                →
              </Button>
              <Button
                small
                tone="danger"
                label={`Remove picture ${i + 1}`}
                onClick={() => onChange(value.filter((_, j) => j !== i))}
              >
                ✕
              </Button>
            </span>
          </li>
        ))}
      </ul>
      <input
        id={id}
        type="file"
        multiple
        accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
        disabled={busy}
        className="text-sm file:mr-2 file:rounded file:border file:border-brand-200 file:bg-white file:px-3 file:py-1.5"
        onChange={async (e) => {
          const files = [...(e.target.files ?? [])]
          setBusy(true)
          try {
            const urls: string[] = []
            for (const f of files) urls.push(await uploadPicture(folder, f))
            onChange([...value, ...urls])
          } catch (err) {
            toast.error(problemText(err))
          } finally {
            setBusy(false)
            e.target.value = ''
          }
        }}
      />
    </div>
  )
}

/** A whole form: fields in a grid, checked with the shared schema before sending, server errors per field. */
export function ResourceForm({
  fields,
  schema,
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  fields: FieldSpec[]
  schema: z.ZodType
  initial: FormValues
  submitLabel: string
  onSubmit: (body: Record<string, unknown>) => Promise<void>
  onCancel?: () => void
}) {
  const [values, setValues] = useState<FormValues>(initial)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [saving, setSaving] = useState(false)
  return (
    <form
      noValidate
      className="grid gap-4 sm:grid-cols-2"
      onSubmit={async (e) => {
        e.preventDefault()
        const form = e.currentTarget
        // The first marked field takes the focus, so on a phone the problem is on screen.
        const focusFirstProblem = () =>
          requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid=true]')?.focus())
        const checked = checkForm(schema, fields, values)
        if (!checked.ok) {
          setErrors(checked.errors)
          toast.error('Please correct the marked fields.')
          focusFirstProblem()
          return
        }
        setErrors({})
        setSaving(true)
        try {
          await onSubmit(checked.body)
        } catch (err) {
          setErrors(serverFieldErrors(err))
          toast.error(problemText(err))
          focusFirstProblem()
        } finally {
          setSaving(false)
        }
      }}
    >
      {fields.map((f) => (
        <FieldInput
          key={f.name}
          spec={f}
          value={
            values[f.name] ??
            (f.kind === 'checkbox' ? false : f.kind === 'pictures' || f.kind === 'checkboxes' ? [] : '')
          }
          error={errors[f.name]}
          values={values}
          onChange={(v) =>
            setValues((old) => ({
              ...old,
              ...Object.fromEntries((f.resets ?? []).map((r) => [r, ''])),
              [f.name]: v,
            }))
          }
        />
      ))}
      {errors.form ? <p className="text-sm text-red-700 sm:col-span-2">{errors.form}</p> : null}
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <Button type="submit" tone="primary" disabled={saving}>
          {saving ? 'Saving…' : submitLabel}
        </Button>
        {onCancel ? <Button onClick={onCancel}>Cancel</Button> : null}
      </div>
    </form>
  )
}
