import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import {
  type DonationBody,
  type DonationCauseOption,
  donationBody,
  suggestedAmounts,
} from '../../../contracts/donations.ts'
import { formatRupees } from '../../../contracts/money.ts'
import { usePayFlow } from '../../components/use-pay-flow.tsx'
import { useT } from '../../i18n/i18n.tsx'
import { useCurrentUser } from '../../lib/account-api.ts'
import { ApiError } from '../../lib/api.ts'
import { payablePayment } from '../../lib/payable-api.ts'
import { signInHref } from '../../lib/sign-in-return.ts'
import { toast } from '../../lib/toast.tsx'
import { useSignedIn } from '../../lib/use-signed-in.ts'
import { createDonation } from './giving-api.ts'
import { givingTexts as g } from './messages.ts'

type Field = 'for' | 'amount' | 'name' | 'email' | 'phone' | 'address' | 'pan'
const field =
  'w-full rounded border border-brand-200 bg-white px-3 py-2 text-base focus:border-brand-600 focus:outline-none'

/**
 * The donate form (decision 101): what to give to, a suggested or own amount (none chosen for the donor),
 * the donor's details, and, only when they tick it, address and PAN for an 80G receipt. Paid at once
 * through the payment window; a paid gift goes to its thank-you page with the receipt.
 */
