import type { Booking } from '../../../contracts/sevas.ts'
import { useT } from '../../i18n/i18n.tsx'
import { toast } from '../../lib/toast.tsx'
import { usePayablePayment } from '../payments/use-payable-payment.tsx'

/**
 * Pays a seva booking through the payments module (decisions 100, 102): the server states the amount,
 * the provider's window (or the sandbox dialog) takes it. Render `element` once in the page.
 */
export function usePayBooking() {
  const t = useT()
  const payment = usePayablePayment()
  return {
    element: payment.element,
    async pay(booking: Booking): Promise<'paid' | 'failed' | 'dismissed'> {
      const outcome = await payment.pay('booking', booking._id, {
        description: t('Seva booking {number}', { number: booking.bookingNumber }),
        prefill: { name: booking.devoteeName },
      })
      if (outcome.kind === 'failed')
        toast.error(
          outcome.reason ? t(outcome.reason) : t('The payment did not go through. Please try again.'),
        )
      return outcome.kind
    },
  }
}
