import { useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import type { CategoryRow, StateRow } from '../../../contracts/admin-content.ts'
import type { AdminProductItem, AdminProductPage } from '../../../contracts/admin-products.ts'
import { adminSend, problemText, useAdmin } from '../../features/admin/admin-api.ts'
import { CsvDownloadButton } from '../../features/admin/csv-download.tsx'
import { filterSetter } from '../../features/admin/filter-params.ts'
import { money } from '../../features/admin/format.ts'
import {
  type BulkOutcome,
  BulkOutcomePanel,
  type BulkScope,
  ProductBulkBar,
} from '../../features/admin/product-bulk-bar.tsx'
import {
  Badge,
  Button,
  FilterSelect,
  inputClass,
  LinkButton,
  Loading,
  LoadProblem,
  Pager,
  PageTitle,
  useDebounced,
} from '../../features/admin/ui.tsx'
import { useQueryClient } from '../../lib/query.ts'
import { toast } from '../../lib/toast.tsx'

export const meta = () => [{ title: 'Products | Shop console' }]

export default function ProductsScreen() {
  const [params, setParams] = useSearchParams()
  const q = params.get('q') ?? ''
  const search = useDebounced(q)
  const filters = new URLSearchParams()
  if (search) filters.set('q', search)
  for (const k of ['categoryId', 'stateId', 'approval', 'stock', 'page']) {
    const v = params.get(k)
    if (v) filters.set(k, v)
  }
  const list = useAdmin<AdminProductPage>(`/products?${filters}`)
  const cats = useAdmin<CategoryRow[]>('/categories')
  const states = useAdmin<StateRow[]>('/states')
  const queryClient = useQueryClient()
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set())
  const [outcome, setOutcome] = useState<BulkOutcome | null>(null)
  // 'All N matching': the change covers every product the filters match, not only this page's.
  const [matchingAll, setMatchingAll] = useState(false)
  const pageIds = (list.data?.items ?? []).map((p) => p._id)
  const allTicked = pageIds.length > 0 && pageIds.every((id) => ticked.has(id))
  const tick = (id: string, on: boolean) => {
    setMatchingAll(false)
    setTicked((old) => {
      const next = new Set(old)
      if (on) next.add(id)
      else next.delete(id)
      return next
    })
  }
  const tickPage = (on: boolean) => {
    setMatchingAll(false)
    setTicked((old) => {
      const next = new Set(old)
      for (const id of pageIds) {
        if (on) next.add(id)
        else next.delete(id)
      }
      return next
    })
  }

  async function bulkDone(result: BulkOutcome) {
    setOutcome(result)
    setTicked(new Set())
    setMatchingAll(false)
    await queryClient.invalidateQueries({ queryKey: ['admin'] })
  }

  const setFilter = filterSetter(setParams)
  const set = (key: string, value: string) => {
    // Other filters show other products: what was ticked is let go rather than changed unseen.
    setTicked(new Set())
    setMatchingAll(false)
    setFilter(key, value)
  }

  const scope: BulkScope | null =
    matchingAll && list.data
      ? {
          kind: 'matching',
          total: list.data.total,
          filters: {
            q: search || undefined,
            categoryId: params.get('categoryId') || undefined,
            stateId: params.get('stateId') || undefined,
            approval: (params.get('approval') || 'all') as 'all',
            stock: (params.get('stock') || undefined) as 'low' | undefined,
          },
        }
      : ticked.size
        ? { kind: 'ticked', ids: [...ticked] }
        : null

  async function approve(p: AdminProductItem, isApproved: boolean) {
    try {
      const r = await adminSend(`/products/${p._id}/approval`, 'POST', { isApproved })
      toast.success(r.message)
      await queryClient.invalidateQueries({ queryKey: ['admin'] })
    } catch (err) {
      toast.error(problemText(err), { duration: 8000 })
    }
  }

  return (
    <div className={ticked.size || matchingAll ? 'pb-72 sm:pb-40' : undefined}>
      <PageTitle
        title="Products"
        intro="Everything in the catalogue. A product shows in the shop only once it is approved. Tick products to approve, reprice or restock them together."
        action={
          <div className="flex flex-wrap gap-2">
            <LinkButton to="/admin/products/new">+ Add product</LinkButton>
            <CsvDownloadButton path="/products/export.csv" filters={filters} name="products" />
            <LinkButton tone="plain" to="/admin/products/import">
              Import CSV
            </LinkButton>
          </div>
        }
      />
      <div className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        <label className="grid gap-1 text-sm font-semibold">
          Search title or SKU
          <input type="search" className={inputClass} value={q} onChange={(e) => set('q', e.target.value)} />
        </label>
        <FilterSelect
          label="Category"
          all="All categories"
          value={params.get('categoryId') ?? ''}
          onChange={(v) => set('categoryId', v)}
          options={(cats.data ?? []).map((c) => ({ value: c.id, label: c.title }))}
        />
        <FilterSelect
          label="State"
          all="All states"
          value={params.get('stateId') ?? ''}
          onChange={(v) => set('stateId', v)}
          options={(states.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
        />
        <label className="grid gap-1 text-sm font-semibold">
          Approval
          <select
            className={inputClass}
            value={params.get('approval') ?? 'all'}
            onChange={(e) => set('approval', e.target.value === 'all' ? '' : e.target.value)}
          >
            <option value="all">All</option>
            <option value="approved">Approved (in the shop)</option>
            <option value="pending">Awaiting approval</option>
            <option value="archived">Archived</option>
          </select>
        </label>
        <label className="grid gap-1 text-sm font-semibold">
          Stock
          <select
            className={inputClass}
            value={params.get('stock') ?? ''}
            onChange={(e) => set('stock', e.target.value)}
          >
            <option value="">Any stock</option>
            <option value="low">Low stock (at or below the threshold in Settings)</option>
            <option value="out">Out of stock</option>
          </select>
        </label>
      </div>
      {list.isPending ? <Loading /> : null}
      {list.isError ? <LoadProblem error={list.error} retry={() => list.refetch()} /> : null}
      {list.data && list.data.items.length === 0 ? (
        <p className="rounded border border-dashed border-brand-200 p-6 text-center text-ink/70">
          No products match.
        </p>
      ) : null}
      {outcome ? (
        <BulkOutcomePanel outcome={outcome} onClose={() => setOutcome(null)} onUndone={bulkDone} />
      ) : null}
      {pageIds.length && list.data ? (
        <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
          <label className="flex min-h-11 items-center gap-3 px-3 text-sm font-semibold">
            <input
              type="checkbox"
              className="size-5 accent-brand-600"
              checked={allTicked}
              onChange={(e) => tickPage(e.target.checked)}
            />
            Select all on this page
          </label>
          {list.data.total > pageIds.length ? (
            <Button
              small
              onClick={() => {
                setTicked(new Set())
                setMatchingAll(true)
              }}
            >
              Change all {list.data.total} matching
            </Button>
          ) : null}
        </div>
      ) : null}
      <ul className="grid gap-2">
        {(list.data?.items ?? []).map((p) => (
          <li
            key={p._id}
            className={`flex flex-wrap items-center gap-3 rounded-lg border bg-white p-3 ${ticked.has(p._id) ? 'border-brand-600 ring-1 ring-brand-600' : 'border-brand-200'}`}
          >
            <label className="-m-2 grid size-11 shrink-0 cursor-pointer place-items-center">
              <input
                type="checkbox"
                className="size-5 accent-brand-600"
                aria-label={`Tick ${p.title}`}
                checked={ticked.has(p._id)}
                onChange={(e) => tick(p._id, e.target.checked)}
              />
            </label>
            {p.image ? (
              <img src={p.image} alt="" className="size-14 shrink-0 rounded object-cover" />
            ) : (
              <span className="grid size-14 shrink-0 place-items-center rounded bg-brand-100 text-xs">
                No picture
              </span>
            )}
            <div className="min-w-0 flex-1 basis-48">
              <Link
                to={`/admin/products/${p._id}`}
                className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline-offset-2 hover:underline"
              >
                {p.title}
              </Link>
              <div className="text-sm text-ink/75">
                SKU {p.sku} · {money(p.price)} · stock {p.quantity}
                {p.variantCount ? ` · ${p.variantCount} variant${p.variantCount === 1 ? '' : 's'}` : ''}
                {p.category ? ` · ${p.category}` : ''}
                {p.state ? ` · ${p.state}` : ''}
              </div>
              <div className="mt-1 flex gap-1">
                {p.archivedAt ? (
                  <Badge>Archived</Badge>
                ) : p.isApproved ? (
                  <Badge tone="green">Approved</Badge>
                ) : (
                  <Badge tone="amber">Awaiting approval</Badge>
                )}
              </div>
            </div>
            <div className="flex gap-2">
              {p.isApproved ? (
                <Button small onClick={() => approve(p, false)} label={`Unapprove ${p.title}`}>
                  Unapprove
                </Button>
              ) : (
                <Button small tone="primary" onClick={() => approve(p, true)} label={`Approve ${p.title}`}>
                  Approve
                </Button>
              )}
              <LinkButton tone="plain" to={`/admin/products/${p._id}`}>
                Edit
              </LinkButton>
            </div>
          </li>
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
      {scope ? (
        <ProductBulkBar
          scope={scope}
          onClear={() => {
            setTicked(new Set())
            setMatchingAll(false)
          }}
          onDone={bulkDone}
        />
      ) : null}
    </div>
  )
}
