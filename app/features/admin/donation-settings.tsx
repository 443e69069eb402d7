import { useEffect, useState } from 'react'
import type { DonationSettings } from '../../../contracts/donations.ts'
import { useAdmin } from './admin-api.ts'
import { useSettingsSave } from './settings-save.ts'
import { Button, Field, inputClass, Loading, LoadProblem } from './ui.tsx'

const fields: Array<{ name: keyof DonationSettings; label: string; help: string; type?: 'date' | 'area' }> = [
  { name: 'donationName', label: 'Name of the foundation', help: 'As registered under section 80G.' },
  { name: 'donationAddress', label: 'Registered address', help: 'Printed under the name.', type: 'area' },
  { name: 'donationPan', label: 'PAN of the foundation', help: '10 characters, such as AAATK1234F.' },
  {
    name: 'registration80g',
    label: '80G registration number (URN)',
    help: 'The unique registration number of the approval under section 80G; also in the Form 10BD file.',
  },
  { name: 'registration80gIssued', label: 'Date of issue', help: 'When the URN was issued.', type: 'date' },
  { name: 'registration80gFrom', label: 'Valid from', help: 'The first day of the approval.', type: 'date' },
  { name: 'registration80gUntil', label: 'Valid until', help: 'The last day of the approval.', type: 'date' },
]

/** The foundation's 80G details printed on donation receipts (decision 101); issued receipts keep theirs. */
export function DonationSettingsForm() {
  const { errors, saving, submit } = useSettingsSave('/settings/donations', (data) => {
    const issued = (data as { issued?: number }).issued ?? 0
    return issued > 0
      ? `Donation receipt details saved: ${issued} waiting ${issued === 1 ? 'receipt' : 'receipts'} issued and e-mailed`
      : 'Donation receipt details saved'
  })
  const current = useAdmin<DonationSettings>('/settings/donations')
  const [form, setForm] = useState<DonationSettings | null>(null)
  useEffect(() => {
    if (current.data) setForm(current.data)
  }, [current.data])

  return (
    <section aria-labelledby="donation-settings-title" className="mt-6 max-w-xl">
      <h2 id="donation-settings-title" className="mb-1 text-lg font-bold text-brand-800">
        Donation receipts (80G)
      </h2>
      <p className="mb-3 text-sm text-ink/80">
        Printed on the receipt of every paid donation. A receipt keeps the details it was issued with.
      </p>
      {current.isPending ? <Loading /> : null}
      {current.isError ? <LoadProblem error={current.error} retry={() => current.refetch()} /> : null}
      {current.data && !current.data.registration80g ? (
        <p className="mb-3 rounded border border-amber-300 bg-amber-50 p-3 text-sm" role="status">
          No 80G registration yet: receipts issued now print 'not set' in its place.
        </p>
      ) : null}
      {form ? (
        <form
          onSubmit={async (e) => {
            e.preventDefault()
            await submit(form)
          }}
          noValidate
          className="grid gap-4 rounded-lg border border-brand-200 bg-white p-4"
        >
          {fields.map((f) => (
            <Field key={f.name} label={f.label} error={errors[f.name]} help={f.help}>
              {(p) =>
                f.type === 'area' ? (
                  <textarea
                    {...p}
                    rows={3}
                    className={inputClass}
                    value={form[f.name]}
                    onChange={(e) => setForm({ ...form, [f.name]: e.target.value })}
                  />
                ) : (
                  <input
                    {...p}
                    type={f.type === 'date' ? 'date' : 'text'}
                    className={inputClass}
                    value={form[f.name]}
                    onChange={(e) => setForm({ ...form, [f.name]: e.target.value })}
                  />
                )
              }
            </Field>
          ))}
          <div>
            <Button type="submit" tone="primary" disabled={saving}>
              {saving ? 'Saving...' : 'Save receipt details'}
            </Button>
          </div>
        </form>
      ) : null}
    </section>
  )
}
