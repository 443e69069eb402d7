import { useState } from 'react'
import { FormMessage } from '../features/account/auth-card.tsx'
import { passwordMessages } from '../features/account/messages.ts'
import { PasswordField } from '../features/account/password-field.tsx'
import { shopName } from '../features/catalogue/seo.ts'
import { useT } from '../i18n/i18n.tsx'
import { metaI18n } from '../i18n/meta.ts'
import { ApiError, api } from '../lib/api.ts'
import { updateTokens } from '../lib/session.ts'
import type { Route } from './+types/change-password'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${metaI18n(matches).t('Change password')} | ${shopName}` },
]

const empty = { oldPassword: '', newPassword: '', confirm: '' }

export default function ChangePassword() {
  const t = useT()
  const [form, setForm] = useState(empty)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  const [success, setSuccess] = useState('')
  const set = (k: keyof typeof empty) => (v: string) => setForm((f) => ({ ...f, [k]: v }))

  const submit = async (e: React.FormEvent) => {
    e.preventDefault()
    setError('')
    setSuccess('')
    if (form.newPassword !== form.confirm) {
      setError(t(passwordMessages.mismatch))
      return
    }
    setBusy(true)
    try {
      const res = await api<{
        success: boolean
        message: string
        data: { accessToken: string; refreshToken: string; refreshTokenExpiresIn?: number }
      }>('/user/change-password', {
        method: 'POST',
        body: { oldPassword: form.oldPassword, newPassword: form.newPassword },
        auth: true,
      })
      // Other sign-ins end with the change; this one carries on with the fresh tokens.
      updateTokens(res.data.accessToken, res.data.refreshToken, res.data.refreshTokenExpiresIn)
      setForm(empty)
      setSuccess(t(passwordMessages.success))
    } catch (err) {
      setError(err instanceof ApiError && err.message ? err.message : t(passwordMessages.failure))
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="rounded-lg border border-brand-100 bg-white p-4 shadow-sm sm:p-6">
      <h1 className="font-serif text-2xl font-bold text-brand-800">{t('Change Password')}</h1>
      <form onSubmit={submit} className="mt-6 grid max-w-md gap-4">
        <PasswordField
          label={t('Old Password')}
          name="oldPassword"
          value={form.oldPassword}
          onChange={set('oldPassword')}
          autoComplete="current-password"
          required
        />
        <PasswordField
          label={t('New Password')}
          name="newPassword"
          value={form.newPassword}
          onChange={set('newPassword')}
          autoComplete="new-password"
          required
        />
        <PasswordField
          label={t('Confirm Password')}
          name="confirmPassword"
          value={form.confirm}
          onChange={set('confirm')}
          autoComplete="new-password"
          required
        />
        <FormMessage error={error} success={success} />
        <button
          type="submit"
          disabled={busy}
          className="rounded bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800 disabled:opacity-70"
        >
          {busy ? t('Saving...') : t('Change Password')}
        </button>
      </form>
    </section>
  )
}
