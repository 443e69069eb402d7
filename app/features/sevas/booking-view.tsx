import { useState } from 'react'
import { Link } from 'react-router'
import { imageAt, imageSrcSet } from '../../../contracts/images.ts'
import { bookingPaymentLabels, bookingStatusLabels, sevaText } from '../../../contracts/seva-text.ts'
import type { Booking } from '../../../contracts/sevas.ts'
import { ConfirmDialog } from '../../components/confirm-dialog.tsx'
import { useI18n } from '../../i18n/i18n.tsx'
import { ApiError } from '../../lib/api.ts'
import { formatRupees } from '../../lib/format.ts'
import { useMutation, useQuery, useQueryClient } from '../../lib/query.ts'
import { toast } from '../../lib/toast.tsx'
import { formatSevaDay, policyText } from './format.ts'
import { bookingsQueryKey, cancelBooking, fetchBooking, fetchBookings } from './sevas-api.ts'
import { usePayBooking } from './use-pay-booking.ts'

const statusTone: Record<Booking['status'], string> = {
  pending: 'bg-amber-100 text-amber-900',
  confirmed: 'bg-green-100 text-green-900',
  performed: 'bg-brand-100 text-brand-900',
  cancelled: 'bg-red-100 text-red-900',
  expired: 'bg-ink/10 text-ink',
}

export function BookingStatus({ booking }: { booking: Booking }) {
  const { t } = useI18n()
  return (
    <span
      className={`inline-block rounded-full px-3 py-1 text-sm font-semibold ${statusTone[booking.status]}`}
      data-testid="booking-status"
    >
      {t(bookingStatusLabels[booking.status])}
    </span>
  )
}

const when = (iso: string, locale: string) =>
  new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Kolkata',
  }).format(new Date(iso))

/**
 * One booking as its devotee sees it (decision 102): its number and state, the day and the devotee's
 * details, the policy accepted, a Pay button while it awaits payment, Cancel while the policy allows, and
 * the photo and video once the temple has performed the seva.
 */
