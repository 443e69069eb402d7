import { useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { mailAnswers, recoveryTexts as texts } from '../../contracts/mail-text.ts'
import { AuthCard, FormMessage, primaryButton } from '../features/account/auth-card.tsx'
import { PasswordField } from '../features/account/password-field.tsx'
import { shopName } from '../features/catalogue/seo.ts'
import { useT } from '../i18n/i18n.tsx'
import { metaI18n } from '../i18n/meta.ts'
import { api } from '../lib/api.ts'
import type { Route } from './+types/reset-password'

/** A staff invitation links here too, with `invite=1`: the same token, a first password rather than a new one. */
const isInvitation = (params: URLSearchParams) => params.get('invite') === '1'

export const meta: Route.MetaFunction = ({ location, matches }) => [
  {
    title: `${metaI18n(matches).t(isInvitation(new URLSearchParams(location.search)) ? texts.invitationTitle : texts.resetTitle)} | ${shopName}`,
  },
  // The address holds a one-time token: keep it out of search engines and other sites' logs.
  { name: 'robots', content: 'noindex' },
  { name: 'referrer', content: 'no-referrer' },
]

/** The page the reset e-mail (and a staff invitation) links to: a new password, typed twice. */
export default function ResetPassword() {
  const t = useT()
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const invitation = isInvitation(params)
  const title = t(invitation ? texts.invitationTitle : texts.resetTitle)
  const [password, setPassword] = useState('')
  const [repeat, setRepeat] = useState('')
  const [loading, setLoading] = useState(false)
  const [error, setError] = useState('')
  const [done, setDone] = useState('')

  const submit = async (e: React.FormEvent) => {
    e.preventDefault()
    setError('')
    if (password.length < 8) return setError(t(texts.passwordTooShort))
    if (password !== repeat) return setError(t(texts.passwordsDiffer))
    setLoading(true)
    try {
      const answer = await api<{ message: string }>('/user/reset-password', {
        method: 'POST',
        body: { token, password },
      })
      setDone(invitation ? t(mailAnswers.invitationDone) : answer.message)
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : t(texts.failed))
    } finally {
      setLoading(false)
    }
  }

  if (!token) {
    return (
      <AuthCard title={title}>
        <p role="alert" className="mt-4 text-center text-sm font-medium text-red-700">
          {t(texts.noToken)}
        </p>
        <p className="mt-6 text-center text-sm">
          <Link to="/forgot-password" className="font-semibold text-brand-700 underline">
            {t(texts.askAgain)}
          </Link>
        </p>
      </AuthCard>
    )
  }

  return (
    <AuthCard title={title}>
      {done ? (
        <>
          <FormMessage success={done} />
          <Link to="/Login" className={`${primaryButton} mt-6 block text-center`}>
            {t('SIGN IN')}
          </Link>
        </>
      ) : (
        <form onSubmit={submit} noValidate className="mt-6 grid gap-4">
          {invitation ? <p className="text-sm">{t(texts.invitationIntro)}</p> : null}
          <PasswordField
            label={t(texts.newPassword)}
            name="password"
            value={password}
            onChange={setPassword}
            autoComplete="new-password"
          />
          <PasswordField
            label={t(texts.confirmPassword)}
            name="confirm"
            value={repeat}
            onChange={setRepeat}
            autoComplete="new-password"
          />
          <FormMessage error={error} />
          <button type="submit" disabled={loading} className={primaryButton}>
            {loading ? t(texts.saving) : invitation ? t(texts.invitationSave) : t(texts.save)}
          </button>
          {error ? (
            <Link to="/forgot-password" className="justify-self-center text-sm text-brand-700 underline">
              {t(texts.askAgain)}
            </Link>
          ) : null}
        </form>
      )}
    </AuthCard>
  )
}
