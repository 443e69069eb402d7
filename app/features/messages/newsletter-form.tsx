import { type FormEvent, useState } from 'react'
import { emailPattern, messageTexts as t } from '../../../contracts/messages-text.ts'
import { ApiError, api } from '../../lib/api.ts'
import { toast } from '../../lib/toast.tsx'

/** The footer's e-mail box with its Submit button; saves the address and thanks the visitor. */
export function NewsletterForm() {
  const [sending, setSending] = useState(false)

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const form = e.currentTarget
    const email = String(new FormData(form).get('email') ?? '').trim()
    if (!email) return void toast.error(t.emailRequired)
    if (!emailPattern.test(email)) return void toast.error(t.emailInvalid)
    setSending(true)
    try {
      const res = await api<{ message: string }>('/newsletter', { method: 'POST', body: { email } })
      toast.success(res.message || t.newsletterThanks)
      form.reset()
    } catch (err) {
      const fields =
        err instanceof ApiError ? (err.body as { errors?: Record<string, string> })?.errors : null
      toast.error(fields?.email ?? (err instanceof ApiError ? err.message : t.sendFailed))
    } finally {
      setSending(false)
    }
  }

  return (
    <form className="flex gap-2" onSubmit={onSubmit} noValidate>
      <label htmlFor="newsletter-email" className="sr-only">
        Your e-mail address
      </label>
      <input
        id="newsletter-email"
        name="email"
        type="email"
        autoComplete="email"
        placeholder="Your e-mail"
        className="min-w-0 flex-1 rounded border border-brand-700 bg-brand-800 px-3 py-2 text-sm text-white placeholder:text-brand-200"
      />
      <button
        type="submit"
        disabled={sending}
        className="rounded bg-saffron px-3 py-2 text-sm font-semibold text-ink hover:brightness-95 disabled:opacity-60"
      >
        Submit
      </button>
    </form>
  )
}