export function BookingView({
  id,
  initial,
  justPaid,
}: {
  id: string
  initial: Booking | null
  justPaid: boolean
}) {
  const { t, language, locale } = useI18n()
  const queryClient = useQueryClient()
  const [asking, setAsking] = useState(false)
  const refresh = () => queryClient.invalidateQueries({ queryKey: bookingsQueryKey })
  const payment = usePayBooking({
    book: async (booking: Booking) => booking,
    onSuccess: (outcome) => {
      if (outcome?.kind === 'paid') toast.success(t('Payment received: your seva is booked.'))
    },
    onError: (err) =>
      toast.error(
        err instanceof ApiError ? err.message : t('The payment did not go through. Please try again.'),
      ),
    onSettled: refresh,
  })
  const cancelling = useMutation({
    mutationFn: cancelBooking,
    onSuccess: async (res) => {
      toast.success(res.message)
      queryClient.setQueryData([...bookingsQueryKey, id], res.data)
      await refresh()
    },
    onError: (err) =>
      toast.error(err instanceof ApiError ? err.message : t('Something went wrong. Please try again.')),
  })
  const busy = payment.isPending || cancelling.isPending
  const query = useQuery({
    queryKey: [...bookingsQueryKey, id],
    queryFn: () => fetchBooking(id),
    initialData: initial ?? undefined,
  })
  const booking = query.data
  if (!booking) {
    if (query.isError)
      return (
        <p role="alert">
          {query.error instanceof ApiError ? query.error.message : t(sevaText.bookingNotFound)}
        </p>
      )
    return <p>{t('Loading…')}</p>
  }
  const paid = booking.paymentStatus === 'paid'
  const refundable = paid && new Date() <= new Date(booking.refundUntil)

  const pay = () => payment.pay(booking)

  const cancel = () => {
    setAsking(false)
    cancelling.mutate(booking._id)
  }

  const row = (label: string, value: React.ReactNode) => (
    <div className="grid grid-cols-[8rem_minmax(0,1fr)] gap-2 py-1.5 sm:grid-cols-[10rem_minmax(0,1fr)]">
      <dt className="text-ink/70">{label}</dt>
      <dd className="break-words font-medium text-ink">{value}</dd>
    </div>
  )

  return (
    <article className="grid gap-4" aria-labelledby="booking-title">
      {justPaid && booking.status === 'confirmed' ? (
        <div
          role="status"
          className="rounded-lg border border-green-300 bg-green-50 p-4"
          data-testid="booking-confirmation"
        >
          <p className="text-lg font-bold text-green-900">{t('Thank you! Your seva is booked.')}</p>
          <p className="mt-1 text-green-900">
            {t('Your booking number is {number}. We have e-mailed you the details.', {
              number: booking.bookingNumber,
            })}
          </p>
        </div>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="booking-title" className="font-serif text-2xl font-bold text-brand-800">
          {t('Booking {number}', { number: booking.bookingNumber })}
        </h1>
        <BookingStatus booking={booking} />
      </div>
      <dl className="divide-y divide-brand-100 rounded-lg bg-white p-4 shadow-sm ring-1 ring-brand-100">
        {row(t('Seva'), booking.sevaName)}
        {row(
          t('Temple'),
          <Link to={`/templedetails?temple=${encodeURIComponent(booking.templeSlug)}`} className="underline">
            {booking.templeName}
          </Link>,
        )}
        {row(t('Day'), formatSevaDay(booking.date, language))}
        {row(t('Devotee'), booking.devoteeName)}
        {booking.gotra ? row(t('Gotra'), booking.gotra) : null}
        {booking.nakshatra ? row(t('Nakshatra'), t(booking.nakshatra)) : null}
        {booking.note ? row(t('Note'), <span className="whitespace-pre-line">{booking.note}</span>) : null}
        {row(t('Amount'), formatRupees(booking.amount / 100))}
        {row(t('Payment'), t(bookingPaymentLabels[booking.paymentStatus]))}
      </dl>

      {booking.status === 'pending' ? (
        <div className="grid gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4">
          <p>
            {booking.reservedUntil
              ? t('Your place is held until {time}. Pay to confirm the booking.', {
                  time: when(booking.reservedUntil, locale),
                })
              : t(sevaText.booked)}
          </p>
          <button
            type="button"
            onClick={pay}
            disabled={busy}
            className="min-h-12 rounded bg-brand-700 px-6 text-lg font-bold text-white disabled:opacity-60"
          >
            {t('Pay {amount}', { amount: formatRupees(booking.amount / 100) })}
          </button>
        </div>
      ) : null}

      {booking.status === 'performed' ? (
        <section
          aria-labelledby="performed"
          className="grid gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-brand-100"
        >
          <h2 id="performed" className="text-lg font-bold text-brand-800">
            {t('Your seva has been performed')}
          </h2>
          {booking.photo ? (
            <img
              src={imageAt(booking.photo, 800)}
              srcSet={imageSrcSet(booking.photo)}
              sizes="(min-width: 768px) 640px, 100vw"
              alt={t('Photo of your seva')}
              className="w-full max-w-2xl rounded-lg"
              data-testid="booking-photo"
            />
          ) : null}
          {booking.videoUrl ? (
            <a
              href={booking.videoUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
              data-testid="booking-video"
            >
              {t('Watch the video of your seva')}
              <span className="sr-only"> {t('(opens in a new tab)')}</span>
            </a>
          ) : null}
          {!booking.photo && !booking.videoUrl ? (
            <p className="text-ink/80">{t('The temple may add a photo or video here soon.')}</p>
          ) : null}
        </section>
      ) : null}

      <section aria-labelledby="policy" className="rounded-lg border border-brand-200 bg-brand-50 p-4">
        <h2 id="policy" className="font-semibold text-brand-800">
          {t('Cancellation policy')}
        </h2>
        <p className="mt-1 text-sm whitespace-pre-line">
          {policyText(t, booking.policy, booking.cancelHours)}
        </p>
        {booking.mayCancel ? (
          <>
            <button
              type="button"
              onClick={() => setAsking(true)}
              disabled={busy}
              className="mt-3 min-h-11 rounded border border-red-700 px-4 font-semibold text-red-700 disabled:opacity-60"
            >
              {t('Cancel booking')}
            </button>
            <ConfirmDialog
              open={asking}
              title={t('Cancel this booking?')}
              text={
                !paid
                  ? t('The place will be given to another devotee.')
                  : refundable
                    ? t('You will get a full refund of {amount}.', {
                        amount: formatRupees(booking.amount / 100),
                      })
                    : t(
                        'It is too late for a refund under the cancellation policy: you will not get your payment back.',
                      )
              }
              confirmLabel={t('Yes, cancel')}
              onConfirm={cancel}
              onCancel={() => setAsking(false)}
            />
          </>
        ) : null}
      </section>
      {payment.element}
    </article>
  )
}

/** The devotee's bookings, latest day first, each linking to its page. */
export function BookingList({ initial }: { initial: Booking[] | null }) {
  const { t, language } = useI18n()
  const query = useQuery({
    queryKey: bookingsQueryKey,
    queryFn: fetchBookings,
    initialData: initial ?? undefined,
  })
  const list = query.data
  if (!list) return <p>{t('Loading…')}</p>
  if (list.length === 0)
    return (
      <p className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-brand-100">
        {t('You have no seva bookings yet.')}{' '}
        <Link to="/temple" className="font-semibold text-brand-700 underline">
          {t('Choose a temple')}
        </Link>
      </p>
    )
  return (
    <ul className="grid gap-3" data-testid="booking-list">
      {list.map((b) => (
        <li key={b._id}>
          <Link
            to={`/seva-bookings/${b._id}`}
            className="grid gap-1 rounded-lg bg-white p-4 shadow-sm ring-1 ring-brand-100 hover:ring-brand-400"
          >
            <span className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-semibold text-brand-800">{b.sevaName}</span>
              <BookingStatus booking={b} />
            </span>
            <span className="text-sm text-ink/80">
              {b.templeName} · {formatSevaDay(b.date, language)}
            </span>
            <span className="text-sm text-ink/80">
              {b.bookingNumber} · {b.devoteeName} · {formatRupees(b.amount / 100)}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  )
}
