import { useId, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { type Nakshatra, nakshatras, sevaText } from '../../../contracts/seva-text.ts'
import type { BookingInput, SevaWithDays } from '../../../contracts/sevas.ts'
import { useI18n } from '../../i18n/i18n.tsx'
import { ApiError } from '../../lib/api.ts'
import { formatRupees } from '../../lib/format.ts'
import { signInHref } from '../../lib/sign-in-return.ts'
import { useSignedIn } from '../../lib/use-signed-in.ts'
import { formatSevaDay, policyText } from './format.ts'
import { bookSeva } from './sevas-api.ts'
import { usePayBooking } from './use-pay-booking.ts'

const inputClass = 'mt-1 w-full rounded border border-ink/30 bg-white px-3 py-2 text-base'

/**
 * The booking form of a seva (decision 102): a day among those offered (full ones shown, not choosable),
 * the devotee's name, gotra, nakshatra and a note, the cancellation policy to accept, then payment.
 */
export function BookingForm({ seva, signedInGuess }: { seva: SevaWithDays; signedInGuess: boolean }) {
  const { t, language } = useI18n()
  const signedIn = useSignedIn(signedInGuess)
  const navigate = useNavigate()
  const [problem, setProblem] = useState<string | null>(null)
  const payment = usePayBooking({
    book: async (input: BookingInput) => (await bookSeva(input)).data,
    // Still busy while the booking's page opens.
    onSuccess: async (outcome) => {
      if (outcome)
        await navigate(`/seva-bookings/${outcome.payable._id}${outcome.kind === 'paid' ? '?paid=1' : ''}`)
    },
    onError: (err) =>
      setProblem(err instanceof ApiError ? err.message : t('Something went wrong. Please try again.')),
  })
  const id = useId()
  const open = seva.days.filter((d) => d.left > 0)
  const [date, setDate] = useState(open[0]?.date ?? '')
  const [devoteeName, setName] = useState('')
  const [gotra, setGotra] = useState('')
  const [nakshatra, setNakshatra] = useState<Nakshatra | ''>('')
  const [note, setNote] = useState('')
  const [accepted, setAccepted] = useState(false)
  const price = formatRupees(seva.price / 100)

  const submit = (e: React.FormEvent) => {
    e.preventDefault()
    setProblem(null)
    if (!date) return setProblem(t('Please choose the day of the seva.'))
    if (devoteeName.trim().length < 2) return setProblem(t('Please enter the devotee’s name.'))
    if (!accepted) return setProblem(t(sevaText.policyNotAccepted))
    payment.pay({
      sevaId: seva._id,
      date,
      devoteeName,
      gotra,
      nakshatra: nakshatra || null,
      note,
      acceptPolicy: true,
    })
  }

  if (seva.days.length === 0 || open.length === 0) {
    return <p className="rounded bg-brand-50 p-4 text-ink">{t('All days are fully booked for now.')}</p>
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="font-serif text-2xl font-bold text-brand-800">
        {t('Book this seva')}
      </h2>
      <div>
        <label htmlFor={`${id}-date`} className="block font-medium">
          {t('Day of the seva')}
        </label>
        <select
          id={`${id}-date`}
          name="date"
          value={date}
          onChange={(e) => setDate(e.target.value)}
          className={inputClass}
        >
          {seva.days.map((d) => (
            <option key={d.date} value={d.date} disabled={d.left === 0}>
              {d.left === 0
                ? t('{day}: fully booked', { day: formatSevaDay(d.date, language, 'short') })
                : t('{day}: {left, plural, one {# place left} other {# places left}}', {
                    day: formatSevaDay(d.date, language, 'short'),
                    left: d.left,
                  })}
            </option>
          ))}
        </select>
        {date ? <p className="mt-1 text-sm text-ink/80">{formatSevaDay(date, language)}</p> : null}
      </div>
      <div>
        <label htmlFor={`${id}-name`} className="block font-medium">
          {t('Devotee’s name')}
        </label>
        <input
          id={`${id}-name`}
          name="devoteeName"
          value={devoteeName}
          onChange={(e) => setName(e.target.value)}
          autoComplete="name"
          required
          maxLength={100}
          className={inputClass}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-gotra`} className="block font-medium">
            {t('Gotra (optional)')}
          </label>
          <input
            id={`${id}-gotra`}
            name="gotra"
            value={gotra}
            onChange={(e) => setGotra(e.target.value)}
            maxLength={60}
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor={`${id}-nakshatra`} className="block font-medium">
            {t('Nakshatra (optional)')}
          </label>
          <select
            id={`${id}-nakshatra`}
            name="nakshatra"
            value={nakshatra}
            onChange={(e) => setNakshatra(e.target.value as Nakshatra | '')}
            className={inputClass}
          >
            <option value="">{t('Not known')}</option>
            {nakshatras.map((n) => (
              <option key={n} value={n}>
                {t(n)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div>
        <label htmlFor={`${id}-note`} className="block font-medium">
          {t('Note for the temple (optional)')}
        </label>
        <textarea
          id={`${id}-note`}
          name="note"
          value={note}
          onChange={(e) => setNote(e.target.value)}
          rows={3}
          maxLength={500}
          className={inputClass}
        />
      </div>
      <div className="rounded-lg border border-brand-200 bg-brand-50 p-4" data-testid="cancellation-policy">
        <h3 className="font-semibold text-brand-800">{t('Cancellation policy')}</h3>
        <p className="mt-1 text-sm whitespace-pre-line text-ink">
          {policyText(t, seva.policy, seva.cancelHours)}
        </p>
        <label className="mt-3 flex min-h-11 items-start gap-3">
          <input
            type="checkbox"
            checked={accepted}
            onChange={(e) => setAccepted(e.target.checked)}
            className="mt-1 size-5 shrink-0 accent-brand-700"
          />
          <span>{t('I have read and accept the cancellation policy')}</span>
        </label>
      </div>
      {problem ? (
        <p role="alert" className="rounded bg-red-50 p-3 text-red-800">
          {problem}
        </p>
      ) : null}
      {signedIn ? (
        <button
          type="submit"
          disabled={payment.isPending}
          className="min-h-12 rounded bg-brand-700 px-6 text-lg font-bold text-white hover:bg-brand-800 disabled:opacity-60"
        >
          {payment.isPending ? t('Booking…') : t('Book and pay {price}', { price })}
        </button>
      ) : (
        <Link
          to={signInHref(`/seva/${seva._id}`)}
          className="flex min-h-12 items-center justify-center rounded bg-brand-700 px-6 text-lg font-bold text-white"
        >
          {t(sevaText.signInToBook)}
        </Link>
      )}
      {payment.element}
    </form>
  )
}
