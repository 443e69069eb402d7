import { useState } from 'react'
import { gstRates } from '../../../contracts/gst.ts'
import type { GstRuleView } from '../../../contracts/gst-rules.ts'
import { useQueryClient } from '../../lib/query.ts'
import { toast } from '../../lib/toast.tsx'
import { adminSend, problemText, serverFieldErrors, useAdmin } from './admin-api.ts'
import { money } from './format.ts'
import { Badge, Button, ConfirmButton, Field, inputClass, Loading, LoadProblem } from './ui.tsx'

type Form = {
  hsnPrefix: string
  validFrom: string
  rate: string
  threshold: string
  aboveRate: string
  note: string
}
const emptyForm: Form = { hsnPrefix: '', validFrom: '', rate: '5', threshold: '', aboveRate: '', note: '' }

const formOf = (r: GstRuleView): Form => ({
  hsnPrefix: r.hsnPrefix,
  validFrom: r.validFrom,
  rate: String(r.rate),
  threshold: r.threshold === null ? '' : String(r.threshold),
  aboveRate: r.aboveRate === null ? '' : String(r.aboveRate),
  note: r.note,
})

const dayInWords = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  })

/** What a rule says, in a sentence staff can check against the rate notification. */
export function ruleInWords(r: GstRuleView): string {
  const codes = r.hsnPrefix.length === 2 ? `Chapter ${r.hsnPrefix}` : `HSN ${r.hsnPrefix}`
  const rates =
    r.threshold === null || r.aboveRate === null
      ? `${r.rate}%`
      : `${r.rate}% up to ${money(r.threshold)} a piece before tax, ${r.aboveRate}% above`
  return `${codes}, from ${dayInWords(r.validFrom)}: ${rates}`
}

/**
 * GST rates by HSN code in the console's Settings (decision 128): the rules the invoices follow, each said
 * in words with whether it is in force, and a form to add or change one.
 */
