import { useEffect, useState } from 'react'
import type { InvoiceSettings } from '../../../contracts/invoices.ts'
import { useAdmin } from './admin-api.ts'
import { useSettingsSave } from './settings-save.ts'
import { Button, Field, inputClass, Loading, LoadProblem } from './ui.tsx'

const fields: Array<{ name: keyof InvoiceSettings; label: string; help: string; multiline?: boolean }> = [
  {
    name: 'legalName',
    label: 'Legal name',
    help: 'As registered for GST; printed at the top of every invoice.',
  },
  {
    name: 'legalAddress',
    label: 'Registered address',
    help: 'The principal place of business, as on the GST registration.',
    multiline: true,
  },
  {
    name: 'legalState',
    label: 'State',
    help: 'Deliveries inside this state are taxed CGST + SGST; to any other state, IGST.',
  },
  { name: 'gstin', label: 'GSTIN', help: '15 characters, such as 09AAATK1234F1Z5.' },
  {
    name: 'invoicePrefix',
    label: 'Invoice number prefix',
    help: 'Up to 3 letters or digits: invoices are numbered PREFIX/26-27/00001, credit notes PREFIXC/26-27/00001.',
  },
]

/** The supplier details GST invoices print (decision 083); issued invoices keep what they printed. */
export function InvoiceSettingsForm() {
  const { errors, saving, submit } = useSettingsSave('/settings/invoices', (data) => {
    const issued = (data as { issued?: number }).issued ?? 0
    return issued > 0
      ? `Invoice details saved: ${issued} waiting ${issued === 1 ? 'invoice' : 'invoices'} issued and e-mailed`
      : 'Invoice details saved'
  })
  const current = useAdmin<InvoiceSettings>('/settings/invoices')
  const [form, setForm] = useState<InvoiceSettings | null>(null)
  useEffect(() => {
    if (current.data) setForm(current.data)
  }, [current.data])

  const save = async (e: React.FormEvent) => {
    e.preventDefault()
    if (!form) return
    await submit(form)
  }

  return (
    <section aria-labelledby="invoice-settings-title" className="mt-6 max-w-xl">
      <h2 id="invoice-settings-title" className="mb-1 text-lg font-bold text-brand-800">
        GST invoices
      </h2>
      <p className="mb-3 text-sm text-ink/80">
        Printed on the tax invoice of every paid order. Each product's HSN code and GST rate are set on the
        product.
      </p>
      {current.isPending ? <Loading /> : null}
      {current.isError ? <LoadProblem error={current.error} retry={() => current.refetch()} /> : null}
      {current.data && !current.data.gstin ? (
        <p className="mb-3 rounded border border-amber-300 bg-amber-50 p-3 text-sm" role="status">
          No GSTIN yet: invoices issued now print 'not set' in its place. Fill these in before taking real
          orders.
        </p>
      ) : null}
      {form ? (
        <form
          onSubmit={save}
          noValidate
          className="grid gap-4 rounded-lg border border-brand-200 bg-white p-4"
        >
          {fields.map((f) => (
            <Field key={f.name} label={f.label} error={errors[f.name]} help={f.help}>
              {(p) =>
                f.multiline ? (
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
                    type="text"
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
              {saving ? 'Saving...' : 'Save invoice details'}
            </Button>
          </div>
        </form>
      ) : null}
    </section>
  )
}
