import { useId, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import {
  type AdminReview,
  type AdminReviewPage,
  reviewStatuses,
  reviewStatusLabels,
} from '../../../contracts/admin-reviews.ts'
import { imageAt } from '../../../contracts/images.ts'
import { reviewLimits } from '../../../contracts/review-text.ts'
import { StarRating } from '../../components/star-rating.tsx'
import { adminSend, problemText, useAdmin } from '../../features/admin/admin-api.ts'
import { filterSetter } from '../../features/admin/filter-params.ts'
import { when } from '../../features/admin/format.ts'
import {
  Badge,
  Button,
  FilterSelect,
  inputClass,
  Loading,
  LoadProblem,
  Pager,
  PageTitle,
  useDebounced,
} from '../../features/admin/ui.tsx'
import { useQueryClient } from '../../lib/query.ts'
import { toast } from '../../lib/toast.tsx'

export const meta = () => [{ title: 'Reviews | Shop console' }]

const tone = { pending: 'amber', published: 'green', hidden: 'grey' } as const

export default function ReviewsScreen() {
  const [params, setParams] = useSearchParams()
  const q = params.get('q') ?? ''
  const search = useDebounced(q)
  const set = filterSetter(setParams)
  const filters = new URLSearchParams()
  if (search) filters.set('q', search)
  for (const k of ['status', 'rating', 'productId', 'page']) {
    const v = params.get(k)
    if (v) filters.set(k, v)
  }
  const list = useAdmin<AdminReviewPage>(`/reviews?${filters}`)
  const productId = params.get('productId')
  const productTitle = list.data?.items.find((r) => r.productId === productId)?.productTitle

  return (
    <div>
      <PageTitle
        title="Reviews"
        intro="What customers wrote about the pieces they received. Waiting reviews come first: publish them, or hide them with a reason. Low ratings are published like high ones unless they break the shop's rules."
      />
      {list.data ? (
        <p className="mb-3 text-sm" data-testid="reviews-waiting">
          {list.data.waiting === 0
            ? 'No reviews waiting.'
            : `${list.data.waiting} ${list.data.waiting === 1 ? 'review is' : 'reviews are'} waiting for you.`}
        </p>
      ) : null}
      <div className="mb-4 grid gap-3 sm:flex sm:flex-wrap sm:items-end">
        <FilterSelect
          label="Status"
          all="All statuses"
          value={params.get('status') ?? ''}
          onChange={(v) => set('status', v)}
          options={reviewStatuses.map((s) => ({ value: s, label: reviewStatusLabels[s] }))}
        />
        <FilterSelect
          label="Stars"
          all="Any stars"
          value={params.get('rating') ?? ''}
          onChange={(v) => set('rating', v)}
          options={[5, 4, 3, 2, 1].map((n) => ({
            value: String(n),
            label: `${n} ${n === 1 ? 'star' : 'stars'}`,
          }))}
        />
        <label className="grid gap-1 text-sm font-semibold sm:min-w-64">
          Search
          <input
            type="search"
            className={inputClass}
            value={q}
            onChange={(e) => set('q', e.target.value)}
            placeholder="Product, customer or words"
          />
        </label>
        {productId ? (
          <p className="flex items-center gap-2 text-sm">
            Only {productTitle ?? 'one product'}
            <Button small onClick={() => set('productId', '')}>
              Show all products
            </Button>
          </p>
        ) : null}
      </div>
      {list.isPending ? <Loading /> : null}
      {list.isError ? <LoadProblem error={list.error} retry={() => list.refetch()} /> : null}
      {list.data && list.data.items.length === 0 ? (
        <p className="rounded border border-dashed border-brand-200 p-6 text-center text-ink/70">
          No reviews here.
        </p>
      ) : null}
      <ul className="grid gap-3">
        {(list.data?.items ?? []).map((r) => (
          <ReviewCard key={r._id} review={r} onProduct={() => set('productId', r.productId)} />
        ))}
      </ul>
      {list.data ? (
        <Pager
          page={list.data.page}
          pages={list.data.pages}
          total={list.data.total}
          onPage={(n) => set('page', String(n))}
        />
      ) : null}
    </div>
  )
}

function ReviewCard({ review: r, onProduct }: { review: AdminReview; onProduct: () => void }) {
  const queryClient = useQueryClient()
  const id = useId()
  const [mode, setMode] = useState<'hide' | 'reply' | null>(null)
  const [reason, setReason] = useState('')
  const [reply, setReply] = useState(r.reply ?? '')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function act(path: string, method: 'POST' | 'PUT', body?: unknown) {
    setBusy(true)
    setError(null)
    try {
      const res = await adminSend(`/reviews/${r._id}/${path}`, method, body)
      toast.success(res.message)
      setMode(null)
      await queryClient.invalidateQueries({ queryKey: ['admin'] })
    } catch (err) {
      setError(problemText(err))
    } finally {
      setBusy(false)
    }
  }

  return (
    <li
      className={`rounded-lg border bg-white p-3 ${r.status === 'pending' ? 'border-brand-600' : 'border-brand-200'}`}
      data-testid="admin-review"
    >
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={tone[r.status]}>{reviewStatusLabels[r.status]}</Badge>
        <StarRating value={r.rating} size={16} />
        <span className="font-semibold">{r.customerName}</span>
        <span className="text-sm text-ink/75">{when(r.createdAt)}</span>
      </div>
      <p className="mt-1 text-sm">
        <button type="button" onClick={onProduct} className="text-left text-brand-700 underline">
          {r.productTitle}
        </button>
        {r.orderNumber ? <span className="text-ink/75"> · order {r.orderNumber}</span> : null}
        {' · '}
        <Link
          to={`/Productdetails/${r.productId}#reviews`}
          className="text-brand-700 underline"
          target="_blank"
        >
          Product page
        </Link>
      </p>
      <p className="mt-2 whitespace-pre-wrap break-words">{r.text}</p>
      {r.photos.length > 0 ? (
        <ul className="mt-2 flex flex-wrap gap-2">
          {r.photos.map((src, i) => (
            <li key={src}>
              <a href={src} target="_blank" rel="noopener">
                <img
                  src={imageAt(src, 200)}
                  alt={`What the customer sent, ${i + 1} of ${r.photos.length}`}
                  width={72}
                  height={72}
                  className="h-18 w-18 rounded object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {r.status === 'hidden' && r.hideReason ? (
        <p className="mt-2 text-sm text-ink/80">Hidden because: {r.hideReason}</p>
      ) : null}
      {r.reply ? (
        <div className="mt-2 rounded border-l-4 border-brand-500 bg-brand-50 px-3 py-2 text-sm">
          <p className="font-semibold">Your reply</p>
          <p className="whitespace-pre-wrap break-words">{r.reply}</p>
        </div>
      ) : null}
      {r.helpful > 0 ? <p className="mt-1 text-sm text-ink/75">{r.helpful} found it helpful</p> : null}
      <div className="mt-3 flex flex-wrap gap-2">
        {r.status !== 'published' ? (
          <Button small disabled={busy} onClick={() => act('publish', 'POST')}>
            Publish
          </Button>
        ) : null}
        {r.status !== 'hidden' ? (
          <Button small disabled={busy} onClick={() => setMode(mode === 'hide' ? null : 'hide')}>
            Hide…
          </Button>
        ) : null}
        <Button small disabled={busy} onClick={() => setMode(mode === 'reply' ? null : 'reply')}>
          {r.reply ? 'Change reply' : 'Reply'}
        </Button>
      </div>
      {mode === 'hide' ? (
        <form
          className="mt-3 grid gap-2"
          onSubmit={(e) => {
            e.preventDefault()
            act('hide', 'POST', { reason })
          }}
        >
          <label htmlFor={`${id}-reason`} className="text-sm font-semibold">
            Why is it hidden? The customer sees this.
          </label>
          <input
            id={`${id}-reason`}
            className={inputClass}
            value={reason}
            maxLength={reviewLimits.maxReason}
            onChange={(e) => setReason(e.target.value)}
            required
          />
          <div>
            <Button small type="submit" disabled={busy}>
              Hide review
            </Button>
          </div>
        </form>
      ) : null}
      {mode === 'reply' ? (
        <form
          className="mt-3 grid gap-2"
          onSubmit={(e) => {
            e.preventDefault()
            act('reply', 'PUT', { reply })
          }}
        >
          <label htmlFor={`${id}-reply`} className="text-sm font-semibold">
            Reply, shown under the review (leave empty to remove it)
          </label>
          <textarea
            id={`${id}-reply`}
            className={inputClass}
            rows={3}
            value={reply}
            maxLength={reviewLimits.maxReply}
            onChange={(e) => setReply(e.target.value)}
          />
          <div>
            <Button small type="submit" disabled={busy}>
              Save reply
            </Button>
          </div>
        </form>
      ) : null}
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </li>
  )
}
