import { Link } from 'react-router'
import { formatPaise } from '../../../contracts/money.ts'
import { creditText, type StoreCredit } from '../../../contracts/store-credit.ts'
import { useI18n } from '../../i18n/i18n.tsx'
import { ApiError } from '../../lib/api.ts'
import { formatOrderDate } from '../../lib/dates.ts'
import { useStoreCredit } from '../../lib/store-credit-api.ts'

export function StoreCreditView({ initial }: { initial: StoreCredit | null }) {
  const { t, locale } = useI18n()
  const query = useStoreCredit(initial)
  const credit = query.data
  if (!credit) {
    if (query.isError)
      return (
        <p role="alert">
          {query.error instanceof ApiError
            ? query.error.message
            : t('Something went wrong. Please try again.')}
        </p>
      )
    return <p>{t('Loading…')}</p>
  }
  return (
    <div className="grid gap-4">
      <div className="rounded-lg border border-brand-100 bg-white p-4 shadow-sm">
        <p className="text-sm font-medium text-ink/80">{t('Balance')}</p>
        <p className="text-3xl font-bold text-brand-700" data-testid="credit-balance">
          {formatPaise(credit.balance)}
        </p>
      </div>
      {credit.entries.length === 0 ? (
        <p className="text-ink/80">{t(creditText.none)}</p>
      ) : (
        <ul
          className="divide-y divide-brand-100 rounded-lg border border-brand-100 bg-white shadow-sm"
          data-testid="credit-entries"
        >
          {credit.entries.map((e, i) => (
            <li key={`${e.at}-${i}`} className="flex items-start justify-between gap-3 p-3 text-sm">
              <div className="min-w-0">
                <p className="font-medium wrap-anywhere">
                  {e.orderId ? (
                    <Link to={`/OrderDetails/${e.orderId}`} className="text-brand-700 underline">
                      {t(creditText.kind[e.kind], { label: e.label })}
                    </Link>
                  ) : (
                    t(creditText.kind[e.kind], { label: e.label })
                  )}
                </p>
                <p className="text-ink/70">{formatOrderDate(e.at, locale)}</p>
              </div>
              <div className="shrink-0 text-right">
                <p className={`font-semibold ${e.amount > 0 ? 'text-green-800' : 'text-ink'}`}>
                  {e.amount > 0 ? '+' : '−'}
                  {formatPaise(Math.abs(e.amount))}
                </p>
                <p className="text-ink/70">
                  {t('Balance {amount}', { amount: formatPaise(e.balanceAfter) })}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
