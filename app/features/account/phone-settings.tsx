import { useState } from 'react'
import type { Account } from '../../../contracts/accounts.ts'
import { formatPhone, type MessageChannel, type OtpRequestData } from '../../../contracts/messaging.ts'
import { useT } from '../../i18n/i18n.tsx'
import { currentUserKey } from '../../lib/account-api.ts'
import { ApiError, api } from '../../lib/api.ts'
import { useQueryClient } from '../../lib/query.ts'
import { toast } from '../../lib/toast.tsx'
import { fieldClass } from './password-field.tsx'

const channelName = (c: MessageChannel) => (c === 'whatsapp' ? 'WhatsApp' : 'SMS')
const smallButton =
  'rounded bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-70'

/**
 * The mobile number that signs in with a code (decision 141): added with a code sent to it, removed
 * unless it is the account's only way in.
 */
export function PhoneSettings({ user }: { user: Account | undefined }) {
  const t = useT()
  const queryClient = useQueryClient()
  const [phone, setPhone] = useState('')
  const [channel, setChannel] = useState<MessageChannel>('whatsapp')
  const [code, setCode] = useState('')
  const [sentTo, setSentTo] = useState('')
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  if (!user) return null

  const problem = (err: unknown) =>
    setError(err instanceof ApiError ? err.message : t('Something went wrong. Please try again.'))
  const saved = (account: Account, message: string) => {
    queryClient.setQueryData(currentUserKey, account)
    toast.success(message)
    setSentTo('')
    setPhone('')
    setCode('')
  }
  const run = (work: () => Promise<void>) => async () => {
    setError('')
    setBusy(true)
    try {
      await work()
    } catch (err) {
      problem(err)
    } finally {
      setBusy(false)
    }
  }
  const send = run(async () => {
    const { data } = await api<{ data: OtpRequestData }>('/user/phone/request', {
      method: 'POST',
      body: { phone, channel },
      auth: true,
    })
    setSentTo(data.to)
  })
  const confirm = run(async () => {
    const res = await api<{ data: Account; message: string }>('/user/phone/verify', {
      method: 'POST',
      body: { phone, code },
      auth: true,
    })
    saved(res.data, res.message)
  })
  const remove = run(async () => {
    const res = await api<{ data: Account; message: string }>('/user/phone', { method: 'DELETE', auth: true })
    saved(res.data, res.message)
  })

  return (
    <section aria-labelledby="phone-settings" className="mt-8 border-t border-brand-100 pt-6">
      <h2 id="phone-settings" className="font-serif text-xl font-bold text-brand-800">
        {t('Sign in with your mobile number')}
      </h2>
      {user.phone ? (
        <div className="mt-3 flex flex-wrap items-center gap-3 text-sm">
          <p>
            {t('{phone} signs in to this account with a code by WhatsApp or SMS.', {
              phone: formatPhone(user.phone),
            })}
          </p>
          <button type="button" onClick={remove} disabled={busy} className="text-brand-700 underline">
            {t('Remove this number')}
          </button>
        </div>
      ) : (
        <form
          className="mt-3 grid gap-3 sm:max-w-md"
          onSubmit={(e) => {
            e.preventDefault()
            void (sentTo ? confirm() : send())
          }}
        >
          <p className="text-sm text-ink/80">
            {t('Add your mobile number to sign in with a 6-digit code instead of your password.')}
          </p>
          <label className="grid gap-1 text-sm font-medium">
            {t('Mobile number')}
            <input
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              value={phone}
              onChange={(e) => {
                setPhone(e.target.value)
                setSentTo('')
              }}
              className={fieldClass}
            />
          </label>
          {sentTo ? (
            <label className="grid gap-1 text-sm font-medium">
              {t('Enter the 6-digit code we sent to {to} by {channel}.', {
                to: sentTo,
                channel: channelName(channel),
              })}
              <input
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={code}
                onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
                className={`${fieldClass} tracking-[0.4em]`}
              />
            </label>
          ) : (
            <fieldset className="flex gap-4 text-sm">
              <legend className="mb-1 font-medium">{t('Send the code by')}</legend>
              {(['whatsapp', 'sms'] as const).map((c) => (
                <label key={c} className="flex items-center gap-2">
                  <input
                    type="radio"
                    name="phone-channel"
                    checked={channel === c}
                    onChange={() => setChannel(c)}
                    className="h-5 w-5 accent-brand-700"
                  />
                  {channelName(c)}
                </label>
              ))}
            </fieldset>
          )}
          {error ? (
            <p role="alert" className="text-sm font-medium text-red-700">
              {error}
            </p>
          ) : null}
          <button type="submit" disabled={busy} className={`${smallButton} justify-self-start`}>
            {sentTo ? t('Add this number') : t('Send code')}
          </button>
        </form>
      )}
    </section>
  )
}
