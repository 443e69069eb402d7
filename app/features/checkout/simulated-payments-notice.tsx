import { useT } from '../../i18n/i18n.tsx'
import { simulatedPaymentTexts } from '../../lib/checkout-messages.ts'

/** A banner saying payments are not real; rendered only when the server says the sandbox runs in production. */
export function SimulatedPaymentsNotice({ where }: { where: keyof typeof simulatedPaymentTexts }) {
  const t = useT()
  return (
    <p
      role="note"
      data-testid="simulated-payments"
      className="rounded border border-amber-400 bg-amber-50 p-3 text-sm font-medium break-words text-amber-900"
    >
      {t(simulatedPaymentTexts[where])}
    </p>
  )
}
