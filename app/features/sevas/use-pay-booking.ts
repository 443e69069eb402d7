import type { Booking } from '../../../contracts/sevas.ts'
import { type PayOutcome, usePayFlow } from '../../components/use-pay-flow.tsx'
import { useT } from '../../i18n/i18n.tsx'
import { payablePayment } from '../../lib/payable-api.ts'
import { toast } from '../../lib/toast.tsx'

export type BookingPayOutcome = PayOutcome<Booking, string>

/**
 * Pays a seva booking through the one pay flow (decisions 100, 102, 114): `book` makes the booking (or
 * hands back the one to pay), the server states the amount, and a failed payment is said in a toast.
 * Render `element` once in the page.
 */
export function usePayBooking<I>({
  book,
  onSuccess,
  onError,
  onSettled,
}: {
  book: (input: I) => Promise<Booking>
  onSuccess?: (outcome: BookingPayOutcome | null, input: I) => unknown
  onError?: (error: Error, input: I) => unknown
  onSettled?: () => unknown
}) {
  const t = useT()
  return usePayFlow({
    create: async (input: I) => {
      const booking = await book(input)
      return payablePayment('booking', booking._id, booking, {
        description: t('Seva booking {number}', { number: booking.bookingNumber }),
        prefill: { name: booking.devoteeName },
      })
    },
    onSuccess: async (outcome, input) => {
      if (outcome?.kind === 'failed')
        toast.error(
          outcome.reason ? t(outcome.reason) : t('The payment did not go through. Please try again.'),
        )
      await onSuccess?.(outcome, input)
    },
    onError,
    onSettled,
  })
}
