import { type FormEvent, useState } from 'react'
import { emailPattern, messageTexts as texts } from '../../../contracts/messages-text.ts'
import { type Translate, useT } from '../../i18n/i18n.tsx'
import { ApiError, api } from '../../lib/api.ts'
import { toast } from '../../lib/toast.tsx'

type Field = 'firstName' | 'lastName' | 'phone' | 'email' | 'message'

/** Light checks in the browser (the server checks everything again and answers per field). */
function check(v: Record<Field, string>, t: Translate): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {}
  if (!v.firstName.trim()) errors.firstName = t(texts.firstNameRequired)
  if (v.phone.trim() && !/^\d{10}$/.test(v.phone.trim())) errors.phone = t(texts.phoneInvalid)
  if (!v.email.trim()) errors.email = t(texts.emailRequired)
  else if (!emailPattern.test(v.email.trim())) errors.email = t(texts.emailInvalid)
  if (!v.message.trim()) errors.message = t(texts.messageRequired)
  return errors
}

/** The Contact Us message form with the spec's labels; sends to POST /api/v1/contact and thanks the visitor. */
export function ContactForm() {
  const t = useT()
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  const [sending, setSending] = useState(false)
  const field =
    'w-full rounded border border-brand-200 bg-white px-3 py-2 focus:border-brand-600 focus:outline-none'

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const form = e.currentTarget
    const data = new FormData(form)
    const values = Object.fromEntries(
      (['firstName', 'lastName', 'phone', 'email', 'message'] as const).map((k) => [
        k,
        String(data.get(k) ?? ''),
      ]),
    ) as Record<Field, string>
    const found = check(values, t)
    setErrors(found)
    if (Object.keys(found).length) return
    setSending(true)
    try {
      const res = await api<{ message: string }>('/contact', { method: 'POST', body: values })
      toast.success(res.message || t(texts.contactThanks))
      form.reset()
    } catch (err) {
      const fields =
        (err instanceof ApiError ? (err.body as { errors?: Record<string, string> })?.errors : null) ?? {}
      setErrors(fields as Partial<Record<Field, string>>)
      toast.error(Object.values(fields)[0] ?? (err instanceof ApiError ? err.message : t(texts.sendFailed)))
    } finally {
      setSending(false)
    }
  }

  const error = (name: Field) =>
    errors[name] ? (
      <span id={`contact-${name}-error`} className="text-sm font-normal text-red-700">
        {errors[name]}
      </span>
    ) : null
  const described = (name: Field) =>
    errors[name] ? { 'aria-invalid': true, 'aria-describedby': `contact-${name}-error` } : {}

  return (
    <form className="grid gap-4 sm:grid-cols-2" onSubmit={onSubmit} noValidate>
      <label className="grid gap-1 text-sm font-medium">
        {t('First Name')}
        <input name="firstName" autoComplete="given-name" className={field} {...described('firstName')} />
        {error('firstName')}
      </label>
      <label className="grid gap-1 text-sm font-medium">
        {t('Last Name')}
        <input name="lastName" autoComplete="family-name" className={field} {...described('lastName')} />
        {error('lastName')}
      </label>
      <label className="grid gap-1 text-sm font-medium">
        {t('Phone No.')}
        <input
          name="phone"
          type="number"
          inputMode="numeric"
          autoComplete="tel-national"
          className={field}
          {...described('phone')}
        />
        {error('phone')}
      </label>
      <label className="grid gap-1 text-sm font-medium">
        {t('Email')}
        <input name="email" type="email" autoComplete="email" className={field} {...described('email')} />
        {error('email')}
      </label>
      <label className="grid gap-1 text-sm font-medium sm:col-span-2">
        {t('Write Message')}
        <textarea name="message" rows={5} className={field} {...described('message')} />
        {error('message')}
      </label>
      <div className="sm:col-span-2">
        <button
          type="submit"
          disabled={sending}
          className="rounded bg-brand-600 px-6 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
        >
          {t('Send Message')}
        </button>
      </div>
    </form>
  )
}
