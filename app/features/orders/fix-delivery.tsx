import { useId, useState } from 'react'
import { msg } from '../../../contracts/languages.ts'
import type { Order } from '../../../contracts/orders.ts'
import { useI18n } from '../../i18n/i18n.tsx'
import { ApiError, api } from '../../lib/api.ts'
import { formatOrderDateTime } from '../../lib/dates.ts'
import { fetchOrder } from '../../lib/orders-api.ts'
import { useMutation } from '../../lib/query.ts'
import { toast } from '../../lib/toast.tsx'

const words = {
  heading: msg('The courier could not deliver your parcel'),
  says: msg('The courier says: “{detail}”'),
  explain: msg(
    'Correct the phone number or the address if they were wrong, add a word for the courier, and ask for another attempt. The city and PIN code stay as they are.',
  ),
  phone: msg('Phone number'),
  address: msg('Address'),
  apartment: msg('Apartment, suite, etc. (optional)'),
  note: msg('A word for the courier (optional)'),
  notePlaceholder: msg('A landmark, or when someone is at home'),
  ask: msg('Ask for another attempt'),
  asked: msg('You asked for another attempt on {when}. The courier will try again.'),
  returning: msg('The parcel is on its way back to us. We will write to you when it arrives.'),
  failed: msg('Something went wrong. Please try again.'),
}

const inputClass =
  'mt-1 w-full rounded border border-ink/30 bg-white px-3 py-2 text-base focus:border-brand-600 aria-[invalid=true]:border-red-700'

/**
 * After a failed delivery (decision 136): what the courier said, and a form to correct the phone or the
 * address lines and ask for another attempt. Once asked, or once the parcel is coming back, it says so.
 */
export function FixDelivery({ order, onSaved }: { order: Order; onSaved: (order: Order) => void }) {
  const { t, locale } = useI18n()
  const id = useId()
  const s = order.shipment
  const [phone, setPhone] = useState(order.shippingInfo.phoneNumber)
  const [address, setAddress] = useState(order.shippingInfo.address)
  const [apartment, setApartment] = useState(order.shippingInfo.apartment ?? '')
  const [note, setNote] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [problem, setProblem] = useState<string | null>(null)
  const asking = useMutation({
    mutationFn: () =>
      api<{ message: string }>(`/order/${encodeURIComponent(order._id)}/delivery-attempt`, {
        method: 'POST',
        auth: true,
        body: {
          ...(phone !== order.shippingInfo.phoneNumber ? { phoneNumber: phone } : {}),
          ...(address !== order.shippingInfo.address || apartment !== (order.shippingInfo.apartment ?? '')
            ? { address, apartment }
            : {}),
          ...(note.trim() ? { note } : {}),
        },
      }),
    onSuccess: async (res) => {
      setErrors({})
      setProblem(null)
      toast.success(res.message)
      onSaved(await fetchOrder(order._id))
    },
    onError: (err) => {
      if (err instanceof ApiError) {
        const fields = (err.body as { errors?: Record<string, string> } | null)?.errors ?? {}
        setErrors(fields)
        setProblem(err.text)
      } else setProblem(t(words.failed))
    },
  })
  if (!s) return null
  const returning = s.status === 'Returning to origin' || s.returnAskedAt !== null
  const show = s.status === 'Delivery failed' || (s.status === 'Returning to origin' && !s.returnReceivedAt)
  if (!show) return null
  const lastFailure = [...s.events].reverse().find((e) => e.status === 'Delivery failed')

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-lg border border-saffron/70 bg-saffron/10 p-4"
      data-testid="fix-delivery"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold text-brand-800">
        {t(words.heading)}
      </h2>
      {lastFailure?.detail ? (
        <p className="mt-1 text-sm">{t(words.says, { detail: lastFailure.detail })}</p>
      ) : null}
      {returning ? (
        <p className="mt-2 font-semibold">{t(words.returning)}</p>
      ) : s.reattemptAskedAt ? (
        <p className="mt-2 font-semibold" role="status">
          {t(words.asked, { when: formatOrderDateTime(s.reattemptAskedAt, locale) })}
        </p>
      ) : (
        <form
          className="mt-2 grid gap-3"
          onSubmit={(e) => {
            e.preventDefault()
            asking.mutate()
          }}
        >
          <p className="text-sm">{t(words.explain)}</p>
          <div>
            <label htmlFor={`${id}-phone`} className="block text-sm font-medium">
              {t(words.phone)}
            </label>
            <input
              id={`${id}-phone`}
              inputMode="numeric"
              autoComplete="tel-national"
              value={phone}
              onChange={(e) => setPhone(e.target.value.replace(/\D/g, '').slice(0, 10))}
              aria-invalid={errors.phoneNumber ? true : undefined}
              className={inputClass}
            />
          </div>
          <div>
            <label htmlFor={`${id}-address`} className="block text-sm font-medium">
              {t(words.address)}
            </label>
            <input
              id={`${id}-address`}
              autoComplete="address-line1"
              value={address}
              onChange={(e) => setAddress(e.target.value)}
              aria-invalid={errors.address ? true : undefined}
              className={inputClass}
            />
          </div>
          <div>
            <label htmlFor={`${id}-apartment`} className="block text-sm font-medium">
              {t(words.apartment)}
            </label>
            <input
              id={`${id}-apartment`}
              autoComplete="address-line2"
              value={apartment}
              onChange={(e) => setApartment(e.target.value)}
              className={inputClass}
            />
          </div>
          <div>
            <label htmlFor={`${id}-note`} className="block text-sm font-medium">
              {t(words.note)}
            </label>
            <input
              id={`${id}-note`}
              value={note}
              maxLength={200}
              placeholder={t(words.notePlaceholder)}
              onChange={(e) => setNote(e.target.value)}
              className={inputClass}
            />
          </div>
          {problem ? (
            <p role="alert" className="text-sm font-semibold text-red-800">
              {problem}
            </p>
          ) : null}
          <button
            type="submit"
            aria-busy={asking.isPending}
            className="min-h-11 rounded bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800 aria-busy:opacity-70 sm:self-start"
          >
            {t(words.ask)}
          </button>
        </form>
      )}
    </section>
  )
}
