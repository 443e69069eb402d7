import { useId, useState } from 'react'
import { useSearchParams } from 'react-router'
import type { AdminBooking, AdminBookingPage } from '../../../contracts/admin-sevas.ts'
import { photoMaxBytes } from '../../../contracts/images.ts'
import {
  bookingPaymentLabels,
  bookingStatuses,
  bookingStatusLabels,
  indianToday,
} from '../../../contracts/seva-text.ts'
import { adminSend, photoTooLarge, problemText, useAdmin } from '../../features/admin/admin-api.ts'
import { filterSetter } from '../../features/admin/filter-params.ts'
import {
  Badge,
  Button,
  ConfirmButton,
  FilterSelect,
  inputClass,
  Loading,
  LoadProblem,
  Pager,
  PageTitle,
  useDebounced,
} from '../../features/admin/ui.tsx'
import { formatSevaDay } from '../../features/sevas/format.ts'
import { api } from '../../lib/api.ts'
import { formatRupees } from '../../lib/format.ts'
import { useQueryClient } from '../../lib/query.ts'
import { toast } from '../../lib/toast.tsx'

export const meta = () => [{ title: 'Seva bookings | Shop console' }]

const tone = (s: AdminBooking['status']) =>
  s === 'confirmed'
    ? 'green'
    : s === 'performed'
      ? 'blue'
      : s === 'pending'
        ? 'amber'
        : s === 'cancelled'
          ? 'red'
          : 'grey'