export function GstRulesForm() {
  const queryClient = useQueryClient()
  const rules = useAdmin<GstRuleView[]>('/settings/gst-rules')
  const [form, setForm] = useState<Form>(emptyForm)
  const [editing, setEditing] = useState<string | null>(null)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [saving, setSaving] = useState(false)

  const send = async (path: string, method: 'POST' | 'PUT' | 'DELETE', body?: unknown, said = 'Saved') => {
    setErrors({})
    setSaving(true)
    try {
      await adminSend(path, method, body)
      toast.success(said)
      await queryClient.invalidateQueries({ queryKey: ['admin'] })
      return true
    } catch (err) {
      setErrors(serverFieldErrors(err))
      toast.error(problemText(err))
      return false
    } finally {
      setSaving(false)
    }
  }

  const save = async (e: React.FormEvent) => {
    e.preventDefault()
    const body = {
      hsnPrefix: form.hsnPrefix.trim(),
      validFrom: form.validFrom,
      rate: Number(form.rate),
      threshold: form.threshold.trim() ? Number(form.threshold) : null,
      aboveRate: form.aboveRate ? Number(form.aboveRate) : null,
      note: form.note.trim(),
    }
    const done = editing
      ? await send(`/settings/gst-rules/${editing}`, 'PUT', body, 'GST rule saved')
      : await send('/settings/gst-rules', 'POST', body, 'GST rule added')
    if (done) {
      setForm(emptyForm)
      setEditing(null)
    }
  }

  const rateSelect =
    (value: string, onChange: (v: string) => void, withNone: boolean) => (p: { id: string }) => (
      <select {...p} className={inputClass} value={value} onChange={(e) => onChange(e.target.value)}>
        {withNone ? <option value="">None (one rate)</option> : null}
        {gstRates.map((r) => (
          <option key={r} value={String(r)}>
            {r}%
          </option>
        ))}
      </select>
    )

  return (
    <section aria-labelledby="gst-rules" className="mt-6 max-w-xl">
      <h2 id="gst-rules" className="mb-2 text-lg font-bold text-brand-800">
        GST rates by HSN code
      </h2>
      <p className="mb-3 text-sm text-ink/80">
        Invoices take the rate of the rule for the product's HSN code on the day they are issued (the longest
        matching code first); where the rule has a value per piece, each piece is judged on what the customer
        pays for it after any coupon. Products of other codes, and products whose rate is fixed on their form,
        keep their own rate. Invoices already issued never change.
      </p>
      {rules.isPending ? <Loading /> : null}
      {rules.isError ? <LoadProblem error={rules.error} retry={() => rules.refetch()} /> : null}
      {rules.data ? (
        <ul className="mb-4 grid gap-2" aria-label="GST rules">
          {rules.data.map((r) => (
            <li
              key={r._id}
              className="flex flex-wrap items-center gap-2 rounded-lg border border-brand-200 bg-white p-3 text-sm"
            >
              <span className="w-full min-w-0 sm:w-auto sm:flex-1">
                <span className="font-semibold">{ruleInWords(r)}</span>
                {r.note ? <span className="block text-xs text-ink/70">{r.note}</span> : null}
              </span>
              {r.inForce ? (
                <Badge tone="green">In force</Badge>
              ) : (
                <Badge tone="grey">Not in force today</Badge>
              )}
              <Button
                small
                tone="plain"
                onClick={() => {
                  setEditing(r._id)
                  setForm(formOf(r))
                  setErrors({})
                }}
              >
                Edit
              </Button>
              <ConfirmButton
                question="Remove this GST rule?"
                detail={`${ruleInWords(r)}. Invoices issued from now on take the rule before it, or the product's own rate; invoices already issued stay as they are.`}
                confirmLabel="Remove the rule"
                onConfirm={() =>
                  void send(`/settings/gst-rules/${r._id}`, 'DELETE', undefined, 'GST rule removed')
                }
              >
                Remove
              </ConfirmButton>
            </li>
          ))}
        </ul>
      ) : null}
      <form
        onSubmit={save}
        noValidate
        className="grid gap-4 rounded-lg border border-brand-200 bg-white p-4 sm:grid-cols-2"
      >
        <h3 className="font-semibold sm:col-span-2">{editing ? 'Change the rule' : 'Add a rule'}</h3>
        <Field
          label="HSN chapter or code"
          error={errors.hsnPrefix}
          help="2 digits for a whole chapter (62), or 4, 6 or 8 digits."
        >
          {(p) => (
            <input
              {...p}
              inputMode="numeric"
              className={inputClass}
              value={form.hsnPrefix}
              onChange={(e) => setForm({ ...form, hsnPrefix: e.target.value.replace(/\D/g, '').slice(0, 8) })}
            />
          )}
        </Field>
        <Field label="Applies from" error={errors.validFrom} help="The day of the rate notification's start.">
          {(p) => (
            <input
              {...p}
              type="date"
              className={inputClass}
              value={form.validFrom}
              onChange={(e) => setForm({ ...form, validFrom: e.target.value })}
            />
          )}
        </Field>
        <Field label="GST rate" error={errors.rate}>
          {rateSelect(form.rate, (rate) => setForm({ ...form, rate }), false)}
        </Field>
        <Field
          label="Up to a value per piece (₹, optional)"
          error={errors.threshold}
          help="The value before tax; leave empty for one rate."
        >
          {(p) => (
            <input
              {...p}
              type="number"
              inputMode="decimal"
              min={1}
              className={inputClass}
              value={form.threshold}
              onChange={(e) => setForm({ ...form, threshold: e.target.value })}
            />
          )}
        </Field>
        <Field label="Rate above that value" error={errors.aboveRate}>
          {rateSelect(form.aboveRate, (aboveRate) => setForm({ ...form, aboveRate }), true)}
        </Field>
        <Field label="Note (optional)" error={errors.note}>
          {(p) => (
            <input
              {...p}
              className={inputClass}
              maxLength={200}
              value={form.note}
              onChange={(e) => setForm({ ...form, note: e.target.value })}
            />
          )}
        </Field>
        <div className="flex flex-wrap gap-2 sm:col-span-2">
          <Button type="submit" tone="primary" disabled={saving}>
            {saving ? 'Saving...' : editing ? 'Save the rule' : 'Add the rule'}
          </Button>
          {editing ? (
            <Button
              tone="plain"
              onClick={() => {
                setEditing(null)
                setForm(emptyForm)
                setErrors({})
              }}
            >
              Cancel
            </Button>
          ) : null}
        </div>
      </form>
    </section>
  )
}
