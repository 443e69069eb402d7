import { useEffect, useRef, useState } from 'react'
import { Link, redirect, useNavigate, useSearchParams } from 'react-router'
import {
  AuthCard,
  FormMessage,
  MobileSignInLink,
  primaryButton,
  TermsCheckbox,
} from '../features/account/auth-card.tsx'
import { REDIRECT_AFTER_MS, signupMessages } from '../features/account/messages.ts'
import { EmailField, fieldClass, PasswordField } from '../features/account/password-field.tsx'
import { signUpFromForm } from '../features/account/sign-in-form.server.ts'
import { shopName } from '../features/catalogue/seo.ts'
import { useT } from '../i18n/i18n.tsx'
import { metaI18n } from '../i18n/meta.ts'
import type { LoginAnswer } from '../lib/account-api.ts'
import { ApiError, api } from '../lib/api.ts'
import { appLoadContext } from '../lib/context.ts'
import { getAccessToken, saveSession } from '../lib/session.ts'
import { afterSignIn, withNext } from '../lib/sign-in-return.ts'
import { useTypedEarly } from '../lib/typed-early.ts'
import type { Route } from './+types/signup'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${metaI18n(matches).t('Create your account')} | ${shopName}` },
]

export async function loader({ context }: Route.LoaderArgs) {
  if (appLoadContext(context).viewer) throw redirect('/')
  return null
}

/** The form posted before the page's code ran (decision 126): signed up and on, or the form again with why. */
export async function action({ request, context }: Route.ActionArgs) {
  return signUpFromForm(request, appLoadContext(context))
}

export async function clientLoader() {
  if (getAccessToken()) throw redirect('/')
  return null
}

const empty = { fullName: '', email: '', password: '', confirm: '' }

export default function SignUp({ actionData }: Route.ComponentProps) {
  const t = useT()
  const navigate = useNavigate()
  // Sent here part-way (an Add to Cart, a seva, a gift): back there once the account is made (decision 028).
  const [params] = useSearchParams()
  const next = afterSignIn(params.get('next'))
  // A refused post before the page's code ran comes back with its message and what was typed.
  const [form, setForm] = useState({ ...empty, ...actionData?.typed })
  const [terms, setTerms] = useState(false)
  const [loading, setLoading] = useState(false)
  const [error, setError] = useState(actionData?.error ?? '')
  const [reason, setReason] = useState(actionData?.reason ?? '')
  const [success, setSuccess] = useState('')
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const set = (k: keyof typeof empty) => (v: string) => setForm((f) => ({ ...f, [k]: v }))
  const formRef = useRef<HTMLFormElement>(null)
  useTypedEarly(formRef, (typed) => {
    setForm((f) => ({
      fullName: typed.fullName ?? f.fullName,
      email: typed.email ?? f.email,
      password: typed.password ?? f.password,
      confirm: typed.confirmPassword ?? f.confirm,
    }))
    if (typed.terms) setTerms(true)
  })

  useEffect(() => {
    if (getAccessToken()) navigate('/', { replace: true })
    return () => clearTimeout(timer.current)
  }, [navigate])

  const submit = async (e: React.FormEvent) => {
    e.preventDefault()
    setError('')
    setReason('')
    setSuccess('')
    if (form.password !== form.confirm) {
      setError(t(signupMessages.passwordMismatch))
      return
    }
    if (!terms) {
      setError(t(signupMessages.termsRequired))
      return
    }
    setLoading(true)
    try {
      const { data } = await api<LoginAnswer>('/user/register', {
        method: 'POST',
        body: { fullName: form.fullName, email: form.email, password: form.password },
      })
      // The answer carries a first sign-in (decision 027): stored exactly as the login page stores it.
      saveSession({
        accessToken: data.accessToken,
        refreshToken: data.refreshToken,
        refreshTokenExpiresIn: data.refreshTokenExpiresIn,
        userId: data.user._id,
        fullName: data.user.fullName,
      })
      setSuccess(t(signupMessages.success))
      setForm(empty)
      setTerms(false)
      timer.current = setTimeout(() => navigate(next), REDIRECT_AFTER_MS)
    } catch (err) {
      setError(t(signupMessages.failure))
      // The server's reason (a taken e-mail, a short password) helps the shopper fix the form.
      if (err instanceof ApiError && err.status < 500) setReason(err.message)
    } finally {
      setLoading(false)
    }
  }

  return (
    <AuthCard title={t('Create Account')}>
      <form ref={formRef} method="post" onSubmit={submit} className="mt-6 grid gap-4">
        <input type="hidden" name="next" value={next} />
        <div className="grid gap-1">
          <label htmlFor="signup-name" className="text-sm font-medium">
            {t('Name')}
          </label>
          <input
            id="signup-name"
            name="fullName"
            autoComplete="name"
            required
            value={form.fullName}
            onChange={(e) => set('fullName')(e.target.value)}
            className={fieldClass}
          />
        </div>
        <EmailField id="signup-email" value={form.email} onChange={set('email')} required />
        <PasswordField
          label={t('Password')}
          name="password"
          value={form.password}
          onChange={set('password')}
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
        <TermsCheckbox checked={terms} onChange={setTerms} />
        <FormMessage error={error} success={success} />
        {reason ? <p className="-mt-3 text-sm text-red-700">{reason}</p> : null}
        <button type="submit" disabled={loading} className={primaryButton}>
          {loading ? t('Loading...') : t('SIGN UP')}
        </button>
      </form>
      <div className="my-5 flex items-center gap-3 text-xs text-ink/70">
        <span className="h-px flex-1 bg-brand-100" /> {t('or')} <span className="h-px flex-1 bg-brand-100" />
      </div>
      <MobileSignInLink next={next} />
      <p className="mt-6 text-center text-sm">
        {t('Already have an account?')}{' '}
        <Link to={withNext('/Login', next)} className="font-semibold text-brand-700 underline">
          {t('Sign in')}
        </Link>
      </p>
    </AuthCard>
  )
}