/** One booking as a card: the devotee's details and what staff can do with it now. */
function BookingCard({ b, refresh }: { b: AdminBooking; refresh: () => Promise<unknown> }) {
  const id = useId()
  const [video, setVideo] = useState(b.videoUrl ?? '')
  const [busy, setBusy] = useState(false)
  const act = async (work: () => Promise<{ message: string }>) => {
    setBusy(true)
    try {
      toast.success((await work()).message)
      await refresh()
    } catch (err) {
      toast.error(problemText(err))
    } finally {
      setBusy(false)
    }
  }
  const uploadPhoto = (file: File) =>
    act(async () => {
      const big = photoTooLarge([file])
      if (big) throw new Error(big)
      const form = new FormData()
      form.append('image', file)
      return api<{ message: string }>(`/admin/seva-bookings/${b._id}/photo`, {
        method: 'POST',
        body: form,
        auth: true,
      })
    })
  const mediaAllowed = b.status === 'confirmed' || b.status === 'performed'
  return (
    <li className="grid gap-2 rounded-lg border border-brand-200 bg-white p-3" data-testid="booking-card">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-semibold break-words">
          {b.bookingNumber} · {b.sevaName}
        </h2>
        <span className="flex flex-wrap gap-1">
          <Badge tone={tone(b.status)}>{bookingStatusLabels[b.status]}</Badge>
          <Badge
            tone={
              b.paymentStatus === 'paid' ? 'green' : b.paymentStatus === 'refund_pending' ? 'amber' : 'grey'
            }
          >
            {bookingPaymentLabels[b.paymentStatus]}
          </Badge>
        </span>
      </div>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
        <div>
          <dt className="inline text-ink/70">Day: </dt>
          <dd className="inline">{formatSevaDay(b.date, 'en')}</dd>
        </div>
        <div>
          <dt className="inline text-ink/70">Temple: </dt>
          <dd className="inline">{b.templeName}</dd>
        </div>
        <div>
          <dt className="inline text-ink/70">Devotee: </dt>
          <dd className="inline font-semibold">{b.devoteeName}</dd>
        </div>
        {b.gotra ? (
          <div>
            <dt className="inline text-ink/70">Gotra: </dt>
            <dd className="inline">{b.gotra}</dd>
          </div>
        ) : null}
        {b.nakshatra ? (
          <div>
            <dt className="inline text-ink/70">Nakshatra: </dt>
            <dd className="inline">{b.nakshatra}</dd>
          </div>
        ) : null}
        <div>
          <dt className="inline text-ink/70">Booked by: </dt>
          <dd className="inline break-all">
            {b.customerName} ({b.customerEmail})
          </dd>
        </div>
        <div>
          <dt className="inline text-ink/70">Amount: </dt>
          <dd className="inline">{formatRupees(b.amount)}</dd>
        </div>
        {b.note ? (
          <div className="sm:col-span-2">
            <dt className="inline text-ink/70">Note: </dt>
            <dd className="inline whitespace-pre-line">{b.note}</dd>
          </div>
        ) : null}
      </dl>
      {b.photo ? (
        <img
          src={b.photo}
          alt={`The seva of ${b.bookingNumber}, as performed`}
          className="max-h-40 w-auto rounded object-cover"
        />
      ) : null}
      {mediaAllowed ? (
        <div className="grid gap-2 border-t border-brand-100 pt-2 sm:grid-cols-2">
          <div className="grid gap-1">
            <label htmlFor={`${id}-photo`} className="text-sm font-semibold">
              {b.photo ? 'Replace the photo' : 'Add a photo'}
            </label>
            <input
              id={`${id}-photo`}
              type="file"
              accept="image/jpeg,image/png,image/webp,image/avif,image/heic"
              disabled={busy}
              className="text-sm file:mr-2 file:min-h-11 file:rounded file:border file:border-brand-200 file:bg-white file:px-3"
              onChange={(e) => {
                const file = e.target.files?.[0]
                if (file) void uploadPhoto(file)
                e.target.value = ''
              }}
            />
            <p className="text-xs text-ink/70">
              Up to {Math.round(photoMaxBytes / 1024 / 1024)} MB. Only this devotee sees it.
            </p>
          </div>
          <form
            className="grid gap-1"
            onSubmit={(e) => {
              e.preventDefault()
              void act(() => adminSend(`/seva-bookings/${b._id}/video`, 'PUT', { videoUrl: video }))
            }}
          >
            <label htmlFor={`${id}-video`} className="text-sm font-semibold">
              Video link (https://…)
            </label>
            <span className="flex gap-2">
              <input
                id={`${id}-video`}
                type="url"
                inputMode="url"
                value={video}
                onChange={(e) => setVideo(e.target.value)}
                className={inputClass}
              />
              <Button type="submit" small disabled={busy}>
                Save
              </Button>
            </span>
          </form>
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {b.status === 'confirmed' && b.date > indianToday() ? (
          <p className="text-sm text-ink/70" data-testid="performed-from">
            Can be marked performed from {formatSevaDay(b.date, 'en', 'short')}, its day.
          </p>
        ) : null}
        {b.status === 'confirmed' && b.date <= indianToday() ? (
          <ConfirmButton
            tone="primary"
            question={`Mark ${b.bookingNumber} performed?`}
            detail={`${b.devoteeName} is e-mailed now, with the photo and video if you have added them. You can add them later too.`}
            confirmLabel="Yes, performed"
            disabled={busy}
            onConfirm={() => act(() => adminSend(`/seva-bookings/${b._id}/performed`, 'POST'))}
          >
            Mark performed
          </ConfirmButton>
        ) : null}
        {b.status === 'pending' || b.status === 'confirmed' ? (
          <ConfirmButton
            question={`Cancel ${b.bookingNumber}?`}
            detail={
              b.paymentStatus === 'paid'
                ? `The devotee is refunded ${formatRupees(b.amount)} in full and e-mailed.`
                : 'The booking is not paid; its place is freed.'
            }
            confirmLabel="Yes, cancel it"
            disabled={busy}
            onConfirm={() => act(() => adminSend(`/seva-bookings/${b._id}/cancel`, 'POST'))}
          >
            Cancel booking
          </ConfirmButton>
        ) : null}
      </div>
    </li>
  )
}

/** Seva bookings by day (decision 102): a day's list to perform, or every booking, nearest day first. */
export default function BookingsScreen() {
  const [params, setParams] = useSearchParams()
  const set = filterSetter(setParams)
  const date = params.get('date') ?? ''
  const status = params.get('status') ?? ''
  const page = Number(params.get('page') ?? '1') || 1
  const [q, setQ] = useState(params.get('q') ?? '')
  const words = useDebounced(q.trim())
  const query = new URLSearchParams({ page: String(page) })
  if (date) query.set('date', date)
  if (status) query.set('status', status)
  if (words) query.set('q', words)
  const list = useAdmin<AdminBookingPage>(`/seva-bookings?${query}`)
  const queryClient = useQueryClient()
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin'] })
  return (
    <div>
      <PageTitle
        title="Seva bookings"
        intro="Choose a day to see its bookings, mark each performed, and add a photo or a video link that the devotee then sees on their booking and receives by e-mail."
      />
      <div className="mb-4 grid gap-3 sm:grid-cols-[auto_auto_1fr] sm:items-end">
        <label className="grid gap-1 text-sm font-semibold">
          Day
          <span className="flex gap-2">
            <input
              type="date"
              value={date}
              onChange={(e) => set('date', e.target.value)}
              className={inputClass}
            />
            <Button small onClick={() => set('date', indianToday())}>
              Today
            </Button>
          </span>
        </label>
        <FilterSelect
          label="State"
          all="All states"
          value={status}
          onChange={(v) => set('status', v)}
          options={bookingStatuses.map((s) => ({ value: s, label: bookingStatusLabels[s] }))}
        />
        <label className="grid gap-1 text-sm font-semibold">
          Search
          <input
            type="search"
            value={q}
            placeholder="Booking number, devotee, e-mail or seva"
            onChange={(e) => {
              setQ(e.target.value)
              set('q', e.target.value.trim())
            }}
            className={inputClass}
          />
        </label>
      </div>
      {date ? (
        <p className="mb-3 font-semibold">
          {formatSevaDay(date, 'en')}
          {date !== '' ? (
            <Button small onClick={() => set('date', '')}>
              All days
            </Button>
          ) : null}
        </p>
      ) : null}
      {list.isPending ? <Loading /> : null}
      {list.isError ? <LoadProblem error={list.error} retry={() => list.refetch()} /> : null}
      {list.data && list.data.items.length === 0 ? (
        <p className="rounded border border-dashed border-brand-200 p-6 text-center text-ink/70">
          {date ? 'No bookings for this day.' : 'No bookings yet.'}
        </p>
      ) : null}
      {list.data ? (
        <>
          <ul className="grid gap-3 lg:grid-cols-2">
            {list.data.items.map((b) => (
              <BookingCard key={`${b._id}:${b.videoUrl ?? ''}`} b={b} refresh={refresh} />
            ))}
          </ul>
          <Pager
            page={list.data.page}
            pages={list.data.pages}
            total={list.data.total}
            onPage={(p) => set('page', String(p))}
          />
        </>
      ) : null}
    </div>
  )
}
