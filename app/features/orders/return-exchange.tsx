import { formatPaise } from '../../../contracts/money.ts'
import type { ReturnView } from '../../../contracts/return-requests.ts'
import { returnText } from '../../../contracts/return-requests.ts'
import { usePayFlow } from '../../components/use-pay-flow.tsx'
import { useI18n } from '../../i18n/i18n.tsx'
import { orderPaymentProblem, payablePayment } from '../../lib/payable-api.ts'
import { useQueryClient } from '../../lib/query.ts'
import { toast } from '../../lib/toast.tsx'
import { exchangeInvoicePath, type OrderReturns, returnsQueryKey } from './return-api.ts'
import { returnWords as w } from './return-messages.ts'
import { useDocumentDownload } from './use-document-download.ts'

const buttonClass =
  'min-h-11 rounded border border-brand-700 px-4 font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-60'

/**
 * An exchange as its customer follows it (decision 140): what the new choice costs more (paid here once staff
 * approve it, through the one pay flow), less (refunded) or the same; the replacement's parcel once it is
 * sent, and its tax invoice.
 */
export function ReturnExchange({
  request: r,
}: {
  request: ReturnView & { exchange: NonNullable<ReturnView['exchange']> }
}) {
  const { t } = useI18n()
  const queryClient = useQueryClient()
  const key = returnsQueryKey(r.orderId)
  const { downloading, download } = useDocumentDownload()
  const x = r.exchange
  const due = formatPaise(x.due)
  const payment = usePayFlow({
    create: async (request: ReturnView) =>
      payablePayment('exchange', request._id, request, {
        description: t(w.exchangePayDescription, { number: request.number }),
      }),
    onSuccess: async (outcome) => {
      if (outcome?.kind === 'failed')
        toast.error(
          outcome.reason ? t(outcome.reason) : t('The payment did not go through. Please try again.'),
        )
      if (outcome?.kind !== 'paid') return
      toast.success(t(w.exchangePaidNow))
      // Paid at once on the page; the server's own answer follows.
      queryClient.setQueryData<OrderReturns>(key, (old) =>
        old
          ? {
              ...old,
              requests: old.requests.map((each) =>
                each._id === r._id && each.exchange
                  ? { ...each, exchange: { ...each.exchange, paid: true } }
                  : each,
              ),
            }
          : old,
      )
      await queryClient.invalidateQueries({ queryKey: key })
    },
    onError: (err) => toast.error(orderPaymentProblem(t, err)),
  })
  const payable = x.due > 0 && !x.paid && (r.status === 'approved' || r.status === 'received')

  const getInvoice = (number: string) => download(exchangeInvoicePath(r._id), number)

  return (
    <div className="mt-3 space-y-2 text-sm" data-testid="return-exchange">
      {x.due > 0 ? (
        x.paid ? (
          <p className="font-semibold text-green-900">{t(returnText.exchangePaid, { amount: due })}</p>
        ) : payable ? (
          <div className="rounded bg-sky-50 p-2">
            <p className="font-semibold">{t(w.exchangePayFirst, { amount: due })}</p>
            <button
              type="button"
              onClick={() => payment.pay(r)}
              disabled={payment.isPending}
              aria-busy={payment.isPending}
              className="mt-2 min-h-11 w-full rounded bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800 disabled:opacity-60 sm:w-auto"
            >
              {payment.isPending ? t('Opening payment…') : t(returnText.exchangePay, { amount: due })}
            </button>
          </div>
        ) : r.status === 'requested' ? (
          <p className="font-semibold">{t(returnText.exchangeDue, { amount: due })}</p>
        ) : null
      ) : x.back === 0 ? (
        <p className="font-semibold">{t(returnText.exchangeEven)}</p>
      ) : null}

      {x.replacement ? (
        <p className="rounded bg-green-50 p-2 text-green-900" data-testid="return-replacement">
          {x.replacement.awb
            ? t(returnText.replacementSent, {
                courier: x.replacement.courier ?? '',
                awb: x.replacement.awb,
              })
            : t(w.replacementOnWay)}{' '}
          {x.replacement.trackingUrl ? (
            <a
              href={x.replacement.trackingUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="font-semibold text-brand-700 underline"
            >
              {t(w.trackReplacement)}
            </a>
          ) : null}
        </p>
      ) : null}

      {x.invoice ? (
        <button
          type="button"
          onClick={() => getInvoice(x.invoice!)}
          disabled={downloading}
          className={buttonClass}
        >
          {downloading ? t('Downloading…') : t(w.invoice, { number: x.invoice })}
        </button>
      ) : null}
      {payment.element}
    </div>
  )
}
