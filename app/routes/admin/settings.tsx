import { useEffect, useState } from 'react'
import type { MailSettings } from '../../../contracts/mail.ts'
import { useAdmin } from '../../features/admin/admin-api.ts'
import { CodSettingsForm } from '../../features/admin/cod-settings-form.tsx'
import { DeliverySettingsForm } from '../../features/admin/delivery-settings-form.tsx'
import { DonationSettingsForm } from '../../features/admin/donation-settings.tsx'
import { GstRulesForm } from '../../features/admin/gst-rules-form.tsx'
import { HoldLimitsForm } from '../../features/admin/hold-limits-form.tsx'
import { InvoiceSettingsForm } from '../../features/admin/invoice-settings.tsx'
import { ReturnSettingsForm } from '../../features/admin/return-settings-form.tsx'
import { useSettingsSave } from '../../features/admin/settings-save.ts'
import { ShippingSettingsForm } from '../../features/admin/shipping-settings-form.tsx'
import { shownIn } from '../../features/admin/shop-places.ts'
import { Button, Field, inputClass, Loading, LoadProblem, PageTitle } from '../../features/admin/ui.tsx'

export const meta = () => [{ title: 'Settings | Shop console' }]

export default function SettingsScreen() {
  const { errors, saving, submit } = useSettingsSave('/settings/mail', 'Settings saved')
  const current = useAdmin<MailSettings>('/settings/mail')
  const [form, setForm] = useState({ notificationEmail: '', lowStockThreshold: '3' })
  useEffect(() => {
    if (current.data)
      setForm({
        notificationEmail: current.data.notificationEmail,
        lowStockThreshold: String(current.data.lowStockThreshold),
      })
  }, [current.data])

  const save = async (e: React.FormEvent) => {
    e.preventDefault()
    await submit({
      notificationEmail: form.notificationEmail.trim(),
      lowStockThreshold: Number(form.lowStockThreshold),
    })
  }

  return (
    <div>
      <PageTitle
        title="Settings"
        intro={`Where the shop's e-mails to staff go, and when stock counts as low. ${shownIn.settings.staff}`}
      />
      {current.isPending ? <Loading /> : null}
      {current.isError ? <LoadProblem error={current.error} retry={() => current.refetch()} /> : null}
      {current.data ? (
        <form
          onSubmit={save}
          noValidate
          className="grid max-w-xl gap-4 rounded-lg border border-brand-200 bg-white p-4"
        >
          <Field
            label="Notification e-mail"
            error={errors.notificationEmail}
            help="New paid orders, Contact Us messages and low stock are e-mailed here; replies to customers come back here. Leave it empty to send none."
          >
            {(p) => (
              <input
                {...p}
                type="email"
                inputMode="email"
                className={inputClass}
                value={form.notificationEmail}
                onChange={(e) => setForm({ ...form, notificationEmail: e.target.value })}
              />
            )}
          </Field>
          <Field
            label="Low-stock threshold"
            error={errors.lowStockThreshold}
            help="When an order leaves a product with this many or fewer, staff get an e-mail (one for the whole shop)."
          >
            {(p) => (
              <input
                {...p}
                type="number"
                inputMode="numeric"
                min={0}
                className={inputClass}
                value={form.lowStockThreshold}
                onChange={(e) => setForm({ ...form, lowStockThreshold: e.target.value })}
              />
            )}
          </Field>
          <div>
            <Button type="submit" tone="primary" disabled={saving}>
              {saving ? 'Saving...' : 'Save settings'}
            </Button>
          </div>
        </form>
      ) : null}
      <CodSettingsForm />
      <HoldLimitsForm />
      <DeliverySettingsForm />
      <ShippingSettingsForm />
      <ReturnSettingsForm />
      <InvoiceSettingsForm />
      <GstRulesForm />
      <DonationSettingsForm />
    </div>
  )
}
