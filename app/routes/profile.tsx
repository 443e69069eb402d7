import { useEffect, useRef, useState } from 'react'
import { Avatar } from '../features/account/avatar.tsx'
import { EmailConfirmationNotice } from '../features/account/email-confirmation.tsx'
import { genders, profileMessages } from '../features/account/messages.ts'
import { OrderUpdateSettings } from '../features/account/order-update-settings.tsx'
import { fieldClass, PasswordField } from '../features/account/password-field.tsx'
import { PhoneSettings } from '../features/account/phone-settings.tsx'
import { shopName } from '../features/catalogue/seo.ts'
import { useT } from '../i18n/i18n.tsx'
import { metaI18n } from '../i18n/meta.ts'
import { type Account, currentUserKey, dashboardKey, useCurrentUser } from '../lib/account-api.ts'
import { ApiError, api } from '../lib/api.ts'
import { useQueryClient } from '../lib/query.ts'
import { storageKeys, writeStorage } from '../lib/session.ts'
import { toast } from '../lib/toast.tsx'
import type { Route } from './+types/profile'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${metaI18n(matches).t('Settings')} | ${shopName}` },
]

const blank = { fullName: '', userName: '', email: '', mobile: '', dob: '', gender: '' }
type Form = typeof blank
const formOf = (u: Account): Form => ({
  fullName: u.fullName,
  userName: u.userName,
  email: u.email,
  mobile: u.mobile,
  dob: u.dob,
  gender: u.gender,
})

function AvatarUpload({ user }: { user: Account | undefined }) {
  const t = useT()
  const queryClient = useQueryClient()
  const [preview, setPreview] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const input = useRef<HTMLInputElement>(null)

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview])

  const choose = async (e: React.ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0]
    e.target.value = ''
    if (!file) return
    // The chosen picture shows at once; the stored one replaces it when the upload is done.
    setPreview(URL.createObjectURL(file))
    setBusy(true)
    const body = new FormData()
    body.append('avatar', file)
    try {
      const res = await api<{ data: Account }>('/user/avatar', { method: 'PATCH', body, auth: true })
      queryClient.setQueryData(currentUserKey, res.data)
      queryClient.invalidateQueries({ queryKey: dashboardKey })
      setPreview(null)
      toast.success(t(profileMessages.avatarUpdated))
    } catch (err) {
      console.error(err)
      setPreview(null)
      if (err instanceof ApiError) toast.error(err.message)
    } finally {
      setBusy(false)
    }
  }

  const name = user?.fullName || t('Your')
  return (
    <div className="flex items-center gap-4">
      <Avatar src={preview ?? user?.avatar} name={name} size={88} />
      <div>
        <input
          ref={input}
          id="avatar-input"
          type="file"
          name="avatar"
          accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
          className="sr-only"
          onChange={choose}
        />
        <label
          htmlFor="avatar-input"
          className="inline-block cursor-pointer rounded border border-brand-600 px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
        >
          {busy ? t('Uploading...') : t('Change Picture')}
        </label>
        <p className="mt-1 text-xs text-ink/70">{t('JPEG, PNG or WebP, up to 2 MB.')}</p>
      </div>
    </div>
  )
}

export default function Profile() {
  const t = useT()
  const queryClient = useQueryClient()
  const { data: user, refetch } = useCurrentUser()
  const [form, setForm] = useState<Form>(blank)
  const [saving, setSaving] = useState(false)
  const [currentPassword, setCurrentPassword] = useState('')
  const [passwordProblem, setPasswordProblem] = useState<string | null>(null)
  const filled = useRef(false)
  // A new e-mail is a new way into the account, so the server asks for the password (decision 024).
  // An account made with a mobile number adds its first address without one: it has no password.
  const emailChanged =
    Boolean(user?.email) &&
    form.email.trim() !== '' &&
    form.email.trim().toLowerCase() !== (user?.email ?? '').trim().toLowerCase()
  const set = (k: keyof Form) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setForm((f) => ({ ...f, [k]: e.target.value }))

  useEffect(() => {
    if (!user || filled.current) return
    filled.current = true
    setForm(formOf(user))
  }, [user])

  const submit = async (e: React.FormEvent) => {
    e.preventDefault()
    setSaving(true)
    setPasswordProblem(null)
    try {
      const res = await api<{ data: Account }>('/user/update-account', {
        method: 'PATCH',
        body: emailChanged ? { ...form, currentPassword } : form,
        auth: true,
      })
      queryClient.setQueryData(currentUserKey, res.data)
      queryClient.invalidateQueries({ queryKey: dashboardKey })
      writeStorage(storageKeys.user, res.data.fullName)
      setForm(blank)
      setCurrentPassword('')
      toast.success(t(profileMessages.updated))
      // The spec empties the form; it is refilled at once with what the server now holds, so the
      // customer sees what was saved (decision 029).
      const fresh = await refetch()
      setForm(formOf(fresh.data ?? res.data))
    } catch (err) {
      console.error(err)
      const fields =
        (err instanceof ApiError && (err.body as { errors?: Record<string, string> })?.errors) || {}
      // A missing or wrong current password is the customer's to fix here, so it is said beside the field.
      if (err instanceof ApiError && 'currentPassword' in fields) setPasswordProblem(err.message)
      else window.alert(t(profileMessages.updateFailed))
    } finally {
      setSaving(false)
    }
  }

  return (
    <section className="rounded-lg border border-brand-100 bg-white p-4 shadow-sm sm:p-6">
      <h1 className="font-serif text-2xl font-bold text-brand-800">{t('Personal Detail')}</h1>
      <EmailConfirmationNotice user={user} />
      <div className="mt-4">
        <AvatarUpload user={user} />
      </div>
      <form onSubmit={submit} className="mt-6 grid gap-4 sm:grid-cols-2">
        <label className="grid gap-1 text-sm font-medium">
          {t('Full Name')}
          <input
            name="fullName"
            required
            value={form.fullName}
            onChange={set('fullName')}
            className={fieldClass}
            autoComplete="name"
          />
        </label>
        <label className="grid gap-1 text-sm font-medium">
          {t('Username')}
          <input
            name="userName"
            required
            value={form.userName}
            onChange={set('userName')}
            className={fieldClass}
            autoComplete="username"
          />
        </label>
        <label className="grid gap-1 text-sm font-medium">
          {t('Email')}
          <input
            name="email"
            type="email"
            required={Boolean(user?.email)}
            value={form.email}
            onChange={set('email')}
            className={fieldClass}
            autoComplete="email"
          />
        </label>
        <label className="grid gap-1 text-sm font-medium">
          {t('Mobile')}
          <input
            name="mobile"
            inputMode="numeric"
            pattern="\d{0,10}"
            value={form.mobile}
            onChange={(e) =>
              setForm((f) => ({ ...f, mobile: e.target.value.replace(/\D/g, '').slice(0, 10) }))
            }
            className={fieldClass}
            autoComplete="tel-national"
          />
        </label>
        <label className="grid gap-1 text-sm font-medium">
          {t('Date of Birth')}
          <input
            name="dob"
            type="date"
            value={form.dob}
            onChange={set('dob')}
            className={fieldClass}
            autoComplete="bday"
          />
        </label>
        <label className="grid gap-1 text-sm font-medium">
          {t('Gender')}
          <select name="gender" value={form.gender} onChange={set('gender')} className={fieldClass}>
            <option value="" disabled>
              {t(profileMessages.genderPlaceholder)}
            </option>
            {genders.map((g) => (
              <option key={g} value={g}>
                {t(g)}
              </option>
            ))}
          </select>
        </label>
        {emailChanged && (
          <div className="grid gap-1 sm:col-span-2">
            <p id="current-password-hint" className="text-sm text-ink/80">
              {t(profileMessages.currentPasswordHint)}
            </p>
            <PasswordField
              label={t(profileMessages.currentPassword)}
              name="currentPassword"
              value={currentPassword}
              onChange={setCurrentPassword}
              autoComplete="current-password"
              required
            />
            {passwordProblem && (
              <p role="alert" className="text-sm font-medium text-red-700">
                {passwordProblem}
              </p>
            )}
          </div>
        )}
        <div className="sm:col-span-2">
          <button
            type="submit"
            disabled={saving}
            className="w-full rounded bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800 disabled:opacity-70 sm:w-auto"
          >
            {saving ? t('Saving...') : t('Save Changes')}
          </button>
        </div>
      </form>
      <PhoneSettings user={user} />
      <OrderUpdateSettings />
    </section>
  )
}
