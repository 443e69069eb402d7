import { type FormEvent, useState } from 'react'
import { emailPattern, messageTexts as texts } from '../../contracts/messages-text.ts'
import { useT } from '../i18n/i18n.tsx'
import { ApiError, api } from '../lib/api.ts'
import { toast } from '../lib/toast.tsx'

/** The footer's e-mail box with its Submit button; saves the address and thanks the visitor. */
export function NewsletterForm() {
  const t = useT()
  const [sending, setSending] = useState(false)

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const form = e.currentTarget
    const email = String(new FormData(form).get('email') ?? '').trim()
    if (!email) return void toast.error(t(texts.emailRequired))
    if (!emailPattern.test(email)) return void toast.error(t(texts.emailInvalid))
    setSending(true)
    try {
      const res = await api<{ message: string }>('/newsletter', { method: 'POST', body: { email } })
      toast.success(res.message || t(texts.newsletterThanks))
      form.reset()
    } catch (err) {
      const fields =
        err instanceof ApiError ? (err.body as { errors?: Record<string, string> })?.errors : null
      toast.error(fields?.email ?? (err instanceof ApiError ? err.message : t(texts.sendFailed)))
    } finally {
      setSending(false)
    }
  }

  return (
    <form className="flex gap-2" onSubmit={onSubmit} noValidate>
      <label htmlFor="newsletter-email" className="sr-only">
        {t('Your e-mail address')}
      </label>
      <input
        id="newsletter-email"
        name="email"
        type="email"
        autoComplete="email"
        placeholder={t('Your e-mail')}
        className="min-w-0 flex-1 rounded border border-brand-700 bg-brand-800 px-3 py-2 text-sm text-white placeholder:text-brand-200"
      />
      <button
        type="submit"
        disabled={sending}
        className="rounded bg-saffron px-3 py-2 text-sm font-semibold text-ink hover:brightness-95 disabled:opacity-60"
      >
        {t('Submit')}
      </button>
    </form>
  )
}