export function DonateForm({
  causes,
  initialFor,
  signedInGuess,
}: {
  causes: DonationCauseOption[]
  initialFor: string
  signedInGuess: boolean
}) {
  const t = useT()
  const id = useId()
  const navigate = useNavigate()
  const signedIn = useSignedIn(signedInGuess)
  const account = useCurrentUser()
  const [cause, setCause] = useState(initialFor)
  const [picked, setPicked] = useState<number | 'other' | null>(null)
  const [other, setOther] = useState('')
  const [details, setDetails] = useState({ name: '', email: '', phone: '', address: '', pan: '' })
  const [wants80g, setWants80g] = useState(false)
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  // The unpaid donation of these very details, paid again rather than made twice after a failed attempt.
  const open = useRef<{ key: string; id: string } | null>(null)
  const payment = usePayFlow({
    create: async (body: DonationBody) => {
      const key = JSON.stringify(body)
      const donationId = open.current?.key === key ? open.current.id : (await createDonation(body))._id
      open.current = { key, id: donationId }
      const chosen = causes.find((c) => c.for === body.for)
      return payablePayment('donation', donationId, donationId, {
        description: chosen ? chosen.name : t(g.title),
        prefill: { name: body.name, email: body.email, contact: body.phone },
      })
    },
    onSuccess: (outcome) => {
      if (outcome?.kind === 'paid') {
        open.current = null
        navigate(`/donate/thanks/${outcome.payable}`)
      } else if (outcome?.kind === 'failed') toast.error(outcome.reason || t(g.failed))
      else if (outcome?.kind === 'closed') toast.info(t(g.dismissed))
    },
    onError: (err) => {
      const fields =
        (err instanceof ApiError ? (err.body as { errors?: Record<string, string> })?.errors : null) ?? {}
      setErrors(fields as Partial<Record<Field, string>>)
      toast.error(Object.values(fields)[0] ?? (err instanceof Error ? t(err.message) : t(g.failed)))
    },
  })

  useEffect(() => {
    const me = account.data
    if (me) setDetails((d) => ({ ...d, name: d.name || me.fullName, email: d.email || me.email }))
  }, [account.data])

  const amount = picked === 'other' ? Number(other) : (picked ?? Number.NaN)
  const set = (name: keyof typeof details) => (e: { target: { value: string } }) =>
    setDetails({ ...details, [name]: e.target.value })

  function onSubmit(e: FormEvent) {
    e.preventDefault()
    const body: DonationBody = {
      for: cause,
      amount,
      name: details.name,
      email: details.email,
      phone: details.phone,
      wants80g,
      address: wants80g ? details.address : undefined,
      pan: wants80g ? details.pan : undefined,
    }
    const checked = donationBody.safeParse(body)
    if (!checked.success) {
      const found: Partial<Record<Field, string>> = {}
      for (const issue of checked.error.issues) {
        const name = String(issue.path[0] ?? 'amount') as Field
        found[name] ??= t(issue.message)
      }
      setErrors(found)
      return
    }
    setErrors({})
    payment.pay(body)
  }

  const error = (name: Field) =>
    errors[name] ? (
      <span id={`${id}-${name}-error`} className="text-sm font-normal text-red-700">
        {errors[name]}
      </span>
    ) : null
  const described = (name: Field) =>
    errors[name] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${name}-error` } : {}

  return (
    <>
      <form onSubmit={onSubmit} noValidate className="grid gap-6" aria-label={t(g.title)}>
        <label className="grid gap-1 text-sm font-semibold">
          {t(g.giveTo)}
          <select
            value={cause}
            onChange={(e) => setCause(e.target.value)}
            className={field}
            {...described('for')}
          >
            {causes.map((c) => (
              <option key={c.for} value={c.for}>
                {c.name}
              </option>
            ))}
          </select>
          {error('for')}
        </label>

        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-semibold">{t(g.amount)}</legend>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-5">
            {suggestedAmounts.map((a) => (
              <label
                key={a}
                className="flex min-h-12 cursor-pointer items-center justify-center rounded-lg border border-brand-200 bg-white px-2 font-semibold has-[:checked]:border-brand-700 has-[:checked]:bg-brand-700 has-[:checked]:text-white"
              >
                <input
                  type="radio"
                  name="amount"
                  className="sr-only"
                  checked={picked === a}
                  onChange={() => setPicked(a)}
                />
                {formatRupees(a)}
              </label>
            ))}
            <label className="col-span-2 flex min-h-12 cursor-pointer items-center justify-center rounded-lg border border-brand-200 bg-white px-2 font-semibold has-[:checked]:border-brand-700 has-[:checked]:bg-brand-700 has-[:checked]:text-white sm:col-span-1">
              <input
                type="radio"
                name="amount"
                className="sr-only"
                checked={picked === 'other'}
                onChange={() => setPicked('other')}
              />
              {t('Other')}
            </label>
          </div>
          {picked === 'other' ? (
            <label className="grid max-w-xs gap-1 text-sm font-semibold">
              {t(g.otherAmount)}
              <input
                type="number"
                inputMode="numeric"
                min={10}
                step={1}
                value={other}
                onChange={(e) => setOther(e.target.value)}
                className={field}
                {...described('amount')}
              />
            </label>
          ) : null}
          {error('amount')}
        </fieldset>

        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-sm font-semibold">{t(g.yourDetails)}</legend>
          <label className="grid gap-1 text-sm font-medium">
            {t(g.name)}
            <input
              autoComplete="name"
              value={details.name}
              onChange={set('name')}
              className={field}
              {...described('name')}
            />
            {error('name')}
          </label>
          <label className="grid gap-1 text-sm font-medium">
            {t(g.email)}
            <input
              type="email"
              autoComplete="email"
              value={details.email}
              onChange={set('email')}
              className={field}
              {...described('email')}
            />
            {error('email')}
          </label>
          <label className="grid gap-1 text-sm font-medium">
            {t(g.phone)}
            <input
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              maxLength={10}
              value={details.phone}
              onChange={set('phone')}
              className={field}
              {...described('phone')}
            />
            {error('phone')}
          </label>
        </fieldset>

        <div className="grid gap-4 rounded-lg border border-brand-200 bg-brand-50 p-4">
          <label className="flex items-start gap-3 text-sm font-semibold">
            <input
              type="checkbox"
              checked={wants80g}
              onChange={(e) => setWants80g(e.target.checked)}
              className="mt-0.5 h-5 w-5 shrink-0"
              aria-describedby={`${id}-80g-help`}
            />
            {t(g.wants80g)}
          </label>
          <p id={`${id}-80g-help`} className="text-sm text-ink/80">
            {t(g.wants80gHelp)}
          </p>
          {wants80g ? (
            <div className="grid gap-4 sm:grid-cols-2">
              <label className="grid gap-1 text-sm font-medium sm:col-span-2">
                {t(g.address)}
                <textarea
                  rows={3}
                  autoComplete="street-address"
                  value={details.address}
                  onChange={set('address')}
                  className={field}
                  {...described('address')}
                />
                {error('address')}
              </label>
              <label className="grid gap-1 text-sm font-medium">
                {t(g.pan)}
                <input
                  autoCapitalize="characters"
                  autoComplete="off"
                  spellCheck={false}
                  maxLength={10}
                  placeholder="ABCDE1234F"
                  value={details.pan}
                  onChange={set('pan')}
                  className={`${field} uppercase`}
                  {...described('pan')}
                />
                {error('pan')}
              </label>
            </div>
          ) : null}
        </div>

        {signedIn ? (
          <div>
            <button
              type="submit"
              disabled={payment.isPending}
              className="w-full rounded bg-brand-600 px-6 py-3 text-lg font-semibold text-white hover:bg-brand-700 disabled:opacity-60 sm:w-auto"
            >
              {payment.isPending
                ? t(g.working)
                : Number.isFinite(amount) && amount > 0
                  ? t(g.donate, { amount: formatRupees(amount) })
                  : t(g.donateNoAmount)}
            </button>
          </div>
        ) : (
          <div className="grid gap-2 rounded-lg border border-amber-300 bg-amber-50 p-4">
            <p>{t(g.signInFirst)}</p>
            <Link
              to={signInHref(`/donate?for=${encodeURIComponent(cause)}`)}
              className="justify-self-start rounded bg-brand-600 px-6 py-2.5 font-semibold text-white hover:bg-brand-700"
            >
              {t(g.signIn)}
            </Link>
          </div>
        )}
      </form>
      {payment.element}
    </>
  )
}
