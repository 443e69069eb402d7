import { useEffect, useRef, useState } from 'react'
import { Link, redirect, useNavigate, useSearchParams } from 'react-router'
import type { MessageChannel, OtpRequestData } from '../../contracts/messaging.ts'
import { AuthCard, FormMessage, primaryButton, TermsCheckbox } from '../features/account/auth-card.tsx'
import { mobileSignInFromForm } from '../features/account/mobile-sign-in-form.server.ts'
import { fieldClass } from '../features/account/password-field.tsx'
import { shopName } from '../features/catalogue/seo.ts'
import { useT } from '../i18n/i18n.tsx'
import { metaI18n } from '../i18n/meta.ts'
import type { LoginAnswer } from '../lib/account-api.ts'
import { ApiError, api } from '../lib/api.ts'
import { appLoadContext } from '../lib/context.ts'
import { getAccessToken, saveSession } from '../lib/session.ts'
import { forgetSessionEnded } from '../lib/session-ended.ts'
import { afterSignIn, withNext } from '../lib/sign-in-return.ts'
import type { Route } from './+types/mobile-sign-in'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${metaI18n(matches).t('Sign in with your mobile number')} | ${shopName}` },
]

/** A signed-in shopper does not see the sign-in page (spec section 2). */
export async function loader({ context }: Route.LoaderArgs) {
  if (appLoadContext(context).viewer) throw redirect('/')
  return null
}

/** The steps posted before the page's code ran (decision 126): the next step, or signed in and on. */
export async function action({ request, context }: Route.ActionArgs) {
  return mobileSignInFromForm(request, appLoadContext(context))
}

const RESEND_SECONDS = 30
const channelName = (c: MessageChannel) => (c === 'whatsapp' ? 'WhatsApp' : 'SMS')

/**
 * Sign in, or sign up, with a mobile number and a 6-digit code by WhatsApp or SMS (decision 141): the
 * number, then the code, then, for a number new to the shop, the name (and an e-mail if the shopper likes).
 */
export default function MobileSignIn({ actionData }: Route.ComponentProps) {
  const t = useT()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const next = afterSignIn(params.get('next'))
  const [step, setStep] = useState(actionData?.step ?? 'number')
  const [phone, setPhone] = useState(actionData?.phone ?? '')
  const [channel, setChannel] = useState<MessageChannel>(actionData?.channel ?? 'whatsapp')
  const [code, setCode] = useState(actionData?.code ?? '')
  const [fullName, setFullName] = useState(actionData?.typed?.fullName ?? '')
  const [email, setEmail] = useState(actionData?.typed?.email ?? '')
  const [terms, setTerms] = useState(false)
  const [sentTo, setSentTo] = useState(actionData?.sent ?? '')
  const [error, setError] = useState(actionData?.error ?? '')
  const [loading, setLoading] = useState(false)
  // A code sent by the form before the page's code ran started the wait too.
  const [resendIn, setResendIn] = useState(actionData?.step === 'code' ? RESEND_SECONDS : 0)
  const codeBox = useRef<HTMLInputElement>(null)

  useEffect(() => {
    if (getAccessToken()) navigate('/', { replace: true })
  }, [navigate])
  // The wait before another code, counted down on the page.
  useEffect(() => {
    if (resendIn <= 0) return
    const timer = setTimeout(() => setResendIn((s) => s - 1), 1000)
    return () => clearTimeout(timer)
  }, [resendIn])
  useEffect(() => {
    if (step === 'code') codeBox.current?.focus()
  }, [step])

  const send = async (how: MessageChannel) => {
    setError('')
    setLoading(true)
    try {
      const { data } = await api<{ data: OtpRequestData }>('/user/otp/request', {
        method: 'POST',
        body: { phone, channel: how },
      })
      setChannel(how)
      setSentTo(data.to)
      setCode('')
      setStep('code')
      setResendIn(data.resendAfter)
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t('Something went wrong. Please try again.'))
    } finally {
      setLoading(false)
    }
  }

  const verify = async () => {
    setError('')
    if (step === 'name' && !terms) {
      setError(t('You must accept the terms and conditions.'))
      return
    }
    setLoading(true)
    try {
      const { data } = await api<LoginAnswer>('/user/otp/verify', {
        method: 'POST',
        body: { phone, code, ...(step === 'name' ? { fullName, email } : {}) },
      })
      forgetSessionEnded()
      saveSession({
        accessToken: data.accessToken,
        refreshToken: data.refreshToken,
        refreshTokenExpiresIn: data.refreshTokenExpiresIn,
        userId: data.user._id,
        fullName: data.user.fullName,
      })
      navigate(next, { replace: true })
    } catch (err) {
      // A right code for a number new to the shop: the name comes next, with the same code.
      if (err instanceof ApiError && err.status === 422) {
        setStep('name')
        return
      }
      setError(err instanceof ApiError ? err.message : t('Something went wrong. Please try again.'))
    } finally {
      setLoading(false)
    }
  }

  const hidden = (
    <>
      <input type="hidden" name="next" value={next} />
      {step !== 'number' ? (
        <>
          <input type="hidden" name="phone" value={phone} />
          <input type="hidden" name="channel" value={channel} />
        </>
      ) : null}
    </>
  )

  return (
    <AuthCard title={step === 'name' ? t('Create your account') : t('Sign in with your mobile number')}>
      {step === 'number' ? (
        <form
          method="post"
          noValidate
          className="mt-6 grid gap-4"
          onSubmit={(e) => {
            e.preventDefault()
            void send(channel)
          }}
        >
          {hidden}
          <input type="hidden" name="intent" value="send" />
          <p className="text-center text-sm text-ink/80">
            {t('New or returning, we send you a 6-digit code: no password needed.')}
          </p>
          <div className="grid gap-1">
            <label htmlFor="mobile-number" className="text-sm font-medium">
              {t('Mobile number')}
            </label>
            <div className="flex">
              <span className="inline-flex items-center rounded-l border border-r-0 border-brand-200 bg-brand-50 px-3 text-sm">
                +91
              </span>
              <input
                id="mobile-number"
                name="phone"
                type="tel"
                inputMode="numeric"
                autoComplete="tel-national"
                required
                value={phone}
                onChange={(e) => setPhone(e.target.value)}
                placeholder="98765 43210"
                className={`${fieldClass} rounded-l-none`}
              />
            </div>
          </div>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">{t('Send the code by')}</legend>
            {(['whatsapp', 'sms'] as const).map((c) => (
              <label key={c} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="channel"
                  value={c}
                  checked={channel === c}
                  onChange={() => setChannel(c)}
                  className="h-5 w-5 accent-brand-700"
                />
                {channelName(c)}
              </label>
            ))}
          </fieldset>
          <FormMessage error={error} />
          <button type="submit" disabled={loading} className={primaryButton}>
            {loading ? t('Loading...') : t('Send code')}
          </button>
        </form>
      ) : (
        <form
          method="post"
          noValidate
          className="mt-6 grid gap-4"
          onSubmit={(e) => {
            e.preventDefault()
            void verify()
          }}
        >
          {hidden}
          <input type="hidden" name="intent" value={step === 'name' ? 'create' : 'verify'} />
          {step === 'code' ? (
            <>
              <p role="status" className="text-center text-sm text-ink/80">
                {t('Enter the 6-digit code we sent to {to} by {channel}.', {
                  to: sentTo,
                  channel: channelName(channel),
                })}
              </p>
              <div className="grid gap-1">
                <label htmlFor="mobile-code" className="text-sm font-medium">
                  {t('Code')}
                </label>
                <input
                  ref={codeBox}
                  id="mobile-code"
                  name="code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  required
                  value={code}
                  onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
                  className={`${fieldClass} text-center text-2xl tracking-[0.5em]`}
                />
              </div>
            </>
          ) : (
            <>
              <input type="hidden" name="code" value={code} />
              <p className="text-center text-sm text-ink/80">
                {t('Your number is new to the shop: tell us your name to create your account.')}
              </p>
              <div className="grid gap-1">
                <label htmlFor="mobile-name" className="text-sm font-medium">
                  {t('Name')}
                </label>
                <input
                  id="mobile-name"
                  name="fullName"
                  autoComplete="name"
                  required
                  value={fullName}
                  onChange={(e) => setFullName(e.target.value)}
                  className={fieldClass}
                />
              </div>
              <div className="grid gap-1">
                <label htmlFor="mobile-email" className="text-sm font-medium">
                  {t('E-mail (optional)')}
                </label>
                <input
                  id="mobile-email"
                  name="email"
                  type="email"
                  autoComplete="email"
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                  aria-describedby="mobile-email-hint"
                  className={fieldClass}
                />
                <p id="mobile-email-hint" className="text-xs text-ink/70">
                  {t('For order e-mails and receipts. We send a link to confirm it.')}
                </p>
              </div>
              <TermsCheckbox checked={terms} onChange={setTerms} />
            </>
          )}
          <FormMessage error={error} />
          <button type="submit" disabled={loading} className={primaryButton}>
            {loading ? t('Loading...') : step === 'name' ? t('Create account') : t('Continue')}
          </button>
          {step === 'code' ? (
            <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
              <button
                type="submit"
                name="intent"
                value="send"
                disabled={loading || resendIn > 0}
                onClick={(e) => {
                  e.preventDefault()
                  void send(channel)
                }}
                className="text-brand-700 underline disabled:text-ink/60 disabled:no-underline"
              >
                {resendIn > 0
                  ? t('Send a new code in {seconds} s', { seconds: resendIn })
                  : t('Send a new code')}
              </button>
              {channel === 'whatsapp' ? (
                <button
                  type="submit"
                  name="intent"
                  value="send-sms"
                  formNoValidate
                  disabled={loading || resendIn > 0}
                  onClick={(e) => {
                    e.preventDefault()
                    void send('sms')
                  }}
                  className="text-brand-700 underline disabled:text-ink/60 disabled:no-underline"
                >
                  {t('Send by SMS instead')}
                </button>
              ) : null}
            </div>
          ) : null}
          <Link
            to={next === '/' ? '/Login/mobile' : `/Login/mobile?next=${encodeURIComponent(next)}`}
            reloadDocument
            className="justify-self-center text-sm text-brand-700 underline"
          >
            {t('Use another number')}
          </Link>
        </form>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to={withNext('/Login', next)} className="font-semibold text-brand-700 underline">
          {t('Sign in with e-mail instead')}
        </Link>
      </p>
    </AuthCard>
  )
}
