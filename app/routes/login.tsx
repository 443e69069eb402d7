import { useEffect, useRef, useState } from 'react'
import { Link, redirect, useNavigate, useSearchParams } from 'react-router'
import {
  AuthCard,
  FormMessage,
  MobileSignInLink,
  primaryButton,
  SocialButtons,
} from '../features/account/auth-card.tsx'
import { isLoginEmail, loginMessages, REDIRECT_AFTER_MS } from '../features/account/messages.ts'
import { EmailField, PasswordField } from '../features/account/password-field.tsx'
import { refreshSession } from '../features/account/refresh.ts'
import { signInFromForm } from '../features/account/sign-in-form.server.ts'
import { shopName } from '../features/catalogue/seo.ts'
import { useT } from '../i18n/i18n.tsx'
import { metaI18n } from '../i18n/meta.ts'
import type { LoginAnswer } from '../lib/account-api.ts'
import { api } from '../lib/api.ts'
import { appLoadContext } from '../lib/context.ts'
import { getAccessToken, isTokenExpired, onSessionChange, saveSession } from '../lib/session.ts'
import { forgetSessionEnded, takeSessionEnded } from '../lib/session-ended.ts'
import { sessionMessages } from '../lib/session-messages.ts'
import { afterSignIn, withNext } from '../lib/sign-in-return.ts'
import { useTypedEarly } from '../lib/typed-early.ts'
import type { Route } from './+types/login'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${metaI18n(matches).t('Sign in')} | ${shopName}` },
]

/** A signed-in shopper does not see the sign-in page (spec section 2). */
export async function loader({ context }: Route.LoaderArgs) {
  if (appLoadContext(context).viewer) throw redirect('/')
  return null
}

/** A stored token that has expired is not a sign-in yet: the session check renews it or ends it here. */
const hasLiveToken = () => {
  const token = getAccessToken()
  return Boolean(token && !isTokenExpired(token))
}

/** The form posted before the page's code ran (decision 126): signed in and on, or the form again with why. */
export async function action({ request, context }: Route.ActionArgs) {
  return signInFromForm(request, appLoadContext(context))
}

export async function clientLoader() {
  if (hasLiveToken()) throw redirect('/')
  return null
}

export default function Login({ actionData }: Route.ComponentProps) {
  const t = useT()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const next = afterSignIn(params.get('next'))
  // A refused post before the page's code ran comes back with its message and the e-mail typed.
  const [email, setEmail] = useState(actionData?.typed.email ?? '')
  const [password, setPassword] = useState('')
  const [loading, setLoading] = useState(false)
  const [error, setError] = useState(actionData?.error ?? '')
  const [success, setSuccess] = useState('')
  const [sessionEnded, setSessionEnded] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const form = useRef<HTMLFormElement>(null)
  useTypedEarly(form, (typed) => {
    if (typed.email) setEmail(typed.email)
    if (typed.password) setPassword(typed.password)
  })

  useEffect(() => {
    if (hasLiveToken()) navigate('/', { replace: true })
    else if (getAccessToken())
      refreshSession().then(
        (renewed) => renewed && navigate('/', { replace: true }),
        () => {},
      )
    return () => clearTimeout(timer.current)
  }, [navigate])

  // Why the customer is here: their session ended, now or on the page they came from (decision 028).
  useEffect(() => {
    const check = () => {
      if (takeSessionEnded()) setSessionEnded(true)
    }
    check()
    return onSessionChange(check)
  }, [])

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
      const { data } = await api<LoginAnswer>('/user/login', { method: 'POST', body: { email, password } })
      forgetSessionEnded()
      setSessionEnded(false)
      saveSession({
        accessToken: data.accessToken,
        refreshToken: data.refreshToken,
        refreshTokenExpiresIn: data.refreshTokenExpiresIn,
        userId: data.user._id,
        fullName: data.user.fullName,
      })
      setSuccess(t(loginMessages.success))
      setEmail('')
      setPassword('')
      timer.current = setTimeout(() => navigate(next), REDIRECT_AFTER_MS)
    } catch {
      setSuccess('')
      setError(t(loginMessages.failure))
    } finally {
      setLoading(false)
    }
  }

  return (
    <AuthCard title={t('Sign In')}>
      <p className="mt-2 text-center text-sm text-ink/80">{t("Welcome back to the foundation's shop.")}</p>
      {sessionEnded ? (
        <p
          role="status"
          className="mt-4 rounded border border-amber-300 bg-amber-50 px-3 py-2 text-center text-sm font-medium text-amber-900"
        >
          {t(sessionMessages.ended)}
        </p>
      ) : null}
      <form ref={form} method="post" onSubmit={submit} noValidate className="mt-6 grid gap-4">
        <input type="hidden" name="next" value={next} />
        <EmailField id="login-email" value={email} onChange={setEmail} />
        <PasswordField
          label={t('Password')}
          name="password"
          value={password}
          onChange={setPassword}
          autoComplete="current-password"
        />
        <Link to="/forgot-password" className="justify-self-end text-sm text-brand-700 underline">
          {t('Forget Password?')}
        </Link>
        <FormMessage error={error} success={success} />
        <button type="submit" disabled={loading} className={primaryButton}>
          {loading ? t(loginMessages.loading) : t('SIGN IN')}
        </button>
      </form>
      <div className="my-5 flex items-center gap-3 text-xs text-ink/70">
        <span className="h-px flex-1 bg-brand-100" /> {t('or sign in with')}{' '}
        <span className="h-px flex-1 bg-brand-100" />
      </div>
      <SocialButtons />
      <MobileSignInLink next={next} className="mt-3" />
      <p className="mt-6 text-center text-sm">
        {t('New here?')}{' '}
        <Link to={withNext('/SignUp', next)} className="font-semibold text-brand-700 underline">
          {t('Create an account')}
        </Link>
      </p>
    </AuthCard>
  )
}
