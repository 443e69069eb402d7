import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import type { Order } from '../../../contracts/orders.ts'
import type { ReturnView } from '../../../contracts/return-requests.ts'
import { returnText } from '../../../contracts/return-requests.ts'
import { useI18n } from '../../i18n/i18n.tsx'
import { formatOrderDate } from '../../lib/dates.ts'
import { useQuery, useQueryClient } from '../../lib/query.ts'
import { fetchOrderReturns, type OrderReturns, returnsQueryKey } from './return-api.ts'
import { returnWords as w } from './return-messages.ts'
import { ReturnRequestCard } from './return-request-card.tsx'

// The form (and zod, which checks it) comes only when the customer opens it.
const loadForm = () => import('./return-form.tsx')
const ReturnForm = lazy(loadForm)

/**
 * A delivered order's returns (decision 138): 'Return or replace items' while a piece can still be asked for,
 * the form, and the order's requests with their progress. An island of the order page: only a delivered
 * order's page fetches this code, after the rest of the page has taken over.
 */
export default function ReturnSection({ order, initial }: { order: Order; initial: OrderReturns | null }) {
  const { t, locale } = useI18n()
  const queryClient = useQueryClient()
  const key = returnsQueryKey(order._id)
  const query = useQuery({
    queryKey: key,
    queryFn: () => fetchOrderReturns(order._id),
    initialData: initial ?? undefined,
    retry: 1,
  })
  // Tapped before the page's code ran, 'Return or replace items' sent its form: the page came back with
  // ?return=open, and the form opens as soon as the code has arrived.
  const [params] = useSearchParams()
  const [open, setOpen] = useState(() => params.get('return') === 'open')
  const [notice, setNotice] = useState<string | null>(null)
  const [created, setCreated] = useState<string | null>(null)
  const createdHeading = useRef<HTMLHeadingElement>(null)
  const askButton = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    if (created) createdHeading.current?.focus()
  }, [created])

  const data = query.data
  if (!data) {
    return query.isError ? (
      <section className="rounded-lg bg-white p-4 shadow-sm">
        <p className="text-sm">{t(w.loadFailed)}</p>
        <button
          type="button"
          onClick={() => void query.refetch()}
          className="mt-2 min-h-11 rounded border border-brand-700 px-4 font-semibold text-brand-700"
        >
          {t('Try again')}
        </button>
      </section>
    ) : null
  }
  const { options, requests } = data
  const canAsk = options.lines.some((l) => l.open && l.available > 0)
  if (!canAsk && requests.length === 0 && !notice) return null

  const onCreated = (request: ReturnView, message: string) => {
    queryClient.setQueryData<OrderReturns>(key, (old) =>
      old ? { ...old, requests: [request, ...old.requests.filter((r) => r._id !== request._id)] } : old,
    )
    // The pieces left to ask for, as the server now counts them.
    void queryClient.invalidateQueries({ queryKey: key })
    setOpen(false)
    setNotice(message)
    setCreated(request._id)
  }

  return (
    <section
      aria-labelledby="order-returns"
      className="rounded-lg bg-white p-4 shadow-sm"
      data-testid="order-returns"
    >
      <h2 id="order-returns" className="text-lg font-semibold text-brand-800">
        {t(w.heading)}
      </h2>
      {notice ? (
        <p
          role="status"
          className="mt-2 rounded-lg border border-leaf bg-green-50 p-3 text-sm font-medium text-green-900"
        >
          {notice}
        </p>
      ) : null}
      {canAsk && !open ? (
        <form method="get" className="mt-2">
          {[...params].map(([name, value]) =>
            name === 'return' ? null : <input key={name} type="hidden" name={name} value={value} />,
          )}
          <input type="hidden" name="return" value="open" />
          <button
            ref={askButton}
            type="submit"
            onClick={(e) => {
              e.preventDefault()
              setOpen(true)
              setNotice(null)
            }}
            // Its code is on its way as the finger comes down.
            onPointerDown={() => void loadForm()}
            className="min-h-11 rounded bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800"
          >
            {t(returnText.askReturn)}
          </button>
          {options.windowEndsAt ? (
            <p className="mt-1 text-sm text-ink/80">
              {t(w.askUntil, { date: formatOrderDate(options.windowEndsAt, locale) })}
            </p>
          ) : null}
        </form>
      ) : null}
      {open ? (
        <Suspense
          fallback={
            <p role="status" className="mt-3">
              {t('Loading…')}
            </p>
          }
        >
          <ReturnForm
            order={order}
            options={options}
            onCancel={() => {
              setOpen(false)
              requestAnimationFrame(() => askButton.current?.focus())
            }}
            onCreated={onCreated}
          />
        </Suspense>
      ) : null}
      {requests.length > 0 ? (
        <div className="mt-4 space-y-3">
          {requests.map((r) => (
            <ReturnRequestCard
              key={r._id}
              request={r}
              headingRef={r._id === created ? createdHeading : undefined}
            />
          ))}
        </div>
      ) : null}
    </section>
  )
}
