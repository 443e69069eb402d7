import { useState } from 'react'
import { Link } from 'react-router'
import { recoveryTexts as texts } from '../../contracts/mail-text.ts'
import { AuthCard, FormMessage, primaryButton } from '../features/account/auth-card.tsx'
import { isLoginEmail, loginMessages } from '../features/account/messages.ts'
import { EmailField } from '../features/account/password-field.tsx'
import { shopName } from '../features/catalogue/seo.ts'
import { useT } from '../i18n/i18n.tsx'
import { metaI18n } from '../i18n/meta.ts'
import { api } from '../lib/api.ts'
import type { Route } from './+types/forgot-password'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${metaI18n(matches).t('Forgot password')} | ${shopName}` },
]

/** Asks for a reset link; the answer is the same whether or not the address has an account. */
export default function ForgotPassword() {
  const t = useT()
  const [email, setEmail] = useState('')
  const [loading, setLoading] = useState(false)
  const [error, setError] = useState('')
  const [success, setSuccess] = useState('')

  const submit = async (e: React.FormEvent) => {
    e.preventDefault()
    setError('')
    setSuccess('')
    if (!isLoginEmail(email)) {
      setError(t(loginMessages.invalidEmail))
      return
    }
    setLoading(true)
    try {
      const answer = await api<{ message: string }>('/user/forgot-password', {
        method: 'POST',
        body: { email },
      })
      setSuccess(answer.message)
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : t(texts.failed))
    } finally {
      setLoading(false)
    }
  }

  return (
    <AuthCard title={t(texts.forgotTitle)}>
      <p className="mt-2 text-center text-sm text-ink/80">{t(texts.forgotIntro)}</p>
      <form onSubmit={submit} noValidate className="mt-6 grid gap-4">
        <EmailField id="forgot-email" value={email} onChange={setEmail} />
        <FormMessage error={error} success={success} />
        <button type="submit" disabled={loading} className={primaryButton}>
          {loading ? t(texts.sending) : t(texts.sendLink)}
        </button>
      </form>
      <p className="mt-6 text-center text-sm">
        <Link to="/Login" className="font-semibold text-brand-700 underline">
          {t(texts.backToSignIn)}
        </Link>
      </p>
    </AuthCard>
  )
}
