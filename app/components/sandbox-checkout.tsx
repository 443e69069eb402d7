import { useEffect, useId, useRef, useState } from 'react'
import { msg } from '../../contracts/languages.ts'
import { type SandboxMethod, sandboxBanks, sandboxMethods, sandboxUpi } from '../../contracts/orders.ts'
import { useT } from '../i18n/i18n.tsx'
import { type SandboxPick, sandboxFail, sandboxPay } from '../lib/checkout-api.ts'
import { paymentTexts } from '../lib/checkout-messages.ts'
import { formatRupees } from '../lib/format.ts'
import type { CheckoutOptions, CheckoutOutcome } from '../lib/payment-checkout.ts'
import { useMutation } from '../lib/query.ts'

type Props = { options: CheckoutOptions; onDone: (outcome: CheckoutOutcome) => void }

const methodLabels: Record<SandboxMethod, string> = {
  upi: 'UPI',
  card: msg('Card'),
  netbanking: msg('Netbanking'),
}
const bankLabels: Record<(typeof sandboxBanks)[number], string> = {
  SBIN: 'State Bank of India',
  HDFC: 'HDFC Bank',
  ICIC: 'ICICI Bank',
  UTIB: 'Axis Bank',
}

/**
 * The sandbox provider's checkout, served by the shop: like Razorpay's window it offers UPI, card and
 * netbanking; the customer pays or fails and gets back exactly what Razorpay's checkout hands over
 * (payment id, order id, signature) or its error. The UPI ID failure@razorpay declines, as in test mode.
 */
export function SandboxCheckout({ options, onDone }: Props) {
  const t = useT()
  const ref = useRef<HTMLDialogElement>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [method, setMethod] = useState<SandboxMethod>('upi')
  const [vpa, setVpa] = useState<string>(sandboxUpi.success)
  const [bank, setBank] = useState<(typeof sandboxBanks)[number]>('SBIN')
  const id = useId()
  const pick = (): SandboxPick =>
    method === 'upi' ? { method, vpa: vpa.trim() } : method === 'netbanking' ? { method, bank } : { method }

  useEffect(() => {
    const dialog = ref.current
    if (dialog && !dialog.open) dialog.showModal()
  }, [])

  const finish = (outcome: CheckoutOutcome) => {
    ref.current?.close()
    onDone(outcome)
  }

  const paying = useMutation({
    mutationFn: () => sandboxPay(options.order_id, pick()),
    onSuccess: (result) => finish({ kind: 'paid', result }),
    onError: (err) => setProblem(err instanceof Error ? err.message : t('The payment could not be made.')),
  })
  const failing = useMutation({
    mutationFn: () =>
      sandboxFail(options.order_id, pick()).then(
        (answer) => answer.error,
        () => ({ description: t('The payment was declined.') }),
      ),
    onSuccess: (error) => finish({ kind: 'failed', error }),
  })
  const busy = paying.isPending ? 'pay' : failing.isPending ? 'fail' : null

  const fail = () => failing.mutate()
  const pay = () => {
    if (method === 'upi' && vpa.trim().toLowerCase() === sandboxUpi.failure) return fail()
    setProblem(null)
    paying.mutate()
  }

  const color = options.theme.color
  return (
    <dialog
      ref={ref}
      aria-labelledby="sandbox-title"
      onCancel={(e) => {
        e.preventDefault()
        if (!busy) finish({ kind: 'dismissed' })
      }}
      className="m-auto w-[min(92vw,24rem)] overflow-hidden rounded-lg p-0 shadow-2xl backdrop:bg-[rgba(0,0,0,0.6)]"
    >
      <div
        className="flex items-start justify-between gap-3 px-5 py-4 text-white"
        style={{ backgroundColor: color }}
      >
        {/* Large bold text: white on the theme colour meets the contrast rule for large text. */}
        <h2 id="sandbox-title" className="text-xl font-bold">
          {t(paymentTexts.sandboxTitle)}
        </h2>
        <button
          type="button"
          aria-label={t('Close payment window')}
          disabled={Boolean(busy)}
          onClick={() => finish({ kind: 'dismissed' })}
          className="rounded px-2 text-2xl font-bold leading-none hover:bg-white/20"
        >
          ×
        </button>
      </div>
      <div className="space-y-3 px-5 py-4 text-ink">
        <p className="font-semibold">{options.name}</p>
        <p className="text-2xl font-bold">{formatRupees(options.amount / 100)}</p>
        <p className="text-sm text-ink/80">{options.description}</p>
        <p className="break-all text-xs text-ink/70">{t('Payment order: {id}', { id: options.order_id })}</p>
        <p className="rounded bg-brand-50 p-2 text-sm">{t(paymentTexts.sandboxNote)}</p>
        <fieldset>
          <legend className="text-sm font-semibold">{t(paymentTexts.payWith)}</legend>
          <div className="mt-1 grid grid-cols-3 gap-2">
            {sandboxMethods.map((m) => (
              <label
                key={m}
                className={`flex min-h-11 cursor-pointer items-center justify-center rounded border px-2 text-sm font-semibold has-[:focus-visible]:outline-2 ${method === m ? 'border-[#3399cc] bg-[#3399cc]/10' : 'border-ink/20'}`}
              >
                <input
                  type="radio"
                  name={`${id}-method`}
                  value={m}
                  checked={method === m}
                  onChange={() => setMethod(m)}
                  className="sr-only"
                />
                {t(methodLabels[m])}
              </label>
            ))}
          </div>
        </fieldset>
        {method === 'upi' && (
          <div>
            <label htmlFor={`${id}-vpa`} className="block text-sm font-medium">
              {t('UPI ID')}
            </label>
            <input
              id={`${id}-vpa`}
              value={vpa}
              onChange={(e) => setVpa(e.target.value)}
              inputMode="email"
              autoCapitalize="none"
              autoCorrect="off"
              spellCheck={false}
              className="mt-1 w-full rounded border border-ink/30 px-3 py-2 text-base"
            />
            <p className="mt-1 text-xs text-ink/70">{t(paymentTexts.upiHint)}</p>
          </div>
        )}
        {method === 'card' && <p className="text-sm text-ink/80">{t(paymentTexts.cardHint)}</p>}
        {method === 'netbanking' && (
          <div>
            <label htmlFor={`${id}-bank`} className="block text-sm font-medium">
              {t('Bank')}
            </label>
            <select
              id={`${id}-bank`}
              value={bank}
              onChange={(e) => setBank(e.target.value as (typeof sandboxBanks)[number])}
              className="mt-1 w-full rounded border border-ink/30 px-3 py-2 text-base"
            >
              {sandboxBanks.map((b) => (
                <option key={b} value={b}>
                  {bankLabels[b]}
                </option>
              ))}
            </select>
          </div>
        )}
        {problem && (
          <p role="alert" className="text-sm text-red-700">
            {problem}
          </p>
        )}
        <div className="flex flex-col gap-2 pt-1">
          <button
            type="button"
            onClick={pay}
            disabled={Boolean(busy)}
            className="rounded px-4 py-3 text-xl font-bold text-white disabled:opacity-60"
            style={{ backgroundColor: color }}
          >
            {busy === 'pay'
              ? t('Paying…')
              : t('Pay {amount}', { amount: formatRupees(options.amount / 100) })}
          </button>
          <button
            type="button"
            onClick={fail}
            disabled={Boolean(busy)}
            className="rounded border border-red-700 px-4 py-3 font-semibold text-red-700 disabled:opacity-60"
          >
            {busy === 'fail' ? t('Declining…') : t(paymentTexts.fail)}
          </button>
        </div>
      </div>
    </dialog>
  )
}
